// The accounts module's tables: passengers, their sessions and their one-time codes.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Accounts (spec 3 user record, spec 4 login / sign-up / forgot password, spec 6 roles). Secrets are stored hashed.

/**
 * A passenger account. The login name (spec 3: phone or e-mail) is the phone (normalised, spec 5: leading 84 replaced
 * by 0) or, for an account signed up with an e-mail, `login_email` (trimmed, lower-cased); one of them is set.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').unique(),
    /** The e-mail an account signed up with; it never changes with the profile's `email`. */
    loginEmail: text('login_email').unique(),
    email: text('email').notNull().default(''),
    fullname: text('fullname').notNull().default(''),
    /** argon2id PHC string ($argon2id$v=19$m=19456,t=2,p=1$salt$hash). */
    passwordHash: text('password_hash').notNull(),
    verifiedPhone: boolean('verified_phone').notNull().default(false),
    /** Member balance (spec 6 member promotion), whole VND. */
    promotionCost: integer('promotion_cost').notNull().default(0),
    referralCode: text('referral_code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_login_name', sql`${t.phone} is not null or ${t.loginEmail} is not null`)],
);

/** A signed-in device: the sha256 of its bearer token (the token itself is never stored). */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * One-time codes sent by SMS (spec 9: 4 digits, 179 s): 'verify' for sign-up, 'reset' for forgot password, and
 * 'ticket' for the reset ticket verify_otp_code hands out (a random secret, not a code). Stored as an HMAC.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Where the code went: a phone or a login e-mail (spec 3 username); the column keeps its first name. */
    target: text('phone').notNull(),
    /** 'verify' | 'reset' | 'ticket'. */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries against this code; the sixth try is refused even with the right code. */
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_phone_purpose').on(t.target, t.purpose, t.createdAt)],
);
