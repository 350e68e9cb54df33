import { describe, expect, it } from 'vitest';
import { centsOfUsd, usdOfCents, vndToUsdCents } from './usd';

describe('vndToUsdCents', () => {
  it('rounds half up to the cent and never charges nothing', () => {
    expect(vndToUsdCents(1_270_000, 25_400)).toBe(5000);
    expect(vndToUsdCents(350_000, 25_400)).toBe(1378); // 13.779…
    expect(vndToUsdCents(127, 25_400)).toBe(1); // exactly half a cent
    expect(vndToUsdCents(126, 25_400)).toBe(1); // below half a cent: still one cent
    expect(vndToUsdCents(381, 25_400)).toBe(2); // 1.5 cents
    expect(vndToUsdCents(380, 25_400)).toBe(1); // 1.496 cents
  });

  it('refuses amounts and rates that are not ones', () => {
    expect(() => vndToUsdCents(0, 25_400)).toThrow(RangeError);
    expect(() => vndToUsdCents(10.5, 25_400)).toThrow(RangeError);
    expect(() => vndToUsdCents(1000, 0)).toThrow(RangeError);
  });
});

describe('usd text', () => {
  it('writes and reads PayPal amounts', () => {
    expect(usdOfCents(5000)).toBe('50.00');
    expect(usdOfCents(7)).toBe('0.07');
    expect(centsOfUsd('50.00')).toBe(5000);
    expect(centsOfUsd('13.7')).toBe(1370);
    expect(centsOfUsd('5')).toBe(500);
    expect(centsOfUsd('1.234')).toBeNaN();
    expect(centsOfUsd('-1.00')).toBeNaN();
    expect(centsOfUsd('')).toBeNaN();
  });
});
