// Tables of issue 8's forms and live calls: special requests, partner leads, support callbacks, saved unfinished
// bookings (save_pending), search keywords (get_exchange_keyword) and the business partners' credit accounts with
// their sessions and ledger. Money is whole VND. Picked up by drizzle.config.ts with the other schema-*.ts files.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tickets, transportPartners } from './schema';

/** spec 2, 5, 9: a special request (4 to 45 seats, days and time); the team replies within 48 hours. */
export const specialRequests = pgTable(
  'special_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fullname: text('fullname').notNull(),
    /** Normalised (spec 5: leading 84 replaced by 0). */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    pickAddress: text('pick_address').notNull(),
    dropAddress: text('drop_address').notNull(),
    /** As chosen ("HH:mm d/M/yyyy", Vietnam time) and as an instant. */
    departTimeText: text('depart_time_text').notNull(),
    departAt: timestamp('depart_at', { withTimezone: true }).notNull(),
    days: smallint('days').notNull(),
    seats: smallint('seats').notNull(),
    vehicleCount: smallint('vehicle_count').notNull().default(1),
    note: text('note').notNull().default(''),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    /** 'new' | 'replied' | 'closed' (the team's work; no screen yet). */
    status: text('status').notNull().default('new'),
    /** created_at + 48 h: the promised reply time. */
    replyDueAt: timestamp('reply_due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('special_requests_status_due').on(t.status, t.replyDueAt),
    check('special_requests_seats', sql`${t.seats} in (4, 7, 16, 29, 35, 45)`),
  ],
);

/** spec 1: a business or transport partner's registration (home/create_lead_contact_agent). */
export const leadContacts = pgTable(
  'lead_contacts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'business' | 'transport'. */
    type: text('type').notNull(),
    fullname: text('fullname').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    companyName: text('company_name').notNull(),
    taxCode: text('tax_code').notNull().default(''),
    address: text('address').notNull().default(''),
    fleetSize: integer('fleet_size'),
    note: text('note').notNull().default(''),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    /** 'new' (transport partners: the team calls back) | 'approved' (business partners: account made at once). */
    status: text('status').notNull().default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_contacts_type_created').on(t.type, t.createdAt)],
);

/** spec 7 support request: user[phone], user[note]; kept here by default, forwarded to the widget host when set. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    page: text('page').notNull().default(''),
    lang: text('lang').notNull().default('vi'),
    ip: text('ip').notNull().default(''),
    /** 'database' (the call centre reads this table) | 'widget_failed' (the widget host refused; kept here). */
    channel: text('channel').notNull().default('database'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_requests_created').on(t.createdAt)],
);

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

/** spec 7 get_exchange_keyword: a typed keyword ("noi bai", "tsn") and the place it stands for. */
export const exchangeKeywords = pgTable('exchange_keywords', {
  /** Lower case, without diacritics. */
  keyword: text('keyword').primaryKey(),
  textVi: text('text_vi').notNull(),
  textEn: text('text_en').notNull(),
  /** A places id (`airport:HAN`, `extra:hcm-cho-ben-thanh`) or '' for a wording only. */
  placeId: text('place_id').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** spec 1: a business partner who books on credit; its login (e-mail + generated password) is e-mailed. */
export const businessAccounts = pgTable(
  'business_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leadContacts.id),
    /** Lower case; the login name. */
    email: text('email').notNull().unique(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    /** argon2id PHC string (the accounts module's helper). */
    passwordHash: text('password_hash').notNull(),
    /** Whole VND, never below 0 (every move is a conditional UPDATE with its ledger row); bigint: top-ups add up. */
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    loginSentAt: timestamp('login_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('business_accounts_credit_nonnegative', sql`${t.creditBalance} >= 0`)],
);

/** A business partner's signed-in device: the sha256 of its bearer token. */
export const businessSessions = pgTable(
  'business_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_sessions_account').on(t.accountId)],
);

/**
 * A credit top-up paid through the card gateway (the payments module's online gateway: VNPay or the sandbox). Only
 * the gateway's verified callback moves it out of 'pending', once; a paid one adds its ledger row in the same
 * transaction (docs/decisions.md "Business credit (issue 8)").
 */
export const businessTopUps = pgTable(
  'business_top_ups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    /** 'vnpay' | 'sandbox'. */
    gateway: text('gateway').notNull(),
    /** Our reference at the gateway (vnp_TxnRef): 'TU' then letters and digits. */
    txnRef: text('txn_ref').notNull().unique(),
    /** Whole VND. */
    amount: integer('amount').notNull(),
    /** 'pending' | 'paid' | 'failed'. */
    status: text('status').notNull().default('pending'),
    gatewayTxnNo: text('gateway_txn_no'),
    responseCode: text('response_code'),
    locale: text('locale').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The gateway is told to close the payment then (a late paid callback is still credited: the money was taken). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('business_top_ups_account').on(t.accountId, t.createdAt),
    check('business_top_ups_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The credit ledger: every move of a balance, with the balance after it. A ticket is paid from credit once and
 * refunded once (unique ticket and kind); a top-up is credited once (unique top_up_id).
 */
export const businessCreditEntries = pgTable(
  'business_credit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    /** 'top_up' | 'booking' | 'refund' (a cancelled ticket paid on credit). */
    kind: text('kind').notNull(),
    /** Positive for a top-up or a refund, negative for a booking. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id),
    /** The gateway top-up this entry credits. */
    topUpId: integer('top_up_id').references(() => businessTopUps.id),
    /** Where a top-up came from: its gateway ('vnpay', 'sandbox'); a refund: the cancellation's reason. */
    source: text('source').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_credit_entries_account').on(t.accountId, t.createdAt),
    unique('business_credit_entries_ticket_kind').on(t.ticketId, t.kind),
    unique('business_credit_entries_top_up').on(t.topUpId),
  ],
);
