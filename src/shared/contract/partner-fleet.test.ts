import { describe, expect, it } from 'vitest';
import { daysUntil, driverPhoneOf, isRealDate, licenceState, normalizePlate } from './partner-fleet';

describe('normalizePlate', () => {
  it('writes Vietnamese plates one way, with or without their separators', () => {
    expect(normalizePlate('30A-123.45')).toBe('30A-123.45');
    expect(normalizePlate('30a 12345')).toBe('30A-123.45');
    expect(normalizePlate('51G-12345')).toBe('51G-123.45');
    expect(normalizePlate('29LD-123.45')).toBe('29LD-123.45');
    expect(normalizePlate('30K1-234.56')).toBe('30K1-234.56');
    expect(normalizePlate('30K123456')).toBe('30K1-234.56');
    expect(normalizePlate('30A-1234')).toBe('30A-1234');
    expect(normalizePlate('30A1-1234')).toBe('30A1-1234');
  });
  it('refuses what is not a plate', () => {
    for (const text of ['', '10A-123.45', '05A-123.45', '30-123.45', '30ABC-123.45', '30A-123', '30A-123.456', 'XYZ'])
      expect(normalizePlate(text), text).toBeNull();
  });
});

describe('driverPhoneOf', () => {
  it('keeps a Vietnamese mobile in its national form', () => {
    expect(driverPhoneOf('+84 977 111 222')).toBe('0977111222');
    expect(driverPhoneOf('84977111222')).toBe('0977111222');
    expect(driverPhoneOf('0977.111.222')).toBe('0977111222');
    expect(driverPhoneOf('0123')).toBeNull();
    expect(driverPhoneOf('0277111222')).toBeNull();
  });
});

describe('licence dates', () => {
  it('takes only real calendar dates and warns within 30 days', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2027-02-29')).toBe(false);
    expect(isRealDate('2027-13-01')).toBe(false);
    expect(daysUntil('2027-01-31', '2027-01-01')).toBe(30);
    expect(licenceState('2026-12-31', '2027-01-01')).toBe('expired');
    expect(licenceState('2027-01-01', '2027-01-01')).toBe('soon');
    expect(licenceState('2027-01-31', '2027-01-01')).toBe('soon');
    expect(licenceState('2027-02-01', '2027-01-01')).toBe('valid');
    expect(licenceState(null, '2027-01-01')).toBe('valid');
  });
});
