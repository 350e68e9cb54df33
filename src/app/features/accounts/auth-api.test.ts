import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ERROR_KEYS, ACCOUNT_PATHS } from '../../../shared/contract/accounts';
import { ApiError } from '../../lib/api-client';
import { authCalls } from './auth-api';
import { notVerifiedUserId } from '../../components/form/form-errors';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const authData = {
  id: 5,
  fullname: 'A',
  phone_number: '0912345678',
  email: '',
  login_email: '',
  token: 'tok',
  avatar: '',
  verified_phone: true,
  promotion_cost: 0,
  referral_code: 'REF1',
};

function firstCall(fetchMock: ReturnType<typeof answer>): [string, RequestInit | undefined] {
  const call = fetchMock.mock.calls[0];
  if (!call) throw new Error('fetch was not called');
  return [call[0], call[1]];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('account calls', () => {
  it('login posts JSON and answers the auth data', async () => {
    const fetchMock = answer(200, { code: 'success', message: 'accounts.messages.logged_in', data: authData });
    const body = { phone_code: '84', phone_number: '912345678', password: 'secret1', lang: 'vi' as const };
    await expect(authCalls.login(body)).resolves.toEqual(authData);
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe(ACCOUNT_PATHS.login);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(body);
  });

  it('an unverified login fails with the user id of the failure envelope', async () => {
    answer(403, { code: 'error', message: ACCOUNT_ERROR_KEYS.notVerified, data: { user_id: 41 } });
    const failure = await authCalls
      .login({ phone_code: '84', phone_number: '912345678', password: 'secret1', lang: 'vi' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
    expect(notVerifiedUserId(failure)).toBe(41);
  });

  it('a failure with null data has no data', async () => {
    answer(401, { code: 'error', message: ACCOUNT_ERROR_KEYS.loginFailed, data: null });
    const failure = (await authCalls
      .login({ phone_code: '84', phone_number: '912345678', password: 'bad', lang: 'en' })
      .catch((error: unknown) => error)) as ApiError;
    expect(failure.key).toBe(ACCOUNT_ERROR_KEYS.loginFailed);
    expect(failure.data).toBeUndefined();
  });

  it('register answers the new account and the code validity', async () => {
    answer(200, { code: 'success', message: '', data: { ...authData, token: '', verified_phone: false, expires_in: 179 } });
    const data = await authCalls.register({
      phone_code: '84',
      phone_number: '912345678',
      password: 'secret1',
      re_password: 'secret1',
      fullname: '',
      lang: 'vi',
    });
    expect(data.expires_in).toBe(179);
    expect(data.token).toBe('');
  });

  it('forgot password answers expires_in; verify_otp_code the reset ticket', async () => {
    answer(200, { code: 'success', message: '', data: { expires_in: 179 } });
    await expect(authCalls.forgotPassword({ phone_code: '84', phone_number: '912345678', lang: 'vi' })).resolves.toBe(179);
    answer(200, { code: 'success', message: '', data: { reset_ticket: 'rt', expires_in: 600 } });
    await expect(authCalls.verifyOtp({ phone_code: '84', phone_number: '912345678', code: '1234', lang: 'vi' })).resolves.toEqual(
      { reset_ticket: 'rt', expires_in: 600 },
    );
  });

  it('a reset with the ticket sends no token and answers the auth data', async () => {
    const fetchMock = answer(200, { code: 'success', message: '', data: authData });
    await authCalls.resetPassword({ reset_ticket: 'rt', password: 'secret1', re_password: 'secret1', lang: 'vi' });
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe(ACCOUNT_PATHS.updatePassword);
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('token');
  });

  it('logout sends the token and user id', async () => {
    const fetchMock = answer(200, { code: 'success', message: '', data: { revoked: true } });
    await authCalls.logout({ id: 5, token: 'tok' });
    const [url, init] = firstCall(fetchMock);
    expect(url).toBe(ACCOUNT_PATHS.logout);
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok', user_id: 5 });
  });

  it('offline, a call fails with the network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(authCalls.logout({ id: 5, token: 'tok' })).rejects.toMatchObject({ key: 'errors.network' });
  });
});
