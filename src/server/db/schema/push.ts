// The push module's tables.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';

// Web Push.

/** A browser subscribed to one ticket's news; the endpoint is the push service's URL for that browser. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload encryption (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Sends that failed (other than 'gone', which deletes the row). */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('push_subscriptions_ticket').on(t.ticketId)],
);

/** The server's VAPID key pair when not set in the environment: one row (id 1), made at first start. */
export const vapidKeys = pgTable('vapid_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  subject: text('subject').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
