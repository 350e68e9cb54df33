import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERROR_KEYS,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
} from '../../../shared/contract/accounts';
import { ApiError } from '../../lib/api-client';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import {
  errorRef,
  errorText,
  fieldErrors,
  mustClearRePassword,
  notVerifiedUserId,
  noticeText,
  validateWith,
} from './form-errors';

/** A translator over a locale file, with {{param}} interpolation, so the spec's texts are checked. */
function translator(tree: object): TFunction {
  const t = (key: string, params: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
    if (typeof text !== 'string') return key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
  };
  return t as unknown as TFunction;
}
const tVi = translator(vi);
const tEn = translator(en);

describe('server failures', () => {
  it('shows the server message in the user language', () => {
    const error = new ApiError(401, ACCOUNT_ERROR_KEYS.loginFailed);
    expect(errorText(error, tVi)).toBe(vi.accounts.errors.login_failed);
    expect(errorText(error, tEn)).toBe(en.accounts.errors.login_failed);
  });

  it('too many attempts shows its seconds', () => {
    const error = new ApiError(429, ACCOUNT_ERROR_KEYS.tooManyAttempts, [
      { field: '', message: ACCOUNT_ERROR_KEYS.tooManyAttempts, params: { seconds: 32 } },
    ]);
    expect(errorRef(error)).toEqual({ key: ACCOUNT_ERROR_KEYS.tooManyAttempts, params: { seconds: 32 } });
    expect(errorText(error, tEn)).toContain('32');
  });

  it('a validation failure shows its field message', () => {
    const error = new ApiError(400, 'errors.validation', [{ field: 'phone_number', message: ACCOUNT_ERROR_KEYS.username }]);
    expect(errorText(error, tVi, { fieldMessage: true })).toBe('Tên đăng nhập không hợp lệ');
    // Forms that put the server's field errors on their fields keep the envelope's message.
    expect(errorRef(error).key).toBe('errors.validation');
    expect(fieldErrors(error, ['phone_number'], tVi)).toEqual({ phone_number: 'Tên đăng nhập không hợp lệ' });
    expect(fieldErrors(error, ['password'], tVi)).toEqual({});
  });

  it('the notice is left out when a field already tells the same message, and kept otherwise', () => {
    const taken = new ApiError(409, ACCOUNT_ERROR_KEYS.username);
    expect(noticeText(taken, { phone_number: errorText(taken, tVi) }, tVi)).toBeNull();
    expect(noticeText(taken, {}, tVi)).toBe('Tên đăng nhập không hợp lệ');
    expect(noticeText(new Error('boom'), { phone_number: 'Tên đăng nhập không hợp lệ' }, tEn)).toBe(en.errors.server_busy);
  });

  it('anything else is the busy message', () => {
    expect(errorRef(new Error('boom')).key).toBe('errors.server_busy');
    expect(errorText(new Error('boom'), tEn)).toBe(en.errors.server_busy);
  });

  it('an error reference kept in state (the cancel flow) shows its own message, not the busy one', () => {
    expect(errorText({ key: 'cancel.errors.already_cancelled' }, tVi)).toBe(vi.cancel.errors.already_cancelled);
    expect(errorText({ key: 'cancel.errors.too_many_lookups', params: { seconds: 42 } }, tEn)).toContain('42');
  });

  it('an unverified login gives the user id (spec 8: Tài khoản chưa được xác thực)', () => {
    const error = new ApiError(403, ACCOUNT_ERROR_KEYS.notVerified, [], { user_id: 12 });
    expect(notVerifiedUserId(error)).toBe(12);
    expect(errorText(error, tVi)).toBe('Tài khoản chưa được xác thực');
    expect(notVerifiedUserId(new ApiError(401, ACCOUNT_ERROR_KEYS.loginFailed, [], { user_id: 12 }))).toBeNull();
    expect(notVerifiedUserId(new ApiError(403, ACCOUNT_ERROR_KEYS.notVerified))).toBeNull();
  });
});

