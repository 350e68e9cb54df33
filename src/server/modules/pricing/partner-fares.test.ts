// The outlier rule of a partner's fare change and the days a partner takes trips on.
import { describe, expect, it } from 'vitest';
import { vnDate } from '../../../shared/domain/vn-time';
import { servesAt } from './engine';
import { median, outlierMedian } from './partner-fares';

describe('outlierMedian', () => {
  it('answers the median when the fare is more than 3 times it or less than a third of it', () => {
    expect(median([300_000, 100_000, 200_000])).toBe(200_000);
    expect(median([100_000, 200_000])).toBe(150_000);
    expect(outlierMedian(600_000, [100_000, 200_000, 300_000])).toBeNull();
    expect(outlierMedian(601_000, [100_000, 200_000, 300_000])).toBe(200_000);
    expect(outlierMedian(67_000, [100_000, 200_000, 300_000])).toBeNull();
    expect(outlierMedian(66_000, [100_000, 200_000, 300_000])).toBe(200_000);
  });
  it('has nothing to compare with when the partner has no other fare of the kind', () => {
    expect(outlierMedian(9_000_000, [])).toBeNull();
  });
});

describe('servesAt', () => {
  const now = vnDate(2026, 11, 1, 8, 0);
  const depart = vnDate(2026, 11, 3, 14, 0); // Thursday 3 December 2026, Vietnam time
  it('refuses a weekday or a date off, Vietnam time', () => {
    expect(servesAt({ offWeekdays: [4] }, depart, now)).toBe(false);
    expect(servesAt({ offWeekdays: [3, 5] }, depart, now)).toBe(true);
    expect(servesAt({ offDates: ['2026-12-03'] }, depart, now)).toBe(false);
    expect(servesAt({ offDates: ['2026-12-02'] }, depart, now)).toBe(true);
    // 00:30 on the 4th in Vietnam is still the 3rd in UTC: the Vietnam date counts.
    expect(servesAt({ offDates: ['2026-12-04'] }, vnDate(2026, 11, 4, 0, 30), now)).toBe(false);
  });
  it('refuses a departure inside the partner lead time', () => {
    expect(servesAt({ leadMinutes: 54 * 60 }, depart, now)).toBe(true);
    expect(servesAt({ leadMinutes: 54 * 60 + 1 }, depart, now)).toBe(false);
    expect(servesAt({ leadMinutes: null }, depart, now)).toBe(true);
  });
});
