// The recaptcha guard of ticket creation and sign-up (spec 7). On only while both halves are configured:
// a verifier (RECAPTCHA_SECRET) and the site key the browsers render with (site keys, RECAPTCHA_SITE_KEY). The
// browser sends its token in the X-Recaptcha-Token header. A missing or refused token answers 403
// errors.recaptcha; when the service itself does not answer, the request goes on (logged): the anti-fraud check
// of the booking still runs, and a Google outage must not stop every booking.
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_KEYS } from '../../shared/contract/envelope';
import { ACCOUNT_PATHS } from '../../shared/contract/accounts-constants';
import { BOOKING_PATHS } from '../../shared/contract/booking';
import { RECAPTCHA_ACTION, RECAPTCHA_HEADER } from '../../shared/contract/recaptcha';
import type { RecaptchaVerifier } from '../adapters/recaptcha/types';
import { fail } from './envelope';
import type { Logger } from './errors';

/** The guarded calls and the action each token must have been made for. */
export const RECAPTCHA_ACTIONS: readonly (readonly [path: string, action: string])[] = [
  [BOOKING_PATHS.createTicket, RECAPTCHA_ACTION.createTicket],
  [BOOKING_PATHS.createTicketPaymentOnline, RECAPTCHA_ACTION.createTicket],
  [BOOKING_PATHS.createHourlyBooking, RECAPTCHA_ACTION.createHourlyBooking],
  [ACCOUNT_PATHS.registerAccount, RECAPTCHA_ACTION.registerAccount],
];

export interface RecaptchaGuardOptions {
  verifier: RecaptchaVerifier | null;
  /** The live site key ('' when not configured). */
  siteKey: () => Promise<string>;
  clientIp: (c: Context) => string;
  log: Logger;
}

export function recaptchaGuard({ verifier, siteKey, clientIp, log }: RecaptchaGuardOptions, action: string): MiddlewareHandler {
  return async (c, next) => {
    if (!verifier || !(await siteKey().catch(() => ''))) return next();
    const verdict = await verifier.verify(c.req.header(RECAPTCHA_HEADER)?.trim() ?? '', action, clientIp(c));
    if (verdict.ok) return next();
    if (verdict.reason === 'unavailable') {
      log.error('recaptcha unavailable, request let through', { action, error: verdict.error });
      return next();
    }
    log.info('recaptcha refused', { action, reason: verdict.reason, score: verdict.score ?? null });
    return fail(c, 403, ERROR_KEYS.recaptcha);
  };
}
