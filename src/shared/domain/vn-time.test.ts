import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  endOfWorkingDays,
  formatVnDate,
  formatVnDateTime,
  nextQuarterHour,
  parseVnDateTime,
  vnDate,
  vnParts,
  vnStartOfDay,
} from './vn-time';

// 2026-11-23T17:30:00Z is 00:30 on 24/11/2026 in Vietnam (UTC+7).
const lateEvening = new Date('2026-11-23T17:30:00Z');

describe('Vietnam time helpers', () => {
  it('formats in Vietnam time whatever the process zone', () => {
    expect(process.env.TZ).toBe('America/Los_Angeles');
    expect(formatVnDateTime(lateEvening)).toBe('00:30 24/11/2026');
    expect(formatVnDate(lateEvening)).toBe('24/11/2026');
  });

  it('parses the spec text form as Vietnam time', () => {
    expect(parseVnDateTime('00:30 24/11/2026')?.toISOString()).toBe('2026-11-23T17:30:00.000Z');
    expect(parseVnDateTime('08:05 1/2/2027')?.toISOString()).toBe('2027-02-01T01:05:00.000Z');
    expect(parseVnDateTime('not a time')).toBeNull();
    expect(parseVnDateTime('25:00 1/2/2027')).toBeNull();
    expect(parseVnDateTime('08:60 1/2/2027')).toBeNull();
    expect(parseVnDateTime('08:00 29/2/2027')).toBeNull();
    expect(parseVnDateTime('08:00 29/2/2028')?.toISOString()).toBe('2028-02-29T01:00:00.000Z');
    expect(parseVnDateTime('08:00 1/13/2027')).toBeNull();
    expect(parseVnDateTime(' 8:00 01/02/2027 ')?.toISOString()).toBe('2027-02-01T01:00:00.000Z');
  });

  it('gives the Vietnam calendar fields and back, across the UTC day line', () => {
    expect(vnParts(lateEvening)).toEqual({ year: 2026, month: 10, day: 24, hour: 0, minute: 30, weekday: 2 });
    expect(vnDate(2026, 10, 24, 0, 30).getTime()).toBe(lateEvening.getTime());
    // 31 December 23:30 UTC is already the next year in Vietnam.
    expect(vnParts(new Date('2026-12-31T23:30:00Z'))).toMatchObject({ year: 2027, month: 0, day: 1, hour: 6 });
    expect(daysInMonth(2028, 1)).toBe(29);
    expect(daysInMonth(2027, 1)).toBe(28);
    expect(daysInMonth(2027, 11)).toBe(31);
  });

  it('agrees with the time zone database for every hour of a year', () => {
    const zone = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Ho_Chi_Minh',
      hour: '2-digit',
      minute: '2-digit',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hourCycle: 'h23',
    });
    for (let at = Date.UTC(2027, 0, 1); at < Date.UTC(2028, 0, 1); at += 7 * 3600_000 + 60_000) {
      const parts = Object.fromEntries(zone.formatToParts(at).map((part) => [part.type, part.value]));
      expect(formatVnDateTime(at)).toBe(
        `${parts.hour}:${parts.minute} ${Number(parts.day)}/${Number(parts.month)}/${parts.year}`,
      );
    }
  });

  it('finds the start of the Vietnam day', () => {
    expect(vnStartOfDay(lateEvening).toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('rounds up to the next quarter hour, strictly later than now', () => {
    expect(nextQuarterHour(new Date('2026-11-23T01:07:00Z')).toISOString()).toBe('2026-11-23T01:15:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T01:15:00Z')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(formatVnDateTime(nextQuarterHour(new Date('2026-11-23T16:50:00Z')))).toBe('00:00 24/11/2026');
  });

  it('ends a promise of working days at the midnight after the last one, weekends skipped, in Vietnam time', () => {
    // Monday 30/11/2026 10:00 → the end of Wednesday 2/12.
    expect(formatVnDateTime(endOfWorkingDays(vnDate(2026, 10, 30, 10), 2))).toBe('00:00 3/12/2026');
    // Thursday 3/12 → the end of Monday 7/12; Friday, Saturday and Sunday → the end of Tuesday 8/12.
    expect(formatVnDateTime(endOfWorkingDays(vnDate(2026, 11, 3, 9), 2))).toBe('00:00 8/12/2026');
    for (const day of [4, 5, 6]) {
      expect(formatVnDateTime(endOfWorkingDays(vnDate(2026, 11, day, 23, 59), 2))).toBe('00:00 9/12/2026');
    }
    // 23:30 on a Tuesday in Vietnam is still Tuesday there (16:30 UTC): the end of Thursday.
    expect(endOfWorkingDays(new Date('2026-12-01T16:30:00Z'), 2).toISOString()).toBe('2026-12-03T17:00:00.000Z');
    // Across a month's and a year's end: Wednesday 30/12/2026 → the end of Friday 1/1/2027.
    expect(formatVnDateTime(endOfWorkingDays(vnDate(2026, 11, 30, 8), 2))).toBe('00:00 2/1/2027');
  });
});
