// The partner's own fares and availability, read and changed by its owner from the console (permission 'fares'):
// fixed airport fares by zone and class, distance fares by class and ride method, hourly packages, the night
// surcharge and board fee, the minimum lead time and the days it does not serve. Every change is checked here
// (no zero or negative money, sane ranges) and, on the server, against the partner's own fares of the same kind:
// one more than FARE_OUTLIER_FACTOR times, or less than 1/FARE_OUTLIER_FACTOR of, their median answers 409
// 'partner_fares.errors.confirm' until the call repeats with confirm=true.
import { successSchema } from './envelope';
import { formInteger } from './common';
import { PROVINCE_CODES } from './provinces';
import { yup } from './yup';

export const PARTNER_FARES_PATHS = {
  /** GET (Bearer, fares): the partner's fares, fees, availability and the latest changes. */
  list: '/api/agent/fares',
  /** POST (Bearer, fares): id, price, confirm: one airport zone fare. */
  airport: '/api/agent/fares/airport',
  /** POST (Bearer, fares): id, base_fare, min_fare, km_tiers (absent: kept), confirm: one distance fare. */
  distance: '/api/agent/fares/distance',
  /** POST (Bearer, fares): id, price, km_limit, extra_per_hour, extra_per_km, confirm: one hourly package. */
  hourly: '/api/agent/fares/hourly',
  /** POST (Bearer, fares): night window and percent, board fee, extra address fee. */
  fees: '/api/agent/fares/fees',
  /** POST (Bearer, fares): lead_minutes, off_weekdays, off_dates. */
  availability: '/api/agent/fares/availability',
  /** POST (Bearer, fares): airport_code, zone, max_km, vehicle_type_id, ride_method, price, confirm: a new airport fare. */
  airportAdd: '/api/agent/fares/airport/add',
  /** POST (Bearer, fares): vehicle_type_id, ride_method, service, base_fare, km_tiers, min_fare, …: a new distance fare. */
  distanceAdd: '/api/agent/fares/distance/add',
  /** POST (Bearer, fares): vehicle_type_id, duration_hours, price, km_limit, extras, confirm: a new hourly package. */
  hourlyAdd: '/api/agent/fares/hourly/add',
  /** POST (Bearer, fares): kind (airport, distance, hourly, shared_route) and id: one fare row removed. */
  remove: '/api/agent/fares/remove',
  /** POST (Bearer, fares): province_a, province_b: a long route on which the partner sells shared seats. */
  sharedRouteAdd: '/api/agent/fares/shared_route/add',
  /** POST (Bearer, fares): toll_bands (null: no toll estimate): the toll estimate by trip distance. */
  tolls: '/api/agent/fares/tolls',
} as const;

/** A fare more than this many times, or less than its inverse of, the median of the partner's others of its kind. */
export const FARE_OUTLIER_FACTOR = 3;
/** The highest fare or fee in đồng a partner may set (a 72-hour hire across the country stays well below). */
export const FARE_MAX_VND = 100_000_000;
/** Fares are whole thousands of đồng, as the price lists round them. */
export const FARE_STEP_VND = 1_000;
export const NIGHT_PERCENT_MAX = 100;
/** The longest minimum lead time a partner may ask for: seven days. */
export const LEAD_MINUTES_MAX = 7 * 24 * 60;
export const OFF_DATES_MAX = 60;
/** The highest daily cap of bookings a partner may set. */
export const DAILY_CAP_MAX = 10_000;
export const HOURLY_KM_LIMIT_MAX = 3_000;

export const PARTNER_FARES_ERRORS = {
  /** 409: the fare is far from the partner's others of its kind; repeat with confirm=true to keep it. */
  confirm: 'partner_fares.errors.confirm',
  /** 404: no such fare of the caller's partner. */
  notFound: 'partner_fares.errors.not_found',
  price: 'partner_fares.errors.price',
  nightPercent: 'partner_fares.errors.night_percent',
  minute: 'partner_fares.errors.minute',
  lead: 'partner_fares.errors.lead',
  date: 'partner_fares.errors.date',
  kmLimit: 'partner_fares.errors.km_limit',
  dailyCap: 'partner_fares.errors.daily_cap',
  /** 409: the partner already has this fare (same zone or class and ride method, or same hours). */
  exists: 'partner_fares.errors.exists',
  airport: 'partner_fares.errors.airport',
  zone: 'partner_fares.errors.zone',
  maxKm: 'partner_fares.errors.max_km',
  /** 400: no such vehicle class, or one with no seats to share. */
  vehicle: 'partner_fares.errors.vehicle',
  rideMethod: 'partner_fares.errors.ride_method',
  service: 'partner_fares.errors.service',
  hours: 'partner_fares.errors.hours',
  kmTiers: 'partner_fares.errors.km_tiers',
  share: 'partner_fares.errors.share',
  province: 'partner_fares.errors.province',
  /** 409: the partner's last fare of the kind; repeat with confirm=true to offer nothing of that service. */
  lastRow: 'partner_fares.errors.last_row',
} as const;

