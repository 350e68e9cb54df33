// The account calls the sign-in, sign-up, verification and forgot-password dialogs make (spec 7): all POST with a
// JSON body, each answer checked against the contract's response schema.
import {
  ACCOUNT_PATHS,
  authResponseSchema,
  logoutResponseSchema,
  otpSentResponseSchema,
  registerResponseSchema,
  resetTicketResponseSchema,
  type AuthData,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResendVerifyRequest,
  type UpdatePasswordRequest,
  type VerifyAccountRequest,
  type VerifyOtpRequest,
} from '../../../shared/contract/accounts';
import { apiPost } from '../../lib/api-client';
import type { StoredUser } from '../../lib/session';
import { authParams } from './auth-data';

export const authCalls = {
  async login(body: LoginRequest): Promise<AuthData> {
    return (await apiPost(ACCOUNT_PATHS.login, body, { schema: authResponseSchema })).data;
  },

  /** The new account (token '') and the seconds the code just sent stays valid. */
  async register(body: RegisterRequest): Promise<AuthData & { expires_in: number }> {
    return (await apiPost(ACCOUNT_PATHS.registerAccount, body, { schema: registerResponseSchema })).data;
  },

  async verifyAccount(body: Pick<VerifyAccountRequest, 'user_id' | 'code_verify' | 'lang'>): Promise<AuthData> {
    return (await apiPost(ACCOUNT_PATHS.verifyAccount, body, { schema: authResponseSchema })).data;
  },

  /** Sends a new verification code; answers its validity in seconds. */
  async resendVerify(body: ResendVerifyRequest): Promise<number> {
    return (await apiPost(ACCOUNT_PATHS.resendVerifyAccount, body, { schema: otpSentResponseSchema })).data.expires_in;
  },

  /** Sends a reset code (the same answer whether or not the phone is registered); answers its validity in seconds. */
  async forgotPassword(body: ForgotPasswordRequest): Promise<number> {
    return (await apiPost(ACCOUNT_PATHS.forgotPassword, body, { schema: otpSentResponseSchema })).data.expires_in;
  },

  async verifyOtp(body: VerifyOtpRequest): Promise<{ reset_ticket: string; expires_in: number }> {
    return (await apiPost(ACCOUNT_PATHS.verifyOtpCode, body, { schema: resetTicketResponseSchema })).data;
  },

  /** After forgot password: the reset ticket instead of a token; the server answers the signed-in auth data. */
  async resetPassword(
    body: Pick<UpdatePasswordRequest, 'reset_ticket' | 'password' | 're_password' | 'lang'>,
  ): Promise<AuthData> {
    return (await apiPost(ACCOUNT_PATHS.updatePassword, body, { schema: authResponseSchema })).data;
  },

  /** Revokes the token on the server; the caller signs out locally whatever happens here. */
  async logout(user: Pick<StoredUser, 'id' | 'token'>): Promise<void> {
    await apiPost(ACCOUNT_PATHS.logout, authParams(user), { schema: logoutResponseSchema });
  },
};
