// Tables of the leads module (the lead forms): special requests and partner leads.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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
    /**
     * 'new' (a transport partner's application waits for the operator) | 'approved' (business partners: account made
     * at once; transport partners: the operator approved, partner_id made) | 'refused' (refusal_reason told).
     */
    status: text('status').notNull().default('new'),
    /** Transport partners: the current (post-2025) province codes they serve. */
    provinces: text('provinces')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The operator's reason of a refusal, told to the applicant. */
    refusalReason: text('refusal_reason').notNull().default(''),
    /** The transport partner an approval made (the pricing module's transport_partners.id). */
    partnerId: integer('partner_id'),
    /** When the operator approved or refused. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_contacts_type_created').on(t.type, t.createdAt)],
);
