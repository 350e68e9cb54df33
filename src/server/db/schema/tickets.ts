// The tickets module's tables: what happens to a ticket after booking (cancellation, its trip's state history,
// its rating).
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './booking';
import { payments } from './payments';

// Cancellation (spec 4 "Cancellation allowed only if …", spec 7 cancel calls). Money columns are whole VND.

/** A short-lived proof of ownership of one ticket: the sha256 of the random token (the token itself is never stored). */
export const cancelTokens = pgTable(
  'cancel_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the cancellation it allowed took place (the token stays valid for the feedback until it expires). */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cancel_tokens_ticket').on(t.ticketId)],
);

/** A refund owed for an online payment of a cancelled ticket; whoever pays refunds out reads the 'due' rows. */
export const refunds = pgTable('refunds', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ticketId: integer('ticket_id')
    .notNull()
    .unique()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id),
  amount: integer('amount').notNull(),
  /** 'passenger_cancel'. */
  reason: text('reason').notNull(),
  /** 'due' | 'refunded'. */
  status: text('status').notNull().default('due'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** spec 7 get_why_cancel_list: the reasons, listed by `sort`. */
export const cancelReasons = pgTable('cancel_reasons', {
  id: integer('id').primaryKey(),
  sort: integer('sort').notNull(),
  textVi: text('text_vi').notNull(),
  textEn: text('text_en').notNull(),
  active: boolean('active').notNull().default(true),
});

/** spec 7 customer_feedback_why_cancel: one answer per cancelled ticket; a second one replaces the first. */
export const cancelFeedback = pgTable('cancel_feedback', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ticketId: integer('ticket_id')
    .notNull()
    .unique()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  reasonId: integer('reason_id')
    .notNull()
    .references(() => cancelReasons.id),
  note: text('note').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The trip of a ticket (spec 4 catalogue ticket states): the history of its state.

/** One row per change of a ticket's trip_state, written in the transaction that makes it. */
export const tripEvents = pgTable(
  'trip_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** 'partner' | 'system' | 'passenger'. */
    actor: text('actor').notNull(),
    /** partner_staff.id for 'partner', users.id for a signed-in 'passenger', else null. */
    actorId: integer('actor_id'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_events_ticket').on(t.ticketId, t.at)],
);

/** A passenger's rating of a completed trip, one per ticket; it moves the partner's score. */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    partnerId: integer('partner_id').notNull(),
    stars: smallint('stars').notNull(),
    comment: text('comment').notNull().default(''),
    lang: text('lang').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_ratings_created').on(t.createdAt)],
);