describe('form validation', () => {
  const signup = {
    fullname: 'Nguyễn Văn A',
    phone_iso: 'VN',
    phone_code: '84',
    phone_number: '912345678',
    password: 'secret1',
    re_password: 'secret1',
  };

  it('accepts a valid sign-up', async () => {
    expect(await validateWith(registerRequestSchema, signup, tVi)).toEqual({});
  });

  it('sign-up: the username is a phone or an e-mail (spec 3); a bad e-mail is "Tên đăng nhập không hợp lệ" / "Invalid username"', async () => {
    expect(await validateWith(registerRequestSchema, { ...signup, phone_number: ' Lan@Example.com ' }, tVi)).toEqual({});
    expect(await validateWith(registerRequestSchema, { ...signup, phone_number: '0612345678' }, tVi)).toEqual({});
    for (const bad of ['lan@example', 'lan@', '0412345678']) {
      expect((await validateWith(registerRequestSchema, { ...signup, phone_number: bad }, tVi)).phone_number).toBe(
        'Tên đăng nhập không hợp lệ',
      );
    }
    expect((await validateWith(registerRequestSchema, { ...signup, phone_number: 'lan@example' }, tEn)).phone_number).toBe(
      'Invalid username',
    );
  });

  it('sign-up: invalid username, password and mismatch in the spec texts', async () => {
    const errors = await validateWith(
      registerRequestSchema,
      { ...signup, phone_number: '12345', password: 'abc', re_password: 'abd' },
      tVi,
    );
    expect(errors).toEqual({
      phone_number: 'Tên đăng nhập không hợp lệ',
      password: 'Mật khẩu từ 6-30 ký tự bao gồm chữ hoặc số hoặc !@#$%^&*)',
      re_password: 'Nhập lại mật khẩu không trùng khớp',
    });
  });

  it('a cleared re-entry shows the mismatch message', async () => {
    const errors = await validateWith(registerRequestSchema, { ...signup, re_password: '' }, tVi);
    expect(errors.re_password).toBe('Nhập lại mật khẩu không trùng khớp');
  });

  it('login needs both fields', async () => {
    const errors = await validateWith(loginRequestSchema, { phone_code: '84', phone_number: '', password: '' }, tEn);
    expect(Object.keys(errors).sort()).toEqual(['password', 'phone_number']);
  });

  it('forgot password: an invalid phone is "Số điện thoại không hợp lệ"', async () => {
    const errors = await validateWith(forgotPasswordRequestSchema, { phone_code: '84', phone_number: '0123' }, tVi);
    expect(errors.phone_number).toBe('Số điện thoại không hợp lệ');
    expect(await validateWith(forgotPasswordRequestSchema, { phone_code: '84', phone_number: '0912345678' }, tVi)).toEqual({});
  });

  it("forgot password: an e-mail account's address is accepted, a bad one is told as an e-mail", async () => {
    expect(await validateWith(forgotPasswordRequestSchema, { phone_code: '84', phone_number: 'Lan@Example.com' }, tVi)).toEqual(
      {},
    );
    const errors = await validateWith(forgotPasswordRequestSchema, { phone_code: '84', phone_number: 'lan@example' }, tVi);
    expect(errors.phone_number).toBe('Email không hợp lệ');
    const en = await validateWith(forgotPasswordRequestSchema, { phone_code: '84', phone_number: 'lan@example' }, tEn);
    expect(en.phone_number).toBe('Invalid email format.');
  });

  it('with a field list, only the fields the form shows', async () => {
    const errors = await validateWith(loginRequestSchema, { phone_code: '84', phone_number: '', password: '' }, tEn, [
      'password',
    ]);
    expect(Object.keys(errors)).toEqual(['password']);
  });

  it('clears the re-entry only when it is filled and differs', () => {
    expect(mustClearRePassword({ password: 'secret1', re_password: 'secret2' })).toBe(true);
    expect(mustClearRePassword({ password: 'secret1', re_password: 'secret1' })).toBe(false);
    expect(mustClearRePassword({ password: 'secret1', re_password: '' })).toBe(false);
  });
});
