// A phone added to a signed-in account that has none (an account signed up with an e-mail): a code by SMS to the
// phone, then that code makes the phone the account's, verified. What a code costs is claimed before anything else, in
// this order: the client address's share of the code messages (and the day's total), then the account's own share
// (PHONE_CODES_PER_ACCOUNT a day, so that one account cannot send codes to many numbers), then the phone's 5 codes a
// day (otp.ts). A phone that another account verified is refused with one message that names no account: sign-up tells
// as much of a verified phone, and the same budgets guard both.
import { ACCOUNT_ERROR_KEYS, type AuthData, PHONE_KEYS } from '../../../shared/contract/accounts';
import type { Lang } from '../../../shared/domain/route-table';
import { DEFAULT_PHONE_CODE, normalizePhone } from '../../../shared/domain/phone';
import type { RateLimiter } from '../../http/rate-limit';
import { refuse, type Result } from '../../http/refusal';
import type { OtpService } from './otp';
import type { AccountsRepository, UserRow } from './repository';
import { authData, type AccountService } from './service';

/** Codes an account may ask for phones it adds, per day (whatever the numbers). */
export const PHONE_CODES_PER_ACCOUNT = 5;
export const PHONE_CODES_WINDOW_SECONDS = 24 * 60 * 60;

export interface PhoneServiceOptions {
  repository: AccountsRepository;
  otp: OtpService;
  accounts: AccountService;
  /** The account's share of phone codes (PHONE_CODES_PER_ACCOUNT per PHONE_CODES_WINDOW_SECONDS). */
  perAccount: RateLimiter;
  now: () => Date;
}

const alreadySet = () => refuse(409, PHONE_KEYS.alreadySet, { field: 'phone_number' });
const inUse = () => refuse(409, PHONE_KEYS.inUse, { field: 'phone_number' });

/** The other account that holds this phone verified, if one does (an unverified sign-up holds no proof). */
async function verifiedElsewhere(repository: AccountsRepository, user: UserRow, phone: string): Promise<boolean> {
  const holder = await repository.userByPhone(phone);
  return Boolean(holder && holder.id !== user.id && (holder.verifiedPhone || holder.loginEmail !== null));
}

export function createPhoneService({ repository, otp, accounts, perAccount, now }: PhoneServiceOptions) {
  return {
    /** Sends a code by SMS to the phone the account adds; answers its validity in seconds. */
    async sendCode(user: UserRow, typed: string, lang: Lang, ip: string): Promise<Result<{ expires_in: number }>> {
      if (user.phone) return alreadySet();
      const busy = await accounts.smsBudget(ip);
      if (busy) return busy;
      const claim = await perAccount.hit(`phone_code:${user.id}`, now());
      if (!claim.allowed)
        return refuse(429, ACCOUNT_ERROR_KEYS.otpBusy, { params: { minutes: Math.ceil(claim.retryAfterSeconds / 60) } });
      const phone = normalizePhone(DEFAULT_PHONE_CODE, typed);
      if (await verifiedElsewhere(repository, user, phone)) return inUse();
      if (!(await otp.send(phone, 'phone', lang, user.id))) return refuse(429, ACCOUNT_ERROR_KEYS.otpLimit);
      return { ok: true, data: { expires_in: await otp.ttlSeconds() } };
    },

    /** The code sent to the phone for this account makes it the account's phone, verified. */
    async verify(user: UserRow, token: string, typed: string, code: string): Promise<Result<AuthData>> {
      if (user.phone) return alreadySet();
      const phone = normalizePhone(DEFAULT_PHONE_CODE, typed);
      if (!(await otp.check(phone, 'phone', code, user.id))) return refuse(400, ACCOUNT_ERROR_KEYS.otpInvalid, { field: 'code' });
      const attached = await repository.attachPhone(user.id, phone);
      if (!attached.ok) return attached.reason === 'in-use' ? inUse() : alreadySet();
      return { ok: true, data: authData(attached.user, token) };
    },
  };
}

export type PhoneService = ReturnType<typeof createPhoneService>;
