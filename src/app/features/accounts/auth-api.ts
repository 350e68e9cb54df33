// The account calls the sign-in, sign-up, verification and forgot-password dialogs make (spec 7): all POST with a
// JSON body, each answer checked against the contract's response schema.
import type {
  AuthData,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResendVerifyRequest,
  UpdatePasswordRequest,
  VerifyAccountRequest,
  VerifyOtpRequest,
} from '../../../shared/contract/accounts';
import { ACCOUNT_PATHS } from '../../../shared/contract/accounts-constants';

import { apiPost } from '../../lib/api-client';
import type { StoredUser } from '../../lib/session';
import { authParams } from './auth-data';
import { recaptchaHeaders } from '../../lib/recaptcha';
import { RECAPTCHA_ACTION } from '../../../shared/contract/recaptcha';

// The answers' schemas load beside the first request, not with the home route's first load.
const contract = () => import('../../../shared/contract/accounts');

export const authCalls = {
  async login(body: LoginRequest): Promise<AuthData> {
    return (await apiPost(ACCOUNT_PATHS.login, body, { schema: () => contract().then((module) => module.authResponseSchema) }))
      .data;
  },

  /** The new account (token '') and the seconds the code just sent stays valid. */
  async register(body: RegisterRequest): Promise<AuthData & { expires_in: number }> {
    return (
      await apiPost(ACCOUNT_PATHS.registerAccount, body, {
        schema: () => contract().then((module) => module.registerResponseSchema),
        headers: await recaptchaHeaders(RECAPTCHA_ACTION.registerAccount),
      })
    ).data;
  },

  async verifyAccount(body: Pick<VerifyAccountRequest, 'user_id' | 'code_verify' | 'lang'>): Promise<AuthData> {
    return (
      await apiPost(ACCOUNT_PATHS.verifyAccount, body, { schema: () => contract().then((module) => module.authResponseSchema) })
    ).data;
  },

  /** Sends a new verification code; answers its validity in seconds. */
  async resendVerify(body: ResendVerifyRequest): Promise<number> {
    return (
      await apiPost(ACCOUNT_PATHS.resendVerifyAccount, body, {
        schema: () => contract().then((module) => module.otpSentResponseSchema),
      })
    ).data.expires_in;
  },

  /** Sends a reset code (the same answer whether or not the phone is registered); answers its validity in seconds. */
  async forgotPassword(body: ForgotPasswordRequest): Promise<number> {
    return (
      await apiPost(ACCOUNT_PATHS.forgotPassword, body, {
        schema: () => contract().then((module) => module.otpSentResponseSchema),
      })
    ).data.expires_in;
  },

  async verifyOtp(body: VerifyOtpRequest): Promise<{ reset_ticket: string; expires_in: number }> {
    return (
      await apiPost(ACCOUNT_PATHS.verifyOtpCode, body, {
        schema: () => contract().then((module) => module.resetTicketResponseSchema),
      })
    ).data;
  },

  /** After forgot password: the reset ticket instead of a token; the server answers the signed-in auth data. */
  async resetPassword(
    body: Pick<UpdatePasswordRequest, 'reset_ticket' | 'password' | 're_password' | 'lang'>,
  ): Promise<AuthData> {
    return (
      await apiPost(ACCOUNT_PATHS.updatePassword, body, { schema: () => contract().then((module) => module.authResponseSchema) })
    ).data;
  },

  /** Revokes the token on the server; the caller signs out locally whatever happens here. */
  async logout(user: Pick<StoredUser, 'id' | 'token'>): Promise<void> {
    await apiPost(ACCOUNT_PATHS.logout, authParams(user), {
      schema: () => contract().then((module) => module.logoutResponseSchema),
    });
  },
};
