// The desk module's tables (Vivu's own staff at the operator desk): the staff logins with their TOTP second factor,
// their sessions, their one-time set-password links, and the append-only audit log of what they do.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A member of Vivu's staff who signs in to the operator desk: the e-mail (lower case) is the login name. The TOTP
 * secret counts only once confirmed by a code (`totp_secret`); until then it waits in `totp_pending_secret` with the
 * enrolment's token. `totp_last_step` is the last time-step whose code was accepted: a code of that step or an
 * earlier one is refused, so a code works once.
 */
export const deskStaff = pgTable('desk_staff', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email').notNull().unique(),
  /** 'admin' | 'support' | 'finance' | 'content' (shared/contract/desk.ts). */
  role: text('role').notNull(),
  /** argon2id PHC string; '' while the member has not used a set-password link (no password verifies it). */
  passwordHash: text('password_hash').notNull().default(''),
  /** The confirmed TOTP secret (base32), null until enrolled. */
  totpSecret: text('totp_secret'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  totpLastStep: integer('totp_last_step'),
  /** An enrolment under way: its secret (base32), the sha256 of its token and when it ends. */
  totpPendingSecret: text('totp_pending_secret'),
  enrolTokenHash: text('enrol_token_hash').unique(),
  enrolExpiresAt: timestamp('enrol_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A signed-in desk device: the sha256 of its bearer token; removal of the member deletes its sessions. */
export const deskSessions = pgTable(
  'desk_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => deskStaff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('desk_sessions_staff').on(t.staffId)],
);

/** A one-time set-password link of a desk login: the sha256 of its secret, when it ends, when it was used. */
export const deskPasswordLinks = pgTable(
  'desk_password_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => deskStaff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('desk_password_links_staff').on(t.staffId)],
);

/**
 * The audit log: one row per staff action, written in the action's own transaction, never updated or deleted (no
 * code path does either). Who is kept as the id and the e-mail at the time, so a removed member's entries still say
 * who; a failed sign-in of an unknown e-mail has no staff id.
 */
export const deskAudit = pgTable(
  'desk_audit',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    /** What the action was on: 'staff-<id>', a ticket's code, a page's slug… */
    subject: text('subject').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('desk_audit_at').on(t.at),
    index('desk_audit_staff_at').on(t.staffId, t.at),
    index('desk_audit_action_at').on(t.action, t.at),
    // One subject's entries (a ticket's timeline, the limit on sending its messages again).
    index('desk_audit_subject_at').on(t.subject, t.at),
  ],
);
