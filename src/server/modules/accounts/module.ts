// Builds the accounts module from its dependencies (the database, an SMS sender and a mailer for the codes, a clock):
// its service and its routes. The clock is injectable so that tests expire codes and backoffs without sleeping.
import type { Mailer, SmsSender } from '../../adapters/messaging/types';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { LoginThrottle } from '../../http/login-throttle';
import { createRateLimiter, type RateLimiter } from '../../http/rate-limit';
import { createOtpService, createSmsBudget, OTP_SMS_PER_ADDRESS, OTP_SMS_PER_DAY } from './otp';
import type { ServerSecrets } from '../config/service';
import { ACCOUNTS_SETTING_GROUP, createAccountsRepository, OTP_SECRET_KEY } from './repository';
import { accountsRoutes, type AccountsModule } from './routes';
import { createAccountService } from './service';
import { createPasswordService } from './service-password';
import { createPhoneService, PHONE_CODES_PER_ACCOUNT, PHONE_CODES_WINDOW_SECONDS } from './service-phone';

/** A cancellation gives back the member balance its ticket used (the tickets module's settlement). */
export { returnMemberPromotion } from './member-balance';

export interface AccountsModuleOptions {
  db: Db;
  /** The config module's server secrets: the OTP codes' HMAC key is one. */
  secrets: ServerSecrets;
  sms: SmsSender;
  /** The codes to e-mail usernames (spec 3). */
  mailer: Mailer;
  now?: () => Date;
  /** spec 9 tickets_per_page, from the configuration. */
  ticketsPerPage?: () => Promise<number>;
  /** spec 9 otp_timeout_seconds, from the configuration. */
  otpTtlSeconds?: () => Promise<number>;
  /** The failed-login back-off shared by every login. */
  throttle: LoginThrottle;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  /** Code SMS per client address per hour and in all per day (default OTP_SMS_PER_ADDRESS, OTP_SMS_PER_DAY). */
  smsLimits?: { perAddress?: number; perDay?: number };
}

function accountsParts({
  db,
  secrets,
  sms,
  mailer,
  now = () => new Date(),
  ticketsPerPage,
  otpTtlSeconds,
  throttle,
  loginAddresses,
  clientIp,
  smsLimits,
}: AccountsModuleOptions): AccountsModule {
  const repository = createAccountsRepository(db);
  const budget = createSmsBudget(db, {
    perAddress: smsLimits?.perAddress ?? OTP_SMS_PER_ADDRESS,
    perDay: smsLimits?.perDay ?? OTP_SMS_PER_DAY,
  });
  const otpSecret = async () => {
    const value = await secrets.secret(OTP_SECRET_KEY, ACCOUNTS_SETTING_GROUP, () => randomBytes(32).toString('hex'));
    if (typeof value !== 'string' || value.length < 32) throw new Error('the OTP secret setting is not a string');
    return value;
  };
  const otp = createOtpService(repository, { sms, mailer }, now, otpSecret, otpTtlSeconds, budget);
  const accounts = createAccountService({ repository, otp, now, ticketsPerPage, throttle });
  const passwords = createPasswordService({ repository, otp, accounts, now, throttle });
  const perAccount = createRateLimiter(db, { limit: PHONE_CODES_PER_ACCOUNT, windowSeconds: PHONE_CODES_WINDOW_SECONDS });
  const phones = createPhoneService({ repository, otp, accounts, perAccount, now });
  return { accounts, passwords, phones, otp, loginAddresses, clientIp, now };
}

/** The accounts module: its service (other modules reach accounts through it) and its routes. */
export function createAccountsModule(deps: AccountsModuleOptions) {
  const parts = accountsParts(deps);
  return { service: parts.accounts, routes: accountsRoutes(parts) };
}
