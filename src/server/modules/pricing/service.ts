// The price-list rules around the engine: which partners serve the route (spec 3 request), how far it is, and
// the live sharing time limit and VAT percent from the config service (spec 4, 9). The catalogue of fares is
// read from the database at most every CATALOGUE_TTL_MS, like the configuration, so a price list costs no query.
import type {
  HourlyPriceListData,
  HourlyPriceListRequest,
  PriceListData,
  PriceListRequest,
} from '../../../shared/contract/pricing';
import { BOOKING_TYPES } from '../../../shared/contract/pricing';
import type { AddressComponent } from '../../../shared/contract/places';
import { parseVnDateTime, vnStartOfDay } from '../../../shared/domain/vn-time';
import { lockDailyCap, type CapExecutor } from './daily-cap';
import { haversineKm } from '../../adapters/router/great-circle';
import type { LatLng, Router } from '../../adapters/router/types';
import { cached } from '../../http/cached';
import { CONFIG_TTL_MS, type ConfigService } from '../config/service';
import {
  buildHourlyList,
  buildPriceList,
  isSharingTooLate,
  logoText,
  servesAt,
  servesRoute,
  type PartnerInfo,
  type RouteFacts,
  type ZoneFare,
} from './engine';
import type { PricingCatalogue, PricingRepository } from './repository';

/** A booked trip as the partners serving it are found (the operator desk's move of a ticket). */
export interface ServedTrip {
  kind: string;
  vehicleId: number;
  dimensionId: number;
  pickProvince: string;
  dropProvince: string;
  departAt: Date;
}

export type PricingResult<T> = { ok: true; data: T } | { ok: false; reason: 'route_unavailable' };

/** An operator's change of fares reaches every server as soon as a configuration change does. */
export const CATALOGUE_TTL_MS = CONFIG_TTL_MS;

export interface PricingServiceOptions {
  repository: PricingRepository;
  config: ConfigService;
  router: Router;
  now?: () => Date;
  catalogueTtlMs?: number;
  /** The tickets module's count of each partner's live bookings departing in a range (for the daily caps). */
  dayCounts?: (partnerIds: readonly number[], from: Date, to: Date) => Promise<Map<number, number>>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface IndexedCatalogue extends PricingCatalogue {
  zonesByAirport: Map<string, ZoneFare[]>;
}

function indexCatalogue(catalogue: PricingCatalogue): IndexedCatalogue {
  const zonesByAirport = new Map<string, ZoneFare[]>();
  for (const zone of catalogue.zones) {
    const list = zonesByAirport.get(zone.airportCode) ?? [];
    list.push(zone);
    zonesByAirport.set(zone.airportCode, list);
  }
  return { ...catalogue, zonesByAirport };
}

/** Partner id -> shared route id for the long routes between two provinces (either direction). */
function sharedRoutesBetween(catalogue: PricingCatalogue, a: string, b: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!a || !b || a === b) return out;
  for (const route of catalogue.sharedRoutes) {
    if ((route.provinceA === a && route.provinceB === b) || (route.provinceA === b && route.provinceB === a))
      out.set(route.partnerId, route.id);
  }
  return out;
}

const isAirport = (component: AddressComponent) => component.kind === 'airport' || component.airport_code !== '';
const locationOf = (component: AddressComponent): LatLng => component.geometry.location;

/** The departure time was validated by the contract; a value that no longer parses is treated as now. */
function departAt(text: string, now: Date): Date {
  return parseVnDateTime(text) ?? now;
}