/** The kinds of fare rows an owner adds and removes (a shared route: a province pair where seats are sold). */
export const FARE_ROW_KINDS = ['airport', 'distance', 'hourly', 'shared_route'] as const;
export type FareRowKind = (typeof FARE_ROW_KINDS)[number];
export const FARE_SERVICES = ['economy', 'standard', 'premium'] as const;
/** The widest airport zone, in straight-line km from the terminal. */
export const AIRPORT_ZONE_KM_MAX = 300;
export const ZONE_NAME_MAX = 60;
/** The longest hourly package: three days. */
export const HOURLY_HOURS_MAX = 72;
export const KM_TIERS_MAX = 8;
export const SHARE_SEATS_MAX = 45;

const money = (positive: boolean) => {
  const schema = formInteger(PARTNER_FARES_ERRORS.price)
    .required({ key: PARTNER_FARES_ERRORS.price })
    .max(FARE_MAX_VND, { key: PARTNER_FARES_ERRORS.price });
  return positive
    ? schema.min(FARE_STEP_VND, { key: PARTNER_FARES_ERRORS.price })
    : schema.min(0, { key: PARTNER_FARES_ERRORS.price });
};
const kmTierSchema = yup.object({
  upto_km: formInteger(PARTNER_FARES_ERRORS.kmTiers).nullable().defined().min(1, { key: PARTNER_FARES_ERRORS.kmTiers }),
  per_km: formInteger(PARTNER_FARES_ERRORS.price)
    .required({ key: PARTNER_FARES_ERRORS.price })
    .min(1, { key: PARTNER_FARES_ERRORS.price })
    .max(FARE_MAX_VND, { key: PARTNER_FARES_ERRORS.price }),
});

/** Bands rise strictly and the last one is open (upto_km null): every distance has exactly one per-km price. */
const tiersInOrder = (tiers: readonly { upto_km: number | null }[]) =>
  tiers.length > 0 &&
  tiers.every((tier, index) =>
    index === tiers.length - 1
      ? tier.upto_km === null
      : tier.upto_km !== null && (index === 0 || tier.upto_km > (tiers[index - 1]?.upto_km ?? Infinity)),
  );

const fareId = formInteger('validation.invalid').required().min(1);
const confirm = yup.boolean().default(false);

export const airportFareRequestSchema = yup.object({ id: fareId, price: money(true), confirm }).noUnknown();
export type AirportFareRequest = yup.InferType<typeof airportFareRequestSchema>;

export const distanceFareRequestSchema = yup
  .object({
    id: fareId,
    base_fare: money(false),
    min_fare: money(true),
    /** The per-km bands, rising to an open last one; absent keeps the fare's. */
    km_tiers: yup
      .array(kmTierSchema.required())
      .optional()
      .max(KM_TIERS_MAX, { key: PARTNER_FARES_ERRORS.kmTiers })
      .test('bands', { key: PARTNER_FARES_ERRORS.kmTiers }, (tiers) => tiers === undefined || tiersInOrder(tiers)),
    confirm,
  })
  .noUnknown();
export type DistanceFareRequest = yup.InferType<typeof distanceFareRequestSchema>;

export const hourlyFareRequestSchema = yup
  .object({
    id: fareId,
    price: money(true),
    km_limit: formInteger(PARTNER_FARES_ERRORS.kmLimit)
      .required({ key: PARTNER_FARES_ERRORS.kmLimit })
      .min(1, { key: PARTNER_FARES_ERRORS.kmLimit })
      .max(HOURLY_KM_LIMIT_MAX, { key: PARTNER_FARES_ERRORS.kmLimit }),
    extra_per_hour: money(true),
    extra_per_km: money(true),
    confirm,
  })
  .noUnknown();
