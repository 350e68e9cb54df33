// The pricing rules, free of I/O: the service loads the offers and measures the route, the engine turns
// them into price-list options (spec 3) with the hide, sharing and paging rules of spec 4 and 5.
import {
  NO_MORE_PAGES,
  PRICE_PAGE_SIZE,
  RIDE_METHODS,
  type HourlyPriceOption,
  type PriceOption,
  type PricePartner,
  type PriceSort,
  type ServiceClass,
} from '../../../shared/contract/pricing';
import type { Lang } from '../../../shared/domain/route-table';
import { formatVnDateTime, vnParts } from '../../../shared/domain/vn-time';
import type { KmTier, TollBand } from '../../db/schema';

export interface PartnerInfo {
  id: number;
  name: string;
  rating: number;
  ratingCount: number;
  highlighted: boolean;
  nationwide: boolean;
  /** Current province codes served. */
  provinces: readonly string[];
  /** The partner's own minimum lead time in minutes (null: the site's). */
  leadMinutes?: number | null;
  /** Weekdays (0 Sunday .. 6 Saturday) and dates (YYYY-MM-DD), Vietnam time, it does not serve. */
  offWeekdays?: readonly number[];
  offDates?: readonly string[];
  /** Most bookings it takes departing on one Vietnam day; null: no cap. */
  dailyCap?: number | null;
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A partner takes a trip departing at `departAt` unless that day (Vietnam time) is one of its days off, or the
 * departure is inside its own minimum lead time.
 */
export function servesAt(
  partner: Pick<PartnerInfo, 'leadMinutes' | 'offWeekdays' | 'offDates'>,
  departAt: Date,
  now: Date,
): boolean {
  const { year, month, day, weekday } = vnParts(departAt);
  if (partner.offWeekdays?.includes(weekday)) return false;
  if (partner.offDates?.includes(`${year}-${pad2(month + 1)}-${pad2(day)}`)) return false;
  const lead = partner.leadMinutes ?? null;
  return lead === null || departAt.getTime() - now.getTime() >= lead * 60_000;
}

/** A partner serves a province it lists; a nationwide partner serves every place. */
export function servesProvince(partner: Pick<PartnerInfo, 'nationwide' | 'provinces'>, province: string): boolean {
  return partner.nationwide || (province !== '' && partner.provinces.includes(province));
}

/**
 * Airport routes are served by the partners of the pickup's province; inter-province routes need the drop's
 * province too (`drop` given).
 */
export function servesRoute(partner: Pick<PartnerInfo, 'nationwide' | 'provinces'>, pick: string, drop?: string): boolean {
  return servesProvince(partner, pick) && (drop === undefined || servesProvince(partner, drop));
}

export interface FeeInfo {
  nightStartMinute: number;
  nightEndMinute: number;
  nightPercent: number;
  extraAddressFee: number;
  boardPrice: number;
  tollBands: TollBand[] | null;
}

export const NO_FEES: FeeInfo = {
  nightStartMinute: 22 * 60,
  nightEndMinute: 5 * 60,
  nightPercent: 0,
  extraAddressFee: 0,
  boardPrice: 0,
  tollBands: null,
};

export interface VehicleInfo {
  id: number;
  nameVi: string;
  nameEn: string;
  seats: number;
  passengers: number;
}

export interface FareOffer {
  /** The partner fare id (pm_id); 0 for an offer made of airport fares alone. */
  id: number;
  partner: PartnerInfo;
  fees: FeeInfo;
  vehicle: VehicleInfo;
  rideMethod: number;
  service: ServiceClass;
  baseFare: number;
  kmTiers: KmTier[];
  minFare: number;
  sharedSeatFactor: number | null;
  maxShareSeats: number;
  /**
   * The partner has airport fares of this class and ride method but no distance fare: the offer runs only on an
   * airport route whose other end is inside one of its zones (baseFare, kmTiers and minFare are unused).
   */
  zoneOnly?: boolean;
}

/** The service class an offer of airport fares alone shows: airport fares carry none, and it is the middle one. */
export const ZONE_ONLY_SERVICE: ServiceClass = 'standard';

export interface ZoneFare {
  id: number;
  partnerId: number;
  vehicleTypeId: number;
  rideMethod: number;
  maxKm: number;
  provinceCodes: string[];
  price: number;
}

export interface RouteFacts {
  /** Road distance of the whole trip (via the extra address). */
  distanceKm: number;
  isAirport: boolean;
  airportCode: string;
  /** Straight-line km from the airport to the other end (airport routes). */
  airportDistanceKm: number;
  /** Province of the end that is not the airport. */
  otherProvince: string;
  /** Zones of the route's airport. */
  zones: ZoneFare[];
  /** Partner id -> shared long route id, for long routes where the partner sells seats. */
  sharedRoutes: Map<number, number>;
}

export interface PriceQuery {
  chair: number;
  extraAddresses: number;
  departAt: Date;
  now: Date;
  sharingTimeLimitMinutes: number;
  lang: Lang;
}

export interface ListFilters {
  vehicleId: number;
  rideMethodId: number;
  service: string;
  sort: PriceSort | '';
  page: number;
}

const SERVICE_NAMES: Record<ServiceClass, Record<Lang, string>> = {
  economy: { vi: 'Tiết kiệm', en: 'Economy' },
  standard: { vi: 'Tiêu chuẩn', en: 'Standard' },
  premium: { vi: 'Cao cấp', en: 'Premium' },
};

export function serviceName(service: ServiceClass, lang: Lang): string {
  return SERVICE_NAMES[service][lang];
}

/** Money is whole VND rounded to 1,000đ. */
export function roundVnd(amount: number): number {
  return Math.round(amount / 1000) * 1000;
}

/** Per-km bands: each km is charged at the rate of the band it falls in, so the average per km drops with distance. */
export function tieredDistanceFare(tiers: readonly KmTier[], km: number): number {
  let total = 0;
  let from = 0;
  for (const tier of tiers) {
    const upto = tier.upto_km ?? Infinity;
    if (km <= from) break;
    total += (Math.min(km, upto) - from) * tier.per_km;
    from = upto;
  }
  return total;
}

export function tripFare(offer: Pick<FareOffer, 'baseFare' | 'kmTiers' | 'minFare'>, km: number): number {
  return roundVnd(Math.max(offer.minFare, offer.baseFare + tieredDistanceFare(offer.kmTiers, km)));
}

/** Minutes after midnight in Vietnam time, whatever the server's zone. */
export function vnMinuteOfDay(date: Date): number {
  const { hour, minute } = vnParts(date);
  return hour * 60 + minute;
}

/** The window is [start, end); it wraps midnight when start > end (22:00-05:00). */
export function isNight(date: Date, fees: Pick<FeeInfo, 'nightStartMinute' | 'nightEndMinute'>): boolean {
  const minute = vnMinuteOfDay(date);
  const { nightStartMinute: start, nightEndMinute: end } = fees;
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export function tollEstimate(bands: readonly TollBand[] | null, km: number): number | 'NA' {
  if (!bands) return 'NA';
  const band = bands.find((b) => b.upto_km === null || km <= b.upto_km);
  return band ? band.amount : 'NA';
}

/** "Vivu Airport Express" -> "VA"; shown where a logo would be. */
export function logoText(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase('vi'))
    .join('');
}

export function toPricePartner(partner: PartnerInfo): PricePartner {
  return {
    id: partner.id,
    name: partner.name,
    // No rating yet is no figure at all.
    rating: partner.ratingCount > 0 ? Math.round(partner.rating * 10) / 10 : null,
    rating_count: partner.ratingCount,
    logo_text: logoText(partner.name),
  };
}

export function highlightData(highlighted: boolean): PriceOption['discount_data'] {
  return { data: { discountByHighlightBrand: { hightlight_brand: highlighted } } };
}

/** spec 4: a shared ride needs at least the sharing time limit (minutes) of lead time. */
export function isSharingTooLate(query: Pick<PriceQuery, 'departAt' | 'now' | 'sharingTimeLimitMinutes'>): boolean {
  return query.departAt.getTime() - query.now.getTime() < query.sharingTimeLimitMinutes * 60_000;
}

/** The zone of the partner's offer that holds the other end; the smallest one when zones nest. */
export function findZone(offer: FareOffer, route: RouteFacts): ZoneFare | undefined {
  let best: ZoneFare | undefined;
  for (const zone of route.zones) {
    if (zone.partnerId !== offer.partner.id || zone.vehicleTypeId !== offer.vehicle.id || zone.rideMethod !== offer.rideMethod)
      continue;
    if (route.airportDistanceKm > zone.maxKm) continue;
    if (zone.provinceCodes.length > 0 && !zone.provinceCodes.includes(route.otherProvince)) continue;
    if (!best || zone.maxKm < best.maxKm) best = zone;
  }
  return best;
}

/** One offer priced for the route, or null when the offer does not run on it (sharing off its routes). */
export function priceOffer(offer: FareOffer, route: RouteFacts, query: PriceQuery): PriceOption | null {
  const sharing = offer.rideMethod === RIDE_METHODS.sharing;
  const zone = route.isAirport ? findZone(offer, route) : undefined;
  // Airport fares alone price only the rides their zones hold.
  if (offer.zoneOnly && !zone) return null;
  let unit: number;
  let chunkId = 0;
  if (sharing) {
    // spec 4, 5: sharing runs on airport routes (fixed seat prices by zone) and on selected long routes.
    if (zone) {
      unit = zone.price;
      chunkId = zone.id;
    } else {
      const sharedRoute = route.isAirport ? undefined : route.sharedRoutes.get(offer.partner.id);
      if (sharedRoute === undefined || offer.sharedSeatFactor === null) return null;
      unit = roundVnd(tripFare(offer, route.distanceKm) * offer.sharedSeatFactor);
      chunkId = sharedRoute;
    }
  } else if (zone) {
    unit = zone.price;
    chunkId = zone.id;
  } else {
    unit = tripFare(offer, route.distanceKm);
  }
  const base = sharing ? unit * query.chair : unit;
  const nightFee = isNight(query.departAt, offer.fees) ? roundVnd((base * offer.fees.nightPercent) / 100) : 0;
  const moreAddressCost = offer.fees.extraAddressFee * query.extraAddresses;
  const countPeopleUse = 0; // no seat of a shared ride is sold before the booking module records one
  const seatLeft = sharing ? Math.max(0, offer.maxShareSeats - countPeopleUse) : offer.vehicle.passengers;
  // spec 4: sharing hidden when too late; spec 5: passengers must fit the seats left / max share seats.
  const hide = sharing ? isSharingTooLate(query) || offer.maxShareSeats < query.chair : seatLeft < query.chair;
  return {
    option_id: `${offer.partner.id}:${offer.vehicle.id}:${offer.rideMethod}`,
    merged: base + nightFee + moreAddressCost,
    hide,
    vehicle_id: offer.vehicle.id,
    vehicle_name: query.lang === 'en' ? offer.vehicle.nameEn : offer.vehicle.nameVi,
    vehicle_seats: offer.vehicle.seats,
    service: offer.service,
    service_name: serviceName(offer.service, query.lang),
    ride_method_id: sharing ? RIDE_METHODS.sharing : RIDE_METHODS.private,
    vehicle_seat_left: seatLeft,
    max_share_seats: sharing ? offer.maxShareSeats : 0,
    count_people_use: countPeopleUse,
    partner: toPricePartner(offer.partner),
    discount_data: highlightData(offer.partner.highlighted),
    // A shared seat's price includes the tolls: the passenger does not share out the vehicle's toll.
    toll_fee: sharing ? 0 : tollEstimate(offer.fees.tollBands, route.distanceKm),
    board_price: offer.fees.boardPrice,
    more_address_cost: moreAddressCost,
    night_fee: nightFee,
    is_airport: route.isAirport,
    airport_code: route.airportCode,
    chunk_id: chunkId,
    pm_id: offer.id,
    depart_time: formatVnDateTime(query.departAt),
    unit_price: unit,
  };
}

export function matchesFilters(
  option: Pick<PriceOption, 'vehicle_id' | 'ride_method_id' | 'service'>,
  filters: Omit<ListFilters, 'sort' | 'page'>,
) {
  return (
    (filters.vehicleId === 0 || option.vehicle_id === filters.vehicleId) &&
    (filters.rideMethodId === 0 || option.ride_method_id === filters.rideMethodId) &&
    (filters.service === '' || option.service === filters.service)
  );
}

interface Sortable {
  option_id: string;
  hide: boolean;
  partner: PricePartner;
  discount_data: PriceOption['discount_data'];
}

/**
 * Options that can be chosen come before hidden ones whatever the order. Default order: highlighted brands
 * first, then the lowest price; 'rating': best rated first (not yet rated last), then the lowest price. Ties go by option id so
 * that pages never overlap.
 */
export function sortOptions<T extends Sortable>(items: T[], sort: PriceSort | '', price: (option: T) => number): T[] {
  const highlighted = (option: T) => (option.discount_data.data.discountByHighlightBrand.hightlight_brand ? 0 : 1);
  const compare = (a: T, b: T): number => {
    if (a.hide !== b.hide) return a.hide ? 1 : -1;
    let diff = 0;
    if (sort === 'price_lowest') diff = price(a) - price(b);
    else if (sort === 'price_highest') diff = price(b) - price(a);
    else if (sort === 'rating') diff = (b.partner.rating ?? 0) - (a.partner.rating ?? 0) || price(a) - price(b);
    else diff = highlighted(a) - highlighted(b) || price(a) - price(b);
    return diff || (a.option_id < b.option_id ? -1 : a.option_id > b.option_id ? 1 : 0);
  };
  return [...items].sort(compare);
}

/** spec 4, 9: 10 per page; `page` answers the next page to ask for, or -1 when this was the last. */
export function paginate<T>(items: T[], page: number, size = PRICE_PAGE_SIZE): { items: T[]; page: number; total: number } {
  const start = (page - 1) * size;
  const slice = items.slice(start, start + size);
  return { items: slice, page: start + size < items.length ? page + 1 : NO_MORE_PAGES, total: items.length };
}

export function buildPriceList(offers: FareOffer[], route: RouteFacts, query: PriceQuery, filters: ListFilters) {
  const pricedOptions: PriceOption[] = [];
  for (const offer of offers) {
    const option = priceOffer(offer, route, query);
    if (option) pricedOptions.push(option);
  }
  const shown = pricedOptions.filter((option) => matchesFilters(option, filters));
  return {
    offered: pricedOptions.length,
    ...paginate(
      sortOptions(shown, filters.sort, (option) => option.merged),
      filters.page,
    ),
  };
}

export interface HourlyOffer {
  /** The package id. */
  id: number;
  partner: PartnerInfo;
  vehicle: VehicleInfo;
  service: ServiceClass;
  durationHours: number;
  kmLimit: number;
  price: number;
  extraPerHour: number;
  extraPerKm: number;
}

export const HOURS_PER_DAY = 24;

/**
 * The package that prices a duration: an hourly package of exactly that many hours, or for 24, 48 and 72 hours
 * the day package times the days (price and km limit both scale).
 */
export function priceHourly(offer: HourlyOffer, duration: number, lang: Lang, vatPercent: number): HourlyPriceOption | null {
  let days = 1;
  if (duration >= HOURS_PER_DAY) {
    if (offer.durationHours !== HOURS_PER_DAY || duration % HOURS_PER_DAY !== 0) return null;
    days = duration / HOURS_PER_DAY;
  } else if (offer.durationHours !== duration) {
    return null;
  }
  return {
    option_id: `${offer.partner.id}:${offer.vehicle.id}:${duration}`,
    price: offer.price * days,
    duration,
    vehicle_id: offer.vehicle.id,
    vehicle_name: lang === 'en' ? offer.vehicle.nameEn : offer.vehicle.nameVi,
    vehicle_seats: offer.vehicle.seats,
    partner: toPricePartner(offer.partner),
    km_limit: offer.kmLimit * days,
    extra_price_hour: offer.extraPerHour,
    extra_price_km: offer.extraPerKm,
    service: offer.service,
    service_name: serviceName(offer.service, lang),
    // Hourly hire has no passenger count and no sharing (spec 3), so every package can be chosen.
    hide: false,
    discount_data: highlightData(offer.partner.highlighted),
    vat_percent: vatPercent,
    pm_id: offer.id,
  };
}

export function buildHourlyList(
  offers: HourlyOffer[],
  request: { duration: number; vehicleId: number; service: string; sort: PriceSort; page: number; lang: Lang },
  vatPercent: number,
) {
  const pricedOptions: HourlyPriceOption[] = [];
  for (const offer of offers) {
    const option = priceHourly(offer, request.duration, request.lang, vatPercent);
    if (option) pricedOptions.push(option);
  }
  const shown = pricedOptions.filter(
    (option) =>
      (request.vehicleId === 0 || option.vehicle_id === request.vehicleId) &&
      (request.service === '' || option.service === request.service),
  );
  return {
    offered: pricedOptions.length,
    ...paginate(
      sortOptions(shown, request.sort, (option) => option.price),
      request.page,
    ),
  };
}
