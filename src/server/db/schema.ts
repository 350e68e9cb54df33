// The database schema (Drizzle). One schema for PGlite and PostgreSQL; `npm run db:generate` writes the
// migrations in ./migrations from it.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** Configurable values of spec sections 3 and 9 and the site's public keys, grouped by who reads them. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  /** 'system' (passenger/get_system_configs), 'site' (home/get_key_values), 'call_center', 'maps'. */
  grp: text('grp').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// Pricing (spec 3 price-list item, spec 4 ride methods, spec 9 fees). Money columns are whole VND.

/** A transport company whose offers appear in the price lists. */
export const transportPartners = pgTable('transport_partners', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** 0 to 5, shown with one decimal. */
  rating: real('rating').notNull().default(0),
  ratingCount: integer('rating_count').notNull().default(0),
  /** Highlighted brands come first in the default order (spec 3 discountByHighlightBrand). */
  highlighted: boolean('highlighted').notNull().default(false),
  /** Serves every province (long-distance companies). */
  nationwide: boolean('nationwide').notNull().default(false),
  /** Current (post-2025) province codes served. */
  provinces: text('provinces')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
});

export const vehicleTypes = pgTable('vehicle_types', {
  id: integer('id').primaryKey(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  /** The seat count of the name ("4 chỗ"), the driver's seat included. */
  seats: integer('seats').notNull(),
  /** Passengers it takes. */
  passengers: integer('passengers').notNull(),
  /** Suitcases it takes. */
  luggage: integer('luggage').notNull(),
});

export interface KmTier {
  /** Upper bound of the band in km; null for the last band. */
  upto_km: number | null;
  per_km: number;
}

/** Distance pricing of one partner's vehicle for one ride method. */
export const partnerFares = pgTable(
  'partner_fares',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    /** spec 4: 1 private, 2 sharing. */
    rideMethod: smallint('ride_method').notNull(),
    /** 'economy' | 'standard' | 'premium'. */
    service: text('service').notNull(),
    baseFare: integer('base_fare').notNull(),
    kmTiers: jsonb('km_tiers').$type<KmTier[]>().notNull(),
    minFare: integer('min_fare').notNull(),
    /** Sharing: one seat costs the trip fare times this factor. */
    sharedSeatFactor: real('shared_seat_factor'),
    /** Sharing: seats sold per vehicle. */
    maxShareSeats: integer('max_share_seats').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('partner_fares_offer').on(t.partnerId, t.vehicleTypeId, t.rideMethod)],
);

/** Fixed airport fares: a trip between the airport and a place inside the zone costs `price` (a seat, when sharing). */
export const airportZones = pgTable(
  'airport_zones',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    airportCode: text('airport_code').notNull(),
    name: text('name').notNull(),
    /** Straight-line distance from the airport that the zone reaches. */
    maxKm: real('max_km').notNull(),
    /** Provinces the other end must be in; empty means any. */
    provinceCodes: text('province_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    rideMethod: smallint('ride_method').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [
    unique('airport_zones_offer').on(t.partnerId, t.airportCode, t.name, t.vehicleTypeId, t.rideMethod),
    index('airport_zones_airport').on(t.airportCode),
  ],
);

/** Long routes (a pair of provinces, either direction) on which a partner sells shared seats. */
export const sharedRoutes = pgTable(
  'shared_routes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    provinceA: text('province_a').notNull(),
    provinceB: text('province_b').notNull(),
  },
  (t) => [unique('shared_routes_pair').on(t.partnerId, t.provinceA, t.provinceB)],
);

/** Hourly hire packages (spec 3 hourly item, spec 9 durations). */
export const hourlyPackages = pgTable(
  'hourly_packages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    vehicleTypeId: integer('vehicle_type_id')
      .notNull()
      .references(() => vehicleTypes.id),
    service: text('service').notNull(),
    durationHours: integer('duration_hours').notNull(),
    kmLimit: integer('km_limit').notNull(),
    price: integer('price').notNull(),
    extraPerHour: integer('extra_per_hour').notNull(),
    extraPerKm: integer('extra_per_km').notNull(),
  },
  (t) => [unique('hourly_packages_offer').on(t.partnerId, t.vehicleTypeId, t.durationHours)],
);

export interface TollBand {
  upto_km: number | null;
  amount: number;
}

/** A partner's surcharges and extras (spec 9 fees). */
export const partnerFees = pgTable('partner_fees', {
  partnerId: integer('partner_id')
    .primaryKey()
    .references(() => transportPartners.id, { onDelete: 'cascade' }),
  /** Night window in minutes after midnight, Vietnam time; it wraps midnight when start > end. */
  nightStartMinute: integer('night_start_minute')
    .notNull()
    .default(22 * 60),
  nightEndMinute: integer('night_end_minute')
    .notNull()
    .default(5 * 60),
  nightPercent: integer('night_percent').notNull().default(0),
  extraAddressFee: integer('extra_address_fee').notNull().default(0),
  boardPrice: integer('board_price').notNull().default(0),
  /** Toll estimate by trip distance; null when the partner gives none ('NA'). */
  tollBands: jsonb('toll_bands').$type<TollBand[] | null>(),
});

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
    departTimeText: text('depart_time_text').notNull(),
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
    /** spec 3 useRangeTime: the passenger accepts a pickup RANGE_TIME_MINUTES either side of the time (issue 10). */
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

// Payments (spec 4 transaction status and payment ids, spec 7 payment calls). Money columns are whole VND.

