// The messages module's table.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';

// Messages: the transactional outbox of what the passenger is told by SMS, e-mail and push, and of what a transport
// partner's joining tells its applicant and its staff (the set-password links, a refusal's reason).

/**
 * One message to send, written in the transaction of the state change it tells about (a booking, a payment, a
 * partner's move, a cancellation), so a committed change always has its messages and a rolled-back one has none.
 * The dispatcher (modules/messages) claims due rows after the commit and sends them through the adapters.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The ticket the message is about; null for a message about a partner's account (subject). */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /**
     * Whose account a message without a ticket is about: 'staff-<id>' (a login's set-password link, the approval's
     * included) or 'lead-<id>' (a refused application). A new link withdraws the subject's unsent links.
     */
    subject: text('subject'),
    /** outbox/events.ts MESSAGE_EVENTS ('booking_received', 'payment_received', …). */
    event: text('event').notNull(),
    /** 'sms' | 'mail' | 'push' | 'zalo' (a Zalo template message to the phone). */
    channel: text('channel').notNull(),
    /** The phone (sms, zalo), the e-mail address (mail); '' for push (the ticket's subscribed browsers when it is sent). */
    recipient: text('recipient').notNull(),
    /** The ticket's language ('vi' | 'en'), which the template is rendered in. */
    lang: text('lang').notNull().default('vi'),
    /**
     * What the template needs, as it was when the event happened (code, trip, amounts, driver…). A set-password
     * link's secret (`token`) is kept only until the row is sent, given up or withdrawn, then removed.
     */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /**
     * `${event}:${ticketId or subject}[:${discriminator}]:${channel}`: a replayed callback or a repeated call writes no
     * second row.
     */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** 'pending' | 'sending' (claimed; next_attempt_at is its lease) | 'sent' | 'failed' (gave up). */
    status: text('status').notNull().default('pending'),
    /** Sends tried (counted when claimed). */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending row is due; for a 'sending' row, when its claim lapses (the sender died: it is sent again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('message_outbox_due')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('message_outbox_ticket').on(t.ticketId, t.event),
    index('message_outbox_subject')
      .on(t.subject)
      .where(sql`${t.subject} is not null`),
    check('message_outbox_about', sql`${t.ticketId} is not null or ${t.subject} is not null`),
  ],
);
