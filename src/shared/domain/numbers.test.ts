import { describe, expect, it } from 'vitest';
import { formatDecimal, formatKm } from './numbers';

describe('numbers follow the language', () => {
  it('uses a decimal comma in vi and a point in en', () => {
    expect(formatKm(27.4, 'vi')).toBe('27,4 km');
    expect(formatKm(27.4, 'en')).toBe('27.4 km');
    expect(formatDecimal(4.8, 'vi')).toBe('4,8');
    expect(formatDecimal(4.8, 'en')).toBe('4.8');
  });

  it('groups thousands in the language and rounds to the asked decimals', () => {
    expect(formatDecimal(1234.56, 'vi')).toBe('1.234,6');
    expect(formatDecimal(1234.56, 'en')).toBe('1,234.6');
    expect(formatDecimal(12, 'en')).toBe('12');
    expect(formatDecimal(4.75, 'en', 2)).toBe('4.75');
  });
});