export type HourlyFareRequest = yup.InferType<typeof hourlyFareRequestSchema>;

/** Toll amounts by trip distance: "up to km" bands rising to an open last one (null: the partner gives none). */
function tollBands() {
  return yup
    .array(
      yup
        .object({
          upto_km: formInteger(PARTNER_FARES_ERRORS.kmTiers).nullable().defined().min(1, { key: PARTNER_FARES_ERRORS.kmTiers }),
          amount: money(false),
        })
        .required(),
    )
    .nullable()
    .max(KM_TIERS_MAX, { key: PARTNER_FARES_ERRORS.kmTiers })
    .test('bands', { key: PARTNER_FARES_ERRORS.kmTiers }, (bands) => bands == null || tiersInOrder(bands));
}

const minuteOfDay = formInteger(PARTNER_FARES_ERRORS.minute)
  .required({ key: PARTNER_FARES_ERRORS.minute })
  .min(0, { key: PARTNER_FARES_ERRORS.minute })
  .max(24 * 60 - 1, { key: PARTNER_FARES_ERRORS.minute });

export const feesRequestSchema = yup
  .object({
    night_start_minute: minuteOfDay,
    night_end_minute: minuteOfDay,
    night_percent: formInteger(PARTNER_FARES_ERRORS.nightPercent)
      .required({ key: PARTNER_FARES_ERRORS.nightPercent })
      .min(0, { key: PARTNER_FARES_ERRORS.nightPercent })
      .max(NIGHT_PERCENT_MAX, { key: PARTNER_FARES_ERRORS.nightPercent }),
    board_price: money(false),
    extra_address_fee: money(false),
    /** The toll estimate by trip distance; absent keeps the partner's, null gives none. */
    toll_bands: tollBands().optional(),
  })
  .noUnknown();
export type FeesRequest = yup.InferType<typeof feesRequestSchema>;

/** The toll estimate alone (the console's toll form): bands rising to an open last one, or null for none. */
export const tollsRequestSchema = yup.object({ toll_bands: tollBands().defined() }).noUnknown();
export type TollsRequest = yup.InferType<typeof tollsRequestSchema>;

const vehicleId = formInteger(PARTNER_FARES_ERRORS.vehicle)
  .required({ key: PARTNER_FARES_ERRORS.vehicle })
  .min(1, { key: PARTNER_FARES_ERRORS.vehicle });
const rideMethod = formInteger(PARTNER_FARES_ERRORS.rideMethod)
  .required({ key: PARTNER_FARES_ERRORS.rideMethod })
  .oneOf([1, 2], { key: PARTNER_FARES_ERRORS.rideMethod });
const fareService = yup
  .string()
  .required({ key: PARTNER_FARES_ERRORS.service })
  .oneOf([...FARE_SERVICES], { key: PARTNER_FARES_ERRORS.service });
const kmLimit = formInteger(PARTNER_FARES_ERRORS.kmLimit)
  .required({ key: PARTNER_FARES_ERRORS.kmLimit })
  .min(1, { key: PARTNER_FARES_ERRORS.kmLimit })
  .max(HOURLY_KM_LIMIT_MAX, { key: PARTNER_FARES_ERRORS.kmLimit });

/**
 * A new airport fare: a trip between the airport and a place at most max_km from it (and, when province_codes are
 * given, in one of them) costs `price` (a seat, when sharing). The smallest zone holding the place prices it.
 */
export const airportAddRequestSchema = yup
  .object({
    airport_code: yup
      .string()
      .trim()
      .uppercase()
      .required({ key: PARTNER_FARES_ERRORS.airport })
      .matches(/^[A-Z]{3}$/, { message: { key: PARTNER_FARES_ERRORS.airport } }),
    zone: yup
      .string()
      .trim()
      .required({ key: PARTNER_FARES_ERRORS.zone })
      .min(2, { key: PARTNER_FARES_ERRORS.zone })
      .max(ZONE_NAME_MAX, { key: PARTNER_FARES_ERRORS.zone }),
    max_km: formInteger(PARTNER_FARES_ERRORS.maxKm)
      .required({ key: PARTNER_FARES_ERRORS.maxKm })
      .min(1, { key: PARTNER_FARES_ERRORS.maxKm })
      .max(AIRPORT_ZONE_KM_MAX, { key: PARTNER_FARES_ERRORS.maxKm }),
    province_codes: yup
      .array(
        yup
          .string()
          .required()
          .matches(/^\d{2}$/, { message: { key: PARTNER_FARES_ERRORS.province } }),
      )
      .default([])
      .max(63, { key: PARTNER_FARES_ERRORS.province }),
    vehicle_type_id: vehicleId,
    ride_method: rideMethod,
    price: money(true),
    confirm,
  })
  .noUnknown();