export function createPricingService({
  repository,
  config,
  router,
  now = () => new Date(),
  catalogueTtlMs = CATALOGUE_TTL_MS,
  dayCounts,
}: PricingServiceOptions) {
  const fares = cached(
    () => repository.catalogue().then(indexCatalogue),
    catalogueTtlMs,
    () => now().getTime(),
  );
  const catalogue = () => fares.get();

  /** The offers whose partner has not reached its daily cap on the departure's Vietnam day. */
  async function underCap<T extends { partner: PartnerInfo }>(offers: T[], departsAt: Date): Promise<T[]> {
    const capped = [...new Set(offers.filter((o) => o.partner.dailyCap != null).map((o) => o.partner.id))];
    if (capped.length === 0 || !dayCounts) return offers;
    const from = vnStartOfDay(departsAt);
    const counts = await dayCounts(capped, from, new Date(from.getTime() + DAY_MS));
    return offers.filter((o) => o.partner.dailyCap == null || (counts.get(o.partner.id) ?? 0) < o.partner.dailyCap);
  }

  return {
    /**
     * In a booking's transaction: the partner's daily cap with its row locked, and the Vietnam day of `departsAt`
     * the cap counts; null when the partner has no cap (nothing locked).
     */
    async claimDailyCap(
      tx: CapExecutor,
      partnerId: number,
      departsAt: Date,
    ): Promise<{ cap: number; from: Date; to: Date } | null> {
      const cap = await lockDailyCap(tx, partnerId);
      if (cap === null) return null;
      const from = vnStartOfDay(departsAt);
      return { cap, from, to: new Date(from.getTime() + DAY_MS) };
    },

    async priceList(request: PriceListRequest): Promise<PricingResult<PriceListData>> {
      const pick = request.pick_address_component;
      const drop = request.drop_address_component;
      const airportEnd = isAirport(pick) ? pick : isAirport(drop) ? drop : null;
      const otherEnd = airportEnd === pick ? drop : pick;
      // spec 5: at most one extra address, an extra pickup after the pickup or an extra drop before the drop.
      const extraPicks = request.more_address.filter((m) => m.type === 'pick').map((m) => locationOf(m.address_component));
      const extraDrops = request.more_address.filter((m) => m.type === 'drop').map((m) => locationOf(m.address_component));
      const points = [locationOf(pick), ...extraPicks, ...extraDrops, locationOf(drop)];
      const [snapshot, distance, fares] = await Promise.all([config.get(), router.distance(points), catalogue()]);
      const dropProvince = request.dimension_id === BOOKING_TYPES.interProvince ? drop.province_code : undefined;
      const current = now();
      const departsAt = departAt(request.depart_time, current);
      const offers = await underCap(
        fares.offers.filter(
          (offer) => servesRoute(offer.partner, pick.province_code, dropProvince) && servesAt(offer.partner, departsAt, current),
        ),
        departsAt,
      );
      const route: RouteFacts = {
        distanceKm: distance.km,
        isAirport: airportEnd !== null,
        airportCode: airportEnd?.airport_code ?? '',
        airportDistanceKm: airportEnd ? haversineKm(locationOf(airportEnd), locationOf(otherEnd)) : 0,
        otherProvince: otherEnd.province_code,
        zones: airportEnd ? (fares.zonesByAirport.get(airportEnd.airport_code) ?? []) : [],
        sharedRoutes: airportEnd ? new Map() : sharedRoutesBetween(fares, pick.province_code, drop.province_code),
      };
      const query = {
        chair: request.chair,
        extraAddresses: request.more_address.length,
        departAt: departsAt,
        now: current,
        sharingTimeLimitMinutes: snapshot.system.sharing_time_limit,
        lang: request.lang,
      };
      const list = buildPriceList(offers, route, query, {
        vehicleId: request.vehicle_id,
        rideMethodId: request.ride_method_id,
        service: request.service,
        sort: request.sort,
        page: request.page,
      });
      // spec 8: no partner offers the route at all (filters that match nothing still answer an empty list).
      if (list.offered === 0) return { ok: false, reason: 'route_unavailable' };
      return {
        ok: true,
        data: {
          items: list.items,
          page: list.page,
          total: list.total,
          sharing_too_late: isSharingTooLate(query),
          sharing_time_limit: snapshot.system.sharing_time_limit,
          distance_km: Math.round(distance.km * 10) / 10,
          // spec 9: VAT is reported for the billing step, never added to merged.
          vat_percent: snapshot.system.bill_percent_cost,
        },
      };
    },

    async hourlyPriceList(request: HourlyPriceListRequest): Promise<PricingResult<HourlyPriceListData>> {
      const [snapshot, fares] = await Promise.all([config.get(), catalogue()]);
      const province = request.pick_address_component.province_code;
      const vat = snapshot.system.bill_percent_cost;
      const current = now();
      const departsAt = departAt(request.depart_time, current);
      const list = buildHourlyList(
        await underCap(
          fares.hourly.filter((offer) => servesRoute(offer.partner, province) && servesAt(offer.partner, departsAt, current)),
          departsAt,
        ),
        {
          duration: request.duration,
          vehicleId: request.vehicle_id,
          service: request.service,
          sort: request.sort,
          page: request.page,
          lang: request.lang,
        },
        vat,
      );
      if (list.offered === 0) return { ok: false, reason: 'route_unavailable' };
      return { ok: true, data: { items: list.items, page: list.page, total: list.total, vat_percent: vat } };
    },

    /** Vehicle type names by id, in both languages (the partner console's lists name them). */
    vehicleNames: () => repository.vehicleNames(),

    /** The names a ticket shows: its partner's and its vehicle type's (the ticket page names them). */
    ticketNames: (partnerId: number, vehicleId: number) => repository.ticketNames(partnerId, vehicleId),

    /** The active transport partners among `ids`, with the text shown where a logo would be. */
    async activePartners(ids: readonly number[]) {
      const rows = await repository.activePartners(ids);
      return rows.map((row) => ({ ...row, logoText: logoText(row.name) }));
    },

    /**
     * The partners that serve a booked trip: an offer of its vehicle type (an hourly package for an hourly hire) by a
     * partner serving its provinces, on its day (days off count; the partner's lead time does not: the operator desk
     * moves a ticket when it must). By name.
     */
    async servingPartners(trip: ServedTrip): Promise<{ id: number; name: string }[]> {
      const { offers, hourly } = await catalogue();
      const list = trip.kind === 'hourly' ? hourly : offers;
      const dropProvince = trip.dimensionId === BOOKING_TYPES.interProvince ? trip.dropProvince : undefined;
      const found = new Map<number, string>();
      for (const offer of list) {
        if (offer.vehicle.id !== trip.vehicleId || found.has(offer.partner.id)) continue;
        const partner = { ...offer.partner, leadMinutes: null };
        if (servesRoute(partner, trip.pickProvince, dropProvince) && servesAt(partner, trip.departAt, trip.departAt))
          found.set(partner.id, partner.name);
      }
      return [...found].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },

    /** A partner's own minimum lead time in minutes, from the kept catalogue (null: the site's, or no such partner). */
    async partnerLeadMinutes(partnerId: number): Promise<number | null> {
      const { offers, hourly } = await catalogue();
      const offer = offers.find((item) => item.partner.id === partnerId) ?? hourly.find((item) => item.partner.id === partnerId);
      return offer?.partner.leadMinutes ?? null;
    },

    /** Drops the kept catalogue (after an operator's change, or in tests). */
    invalidate() {
      fares.invalidate();
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
