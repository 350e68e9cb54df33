// The passenger account calls of spec 7 over HTTP. All are POST with a JSON body (docs/decisions.md: passwords and
// tokens never sit in URLs); the token comes in the body with user_id, or as `Authorization: Bearer`.
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  ACCOUNT_ERROR_KEYS,
  ACCOUNT_MESSAGE_KEYS,
  ACCOUNT_PATHS,
  authRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resendVerifyRequestSchema,
  sendPhoneCodeRequestSchema,
  transactionInfoRequestSchema,
  updateAccountRequestSchema,
  updatePasswordRequestSchema,
  verifyAccountRequestSchema,
  verifyOtpRequestSchema,
  verifyPhoneRequestSchema,
  PHONE_KEYS,
  PHONE_PATHS,
} from '../../../shared/contract/accounts';
import { API_BASE } from '../../../shared/contract/envelope';
import { fail, refused } from '../../http/envelope';
import { loginAddressKey } from '../../http/login-throttle';
import { overLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import type { ClientIp } from '../../http/client-ip';
import type { RateLimiter } from '../../http/rate-limit';
import type { OtpService } from './otp';
import type { AccountService } from './service';
import type { PasswordService } from './service-password';
import type { PhoneService } from './service-phone';
import type { Refusal } from '../../http/refusal';
import { bearer } from '../../http/bearer';

const api = (path: string) => path.slice(API_BASE.length);

function done<T>(c: Context, data: T, message = '') {
  return c.json({ code: 'success' as const, message, data });
}

/** A refusal with data (the user id to verify) answers it beside the error; any other as every module's does. */
function refusedWithData(c: Context, refusal: Refusal) {
  if (refusal.data) return c.json({ code: 'error' as const, message: refusal.message, data: refusal.data }, refusal.status);
  return refused(c, refusal);
}

/** The token of the body, else of an `Authorization: Bearer` header; '' without one. */
export function requestToken(c: Context, bodyToken: string | undefined): string {
  return bearer(c, bodyToken) ?? '';
}

/** What the accounts routes are built from (module.ts puts it together). */
export interface AccountsModule {
  accounts: AccountService;
  passwords: PasswordService;
  phones: PhoneService;
  otp: OtpService;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  now: () => Date;
}

export function accountsRoutes(module: AccountsModule) {
  const routes = new Hono();

  async function signedIn(c: Context, input: { token: string; user_id?: number }) {
    return module.accounts.authenticate(requestToken(c, input.token), input.user_id);
  }
  const unauthorized = (c: Context) => fail(c, 401, ACCOUNT_ERROR_KEYS.unauthorized);

  routes.post(api(ACCOUNT_PATHS.registerAccount), validate('json', registerRequestSchema), async (c) => {
    const result = await module.accounts.register(c.get('input'), module.clientIp(c));
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.otpSent) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.resendVerifyAccount), validate('json', resendVerifyRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await module.accounts.resendVerify(input.user_id, input.lang, module.clientIp(c));
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.otpSent) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.verifyAccount), validate('json', verifyAccountRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await module.accounts.verify(input.user_id, input.code_verify);
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.verified) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.login), validate('json', loginRequestSchema), async (c) => {
    const limited = await overLimit(
      c,
      module.loginAddresses,
      loginAddressKey(module.clientIp(c)),
      module.now(),
      ACCOUNT_ERROR_KEYS.tooManyAttempts,
    );
    if (limited) return limited;
    const result = await module.accounts.login(c.get('input'));
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.loggedIn) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.logout), validate('json', authRequestSchema), async (c) => {
    const session = await signedIn(c, c.get('input'));
    if (!session) return unauthorized(c);
    await module.accounts.logout(session.token);
    return done(c, { revoked: true }, ACCOUNT_MESSAGE_KEYS.loggedOut);
  });

  routes.post(api(ACCOUNT_PATHS.forgotPassword), validate('json', forgotPasswordRequestSchema), async (c) => {
    const result = await module.passwords.forgot(c.get('input'), module.clientIp(c));
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.resetSent) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.verifyOtpCode), validate('json', verifyOtpRequestSchema), async (c) => {
    const result = await module.passwords.verifyResetCode(c.get('input'));
    return result.ok ? done(c, result.data) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.updatePassword), validate('json', updatePasswordRequestSchema), async (c) => {
    const input = c.get('input');
    if (input.reset_ticket) {
      const result = await module.passwords.resetPassword(input);
      return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.passwordChanged) : refusedWithData(c, result);
    }
    const session = await signedIn(c, input);
    if (!session) return unauthorized(c);
    const result = await module.passwords.changePassword(session.user, input);
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.passwordChanged) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.updateAccount), validate('json', updateAccountRequestSchema), async (c) => {
    const input = c.get('input');
    const session = await signedIn(c, input);
    if (!session) return unauthorized(c);
    const data = await module.accounts.updateProfile(session.user, session.token, {
      fullname: input.fullname,
      email: input.email,
    });
    return done(c, data, ACCOUNT_MESSAGE_KEYS.accountUpdated);
  });

  routes.post(api(PHONE_PATHS.sendPhoneCode), validate('json', sendPhoneCodeRequestSchema), async (c) => {
    const input = c.get('input');
    const session = await signedIn(c, input);
    if (!session) return unauthorized(c);
    const result = await module.phones.sendCode(session.user, input.phone_number, input.lang, module.clientIp(c));
    return result.ok ? done(c, result.data, ACCOUNT_MESSAGE_KEYS.otpSent) : refusedWithData(c, result);
  });

  routes.post(api(PHONE_PATHS.verifyPhone), validate('json', verifyPhoneRequestSchema), async (c) => {
    const input = c.get('input');
    const session = await signedIn(c, input);
    if (!session) return unauthorized(c);
    const result = await module.phones.verify(session.user, session.token, input.phone_number, input.code);
    return result.ok ? done(c, result.data, PHONE_KEYS.added) : refusedWithData(c, result);
  });

  routes.post(api(ACCOUNT_PATHS.transactionInfo), validate('json', transactionInfoRequestSchema), async (c) => {
    const input = c.get('input');
    const session = await signedIn(c, input);
    if (!session) return unauthorized(c);
    return done(c, await module.accounts.transactions(session.user, input.page));
  });

  routes.post(api(ACCOUNT_PATHS.memberPromotionCost), validate('json', authRequestSchema), async (c) => {
    const session = await signedIn(c, c.get('input'));
    if (!session) return unauthorized(c);
    return done(c, { promotion_cost: session.user.promotionCost });
  });

  return routes;
}
