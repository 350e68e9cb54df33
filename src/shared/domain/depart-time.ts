// Depart time rules (spec 2 and 4 call it the pickup time): a calendar day, then a time list in 15-minute steps over
// 24 hours; past slots are disabled; the default is now rounded up to the next quarter hour; after 23:45 the first day
// offered is tomorrow. All in Vietnam time.
import { formatVnDate, formatVnTime, nextQuarterHour, parseVnDateTime, vnStartOfDay } from './vn-time';

export const DEPART_TIME_STEP_MINUTES = 15;
/** Bookings are taken this many days ahead at most. */
export const DEPART_TIME_MAX_DAYS_AHEAD = 90;

export interface TimeSlot {
  /** "HH:mm" */
  label: string;
  at: Date;
  disabled: boolean;
}

/** The default pickup: the next quarter hour strictly after now. */
export function defaultDepartAt(now: Date | number): Date {
  return nextQuarterHour(now);
}

/** The first day the calendar offers: today, or tomorrow once the last slot of today (23:45) has begun. */
export function minDepartDay(now: Date | number): Date {
  return vnStartOfDay(defaultDepartAt(now));
}

/** The last instant offered: DEPART_TIME_MAX_DAYS_AHEAD days from now, or the booking horizon when it is nearer. */
export function latestDepartAt(now: Date | number, horizonDays: number = DEPART_TIME_MAX_DAYS_AHEAD): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  return new Date(ms + Math.min(DEPART_TIME_MAX_DAYS_AHEAD, horizonDays) * 24 * 3600 * 1000);
}

export function maxDepartDay(now: Date | number, horizonDays: number = DEPART_TIME_MAX_DAYS_AHEAD): Date {
  // Vietnam has no daylight saving, so a day is always 24 hours there.
  return vnStartOfDay(latestDepartAt(now, horizonDays));
}

/** A configured step (spec 9 pickup_time_step_minutes) that divides the day into whole slots of 5 to 60 minutes. */
export function departTimeStep(minutes: number): number {
  return Number.isInteger(minutes) && minutes >= 5 && minutes <= 60 && (24 * 60) % minutes === 0
    ? minutes
    : DEPART_TIME_STEP_MINUTES;
}

/**
 * The slots of a Vietnam calendar day (`day` is any instant in it), 96 at the default 15-minute step (spec 9
 * pickup_time_step_minutes); slots not later than now, or past `latest` (the booking horizon), are disabled.
 */
export function timeSlots(
  day: Date | number,
  now: Date | number,
  stepMinutes: number = DEPART_TIME_STEP_MINUTES,
  latest: Date | number = Number.POSITIVE_INFINITY,
): TimeSlot[] {
  const start = vnStartOfDay(day).getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const latestMs = typeof latest === 'number' ? latest : latest.getTime();
  const step = departTimeStep(stepMinutes);
  return Array.from({ length: (24 * 60) / step }, (_, index) => {
    const at = new Date(start + index * step * 60_000);
    return { label: formatVnTime(at), at, disabled: at.getTime() <= nowMs || at.getTime() > latestMs };
  });
}

/** spec 5: the departure must be later than now. */
export function isFutureDepartTime(text: string, now: Date | number): boolean {
  const at = parseVnDateTime(text);
  const nowMs = typeof now === 'number' ? now : now.getTime();
  return at !== null && at.getTime() > nowMs;
}

/** The pickup as the two halves the picker shows: "d/M/yyyy" and "HH:mm". */
export function splitDepartAt(at: Date): { date: string; time: string } {
  return { date: formatVnDate(at), time: formatVnTime(at) };
}
