import { describe, expect, it } from 'vitest';
import { formatVnd } from './money';

describe('formatVnd', () => {
  it('shows zero as 0đ', () => {
    expect(formatVnd(0)).toBe('0đ');
  });
  it('groups thousands with dots', () => {
    expect(formatVnd(1_250_000)).toBe('1.250.000đ');
    expect(formatVnd(999)).toBe('999đ');
    expect(formatVnd(1000)).toBe('1.000đ');
    expect(formatVnd(10_000)).toBe('10.000đ');
    expect(formatVnd(100_000)).toBe('100.000đ');
    expect(formatVnd(1_000_000_000)).toBe('1.000.000.000đ');
  });
  it('rounds to whole dong and keeps the sign', () => {
    expect(formatVnd(1234.6)).toBe('1.235đ');
    expect(formatVnd(-50_000)).toBe('-50.000đ');
  });
  it('treats a non-number as zero', () => {
    expect(formatVnd(Number.NaN)).toBe('0đ');
  });
});
