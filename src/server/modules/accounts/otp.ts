// One-time codes (spec 4, 9): 4 digits from crypto.randomInt, stored as an HMAC, single use, dead after otp_timeout_seconds (179 s) or
// when a newer one is sent, at most 5 tries per code and 5 codes per target in 24 hours. A target is a phone (the code
// goes by SMS) or an e-mail username (by mail). Also the reset tickets that verify_otp_code hands out (a random secret
// in the same table, purpose 'ticket').
import { OTP_TTL_SECONDS } from '../../../shared/contract/accounts';
import type { Lang } from '../../../shared/domain/route-table';
import type { Mailer, SmsSender } from '../../adapters/messaging/types';
import { isEmailLike } from '../../../shared/domain/username';
import type { Db } from '../../db/client';
import { createRateLimiter, type RateDecision } from '../../http/rate-limit';
import { newOtpCode, newSecretToken, otpHash, sameHash, sha256 } from '../../security/crypto';
import { otpMail, otpSms } from './otp-texts';
import type { AccountsRepository, OtpPurpose } from './repository';

export const OTP_MAX_TRIES = 5;
export const OTP_MAX_SENDS_PER_DAY = 5;
/** A reset ticket lets the new password be chosen for this long after the code was checked. */
export const RESET_TICKET_TTL_SECONDS = 600;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the SMS codes may cost (SMS pumping): besides the 5 codes a day per phone, at most `perAddress` code
 * SMS per client address per hour and `perDay` in all per day (OTP_SMS_PER_ADDRESS, OTP_SMS_PER_DAY). A send is
 * claimed from both, atomically, before anything else is done for it. Codes by e-mail count alike (one budget of code
 * messages), so the e-mail path is no way around it and no way to flood a mailbox.
 */
export const OTP_SMS_PER_ADDRESS = 5;
export const OTP_SMS_PER_DAY = 2000;

export interface SmsBudget {
  /** One code SMS from `ip`: refused once the address's hour or the day's total is spent. */
  claim(ip: string, at: Date): Promise<RateDecision>;
}

export function createSmsBudget(db: Db, limits: { perAddress: number; perDay: number }): SmsBudget {
  const perAddress = createRateLimiter(db, { limit: limits.perAddress, windowSeconds: 60 * 60 });
  const perDay = createRateLimiter(db, { limit: limits.perDay, windowSeconds: 24 * 60 * 60 });
  return {
    async claim(ip, at) {
      const address = await perAddress.hit(`otp_sms:${ip}`, at);
      if (!address.allowed) return address;
      return perDay.hit('otp_sms:all', at);
    },
  };
}

/** What a code's hash binds: its target, and the account it was sent for when it was sent for one. */
const boundTarget = (target: string, holder: number | undefined) => (holder === undefined ? target : `${target}#${holder}`);

/**
 * `ttlSeconds`: spec 9 otp_timeout_seconds from the configuration (179 without one). `otpSecret`: the HMAC key of the
 * codes, a server secret created once (the config module's, under OTP_SECRET_KEY).
 */
export function createOtpService(
  repository: AccountsRepository,
  channels: { sms: SmsSender; mailer: Mailer },
  now: () => Date,
  otpSecret: () => Promise<string>,
  ttlSeconds: () => Promise<number> = () => Promise.resolve(OTP_TTL_SECONDS),
  budget: SmsBudget | null = null,
) {
  let secret: Promise<string> | undefined;
  const key = () => {
    secret ??= otpSecret().catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  return {
    /** How long a code sent now lives (the expires_in the calls answer with). */
    ttlSeconds,

    /** Claims one code SMS of the client address (null: allowed; else the seconds to wait). Before any work. */
    async claimSms(ip: string): Promise<number | null> {
      if (!budget) return null;
      const decision = await budget.claim(ip, now());
      return decision.allowed ? null : decision.retryAfterSeconds;
    },

    /**
     * Sends a new code to a target by SMS or to an e-mail by mail; false when the target already had its 5 codes in
     * the last 24 hours. `holder`: the account the code is for (a phone being added to it), bound into the code's hash.
     */
    async send(target: string, purpose: Exclude<OtpPurpose, 'ticket'>, lang: Lang, holder?: number): Promise<boolean> {
      const at = now();
      const code = newOtpCode();
      const seconds = await ttlSeconds();
      const stored = await repository.replaceOtp({
        target,
        purpose,
        codeHash: otpHash(await key(), purpose, boundTarget(target, holder), code),
        expiresAt: new Date(at.getTime() + seconds * 1000),
        now: at,
        since: new Date(at.getTime() - DAY_MS),
        limit: OTP_MAX_SENDS_PER_DAY,
      });
      if (!stored) return false;
      if (isEmailLike(target)) {
        const mail = otpMail(lang, code, seconds);
        await channels.mailer.send(target, mail.subject, mail.text);
      } else await channels.sms.send(target, otpSms(lang, code, seconds));
      return true;
    },

    /**
     * True once for the right code of the live one; a wrong, expired, replaced or used-up code is false. A code sent
     * for a `holder` account checks only for that account.
     */
    async check(target: string, purpose: Exclude<OtpPurpose, 'ticket'>, code: string, holder?: number): Promise<boolean> {
      const at = now();
      const row = await repository.takeOtpTry(target, purpose, at, OTP_MAX_TRIES);
      if (!row) return false;
      if (!sameHash(row.codeHash, otpHash(await key(), purpose, boundTarget(target, holder), code))) return false;
      return repository.consumeOtp(row.id, at);
    },

    /** A reset ticket for the phone or e-mail whose reset code was just checked. */
    async issueTicket(target: string): Promise<string> {
      const at = now();
      const ticket = newSecretToken();
      await repository.replaceOtp({
        target,
        purpose: 'ticket',
        codeHash: sha256(ticket),
        expiresAt: new Date(at.getTime() + RESET_TICKET_TTL_SECONDS * 1000),
        now: at,
        since: at,
        limit: 1,
      });
      return ticket;
    },

    /** Uses up a reset ticket; answers its phone or e-mail, or undefined when unknown, used or expired. */
    redeemTicket(ticket: string): Promise<string | undefined> {
      return repository.consumeTicket(sha256(ticket), now());
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
