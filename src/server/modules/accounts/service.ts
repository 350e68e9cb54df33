// The account rules of spec 4 and 6: sign-up with a code to the phone or e-mail (spec 3 username), login with an exponential backoff on failed
// tries, bearer sessions (sha256-stored tokens, revoked at logout and on password change), the profile, the member
// balance and the user's tickets. The password flows (forgot, reset ticket, change) are in service-password.ts.
import {
  ACCOUNT_ERROR_KEYS,
  TRANSACTIONS_PER_PAGE,
  type AuthData,
  type LoginRequest,
  type RegisterRequest,
  type TransactionInfo,
} from '../../../shared/contract/accounts';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { isEmailLike, parseUsername, usernameKey } from '../../../shared/domain/username';
import type { Lang } from '../../../shared/domain/route-table';
import { isCommonPassword } from './common-passwords';
import { dummyPasswordHash, hashPassword, newReferralCode, newSecretToken, sha256, verifyPassword } from '../../security/crypto';
import type { LoginThrottle } from '../../http/login-throttle';
import type { OtpService } from './otp';
import type { AccountsRepository, UserRow } from './repository';
import { transactionItem } from './view';
import { refuse, type Refusal, type Result } from '../../http/refusal';

/** The throttle's login name of a passenger phone or e-mail (known or not). */
export const passengerLoginKey = (username: string) => `passenger:${username}`;

/** The account's login name, where its codes go: its phone, or the e-mail it signed up with. */
export function usernameOf(user: UserRow): string {
  const name = user.phone ?? user.loginEmail;
  if (!name) throw new Error(`account ${user.id} has neither a phone nor a login e-mail`);
  return name;
}

/** The account of a login name (a normalised phone, or a lower-cased e-mail). */
export function userByUsername(repository: AccountsRepository, username: string): Promise<UserRow | undefined> {
  return isEmailLike(username) ? repository.userByLoginEmail(username) : repository.userByPhone(username);
}

