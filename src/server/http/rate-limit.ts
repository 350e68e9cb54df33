// Fixed-window request counters kept in the database, so that every server process sharing one PostgreSQL counts
// the same requests: one INSERT … ON CONFLICT DO UPDATE per request answers the window's new count atomically.
import type { Context } from 'hono';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { fail } from './envelope';

export type RateDecision = { allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request under `key` at `at`; refused once the window's count passes the limit. */
  hit(key: string, at: Date): Promise<RateDecision>;
  /**
   * Gives back one request counted under `key` at `at` (in that same window), for a count claimed before work whose
   * outcome turned out not to count; never below zero.
   */
  release(key: string, at: Date): Promise<void>;
}

export function createRateLimiter(db: Db, options: { limit: number; windowSeconds: number }): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const windowOf = (at: Date) => new Date(Math.floor(at.getTime() / windowMs) * windowMs);
  return {
    async hit(key, at) {
      const start = windowOf(at);
      const [row] = await db
        .insert(rateLimits)
        // Kept one window past its end, for a process whose clock lags a little.
        .values({ key, windowStart: start, count: 1, expiresAt: new Date(start.getTime() + 2 * windowMs) })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      const count = row?.count ?? 1;
      // The first request of a key in a window clears the rows whose own time is over (opportunistic clean-up).
      if (count === 1) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, at));
      if (count <= options.limit) return { allowed: true, count };
      const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - at.getTime()) / 1000));
      return { allowed: false, count, retryAfterSeconds };
    },
    async release(key, at) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(at)), gt(rateLimits.count, 0)));
    },
  };
}

/**
 * Counts one request of `key` and answers the 429 to send once the window's limit is passed (with Retry-After and
 * the seconds as the message's params), else null.
 */
export async function overLimit(
  c: Context,
  limiter: RateLimiter,
  key: string,
  at: Date,
  message: string,
): Promise<Response | null> {
  const decision = await limiter.hit(key, at);
  if (decision.allowed) return null;
  c.header('Retry-After', String(decision.retryAfterSeconds));
  return fail(c, 429, message, [{ field: '', message, params: { seconds: decision.retryAfterSeconds } }]);
}
