// The booking module's tables: the promotions a ticket is booked with, the partners' night answers, the hub's
// notifications and the saved unfinished bookings (save_pending; the side menu's quick bookings among them). The ticket
// itself is the tickets module's (tickets.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
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
  /** Uses one phone may make; null = no limit. A single-use code (single_use_per_phone) is 1 held by the unique index. */
  maxUsesPerPhone: integer('max_uses_per_phone'),
  /** Pay methods (as sent: 3, 8, 4) it applies to; empty = all. */
  payMethodIds: integer('pay_method_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Whether it applies to hourly hire. */
  hourly: boolean('hourly').notNull().default(true),
  /** The transport partners whose rides it applies to; empty = every partner. */
  partnerIds: integer('partner_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** The airports (IATA codes) whose transfers it applies to; empty = every ride (an airport's or not). */
  airportCodes: text('airport_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** false: paused by the desk (refused at booking as an unknown code). */
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

/**
 * spec 7 save_pending: the billing form's details once a contact is typed, so the call centre can help a passenger
 * who did not finish. One row per ticket_session (the booking's idempotency key); a ticket with the same session
 * means it was finished. Deleted after 30 days (docs/decisions.md).
 */
export const pendingBookings = pgTable(
  'pending_bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketSession: text('ticket_session').notNull().unique(),
    sessionId: text('session_id').notNull().default(''),
    fullname: text('fullname').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The trip as the form holds it (addresses, time, vehicle, partner, price). */
    trip: jsonb('trip').notNull(),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    /** PENDING_KINDS: 'billing' (the billing form's unfinished booking) or 'quick' (the side menu's quick booking). */
    kind: text('kind').notNull().default('billing'),
    /** Quick bookings: the depart time as an instant (listing, purge); null for billing rows. */
    departAt: timestamp('depart_at', { withTimezone: true }),
    /** Quick bookings: the transport partner who took it (one conditional UPDATE; the first partner wins). */
    takenByPartnerId: integer('taken_by_partner_id').references(() => transportPartners.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_bookings_updated').on(t.updatedAt),
    index('pending_bookings_kind_depart').on(t.kind, t.departAt),
    check('pending_bookings_kind', sql`${t.kind} in ('billing', 'quick')`),
  ],
);
