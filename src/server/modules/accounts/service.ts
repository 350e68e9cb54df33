// The account rules of spec 4 and 6: sign-up with phone verification, login with an exponential backoff on failed
// tries, bearer sessions (sha256-stored tokens, revoked at logout and on password change), the profile, the member
// balance and the user's tickets. The password flows (forgot, reset ticket, change) are in service-password.ts.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  ACCOUNT_ERROR_KEYS,
  TRANSACTIONS_PER_PAGE,
  type AuthData,
  type LoginRequest,
  type RegisterRequest,
  type TransactionInfo,
} from '../../../shared/contract/accounts';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { normalizePhone } from '../../../shared/domain/phone';
import type { Lang } from '../../../shared/domain/route-table';
import { hashPassword, newReferralCode, newSecretToken, sha256, verifyPassword } from './crypto';
import type { OtpService } from './otp';
import type { AccountsRepository, UserRow } from './repository';
import { transactionItem } from './view';

export type Refusal = {
  ok: false;
  status: ContentfulStatusCode;
  message: string;
  params?: Record<string, unknown>;
  field?: string;
  data?: Record<string, unknown>;
};
export type Result<T> = { ok: true; data: T } | Refusal;

export const refuse = (
  status: ContentfulStatusCode,
  message: string,
  extra: Omit<Refusal, 'ok' | 'status' | 'message'> = {},
): Refusal => ({
  ok: false,
  status,
  message,
  ...extra,
});

/** Failed logins allowed before the backoff starts; then each failure waits 2^(n-4) s, at most 15 minutes. */
export const FREE_LOGIN_FAILURES = 4;
export const MAX_BACKOFF_SECONDS = 15 * 60;
export const backoffSeconds = (failures: number): number =>
  failures <= FREE_LOGIN_FAILURES ? 0 : Math.min(2 ** (failures - FREE_LOGIN_FAILURES), MAX_BACKOFF_SECONDS);

export function authData(user: UserRow, token: string): AuthData {
  return {
    id: user.id,
    fullname: user.fullname,
    phone_number: user.phone,
    email: user.email,
    token,
    avatar: '',
    verified_phone: user.verifiedPhone,
    promotion_cost: user.promotionCost,
    referral_code: user.referralCode,
  };
}

export interface AccountServiceOptions {
  repository: AccountsRepository;
  otp: OtpService;
  now: () => Date;
  /** spec 9 tickets_per_page from the configuration (TRANSACTIONS_PER_PAGE, 10, without one). */
  ticketsPerPage?: () => Promise<number>;
}

