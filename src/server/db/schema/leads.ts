// Tables of the leads module (the lead forms and live calls): special requests, partner leads, saved unfinished
// bookings (save_pending, and the side menu's quick bookings that the partners module lists) and search keywords.
// Money is whole VND.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { transportPartners } from './pricing';

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
    departTime: text('depart_time_text').notNull(),
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
