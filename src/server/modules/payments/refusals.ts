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
  /**
   * Counts one refusal of `address` ahead of work that costs whoever sent it (PayPal's verification): false once the
   * address is over its limit, and the work is not done. A claim whose work was no refusal is given back (release).
   */
  claim(address: string, at: Date): Promise<boolean>;
  /** Gives back a claim made at `at` (PayPal said the call was its own, or could not say). */
  release(address: string, at: Date): Promise<void>;
  /** Stores a refusal already counted by claim (if the hour's cap allows). */
  store(event: Omit<NewEvent, 'result'>): Promise<void>;
}

export function createRefusals(
  repository: Pick<PaymentsRepository, 'recordRefused'>,
  limiter: RateLimiter | null,
  perHour = REFUSED_ROWS_PER_HOUR,
): Refusals {
  const key = (address: string) => `payment-refused:${address}`;
  return {
    async record(event, address) {
      if (limiter && !(await limiter.hit(key(address), new Date())).allowed) return false;
      await repository.recordRefused({ ...event, result: 'rejected' }, perHour);
      return true;
    },
    async claim(address, at) {
      return !limiter || (await limiter.hit(key(address), at)).allowed;
    },
    async release(address, at) {
      await limiter?.release(key(address), at);
    },
    async store(event) {
      await repository.recordRefused({ ...event, result: 'rejected' }, perHour);
    },
  };
}