export function createAccountService({ repository, otp, now, ticketsPerPage }: AccountServiceOptions) {
  // A hash to check against when the phone is unknown, so that both answers take as long.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(newSecretToken()));

  async function startSession(user: UserRow): Promise<AuthData> {
    const token = newSecretToken();
    await repository.createSession(user.id, sha256(token), now());
    return authData(user, token);
  }

  async function sendOrRefuse(phone: string, purpose: 'verify' | 'reset', lang: Lang): Promise<Refusal | null> {
    return (await otp.send(phone, purpose, lang)) ? null : refuse(429, ACCOUNT_ERROR_KEYS.otpLimit);
  }

  return {
    startSession,

    /** The signed-in user of a token, or undefined (spec 6: no valid token = signed out). */
    async authenticate(token: string, userId?: number): Promise<{ user: UserRow; token: string } | undefined> {
      if (!token) return undefined;
      const found = await repository.sessionByHash(sha256(token));
      if (!found || (userId !== undefined && found.user.id !== userId) || !found.user.verifiedPhone) return undefined;
      await repository.touchSession(found.sessionId, now());
      return { user: found.user, token };
    },

    /** For the booking module: the user a ticket belongs to when a valid token comes with it. */
    async userIdForToken(token: string | undefined): Promise<number | null> {
      if (!token) return null;
      const found = await repository.sessionByHash(sha256(token));
      return found?.user.verifiedPhone ? found.user.id : null;
    },

    /** spec 4 sign-up: an unverified account and a verification code; the account is signed in once verified. */
    async register(input: RegisterRequest): Promise<Result<AuthData & { expires_in: number }>> {
      const phone = normalizePhone(input.phone_code, input.phone_number);
      const passwordHash = await hashPassword(input.password);
      let user = await repository.userByPhone(phone);
      if (user?.verifiedPhone) return refuse(409, ACCOUNT_ERROR_KEYS.phoneTaken, { field: 'phone_number' });
      if (user) {
        // Nobody proved this phone yet: whoever verifies it now owns the account, with the password given now.
        user = await repository.updateUser(user.id, { passwordHash, fullname: input.fullname || user.fullname });
      } else {
        for (let tries = 0; !user && tries < 5; tries += 1) {
          user = await repository.insertUser({ phone, passwordHash, fullname: input.fullname, referralCode: newReferralCode() });
          // A conflict on the phone means another sign-up of the same phone won the race.
          if (!user && (await repository.userByPhone(phone)))
            return refuse(409, ACCOUNT_ERROR_KEYS.phoneTaken, { field: 'phone_number' });
        }
      }
      if (!user) throw new Error('could not create the account');
      const refused = await sendOrRefuse(phone, 'verify', input.lang);
      if (refused) return refused;
      return { ok: true, data: { ...authData(user, ''), expires_in: await otp.ttlSeconds() } };
    },

    async resendVerify(userId: number, lang: Lang): Promise<Result<{ expires_in: number }>> {
      const user = await repository.userById(userId);
      if (!user) return refuse(404, ERROR_KEYS.notFound);
      if (user.verifiedPhone) return refuse(409, ACCOUNT_ERROR_KEYS.alreadyVerified);
      const refused = await sendOrRefuse(user.phone, 'verify', lang);
      return refused ?? { ok: true, data: { expires_in: await otp.ttlSeconds() } };
    },

    /** spec 7 verify_account: the right code verifies the phone and signs the account in. */
    async verify(userId: number, code: string): Promise<Result<AuthData>> {
      const user = await repository.userById(userId);
      if (!user) return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code_verify' });
      if (user.verifiedPhone) return refuse(409, ACCOUNT_ERROR_KEYS.alreadyVerified);
      if (!(await otp.check(user.phone, 'verify', code)))
        return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code_verify' });
      const verified = await repository.updateUser(user.id, { verifiedPhone: true });
      return { ok: true, data: await startSession(verified ?? user) };
    },

    /**
     * spec 4 login. A wrong password and an unknown phone get the same answer; failures are counted per account and,
     * after 5, each further try must wait 2^(n-4) s (at most 15 minutes); a success resets the count.
     */
    async login(input: LoginRequest): Promise<Result<AuthData>> {
      const at = now();
      const user = await repository.userByPhone(normalizePhone(input.phone_code, input.phone_number));
      if (!user) {
        await verifyPassword(input.password, await dummy());
        return refuse(401, ACCOUNT_ERROR_KEYS.loginFailed);
      }
      if (user.lockedUntil && user.lockedUntil > at) {
        const seconds = Math.ceil((user.lockedUntil.getTime() - at.getTime()) / 1000);
        return refuse(429, ACCOUNT_ERROR_KEYS.tooManyAttempts, { params: { seconds } });
      }
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        const failures = await repository.countFailedLogin(user.id);
        const wait = backoffSeconds(failures);
        if (wait > 0) await repository.updateUser(user.id, { lockedUntil: new Date(at.getTime() + wait * 1000) });
        return refuse(401, ACCOUNT_ERROR_KEYS.loginFailed);
      }
      const fresh = (await repository.updateUser(user.id, { failedLogins: 0, lockedUntil: null })) ?? user;
      // spec 4: an unverified phone is told so, with the id the verification dialog needs.
      if (!fresh.verifiedPhone) return refuse(403, ACCOUNT_ERROR_KEYS.notVerified, { data: { user_id: fresh.id } });
      return { ok: true, data: await startSession(fresh) };
    },

    async logout(token: string): Promise<void> {
      await repository.revokeSession(sha256(token), now());
    },

    async updateProfile(user: UserRow, token: string, patch: { fullname: string; email: string }): Promise<AuthData> {
      const updated = await repository.updateUser(user.id, patch);
      return authData(updated ?? user, token);
    },

    /** spec 9: tickets_per_page (10) per page, newest first; by account or by the account's phone. */
    async transactions(user: UserRow, page: number): Promise<TransactionInfo> {
      const configured = ticketsPerPage ? await ticketsPerPage() : TRANSACTIONS_PER_PAGE;
      const perPage = Number.isInteger(configured) && configured >= 1 && configured <= 100 ? configured : TRANSACTIONS_PER_PAGE;
      const { rows, total } = await repository.userTickets(user.id, user.phone, perPage, (page - 1) * perPage);
      return {
        tickets: rows.map(transactionItem),
        page,
        per_page: perPage,
        total,
        next_page: page * perPage < total ? page + 1 : -1,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
