// The price lists' tables (spec 3 price-list item, spec 4 ride methods, spec 9 fees): the pricing module's.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';

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
  /** The partner's own minimum lead time in minutes; null: the site's (system settings lead_minutes_*). */
  leadMinutes: integer('lead_minutes'),
  /** Weekdays it does not serve, Vietnam time (0 Sunday .. 6 Saturday). */
  offWeekdays: smallint('off_weekdays')
    .array()
    .notNull()
    .default(sql`'{}'::smallint[]`),
  /** Dates it does not serve (YYYY-MM-DD, Vietnam time). */
  offDates: text('off_dates')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Most bookings it takes departing on one day (Vietnam time); null: no cap. */
  dailyCap: integer('daily_cap'),
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

/**
 * Every change a partner's staff makes to its fares, fees or availability: who, when, and the values before and
 * after. Written in the same transaction as the change; never updated.
 */
export const fareChanges = pgTable(
  'fare_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => transportPartners.id, { onDelete: 'cascade' }),
    /** The staff login that made it (the partners module's id) and its name at the time. */
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** 'airport' | 'distance' | 'hourly' | 'fees' | 'availability'. */
    kind: text('kind').notNull(),
    /** The changed row's id (0 for the partner-wide fees and availability). */
    itemId: integer('item_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fare_changes_partner').on(t.partnerId, t.changedAt)],
);
