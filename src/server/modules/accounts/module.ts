// Builds the accounts module from its dependencies (the database, an SMS sender, a clock) and mounts its routes on
// the API. The clock is injectable so that tests expire codes and backoffs without sleeping.
import type { Hono } from 'hono';
import type { SmsSender } from '../../adapters/messaging/types';
import type { Db } from '../../db/client';
import { createOtpService } from './otp';
import { createAccountsRepository } from './repository';
import { accountsRoutes } from './routes';
import { createAccountService } from './service';
import { createPasswordService } from './service-password';

export interface AccountsModuleOptions {
  db: Db;
  sms: SmsSender;
  now?: () => Date;
  /** spec 9 tickets_per_page, from the configuration. */
  ticketsPerPage?: () => Promise<number>;
  /** spec 9 otp_timeout_seconds, from the configuration. */
  otpTtlSeconds?: () => Promise<number>;
}

export function createAccountsModule({ db, sms, now = () => new Date(), ticketsPerPage, otpTtlSeconds }: AccountsModuleOptions) {
  const repository = createAccountsRepository(db);
  const otp = createOtpService(repository, sms, now, otpTtlSeconds);
  const accounts = createAccountService({ repository, otp, now, ticketsPerPage });
  const passwords = createPasswordService({ repository, otp, accounts, now });
  return { accounts, passwords, otp };
}

export type AccountsModule = ReturnType<typeof createAccountsModule>;

/** From app.ts: mounts the account routes on `api` and returns the service (other modules reach accounts through it). */
export function mountAccounts(api: Hono, options: AccountsModuleOptions) {
  const module = createAccountsModule(options);
  api.route('/', accountsRoutes(module));
  return module.accounts;
}
