// Date and time in Vietnam time (Asia/Ho_Chi_Minh), whatever the zone of the device or server.
// The spec's text form of a departure is "HH:mm d/M/yyyy" (spec 3, departDatetime).
import { tz } from '@date-fns/tz';
import { addMinutes, format, isValid, parse, startOfDay } from 'date-fns';

export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';
const inVn = tz(VN_TIME_ZONE);

export const DEPART_TIME_FORMAT = 'HH:mm d/M/yyyy';

/** "08:30 5/1/2027" in Vietnam time. */
export function formatVnDateTime(date: Date | number): string {
  return format(date, DEPART_TIME_FORMAT, { in: inVn });
}

/** "5/1/2027" in Vietnam time. */
export function formatVnDate(date: Date | number): string {
  return format(date, 'd/M/yyyy', { in: inVn });
}

/** "08:30" in Vietnam time. */
export function formatVnTime(date: Date | number): string {
  return format(date, 'HH:mm', { in: inVn });
}

/** Reads "HH:mm d/M/yyyy" as Vietnam time; null when the text is not such a time. */
export function parseVnDateTime(text: string): Date | null {
  const parsed = parse(text.trim(), DEPART_TIME_FORMAT, new Date(0), { in: inVn });
  if (!isValid(parsed)) return null;
  return new Date(parsed.getTime());
}

/** Midnight of the Vietnam calendar day that holds `date`. */
export function vnStartOfDay(date: Date | number): Date {
  return new Date(startOfDay(date, { in: inVn }).getTime());
}

/** spec 4: the default pickup time is now rounded up to the next quarter hour (always later than now). */
export function nextQuarterHour(now: Date | number): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  const quarter = 15 * 60 * 1000;
  // Vietnam's offset is a whole number of hours, so quarter hours line up with UTC ones.
  const next = Math.floor(ms / quarter) * quarter + quarter;
  return addMinutes(new Date(next), 0);
}
