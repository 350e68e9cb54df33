// Tables of the shared HTTP guards (server/http): the login back-off and the fixed-window request counters.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed logins per login name, for passengers, partner staff and business accounts alike ('passenger:0912…',
 * 'staff:0900…', 'business:a@b.vn'), known or not, so the answers tell nobody which names exist. Each try is claimed
 * by one INSERT … ON CONFLICT DO UPDATE … WHERE locked_until has passed, before the password is hashed: a burst
 * gets at most the free tries checked, then waits out an exponential lock; a success deletes the row.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    /** Tries since the last success (each counted before it is checked). */
    failures: integer('failures').notNull().default(0),
    /** No try is checked before this instant. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The last try: names untried for a day are forgotten (a new name's first try clears them). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_throttles_updated').on(t.updatedAt)],
);

/** Fixed-window request counters shared by every server process (ticket lookups per client address). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
    /**
     * When the row may go: one window after its own ends. Counters of different window lengths share the table, so
     * a clean-up goes by each row's own end, never by the window of whoever cleans (an hourly counter
     * cleaned a daily one away).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires').on(t.expiresAt)],
);