export type AirportAddRequest = yup.InferType<typeof airportAddRequestSchema>;

/**
 * A new distance fare of a class and ride method: the base fare, per-km prices by distance band and the minimum;
 * sharing adds the seat's share of the trip fare and the seats sold.
 */
export const distanceAddRequestSchema = yup
  .object({
    vehicle_type_id: vehicleId,
    ride_method: rideMethod,
    service: fareService,
    base_fare: money(false),
    km_tiers: yup
      .array(kmTierSchema.required())
      .required({ key: PARTNER_FARES_ERRORS.kmTiers })
      .max(KM_TIERS_MAX, { key: PARTNER_FARES_ERRORS.kmTiers })
      .test('bands', { key: PARTNER_FARES_ERRORS.kmTiers }, (tiers) => tiersInOrder(tiers)),
    min_fare: money(true),
    shared_seat_factor: yup
      .number()
      .typeError({ key: PARTNER_FARES_ERRORS.share })
      .nullable()
      .default(null)
      .moreThan(0, { key: PARTNER_FARES_ERRORS.share })
      .max(1, { key: PARTNER_FARES_ERRORS.share }),
    max_share_seats: formInteger(PARTNER_FARES_ERRORS.share)
      .default(0)
      .min(0, { key: PARTNER_FARES_ERRORS.share })
      .max(SHARE_SEATS_MAX, { key: PARTNER_FARES_ERRORS.share }),
    confirm,
  })
  .noUnknown()
  .test('sharing', { key: PARTNER_FARES_ERRORS.share }, (value) =>
    value.ride_method === 2
      ? value.shared_seat_factor !== null && value.max_share_seats > 0
      : value.shared_seat_factor === null && value.max_share_seats === 0,
  );
export type DistanceAddRequest = yup.InferType<typeof distanceAddRequestSchema>;

/** A new hourly package of a class: hours, the km included, its price and the extra per hour and per km. */
export const hourlyAddRequestSchema = yup
  .object({
    vehicle_type_id: vehicleId,
    service: fareService,
    duration_hours: formInteger(PARTNER_FARES_ERRORS.hours)
      .required({ key: PARTNER_FARES_ERRORS.hours })
      .min(1, { key: PARTNER_FARES_ERRORS.hours })
      .max(HOURLY_HOURS_MAX, { key: PARTNER_FARES_ERRORS.hours }),
    km_limit: kmLimit,
    price: money(true),
    extra_per_hour: money(true),
    extra_per_km: money(true),
    confirm,
  })
  .noUnknown();
export type HourlyAddRequest = yup.InferType<typeof hourlyAddRequestSchema>;

export const fareRemoveRequestSchema = yup
  .object({
    kind: yup
      .string()
      .required()
      .oneOf([...FARE_ROW_KINDS], { key: 'validation.invalid' }),
    id: fareId,
    confirm,
  })
  .noUnknown();
export type FareRemoveRequest = yup.InferType<typeof fareRemoveRequestSchema>;

/** A long route (two provinces, either direction) on which the partner sells shared seats. */
export const sharedRouteRequestSchema = yup
  .object({
    province_a: yup
      .string()
      .required({ key: PARTNER_FARES_ERRORS.province })
      .oneOf([...PROVINCE_CODES], { key: PARTNER_FARES_ERRORS.province }),
    province_b: yup
      .string()
      .required({ key: PARTNER_FARES_ERRORS.province })
      .oneOf([...PROVINCE_CODES], { key: PARTNER_FARES_ERRORS.province }),
  })
  .noUnknown()
  .test('pair', { key: PARTNER_FARES_ERRORS.province }, (value) => value.province_a !== value.province_b);
