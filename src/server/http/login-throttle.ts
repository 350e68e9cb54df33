// Failed-login back-off for every login of the product (passengers, partner staff, business accounts), kept in the
// database so that every server process sharing one PostgreSQL sees the same counts. A try is claimed
// before the password is hashed, by one atomic statement that also sets the lock: a burst sent as a lock expires
// gets one try checked, not the burst. Each try counts as a failure until it succeeds, which clears the name.
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottles } from '../db/schema';

/** Tries checked freely; the one after them starts the lock. */
export const FREE_LOGIN_TRIES = 5;
/** The longest lock: a try every 15 minutes at worst, so an attacker also cannot keep an owner out for long. */
export const MAX_LOGIN_LOCK_SECONDS = 15 * 60;

/**
 * Login tries per client address per window, whatever the names (one counter for the passengers', the staff's and
 * the business logins): it slows a spray of one password over many names. Generous, as many phones share one address
 * behind a carrier's NAT; LOGIN_ADDRESS_LIMIT changes it.
 */
export const LOGIN_ADDRESS_LIMIT = 60;
export const LOGIN_ADDRESS_WINDOW_SECONDS = 15 * 60;
export const loginAddressKey = (ip: string) => `login:${ip}`;

/** A name whose last try is this old starts again (the longest lock is 15 minutes). */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** The lock set when the nth try is claimed: none for the free ones, then 2, 4, 8 … seconds up to 15 minutes. */
export function lockSecondsAfter(tries: number): number {
  return tries < FREE_LOGIN_TRIES ? 0 : Math.min(2 ** (tries - FREE_LOGIN_TRIES + 1), MAX_LOGIN_LOCK_SECONDS);
}

export type LoginClaim = { allowed: true; tries: number } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Claims one try of the login name `key` (e.g. 'passenger:0912345678'), before its password is checked. */
  claim(key: string, at: Date): Promise<LoginClaim>;
  /** The right password: the name's count starts again. */
  succeeded(key: string): Promise<void>;
}

export function createLoginThrottle(db: Db): LoginThrottle {
  return {
    async claim(key, at) {
      const free = FREE_LOGIN_TRIES;
      const tries = sql`${loginThrottles.failures} + 1`;
      // The lock of the try being claimed, computed from the row's current count inside the same statement.
      const lock = sql`case when ${tries} < ${free} then null::timestamptz
        else ${at.toISOString()}::timestamptz + make_interval(secs => least(power(2, ${tries} - ${free} + 1), ${MAX_LOGIN_LOCK_SECONDS}))
        end`;
      const firstLock = lockSecondsAfter(1);
      const [row] = await db
        .insert(loginThrottles)
        .values({
          key,
          failures: 1,
          lockedUntil: firstLock > 0 ? new Date(at.getTime() + firstLock * 1000) : null,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: { failures: tries, lockedUntil: lock, updatedAt: at },
          // A locked name is not touched: the try is refused without counting, and without hashing anything.
          setWhere: sql`${loginThrottles.lockedUntil} is null or ${loginThrottles.lockedUntil} <= ${at.toISOString()}::timestamptz`,
        })
        .returning({ failures: loginThrottles.failures });
      // A name's first try forgets the names nobody tried for a day (their locks are long over).
      if (row?.failures === 1)
        await db.delete(loginThrottles).where(lt(loginThrottles.updatedAt, new Date(at.getTime() - FORGET_AFTER_MS)));
      if (row) return { allowed: true, tries: row.failures };
      const [locked] = await db
        .select({ until: loginThrottles.lockedUntil })
        .from(loginThrottles)
        .where(eq(loginThrottles.key, key));
      const until = locked?.until?.getTime() ?? at.getTime() + 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((until - at.getTime()) / 1000)) };
    },

    async succeeded(key) {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}
