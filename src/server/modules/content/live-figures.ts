// The home's figures computed from real tickets: the suggest-brand list (spec 9: the transport partners
// booked most in the last prev_day day(s), number_from to number_to of them, refreshed every
// time_refresh_number_seconds) and the environmental impact of completed shared rides. Nothing here is invented: an
// empty answer is shown as such. Both are shared by every request for a short while (cached()). The tickets module
// counts the tickets; this file decides which count and what they add up to.
import { TRANSACTION_STATUS } from '../../../shared/contract/booking';
import type { ImpactFigure, SuggestBrandsData } from '../../../shared/contract/content';
import { RIDE_METHODS } from '../../../shared/contract/pricing';
import type { Lang } from '../../../shared/domain/route-table';
import type { SystemConfig } from '../../../shared/domain/system-config';
import { haversineKm, roadKmFromStraight } from '../../adapters/router/great-circle';
import type { Db } from '../../db/client';
import { cached } from '../../http/cached';
import type { ContentRepository } from './repository';
import { bookingsPerPartner, completedTickets } from '../tickets/service';

/** One answer of get_suggest_brands is shared by every request for this long. */
export const SUGGEST_BRANDS_TTL_MS = 5_000;
/** The impact figures are shared by the requests of this many ms (the HTTP answer is cacheable for 5 minutes). */
export const IMPACT_TTL_MS = 5_000;
/**
 * kg of CO₂ per km of an average passenger car (UK DESNZ/DEFRA greenhouse-gas conversion factors, "average car,
 * unknown fuel", about 0.17 kg CO₂e per vehicle-km in the 2023 and 2024 editions). See docs/decisions.md.
 */
export const CAR_CO2_KG_PER_KM = 0.17;
/** The trip states of a ride that took place (spec 4: "not rated" and finished). */
export const COMPLETED_STATES = ['trip_completed', 'completed'] as const;
/** Night requests that never became a ride (refused by the partner or left unanswered). */
const FAILED_NIGHT = ['refused', 'expired'];
/** Bookings whose payment failed or timed out are attempts, not bookings. */
const FAILED_TRANSACTIONS = [TRANSACTION_STATUS.error, TRANSACTION_STATUS.timeout];
const DAY_MS = 24 * 60 * 60 * 1000;
const IMPACT_KEYS = ['shared_seat_km', 'car_km_avoided', 'co2_kg_avoided', 'shared_share_percent'] as const;
type ImpactKey = (typeof IMPACT_KEYS)[number];

interface Point {
  lat: number;
  lng: number;
}

/** The location of a stored address component, or null when it has none. */
export function pointOf(component: unknown): Point | null {
  const location = (component as { geometry?: { location?: { lat?: unknown; lng?: unknown } } } | null)?.geometry?.location;
  const lat = Number(location?.lat);
  const lng = Number(location?.lng);
  return Number.isFinite(lat) && Number.isFinite(lng) && location?.lat !== undefined ? { lat, lng } : null;
}

/** Road km between two points, estimated as the price list does without a routing service. */
export const roadKm = (a: Point, b: Point): number => roadKmFromStraight(haversineKm(a, b));

export interface SharedRide {
  ticketId: number;
  chair: number;
  departAt: Date;
  carId: number | null;
  km: number;
}

export interface ImpactTotals {
  sharedSeatKm: number;
  carKmAvoided: number;
  co2KgAvoided: number;
  sharedPercent: number;
}

/**
 * The figures of completed shared rides. Each booking group would otherwise have taken its own car for its own
 * distance; the tickets on one car at one departure time were one shared run, which drove the longest of their
 * distances. A shared ticket alone in its car (or with no car recorded) avoided nothing.
 */
export function impactTotals(shared: readonly SharedRide[], completedTickets: number): ImpactTotals {
  const runs = new Map<string, SharedRide[]>();
  for (const ride of shared) {
    const key = ride.carId === null ? `ticket:${ride.ticketId}` : `car:${ride.carId}:${ride.departAt.getTime()}`;
    runs.set(key, [...(runs.get(key) ?? []), ride]);
  }
  let carKmAvoided = 0;
  for (const run of runs.values()) {
    const kms = run.map((ride) => ride.km);
    carKmAvoided += kms.reduce((sum, km) => sum + km, 0) - Math.max(...kms);
  }
  const sharedSeatKm = shared.reduce((sum, ride) => sum + ride.chair * ride.km, 0);
  return {
    sharedSeatKm,
    carKmAvoided,
    co2KgAvoided: carKmAvoided * CAR_CO2_KG_PER_KM,
    sharedPercent: completedTickets > 0 ? (shared.length / completedTickets) * 100 : 0,
  };
}

const valueOf = (totals: ImpactTotals, key: ImpactKey): number =>
  ({
    shared_seat_km: totals.sharedSeatKm,
    car_km_avoided: totals.carKmAvoided,
    co2_kg_avoided: totals.co2KgAvoided,
    shared_share_percent: totals.sharedPercent,
  })[key];

