// Refused gateway callbacks (bad signature, not our order, a body that is not an event) are kept small and few:
// anyone can post them, so each is stored only as a bounded excerpt and its reason, each client address may have only
// so many refused in a window (beyond it: 429, nothing stored, nothing verified), and all of them together at most a
// fixed number of rows an hour (claimed under a database lock: repository.recordRefused).
import type { RateLimiter } from '../../http/rate-limit';
import type { NewEvent, PaymentsRepository } from './repository';

/** Refused callbacks one client address may send in a window before it is answered 429. */
export const REFUSED_PER_ADDRESS = 30;
export const REFUSED_WINDOW_SECONDS = 10 * 60;
/** Refused callbacks stored in any hour, from all addresses together; beyond it they are only counted in the log. */
export const REFUSED_ROWS_PER_HOUR = 600;

export interface Refusals {
  /** Counts one refusal of `address` and stores it if the hour's cap allows; false once the address is over its limit. */
  record(event: Omit<NewEvent, 'result'>, address: string): Promise<boolean>;
}

export function createRefusals(
  repository: Pick<PaymentsRepository, 'recordRefused'>,
  limiter: RateLimiter | null,
  perHour = REFUSED_ROWS_PER_HOUR,
): Refusals {
  return {
    async record(event, address) {
      if (limiter && !(await limiter.hit(`payment-refused:${address}`, new Date())).allowed) return false;
      await repository.recordRefused({ ...event, result: 'rejected' }, perHour);
      return true;
    },
  };
}