/** A passenger session lasts while it is used: it ends 90 days after its last use. */
export const SESSION_IDLE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function authData(user: UserRow, token: string): AuthData {
  return {
    id: user.id,
    fullname: user.fullname,
    phone_number: user.phone ?? '',
    email: user.email,
    login_email: user.loginEmail ?? '',
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
  /** The failed-login back-off shared with the other logins (http/login-throttle.ts). */
  throttle: LoginThrottle;
}

export function createAccountService({ repository, otp, now, ticketsPerPage, throttle }: AccountServiceOptions) {
  // A hash to check against when the login name is unknown, so that both answers take as long.

  async function startSession(user: UserRow): Promise<AuthData> {
    const token = newSecretToken();
    await repository.createSession(user.id, sha256(token), now());
    return authData(user, token);
  }

  async function sendOrRefuse(phone: string, purpose: 'verify' | 'reset', lang: Lang): Promise<Refusal | null> {
    return (await otp.send(phone, purpose, lang)) ? null : refuse(429, ACCOUNT_ERROR_KEYS.otpLimit);
  }

  /** The client address's share of the code SMS, claimed before anything else; a refusal, or null. */
  async function smsBudget(ip: string): Promise<Refusal | null> {
    const seconds = await otp.claimSms(ip);
    return seconds === null ? null : refuse(429, ACCOUNT_ERROR_KEYS.otpBusy, { params: { minutes: Math.ceil(seconds / 60) } });
  }

  /** A live session of a token: not revoked, and used within SESSION_IDLE_DAYS (sliding: each use extends it). */
  async function liveSession(token: string) {
    const found = await repository.sessionByHash(sha256(token), new Date(now().getTime() - SESSION_IDLE_DAYS * DAY_MS));
    return found ?? undefined;
  }

  return {
    startSession,
    smsBudget,

    /** The signed-in user of a token, or undefined (spec 6: no valid token = signed out). */
    async authenticate(token: string, userId?: number): Promise<{ user: UserRow; token: string } | undefined> {
      if (!token) return undefined;
      const found = await liveSession(token);
      if (!found || (userId !== undefined && found.user.id !== userId) || !found.user.verifiedPhone) return undefined;
      // Sliding expiry: the last use is written at most once an hour, not on every call.
      const at = now();
      if (at.getTime() - found.lastUsedAt.getTime() > 60 * 60 * 1000) await repository.touchSession(found.sessionId, at);
      return { user: found.user, token };
    },

    /** For the booking module: the user a ticket belongs to when a valid token comes with it. */
    async userIdForToken(token: string | undefined): Promise<number | null> {
      if (!token) return null;
      const found = await liveSession(token);
      return found?.user.verifiedPhone ? found.user.id : null;
    },

    /**
     * spec 4 sign-up: an unverified account and a verification code (by SMS to a phone, by mail to an e-mail); the
     * account is signed in once verified.
     */
    async register(input: RegisterRequest, ip: string): Promise<Result<AuthData & { expires_in: number }>> {
      if (isCommonPassword(input.password)) return refuse(400, ACCOUNT_ERROR_KEYS.passwordCommon, { field: 'password' });
      const username = parseUsername(input.phone_code, input.phone_number);
      // The contract checked it; a name neither phone nor e-mail never gets this far.
      if (!username) return refuse(400, ACCOUNT_ERROR_KEYS.username, { field: 'phone_number' });
      const busy = await smsBudget(ip);
      if (busy) return busy;
      const name = username.value;
      const taken = refuse(409, username.kind === 'email' ? ACCOUNT_ERROR_KEYS.emailTaken : ACCOUNT_ERROR_KEYS.phoneTaken, {
        field: 'phone_number',
      });
      const passwordHash = await hashPassword(input.password);
      let user = await userByUsername(repository, name);
      let created = false;
      for (let tries = 0; !user && tries < 5; tries += 1) {
        const login = username.kind === 'email' ? { phone: null, loginEmail: name, email: name } : { phone: name };
        user = await repository.insertUser({ ...login, passwordHash, fullname: input.fullname, referralCode: newReferralCode() });
        created = Boolean(user);
        // A conflict: another sign-up of the same name won the race (its account is then taken as a found one), or
        // the referral code was taken (another try).
        user ??= await userByUsername(repository, name);
      }
      if (!user) throw new Error('could not create the account');
      if (user.verifiedPhone) return taken;
      // Nobody proved this phone or e-mail yet: whoever verifies it now owns the account, with the password given now.
      if (!created)
        user = (await repository.updateUser(user.id, { passwordHash, fullname: input.fullname || user.fullname })) ?? user;
      const refused = await sendOrRefuse(name, 'verify', input.lang);
      if (refused) return refused;
      return { ok: true, data: { ...authData(user, ''), expires_in: await otp.ttlSeconds() } };
    },

    async resendVerify(userId: number, lang: Lang, ip: string): Promise<Result<{ expires_in: number }>> {
      const busy = await smsBudget(ip);
      if (busy) return busy;
      const user = await repository.userById(userId);
      if (!user) return refuse(404, ERROR_KEYS.notFound);
      if (user.verifiedPhone) return refuse(409, ACCOUNT_ERROR_KEYS.alreadyVerified);
      const refused = await sendOrRefuse(usernameOf(user), 'verify', lang);
      return refused ?? { ok: true, data: { expires_in: await otp.ttlSeconds() } };
    },

    /** spec 7 verify_account: the right code verifies the phone or e-mail and signs the account in. */
    async verify(userId: number, code: string): Promise<Result<AuthData>> {
      const user = await repository.userById(userId);
      if (!user) return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code_verify' });
      if (user.verifiedPhone) return refuse(409, ACCOUNT_ERROR_KEYS.alreadyVerified);
      if (!(await otp.check(usernameOf(user), 'verify', code)))
        return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code_verify' });
      const verified = await repository.updateUser(user.id, { verifiedPhone: true });
      return { ok: true, data: await startSession(verified ?? user) };
    },

    /**
     * spec 4 login, by phone or e-mail (spec 3; an e-mail in any case). A wrong password and an unknown name get the
     * same answer. Each try is claimed from the name's back-off before the password is hashed
     * (http/login-throttle.ts): 5 tries, then a lock that doubles from 2 s to at most 15 minutes; a success clears it.
     * Unknown names are throttled alike, so a 429 tells nothing either.
     */
    async login(input: LoginRequest): Promise<Result<AuthData>> {
      const name = usernameKey(input.phone_code, input.phone_number);
      const key = passengerLoginKey(name);
      const claim = await throttle.claim(key, now());
      if (!claim.allowed)
        return refuse(429, ACCOUNT_ERROR_KEYS.tooManyAttempts, { params: { seconds: claim.retryAfterSeconds } });
      const user = name ? await userByUsername(repository, name) : undefined;
      if (!user) {
        await verifyPassword(input.password, await dummyPasswordHash());
        return refuse(401, ACCOUNT_ERROR_KEYS.loginFailed);
      }
      if (!(await verifyPassword(input.password, user.passwordHash))) return refuse(401, ACCOUNT_ERROR_KEYS.loginFailed);
      await throttle.succeeded(key);
      // spec 4: an unverified account is told so, with the id the verification dialog needs.
      if (!user.verifiedPhone) return refuse(403, ACCOUNT_ERROR_KEYS.notVerified, { data: { user_id: user.id } });
      return { ok: true, data: await startSession(user) };
    },

    async logout(token: string): Promise<void> {
      await repository.revokeSession(sha256(token), now());
    },

    async updateProfile(user: UserRow, token: string, patch: { fullname: string; email: string }): Promise<AuthData> {
      const updated = await repository.updateUser(user.id, patch);
      return authData(updated ?? user, token);
    },

    /**
     * spec 9: tickets_per_page (10) per page, newest first: the account's tickets and the guest tickets booked with
     * its verified phone or e-mail. A signed-in account's phone and sign-up e-mail are verified (its sign-up or the
     * code that added the phone proved them); the profile's contact e-mail is not, and finds nothing.
     */
    async transactions(user: UserRow, page: number): Promise<TransactionInfo> {
      const configured = ticketsPerPage ? await ticketsPerPage() : TRANSACTIONS_PER_PAGE;
      const perPage = Number.isInteger(configured) && configured >= 1 && configured <= 100 ? configured : TRANSACTIONS_PER_PAGE;
      const owner = {
        userId: user.id,
        phone: user.verifiedPhone ? user.phone : null,
        email: user.verifiedPhone ? user.loginEmail : null,
      };
      const { rows, total } = await repository.userTickets(owner, perPage, (page - 1) * perPage);
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

// The member balance as a booking reads and takes it (in the booking's own transaction).
export { debitMemberBalance, memberBalance } from './member-balance';
