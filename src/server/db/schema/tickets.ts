// The tickets module's tables: the ticket itself (booking creates it through the tickets module's writer) and what
// happens to it after booking (cancellation, its trip's state history, its rating).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** The site's origin the booking came through (http/origin.ts linkOriginOf): its messages link there. */
    linkOrigin: text('link_origin'),
    sessionId: text('session_id').notNull().default(''),
    userId: integer('user_id'),
    partnerDomain: text('partner_domain'),
    affSid: text('aff_sid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_phone_created').on(t.phone, t.createdAt),
    // A passenger's list: the tickets booked signed in, and the guest tickets of the account's verified e-mail.
    index('tickets_user_created').on(t.userId, t.createdAt),
    index('tickets_email_created').on(t.email, t.createdAt),
    index('tickets_ip_created').on(t.ip, t.createdAt),
    index('tickets_session_created').on(t.sessionId, t.createdAt),
    index('tickets_partner_created').on(t.partnerId, t.createdAt),
    // The desk's numbers read every ticket booked in a range of days.
    index('tickets_created').on(t.createdAt),
    // The desk's search: pick-up days (and its order, newest pick-up first), the start of a passenger's name and an
    // e-mail whatever its case.
    index('tickets_depart_at').on(t.departAt),
    index('tickets_fullname_prefix').on(sql`lower(${t.fullname}) text_pattern_ops`),
    index('tickets_email_lower').on(sql`lower(${t.email})`),
    // The payment window sweep reads only the tickets awaiting payment (transaction status 1), a few among all.
    index('tickets_awaiting_payment')
      .on(t.id)
      .where(sql`${t.transactionStatusId} = 1`),
  ],
);

/** A ticket row as read, and as written by its creation. */
export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;

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
