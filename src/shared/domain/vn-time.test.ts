import { describe, expect, it } from 'vitest';
import { formatVnDateTime, nextQuarterHour, parseVnDateTime, vnStartOfDay, formatVnDate } from './vn-time';

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
  });

  it('finds the start of the Vietnam day', () => {
    expect(vnStartOfDay(lateEvening).toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it('rounds up to the next quarter hour, strictly later than now', () => {
    expect(nextQuarterHour(new Date('2026-11-23T01:07:00Z')).toISOString()).toBe('2026-11-23T01:15:00.000Z');
    expect(nextQuarterHour(new Date('2026-11-23T01:15:00Z')).toISOString()).toBe('2026-11-23T01:30:00.000Z');
    expect(formatVnDateTime(nextQuarterHour(new Date('2026-11-23T16:50:00Z')))).toBe('00:00 24/11/2026');
  });
});