const isImpactKey = (key: string): key is ImpactKey => (IMPACT_KEYS as readonly string[]).includes(key);

export interface LiveFiguresDeps {
  db: Db;
  /** The pricing module's: the active transport partners among some ids, with their logo text. */
  partners: (ids: readonly number[]) => Promise<PartnerCard[]>;
  /** The partners module's: the car assigned to each of the tickets that has one. */
  carsOfTickets: (ticketIds: readonly number[]) => Promise<Map<number, number | null>>;
  /** The editable labels, units and method texts of the impact figures. */
  repository: Pick<ContentRepository, 'impact'>;
  /** The live system config (prev_day, number_from, number_to, time_refresh_number_seconds). */
  system: () => Promise<SystemConfig>;
  now?: () => Date;
}

/** A transport partner as the suggested brands show it. */
export interface PartnerCard {
  id: number;
  name: string;
  rating: number;
  ratingCount: number;
  logoText: string;
}

export function createLiveFigures({ db, partners, carsOfTickets, repository, system, now = () => new Date() }: LiveFiguresDeps) {
  async function loadSuggestBrands(): Promise<SuggestBrandsData> {
    const config = await system();
    const at = now();
    const prevDay = Math.max(1, Math.round(config.prev_day));
    const from = Math.max(0, Math.round(config.number_from));
    const to = Math.max(0, Math.round(config.number_to));
    // The bookings per partner in the window, then the active partners among them (pricing's), ranked by bookings,
    // then rating, then id: enough rows to tell whether `from` partners have bookings; at most `to` are shown.
    const counted =
      to === 0
        ? []
        : await bookingsPerPartner(db, {
            since: new Date(at.getTime() - prevDay * DAY_MS),
            failedTransactions: FAILED_TRANSACTIONS,
            failedNight: FAILED_NIGHT,
          });
    const bookingsOf = new Map(counted.map((row) => [row.partnerId, row.bookings]));
    const cards = counted.length === 0 ? [] : await partners([...bookingsOf.keys()].filter((id): id is number => id !== null));
    const rows = cards
      .map((card) => ({ ...card, bookings: bookingsOf.get(card.id) ?? 0 }))
      .sort((a, b) => b.bookings - a.bookings || b.rating - a.rating || a.id - b.id)
      .slice(0, Math.max(to, from));
    const items =
      rows.length >= from
        ? rows.slice(0, to).map((row) => ({
            partner_id: row.id,
            name: row.name,
            logo_text: row.logoText,
            rating: Math.round(row.rating * 10) / 10,
            rating_count: row.ratingCount,
            bookings: row.bookings,
          }))
        : [];
    return {
      items,
      prev_day: prevDay,
      at: at.toISOString(),
      number_from: from,
      number_to: to,
      refresh_seconds: Math.max(1, Math.round(config.time_refresh_number_seconds)),
    };
  }

  async function loadImpact() {
    const { totals, shared } = await completedTickets(db, [...COMPLETED_STATES], RIDE_METHODS.sharing);
    // The cars are the partners module's (a ride without an assignment has none).
    const cars = await carsOfTickets(shared.map((row) => row.ticketId));
    const rides: SharedRide[] = shared.flatMap((row) => {
      const a = pointOf(row.pick);
      const b = pointOf(row.drop);
      const carId = cars.get(row.ticketId) ?? null;
      return a && b ? [{ ticketId: row.ticketId, chair: row.chair, departAt: row.departAt, carId, km: roadKm(a, b) }] : [];
    });
    return {
      completed: totals?.n ?? 0,
      first: totals?.first ? new Date(totals.first) : null,
      totals: impactTotals(rides, totals?.n ?? 0),
    };
  }

  const suggest = cached(loadSuggestBrands, SUGGEST_BRANDS_TTL_MS, () => now().getTime());
  const impact = cached(loadImpact, IMPACT_TTL_MS, () => now().getTime());

  return {
    suggestBrands: () => suggest.get(),

    /**
     * The impact figures in the language, from the completed tickets (booked since `period_start`); the labels, units and method
     * texts are the editable rows of content_impact_figures. No completed trip yet: no figures (the home says so).
     */
    async homepageImpact(lang: Lang): Promise<{ items: ImpactFigure[]; period_start: string; period_end: string }> {
      const [{ completed, first, totals }, rows] = await Promise.all([impact.get(), repository.impact()]);
      const today = now().toISOString().slice(0, 10);
      if (completed === 0 || !first) return { items: [], period_start: today, period_end: today };
      return {
        items: rows
          .filter((row) => isImpactKey(row.key))
          .map((row) => ({
            key: row.key,
            value: Math.round(valueOf(totals, row.key as ImpactKey) * 10) / 10,
            unit: lang === 'vi' ? row.unitVi : row.unitEn,
            label: lang === 'vi' ? row.labelVi : row.labelEn,
            method: lang === 'vi' ? row.methodVi : row.methodEn,
          })),
        period_start: first.toISOString().slice(0, 10),
        period_end: today,
      };
    },
  };
}

export type LiveFigures = ReturnType<typeof createLiveFigures>;
