// The booking module's tables: the promotions a ticket is booked with, the partners' night answers and the hub's
// notifications (the ticket itself is the tickets module's: tickets.ts).
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { transportPartners } from './pricing';
import { tickets } from './tickets';

/** Promotion codes (spec 5: value ≤ 100 is a percent of the base price, above a fixed amount in VND). */
export const promotions = pgTable('promotions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  value: integer('value').notNull(),
  minOrder: integer('min_order').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validTo: timestamp('valid_to', { withTimezone: true }),
  /** null = unlimited. */
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
  singleUsePerPhone: boolean('single_use_per_phone').notNull().default(false),
  /** Pay methods (as sent: 3, 8, 4) it applies to; empty = all. */
  payMethodIds: integer('pay_method_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Whether it applies to hourly hire. */
  hourly: boolean('hourly').notNull().default(true),
  active: boolean('active').notNull().default(true),
});

/** One row per ticket that used a promotion; `single_phone` is set only for single-use codes, so the unique index binds them alone. */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    ticketId: integer('ticket_id')
      .notNull()
      .unique()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    singlePhone: text('single_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('promotion_redemptions_single').on(t.promotionId, t.singlePhone)],
);

/** How a partner answers night bookings (spec 4 night flow); a partner without a row never answers (the check expires). */
export const partnerNightPolicies = pgTable('partner_night_policies', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => transportPartners.id, { onDelete: 'cascade' }),
  /** 'auto_accept' | 'refuse'. */
  mode: text('mode').notNull(),
  /** Seconds after the contact at which the partner's answer arrives. */
  acceptAfterSeconds: integer('accept_after_seconds').notNull().default(20),
});

/** Creation notifications of the hub (spec 7 vanguard/notify), kept as an outbox for whoever consumes them. */
export const bookingNotifications = pgTable('booking_notifications', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
  ticketCode: text('ticket_code').notNull(),
  event: text('event').notNull(),
  ip: text('ip').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
