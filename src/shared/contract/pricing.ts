// The price-list calls of spec 7: passenger/get_price_list (airport and inter-province rides) and
// passenger/get_hourly_price_list (hourly hire). Both are GET with the request in the query string (spec 3).
import { BOOKING_TYPE, DEFAULT_HOURLY_DURATION, HOURLY_DURATIONS, MAX_PASSENGERS } from '../domain/trip-search';
import { DEPART_TIME_PAST_KEY, departTimeSchema, langSchema, parseJsonText } from './common';
import { successSchema } from './envelope';
import { addressComponentSchema } from './places';
import { yup } from './yup';

export { PRICING_PATHS, PRICE_PAGE_SIZE, NO_MORE_PAGES } from './pricing-constants';

/** The dimension_id of a request (spec 3, Ticket.dimension, default 1). Hourly has its own call. */
export const BOOKING_TYPES = BOOKING_TYPE;
export const PRICE_LIST_DIMENSIONS = [BOOKING_TYPES.airport, BOOKING_TYPES.interProvince] as const;

/** spec 4: ride methods; 0 in a filter means both. */
export const RIDE_METHODS = { private: 1, sharing: 2 } as const;
export const RIDE_METHOD_FILTERS = [0, RIDE_METHODS.private, RIDE_METHODS.sharing] as const;

/**
 * spec 3 "Vehicle options". `seats` is the seat count in the vehicle's name ("4 chỗ"); the passengers it takes
 * are one fewer (the driver's seat), which is what a price-list option reports as vehicle_seat_left.
 */
export const VEHICLE_TYPES = [
  { id: 0, seats: 0, key: 'all' },
  { id: 1, seats: 4, key: 'seat4_large_boot' },
  { id: 2, seats: 7, key: 'seat7' },
  { id: 24, seats: 16, key: 'seat16' },
] as const;
/** spec 3: hot vehicle types (17 = 4-seat economy sedan, 33 = 9-seat limousine). */
export const HOT_VEHICLE_TYPES = [1, 2, 17, 33] as const;

/** spec 9: hourly durations offered in the filter, default 6; 24 shows as 1 day, more as days. */
export const HOURLY_DAY_DURATIONS = [24, 48, 72] as const;
export const HOURLY_ACCEPTED_DURATIONS = HOURLY_DURATIONS;
export const HOURLY_DEFAULT_DURATION = DEFAULT_HOURLY_DURATION;

export const SORTS = ['price_lowest', 'price_highest', 'rating'] as const;
export type PriceSort = (typeof SORTS)[number];
/** Service classes of an option. */
export const SERVICES = ['economy', 'standard', 'premium'] as const;
export type ServiceClass = (typeof SERVICES)[number];

/** spec 1, 9: passengers per booking. */
export const MAX_CHAIR = MAX_PASSENGERS;
/** spec 5, 9: extra pickup or drop addresses. */
export const MAX_MORE_ADDRESSES = 1;

export const PRICING_ERROR_KEYS = {
  /** spec 8: 'Our service is not available at the selected route. Please contact our hotline for support.' */
  routeUnavailable: 'pricing.route_unavailable',
  /** spec 8: 'the pickup time has passed / departure must be later than now; choose again'. */
  departTimePast: DEPART_TIME_PAST_KEY,
} as const;
/** The HTTP status of a route no partner serves (a valid request the service cannot price). */
export const ROUTE_UNAVAILABLE_STATUS = 422;

/** A missing component is one `required` error, not one per field of an empty object. */
const componentSchema = addressComponentSchema.transform(parseJsonText).default(undefined);

const pageSchema = yup.number().integer().min(1).default(1);
const vehicleIdSchema = yup.number().integer().min(0).default(0);

export const moreAddressSchema = yup.object({
  address: yup.string().trim().max(500).required(),
  address_component: addressComponentSchema.required(),
  type: yup
    .string()
    .oneOf(['pick', 'drop'] as const)
    .required(),
});
export type MoreAddress = yup.InferType<typeof moreAddressSchema>;

