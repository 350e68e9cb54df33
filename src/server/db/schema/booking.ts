// The booking module's tables: the ticket, its promotions, the partners' night answers, the hub's notifications and
// the saved unfinished bookings (save_pending; the side menu's quick bookings among them).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { transportPartners } from './pricing';

// Booking (spec 3 Ticket, spec 4 statuses, spec 7 payloads). Money columns are whole VND.

/**
 * A booked ride or hourly hire (kind 'hourly': its code is the spec's trip_price_inquiry_code). ticket_session is
 * the client's idempotency key: one attempt makes one row, however often it is submitted.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Human-friendly and unguessable: 'VV' + 6 base32 characters from a secure RNG. */
    code: text('code').notNull().unique(),
    ticketSession: text('ticket_session').notNull().unique(),
    /** 'ride' | 'hourly'. */
    kind: text('kind').notNull().default('ride'),
    /** spec 4 user ticket status: 1 pending, 2 in progress, 3 not rated, 4 finished, 5 cancelled. */
    status: smallint('status').notNull().default(1),
    /** spec 4 transaction status: 1 processing, 2 success, 3 error, 4 cancel, 99 timeout. */
    transactionStatusId: smallint('transaction_status_id').notNull().default(1),
    /** As sent (spec 4): 3 postpaid, 8 online, 4 PayPal-style. */
    payMethodId: smallint('pay_method_id').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id),
    optionId: text('option_id').notNull(),
    dimensionId: smallint('dimension_id').notNull(),
    rideMethodId: smallint('ride_method_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    chair: integer('chair').notNull().default(1),
    /** Hours of an hourly hire; null for a ride. */
    duration: integer('duration'),
    chunkId: integer('chunk_id').notNull().default(0),
    pmId: integer('pm_id').notNull().default(0),
    airportCode: text('airport_code').notNull().default(''),
    cityId: text('city_id').notNull().default(''),
    /** As chosen ("HH:mm d/M/yyyy", Vietnam time) and as an instant. */
    departTime: text('depart_time_text').notNull(),
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    pickAddress: text('pick_address').notNull(),
    pickComponent: jsonb('pick_component').notNull(),
    dropAddress: text('drop_address').notNull().default(''),
    dropComponent: jsonb('drop_component'),
    moreAddress: jsonb('more_address')
      .notNull()
      .default(sql`'[]'::jsonb`),
    fullname: text('fullname').notNull(),
    /** Normalised (spec 5: no spaces, leading 84 replaced by 0). */
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    comment: text('comment').notNull().default(''),
    planeNumber: text('plane_number').notNull().default(''),
    planeType: smallint('plane_type'),
    byBoard: boolean('by_board').notNull().default(false),
    /** Booking for another person (spec 7 not_use / use). */
    otherName: text('other_name'),
    otherPhone: text('other_phone'),
    vat: boolean('vat').notNull().default(false),
    /** { name, address, mst, address_receive } when an invoice is asked for. */
    company: jsonb('company'),
    promotionCode: text('promotion_code').notNull().default(''),
    merged: integer('merged').notNull(),
    boardPrice: integer('board_price').notNull().default(0),
    promotionCost: integer('promotion_cost').notNull().default(0),
    memberPromotionCost: integer('member_promotion_cost').notNull().default(0),
    vatPercent: integer('vat_percent').notNull().default(0),
    vatCost: integer('vat_cost').notNull().default(0),
    /** null = 'NA' (spec 3 tollFee). */
    tollFee: integer('toll_fee'),
    paypalFee: integer('paypal_fee').notNull().default(0),
    totalCost: integer('total_cost').notNull(),
    extraPriceHour: integer('extra_price_hour'),
    extraPriceKm: integer('extra_price_km'),
    kmLimit: integer('km_limit'),
    isNightBooking: boolean('is_night_booking').notNull().default(false),
    /** spec 3 useRangeTime: the passenger accepts a pickup RANGE_TIME_MINUTES either side of the time. */
    useRangeTime: boolean('use_range_time').notNull().default(false),
    /** 'none' | 'pending' | 'contacting' | 'accepted' | 'refused' | 'expired' | 'cancelled'. */
    nightStatus: text('night_status').notNull().default('none'),
    /** spec 4 catalogue state (src/shared/contract/tickets.ts TRIP_STATES); only the trip state machine changes it. */
    tripState: text('trip_state').notNull().default('driver_pending'),
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    nightDecidedAt: timestamp('night_decided_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    oldTicketCode: text('old_ticket_code'),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    sessionId: text('session_id').notNull().default(''),
    userId: integer('user_id'),
    partnerDomain: text('partner_domain'),
    affSid: text('aff_sid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_phone_created').on(t.phone, t.createdAt),
    index('tickets_ip_created').on(t.ip, t.createdAt),
    index('tickets_session_created').on(t.sessionId, t.createdAt),
    index('tickets_partner_created').on(t.partnerId, t.createdAt),
    // The payment window sweep reads only the tickets awaiting payment (transaction status 1), a few among all.
    index('tickets_awaiting_payment')
      .on(t.id)
      .where(sql`${t.transactionStatusId} = 1`),
  ],
);

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