export type SharedRouteRequest = yup.InferType<typeof sharedRouteRequestSchema>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const availabilityRequestSchema = yup
  .object({
    /** null: the site's own minimum lead time. */
    lead_minutes: formInteger(PARTNER_FARES_ERRORS.lead)
      .nullable()
      .defined()
      .min(0, { key: PARTNER_FARES_ERRORS.lead })
      .max(LEAD_MINUTES_MAX, { key: PARTNER_FARES_ERRORS.lead }),
    off_weekdays: yup
      .array(yup.number().integer().min(0).max(6).required())
      .required()
      .test('unique', { key: 'validation.invalid' }, (days) => new Set(days).size === days.length),
    off_dates: yup
      .array(
        yup
          .string()
          .required()
          .test('date', { key: PARTNER_FARES_ERRORS.date }, (value) => isRealDate(value)),
      )
      .required()
      .max(OFF_DATES_MAX, { key: PARTNER_FARES_ERRORS.date }),
    /** null: no cap. */
    daily_cap: formInteger(PARTNER_FARES_ERRORS.dailyCap)
      .nullable()
      .defined()
      .min(1, { key: PARTNER_FARES_ERRORS.dailyCap })
      .max(DAILY_CAP_MAX, { key: PARTNER_FARES_ERRORS.dailyCap }),
  })
  .noUnknown();
export type AvailabilityRequest = yup.InferType<typeof availabilityRequestSchema>;

const vnd = () => yup.number().integer().required();
const airportFareSchema = yup.object({
  id: vnd(),
  airport_code: yup.string().required(),
  zone: yup.string().required(),
  vehicle_type_id: vnd(),
  vehicle_vi: yup.string().defined(),
  vehicle_en: yup.string().defined(),
  ride_method: vnd(),
  price: vnd(),
});
const distanceFareSchema = yup.object({
  id: vnd(),
  vehicle_type_id: vnd(),
  vehicle_vi: yup.string().defined(),
  vehicle_en: yup.string().defined(),
  ride_method: vnd(),
  service: yup.string().required(),
  base_fare: vnd(),
  min_fare: vnd(),
  km_tiers: yup.array(yup.object({ upto_km: yup.number().integer().nullable().defined(), per_km: vnd() }).required()).required(),
});
const hourlyPackageSchema = yup.object({
  id: vnd(),
  vehicle_type_id: vnd(),
  vehicle_vi: yup.string().defined(),
  vehicle_en: yup.string().defined(),
  service: yup.string().required(),
  duration_hours: vnd(),
  price: vnd(),
  km_limit: vnd(),
  extra_per_hour: vnd(),
  extra_per_km: vnd(),
});
const fareChangeSchema = yup.object({
  id: vnd(),
  staff_name: yup.string().defined(),
  kind: yup.string().required(),
  item_id: vnd(),
  before: yup.mixed<Record<string, unknown>>().required(),
  after: yup.mixed<Record<string, unknown>>().required(),
  changed_at: yup.string().required(),
});

export const partnerFaresSchema = yup.object({
  airport: yup.array(airportFareSchema.required()).required(),
  distance: yup.array(distanceFareSchema.required()).required(),
  hourly: yup.array(hourlyPackageSchema.required()).required(),
  fees: yup
    .object({
      night_start_minute: vnd(),
      night_end_minute: vnd(),
      night_percent: vnd(),
      board_price: vnd(),
      extra_address_fee: vnd(),
      toll_bands: yup
        .array(yup.object({ upto_km: yup.number().integer().nullable().defined(), amount: vnd() }).required())
        .nullable()
        .defined(),
    })
    .required(),
  shared_routes: yup
    .array(yup.object({ id: vnd(), province_a: yup.string().required(), province_b: yup.string().required() }).required())
    .required(),
  availability: yup
    .object({
      lead_minutes: yup.number().integer().nullable().defined(),
      off_weekdays: yup.array(vnd()).required(),
      off_dates: yup.array(yup.string().required()).required(),
      daily_cap: yup.number().integer().nullable().defined(),
    })
    .required(),
  history: yup.array(fareChangeSchema.required()).required(),
  /** The vehicle classes a fare can be added for. */
  vehicles: yup
    .array(yup.object({ id: vnd(), vi: yup.string().defined(), en: yup.string().defined(), seats: vnd() }).required())
    .required(),
});
export type PartnerFares = yup.InferType<typeof partnerFaresSchema>;
export type FareChange = yup.InferType<typeof fareChangeSchema>;
export const partnerFaresResponseSchema = successSchema(partnerFaresSchema.required());

/** The partner's fares at most this many changes back in the console's history. */
export const FARE_HISTORY_LIMIT = 50;