export const priceListRequestSchema = yup.object({
  depart_time: departTimeSchema,
  dimension_id: yup.number().oneOf(PRICE_LIST_DIMENSIONS).default(BOOKING_TYPES.airport),
  pick_address: yup.string().trim().max(500).required(),
  pick_address_component: componentSchema.required(),
  drop_address: yup.string().trim().max(500).required(),
  drop_address_component: componentSchema.required(),
  more_address: yup
    .array(moreAddressSchema.required())
    .transform(parseJsonText)
    .max(MAX_MORE_ADDRESSES)
    .default(() => []),
  chair: yup.number().integer().min(1).max(MAX_CHAIR).default(1),
  vehicle_id: vehicleIdSchema,
  ride_method_id: yup.number().oneOf(RIDE_METHOD_FILTERS).default(0),
  service: yup
    .string()
    .oneOf(['', ...SERVICES] as const)
    .default(''),
  sort: yup
    .string()
    .oneOf(['', ...SORTS] as const)
    .default(''),
  page: pageSchema,
  lang: langSchema,
  /** spec 3: sent while a partner referral is valid; accepted and not used for pricing. */
  partner_domain: yup.string().max(200).optional(),
  aff_sid: yup.string().max(200).optional(),
});
export type PriceListRequest = yup.InferType<typeof priceListRequestSchema>;

export const hourlyPriceListRequestSchema = yup.object({
  depart_time: departTimeSchema,
  pick_address: yup.string().trim().max(500).required(),
  pick_address_component: componentSchema.required(),
  duration: yup.number().oneOf(HOURLY_ACCEPTED_DURATIONS).default(HOURLY_DEFAULT_DURATION),
  vehicle_id: vehicleIdSchema,
  service: yup
    .string()
    .oneOf(['', ...SERVICES] as const)
    .default(''),
  sort: yup.string().oneOf(SORTS).default('price_lowest'),
  page: pageSchema,
  lang: langSchema,
  partner_domain: yup.string().max(200).optional(),
  aff_sid: yup.string().max(200).optional(),
});
export type HourlyPriceListRequest = yup.InferType<typeof hourlyPriceListRequestSchema>;

export const pricePartnerSchema = yup.object({
  id: yup.number().integer().required(),
  name: yup.string().required(),
  /**
   * The mean of the passengers' ratings of the partner's finished trips, 1 to 5 with one decimal; null
   * while no finished trip has been rated (rating_count 0), never an invented figure.
   */
  rating: yup.number().min(1).max(5).nullable().defined(),
  rating_count: yup.number().integer().min(0).required(),
  /** Initials shown in place of a logo ("VA"). */
  logo_text: yup.string().defined(),
});
export type PricePartner = yup.InferType<typeof pricePartnerSchema>;

/** spec 3: discount_data.data.discountByHighlightBrand.hightlight_brand (the spec's spelling). */
export const discountDataSchema = yup.object({
  data: yup
    .object({
      discountByHighlightBrand: yup.object({ hightlight_brand: yup.boolean().required() }).required(),
    })
    .required(),
});

/** A toll estimate in VND, or 'NA' when the partner gives none (spec 3 Ticket.tollFee default 'NA'; spec 5 total). */
export const tollFeeSchema = yup
  .mixed<number | 'NA'>((value): value is number | 'NA' => value === 'NA' || (typeof value === 'number' && value >= 0))
  .defined();

