// The password flows of spec 4: forgot password (a code to the phone or e-mail, the same answer for an unknown one), the
// code check that hands out a short-lived reset ticket, and update_password with that ticket or, signed in, with
// the current password. Either way the other sessions end and the answer is auth data with a new token.
import {
  ACCOUNT_ERROR_KEYS,
  type AuthData,
  type ForgotPasswordRequest,
  type UpdatePasswordRequest,
  type VerifyOtpRequest,
} from '../../../shared/contract/accounts';
import { parseUsername, usernameKey } from '../../../shared/domain/username';
import { isCommonPassword } from './common-passwords';
import { hashPassword, verifyPassword } from '../../security/crypto';
import { RESET_TICKET_TTL_SECONDS, type OtpService } from './otp';
import type { AccountsRepository, UserRow } from './repository';
import type { LoginThrottle } from '../../http/login-throttle';
import { passengerLoginKey, userByUsername, usernameOf, type AccountService } from './service';
import { refuse, type Result } from '../../http/refusal';

export interface PasswordServiceOptions {
  repository: AccountsRepository;
  otp: OtpService;
  accounts: AccountService;
  now: () => Date;
  throttle: LoginThrottle;
}

export function createPasswordService({ repository, otp, accounts, now, throttle }: PasswordServiceOptions) {
  async function setPassword(user: UserRow, password: string): Promise<AuthData> {
    const passwordHash = await hashPassword(password);
    await repository.revokeUserSessions(user.id, now());
    // A reset code proved the phone or e-mail too, so an unverified account becomes verified; the back-off is cleared.
    const updated = await repository.updateUser(user.id, { passwordHash, verifiedPhone: true });
    await throttle.succeeded(passengerLoginKey(usernameOf(user)));
    return accounts.startSession(updated ?? user);
  }

  return {
    /**
     * spec 7 forgot_password: the same answer whether or not the phone or e-mail has an account, and also when its
     * daily codes are used up, so the call tells nobody which phones or e-mails are registered.
     */
    async forgot(input: ForgotPasswordRequest, ip: string): Promise<Result<{ expires_in: number }>> {
      // The address's code share is claimed whether or not the name has an account: a refusal tells nothing either.
      const busy = await accounts.smsBudget(ip);
      if (busy) return busy;
      const username = parseUsername(input.phone_code, input.phone_number);
      const user = username ? await userByUsername(repository, username.value) : undefined;
      if (user) await otp.send(usernameOf(user), 'reset', input.lang);
      return { ok: true, data: { expires_in: await otp.ttlSeconds() } };
    },

    /** spec 7 verify_otp_code: the right reset code answers a reset ticket for update_password. */
    async verifyResetCode(input: VerifyOtpRequest): Promise<Result<{ reset_ticket: string; expires_in: number }>> {
      const name = usernameKey(input.phone_code, input.phone_number);
      if (!(await otp.check(name, 'reset', input.code))) return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code' });
      return { ok: true, data: { reset_ticket: await otp.issueTicket(name), expires_in: RESET_TICKET_TTL_SECONDS } };
    },

    /** update_password after forgot password: the ticket is single use. */
    async resetPassword(input: UpdatePasswordRequest): Promise<Result<AuthData>> {
      // Before the ticket is used: a refused password can be chosen again with the same ticket.
      if (isCommonPassword(input.password)) return refuse(400, ACCOUNT_ERROR_KEYS.passwordCommon, { field: 'password' });
      const name = await otp.redeemTicket(input.reset_ticket);
      const user = name ? await userByUsername(repository, name) : undefined;
      if (!user) return refuse(400, ACCOUNT_ERROR_KEYS.resetExpired, { field: 'reset_ticket' });
      return { ok: true, data: await setPassword(user, input.password) };
    },

    /** update_password signed in: the current password is asked again, so a stolen token cannot take the account. */
    async changePassword(user: UserRow, input: UpdatePasswordRequest): Promise<Result<AuthData>> {
      if (!(await verifyPassword(input.current_password, user.passwordHash)))
        return refuse(400, ACCOUNT_ERROR_KEYS.currentPassword, { field: 'current_password' });
      if (isCommonPassword(input.password)) return refuse(400, ACCOUNT_ERROR_KEYS.passwordCommon, { field: 'password' });
      return { ok: true, data: await setPassword(user, input.password) };
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
