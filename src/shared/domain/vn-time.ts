// Date and time in Vietnam time (Asia/Ho_Chi_Minh), whatever the zone of the device or server.
// The spec's text form of a departure is "HH:mm d/M/yyyy" (spec 3, departDatetime).
//
// Vietnam has kept UTC+7 all year, without daylight saving, since 1975 (the tz database's Asia/Ho_Chi_Minh), so
// Vietnam time is UTC shifted by seven hours: plain arithmetic, with no date library in the PWA's first load
//. Every booking time is in the future, far from 1975.

export const VN_TIME_ZONE = 'Asia/Ho_Chi_Minh';
const OFFSET_MS = 7 * 60 * 60 * 1000;

export const DEPART_TIME_FORMAT = 'HH:mm d/M/yyyy';

/** The Vietnam calendar fields of an instant (month 0–11, weekday 0 = Sunday). */
export interface VnParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

export function vnParts(date: Date | number): VnParts {
  const shifted = new Date((typeof date === 'number' ? date : date.getTime()) + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    weekday: shifted.getUTCDay(),
  };
}

/** The instant of a Vietnam wall-clock time (month 0–11; out-of-range fields roll over like Date.UTC). */
export function vnDate(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) - OFFSET_MS);
}

/** The number of days of a calendar month (month 0–11). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "08:30" in Vietnam time. */
export function formatVnTime(date: Date | number): string {
  const { hour, minute } = vnParts(date);
  return `${pad(hour)}:${pad(minute)}`;
}

/** "5/1/2027" in Vietnam time. */
export function formatVnDate(date: Date | number): string {
  const { year, month, day } = vnParts(date);
  return `${day}/${month + 1}/${year}`;
}

/** "08:30 5/1/2027" in Vietnam time. */
export function formatVnDateTime(date: Date | number): string {
  return `${formatVnTime(date)} ${formatVnDate(date)}`;
}

const DEPART_TIME = /^(\d{1,2}):(\d{2}) (\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Reads "HH:mm d/M/yyyy" as Vietnam time; null when the text is not such a time (25:00, 31/2…). */
export function parseVnDateTime(text: string): Date | null {
  const match = DEPART_TIME.exec(text.trim());
  if (!match) return null;
  const [hour, minute, day, month, year] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) return null;
  return vnDate(year, month - 1, day, hour, minute);
}

/** Midnight of the Vietnam calendar day that holds `date`. */
export function vnStartOfDay(date: Date | number): Date {
  const { year, month, day } = vnParts(date);
  return vnDate(year, month, day);
}

/** spec 4: the default pickup time is now rounded up to the next quarter hour (always later than now). */
export function nextQuarterHour(now: Date | number): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  const quarter = 15 * 60 * 1000;
  // Vietnam's offset is a whole number of hours, so quarter hours line up with UTC ones.
  return new Date(Math.floor(ms / quarter) * quarter + quarter);
}

/** How fresh a copy is, as the notices say it: "10:32" today, "10:32 5/1/2027" another day (Vietnam time). */
export function freshnessText(at: number, now = Date.now()): string {
  return formatVnDate(at) === formatVnDate(now) ? formatVnTime(at) : formatVnDateTime(at);
}

/**
 * The end of the `count`-th working day (Monday to Friday, Vietnam time) after the day of `received`: the instant the
 * next day begins. "Within 2 working days" of a Monday is by the end of Wednesday; of a Friday, Saturday or Sunday,
 * by the end of Tuesday. Public holidays are not known here: they only make the promise stricter for the staff.
 */
export function endOfWorkingDays(received: Date | number, count: number): Date {
  const { year, month, day } = vnParts(received);
  let offset = 0;
  let left = count;
  while (left > 0) {
    offset += 1;
    const weekday = vnParts(vnDate(year, month, day + offset)).weekday;
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return vnDate(year, month, day + offset + 1);
}
