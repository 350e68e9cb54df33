// The partners module's tables (the transport partners' console): their staff, sessions, drivers and cars, and
// the driver and car on a ticket.
import { boolean, date, doublePrecision, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';
import { transportPartners } from './pricing';

/** A transport partner's staff member who logs in to the partner console. The phone is the login name (normalised). */
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
    /** 'owner' | 'dispatcher' | 'accountant' (shared/contract/partner-roles.ts). */
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
    /** The last console call of the session: staff seen within STAFF_ONLINE_SECONDS answer night bookings themselves. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('partner_sessions_staff').on(t.staffId)],
);

/**
 * A one-time link that sets a staff member's password (the owner's after approval, a member the owner added): the
 * sha256 of its secret (the secret itself is never stored), when it expires, and when it was used (once only).
 */
export const partnerPasswordLinks = pgTable(
  'partner_password_links',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => partnerStaff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('partner_password_links_staff').on(t.staffId)],
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
    /** The driving licence's number (letters and digits, as printed); '' when not recorded. */
    licenceNumber: text('licence_number').notNull().default(''),
    /** The last day the licence is valid; null when not recorded. */
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    /** false: retired (kept for past tickets, never assigned again). */
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
    /** Seats, the driver's included; null when not recorded. */
    seats: integer('seats'),
    /** Model year; null when not recorded. */
    year: integer('year'),
    /** A path of the car's photo; '' for none. */
    photoUrl: text('photo_url').notNull().default(''),
    /** false: retired (kept for past tickets, never assigned again). */
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
  /**
   * SHA-256 (hex) of the driver's trip link secret (never the secret itself): a new driver gets a new one, which kills
   * the earlier driver's link; null before a driver is assigned by the console.
   */
  driverLinkHash: text('driver_link_hash').unique(),
});

/**
 * The latest position the assigned driver's phone shared for a ticket (one row per ticket, replaced by each new one),
 * kept only while the driver is on the way or at the pick-up: any other move deletes it.
 */
export const driverPositions = pgTable('driver_positions', {
  ticketId: integer('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  driverId: integer('driver_id')
    .notNull()
    .references(() => drivers.id, { onDelete: 'cascade' }),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  /** The browser's accuracy radius, whole metres. */
  accuracyM: integer('accuracy_m').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
});
