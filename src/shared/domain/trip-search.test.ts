import { describe, expect, it } from 'vitest';
import { canSearch, durationParts, parseHourlySearch, parseTripSearch, tripSearchParams } from './trip-search';

describe('trip search in the URL', () => {
  it('round-trips through URL parameters', () => {
    const search = { type: 1 as const, pick: 'airport:HAN', drop: 'ward:00070', time: '08:30 5/1/2027', chair: 3 };
    expect(parseTripSearch(tripSearchParams(search))).toEqual(search);
    const more = { ...search, more: { place: 'place:P00001', kind: 'drop' as const } };
    expect(parseTripSearch(tripSearchParams(more))).toEqual(more);
  });

  it('reads numbers the router already parsed, and repairs a bad passenger count', () => {
    expect(parseTripSearch({ type: 3, pick: 'a', drop: 'b', time: '08:30 5/1/2027', chair: 40 })).toMatchObject({
      type: 3,
      chair: 1,
    });
  });

  it('is incomplete without a place or a time', () => {
    expect(parseTripSearch({ pick: 'a', time: '08:30 5/1/2027' })).toBeNull();
    expect(parseHourlySearch({ time: '08:30 5/1/2027' })).toBeNull();
  });

  it('falls back to the default hourly duration', () => {
    expect(parseHourlySearch({ pick: 'a', time: 't', duration: 5 })?.duration).toBe(6);
    expect(parseHourlySearch({ pick: 'a', time: 't', duration: '48' })?.duration).toBe(48);
  });
});

describe('durations', () => {
  it('show 24 hours as 1 day and more as days', () => {
    expect(durationParts(6)).toEqual({ unit: 'hours', count: 6 });
    expect(durationParts(24)).toEqual({ unit: 'days', count: 1 });
    expect(durationParts(72)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('the search button', () => {
  const now = new Date('2027-01-05T10:00:00+07:00');
  it('needs both places (one for hourly) and a future time', () => {
    expect(canSearch({ pick: true, drop: true, time: '10:15 5/1/2027' }, now)).toBe(true);
    expect(canSearch({ pick: true, drop: null, time: '10:15 5/1/2027' }, now)).toBe(true);
    expect(canSearch({ pick: true, drop: false, time: '10:15 5/1/2027' }, now)).toBe(false);
    expect(canSearch({ pick: true, drop: true, time: '09:45 5/1/2027' }, now)).toBe(false);
  });
});