export const priceOptionSchema = yup.object({
  /** Stable id of the option: `partner:vehicle:ride method`. */
  option_id: yup.string().required(),
  /** spec 3: the base price in whole VND (night fee and extra-address fee included; board, VAT and toll are not). */
  merged: yup.number().integer().min(0).required(),
  /** True when the option must not be chosen: shared ride too late, or the passengers do not fit. */
  hide: yup.boolean().required(),
  vehicle_id: yup.number().integer().required(),
  vehicle_name: yup.string().required(),
  vehicle_seats: yup.number().integer().min(0).required(),
  service: yup.string().oneOf(SERVICES).required(),
  service_name: yup.string().required(),
  ride_method_id: yup.number().oneOf([RIDE_METHODS.private, RIDE_METHODS.sharing]).required(),
  /** Passengers the option can still take (private: the vehicle's passenger seats; shared: seats left). */
  vehicle_seat_left: yup.number().integer().min(0).required(),
  max_share_seats: yup.number().integer().min(0).required(),
  count_people_use: yup.number().integer().min(0).required(),
  partner: pricePartnerSchema.required(),
  discount_data: discountDataSchema.required(),
  toll_fee: tollFeeSchema,
  /** Name-board pickup price, added at billing when chosen (spec 5). */
  board_price: yup.number().integer().min(0).required(),
  /** Fee for the extra address (spec 9), included in merged. */
  more_address_cost: yup.number().integer().min(0).required(),
  /** Night surcharge, included in merged. */
  night_fee: yup.number().integer().min(0).required(),
  is_airport: yup.boolean().required(),
  airport_code: yup.string().defined(),
  /** Route id: the fixed-fare zone or shared route that priced the option, 0 for distance pricing. */
  chunk_id: yup.number().integer().min(0).required(),
  /** Price model id (the partner fare). */
  pm_id: yup.number().integer().min(0).required(),
  depart_time: yup.string().required(),
  /** Before surcharges: the price of one seat of a shared ride, the trip price of a private ride. */
  unit_price: yup.number().integer().min(0).required(),
});
export type PriceOption = yup.InferType<typeof priceOptionSchema>;

export const priceListDataSchema = yup.object({
  items: yup.array(priceOptionSchema.required()).required(),
  /** spec 4: the next page to ask for, or -1 when there are no more. */
  page: yup.number().integer().required(),
  total: yup.number().integer().min(0).required(),
  sharing_too_late: yup.boolean().required(),
  /** Minutes of lead time a shared ride needs (spec 4, server config). */
  sharing_time_limit: yup.number().integer().min(0).required(),
  distance_km: yup.number().min(0).required(),
  /** spec 9: VAT percent (bill_percent_cost), added at billing when an invoice is asked for. */
  vat_percent: yup.number().min(0).required(),
});
export type PriceListData = yup.InferType<typeof priceListDataSchema>;
export const priceListResponseSchema = successSchema(priceListDataSchema.required());

export const hourlyPriceOptionSchema = yup.object({
  /** Stable id of the option: `partner:vehicle:duration`. */
  option_id: yup.string().required(),
  price: yup.number().integer().min(0).required(),
  /** Hours. */
  duration: yup.number().integer().min(1).required(),
  vehicle_id: yup.number().integer().required(),
  vehicle_name: yup.string().required(),
  vehicle_seats: yup.number().integer().min(0).required(),
  partner: pricePartnerSchema.required(),
  /** Kilometres included in the price. */
  km_limit: yup.number().integer().min(0).required(),
  extra_price_hour: yup.number().integer().min(0).required(),
  extra_price_km: yup.number().integer().min(0).required(),
  service: yup.string().oneOf(SERVICES).required(),
  service_name: yup.string().required(),
  hide: yup.boolean().required(),
  discount_data: discountDataSchema.required(),
  vat_percent: yup.number().min(0).optional(),
  /** Package id. */
  pm_id: yup.number().integer().min(0).required(),
});
export type HourlyPriceOption = yup.InferType<typeof hourlyPriceOptionSchema>;

export const hourlyPriceListDataSchema = yup.object({
  items: yup.array(hourlyPriceOptionSchema.required()).required(),
  page: yup.number().integer().required(),
  total: yup.number().integer().min(0).required(),
  vat_percent: yup.number().min(0).required(),
});
export type HourlyPriceListData = yup.InferType<typeof hourlyPriceListDataSchema>;
export const hourlyPriceListResponseSchema = successSchema(hourlyPriceListDataSchema.required());
