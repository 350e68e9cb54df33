// The search of the booking widget as it travels in the price-list URL (spec 2: a price list can be
// shared and reloaded). Places go by id and are looked up again on the price-list page.
import type { Suggestion } from '../contract/places';
import { isFutureDepartTime } from './depart-time';

export const BOOKING_TYPE = { airport: 1, hourly: 2, interProvince: 3 } as const;
export type BookingType = (typeof BOOKING_TYPE)[keyof typeof BOOKING_TYPE];

export const MAX_PASSENGERS = 16;
export const DEFAULT_SEATS = 1;
/** spec 9: hourly duration choices (hours); 24 shows as 1 day and more as days. */
export const HOURLY_DURATIONS = [2, 4, 6, 8, 10, 12, 24, 48, 72] as const;
export const DEFAULT_HOURLY_DURATION = 6;

export interface TripSearch {
  type: 1 | 3;
  pick: string;
  drop: string;
  /** An extra pickup or drop address (at most one, spec 5). */
  more?: { place: string; kind: 'pick' | 'drop' };
  /** "HH:mm d/M/yyyy", Vietnam time. */
  time: string;
  chair: number;
}

export interface HourlySearch {
  pick: string;
  time: string;
  duration: number;
}

/**
 * The same searches as a search form hands them on (the booking widget, a ticket's return trip), before the price-list
 * links turn them into the URL's ids: each place as the address box chose it.
 */
export interface TripSubmit {
  type: 1 | 3;
  pick: Suggestion;
  drop: Suggestion;
  more?: { place: Suggestion; kind: 'pick' | 'drop' };
  time: string;
  chair: number;
}

export interface HourlySubmit {
  pick: Suggestion;
  time: string;
  duration: number;
}

type Raw = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const int = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number.parseInt(text(value), 10);
  return Number.isInteger(n) ? n : Number.NaN;
};

/** The search from URL parameters, or null when it is incomplete (the page then sends the user home). */
export function parseTripSearch(raw: Raw): TripSearch | null {
  const type = int(raw.type) === 3 ? 3 : 1;
  const pick = text(raw.pick);
  const drop = text(raw.drop);
  const time = text(raw.time);
  const chair = int(raw.chair);
  if (!pick || !drop || !time) return null;
  const search: TripSearch = {
    type,
    pick,
    drop,
    time,
    chair: chair >= 1 && chair <= MAX_PASSENGERS ? chair : DEFAULT_SEATS,
  };
  const more = text(raw.more);
  if (more) search.more = { place: more, kind: text(raw.moreKind) === 'drop' ? 'drop' : 'pick' };
  return search;
}

export function tripSearchParams(search: TripSearch): Record<string, string> {
  const params: Record<string, string> = {
    type: String(search.type),
    pick: search.pick,
    drop: search.drop,
    time: search.time,
    chair: String(search.chair),
  };
  if (search.more) {
    params.more = search.more.place;
    params.moreKind = search.more.kind;
  }
  return params;
}

export function parseHourlySearch(raw: Raw): HourlySearch | null {
  const pick = text(raw.pick);
  const time = text(raw.time);
  const duration = int(raw.duration);
  if (!pick || !time) return null;
  return {
    pick,
    time,
    duration: (HOURLY_DURATIONS as readonly number[]).includes(duration) ? duration : DEFAULT_HOURLY_DURATION,
  };
}

export function hourlySearchParams(search: HourlySearch): Record<string, string> {
  return { pick: search.pick, time: search.time, duration: String(search.duration) };
}

/** spec 9: 24 hours shows as 1 day, more as days. */
export function durationParts(hours: number): { unit: 'hours' | 'days'; count: number } {
  return hours >= 24 && hours % 24 === 0 ? { unit: 'days', count: hours / 24 } : { unit: 'hours', count: hours };
}

/** Whether a search may be submitted now (spec 2: fields filled and time later than now). */
export function canSearch(fields: { pick: boolean; drop: boolean | null; time: string }, now: Date | number): boolean {
  return fields.pick && fields.drop !== false && isFutureDepartTime(fields.time, now);
}