/**
 * One attempt to pay a ticket online. Its status changes only through a gateway's verified callback, once:
 * 'pending' → 'paid' | 'failed', or, when the ticket had left 'processing' before the money arrived, a
 * 'paid_after_*' status that marks the payment for a refund ('paid_after_cancel', 'paid_after_timeout',
 * 'paid_after_error', 'paid_twice').
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'vnpay' | 'sandbox' | 'paypal_sandbox'. */
    gateway: text('gateway').notNull(),
    /** As sent (spec 4): 8 online, 4 PayPal-style. */
    payMethodId: smallint('pay_method_id').notNull(),
    /** spec 7 charge_type_id, recorded as sent (its meaning is not shown). */
    chargeTypeId: smallint('charge_type_id').notNull(),
    /** Our reference at the gateway (vnp_TxnRef). */
    txnRef: text('txn_ref').notNull().unique(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    /** The gateway's own transaction number and result code, from its callback. */
    gatewayTxnNo: text('gateway_txn_no'),
    responseCode: text('response_code'),
    locale: text('locale').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** spec 4, 9: created + the payment window; the gateway is told to close the payment then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payments_ticket').on(t.ticketId, t.createdAt)],
);

/** Every gateway callback received, verified or not, for audit: what came, and what it did. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** null when the callback names no payment of ours. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    gateway: text('gateway').notNull(),
    txnRef: text('txn_ref').notNull().default(''),
    /** The parameters as received. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    signatureOk: boolean('signature_ok').notNull(),
    /** 'applied' | 'duplicate' | 'rejected'. */
    result: text('result').notNull(),
    /** Why: 'paid', 'failed', 'paid_after_cancel', …, 'bad_signature', 'not_found', 'amount_mismatch'. */
    detail: text('detail').notNull(),
    /** What we answered the gateway (VNPay RspCode). */
    rspCode: text('rsp_code').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment').on(t.paymentId)],
);

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

/**
 * Failed logins per login name (issue 18), for passengers, partner staff and business accounts alike ('passenger:0912…',
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
     * a clean-up goes by each row's own end, never by the window of whoever cleans (issue 18: an hourly counter
     * cleaned a daily one away).
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_expires').on(t.expiresAt)],
);

// Web Push (issue 7 item 3).

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

// Trips (spec 4 catalogue ticket states): the history of each ticket's state and the partners' staff who move it.

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

/** A transport partner's staff member who logs in to the agent calls. The phone is the login name (normalised). */
export const partnerStaff = pgTable(
  'partner_staff',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull().unique(),
    fullname: text('fullname').notNull().default(''),
    /** argon2id PHC string, as users.password_hash. */
    passwordHash: text('password_hash').notNull(),
    /** 'owner' | 'dispatcher'. */
    role: text('role').notNull().default('dispatcher'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_staff_partner').on(t.partnerId)],
);

/** A signed-in staff device: the sha256 of its bearer token (the token itself is never stored). */
export const partnerSessions = pgTable(
  'partner_sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => partnerStaff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last agent call of the session: staff seen within STAFF_ONLINE_SECONDS answer night bookings themselves. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('partner_sessions_staff').on(t.staffId)],
);

/** A transport partner's driver, assigned to tickets by its staff. */
export const drivers = pgTable(
  'drivers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    fullname: text('fullname').notNull(),
    phone: text('phone').notNull(),
    /** A path (served by the PWA) or URL of the photo; '' for none. */
    photoUrl: text('photo_url').notNull().default(''),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('drivers_partner').on(t.partnerId), unique('drivers_partner_phone').on(t.partnerId, t.phone)],
);

/** A transport partner's car: its plate and the vehicle type (price-list vehicle) it serves. */
export const partnerCars = pgTable(
  'partner_cars',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    plate: text('plate').notNull().unique(),
    /** Make and model ("Toyota Vios"). */
    name: text('name').notNull().default(''),
    vehicleTypeId: integer('vehicle_type_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('partner_cars_partner').on(t.partnerId)],
);

/** The driver and car on a ticket (one row per ticket; a reassignment replaces it). */
export const ticketAssignments = pgTable('ticket_assignments', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  driverId: integer('driver_id')
    .notNull()
    .references(() => drivers.id),
  carId: integer('car_id')
    .notNull()
    .references(() => partnerCars.id),
  staffId: integer('staff_id').references(() => partnerStaff.id, { onDelete: 'set null' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
});

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

// Messages (issue 19): the transactional outbox of what the passenger is told by SMS, e-mail and push.

/**
 * One message to send, written in the transaction of the state change it tells about (a booking, a payment, a
 * partner's move, a cancellation), so a committed change always has its messages and a rolled-back one has none.
 * The dispatcher (modules/messages) claims due rows after the commit and sends them through the adapters.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** modules/messages/events.ts MESSAGE_EVENTS ('booking_received', 'payment_received', …). */
    event: text('event').notNull(),
    /** 'sms' | 'mail' | 'push'. */
    channel: text('channel').notNull(),
    /** The phone (sms), the e-mail address (mail); '' for push (the ticket's subscribed browsers when it is sent). */
    recipient: text('recipient').notNull(),
    /** The ticket's language ('vi' | 'en'), which the template is rendered in. */
    lang: text('lang').notNull().default('vi'),
    /** What the template needs, as it was when the event happened (code, trip, amounts, driver…). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `${event}:${ticketId}[:${discriminator}]:${channel}`: a replayed callback or a repeated call writes no second row. */
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
  ],
);
