// Fixed-window request counters kept in the database, so that every server process sharing one PostgreSQL counts
// the same requests: one INSERT … ON CONFLICT DO UPDATE per request answers the window's new count atomically.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type RateDecision = { allowed: true; count: number } | { allowed: false; count: number; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request under `key` at `at`; refused once the window's count passes the limit. */
  hit(key: string, at: Date): Promise<RateDecision>;
}

export function createRateLimiter(db: Db, options: { limit: number; windowSeconds: number }): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  return {
    async hit(key, at) {
      const start = new Date(Math.floor(at.getTime() / windowMs) * windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      const count = row?.count ?? 1;
      // The first request of a key in a window clears the windows before the previous one (opportunistic clean-up;
      // the previous one is kept for a process whose clock lags a little).
      if (count === 1) await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(start.getTime() - windowMs)));
      if (count <= options.limit) return { allowed: true, count };
      const retryAfterSeconds = Math.max(1, Math.ceil((start.getTime() + windowMs - at.getTime()) / 1000));
      return { allowed: false, count, retryAfterSeconds };
    },
  };
}
