import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatPhoneWithCode,
  isDigitsOnly,
  isValidPhone,
  isValidPhoneText,
  normalizePhone,
  withPhoneCode,
} from './phone';

describe('isValidPhoneText (spec 5)', () => {
  it.each([
    '84912345678',
    '840912345678',
    '84312345678',
    '84587654321',
    '84612345678',
    '840612345678',
    '84712345678',
    '84812345678',
  ])('accepts %s: 84 or 840, then 3/5/6/7/8/9, then 8 digits', (text) => expect(isValidPhoneText(text)).toBe(true));

  it.each(['84212345678', '84412345678', '8491234567', '849123456789', '8400912345678'])('refuses %s beginning 84', (text) =>
    expect(isValidPhoneText(text)).toBe(false),
  );

  it.each(['0912345678', '912345678', '+912345678', '0312345678', '0612345678', '+612345678'])(
    'accepts the local form %s',
    (text) => expect(isValidPhoneText(text)).toBe(true),
  );

  it.each(['0112345678', '091234567', '09123456789', '+84 91234', 'abc', ''])('refuses %s', (text) =>
    expect(isValidPhoneText(text)).toBe(false),
  );
});

describe('isValidPhone with the code (spec 5, default code 84)', () => {
  it('accepts a number with or without its national 0', () => {
    expect(isValidPhone('84', '912345678')).toBe(true);
    expect(isValidPhone('84', '0912345678')).toBe(true);
    expect(isValidPhone('84', '091 234 5678')).toBe(true);
  });

  it('accepts a number typed with its code already', () => {
    expect(isValidPhone('84', '84912345678')).toBe(true);
  });

  it('refuses a number of the wrong length or prefix', () => {
    expect(isValidPhone('84', '91234567')).toBe(false);
    expect(isValidPhone('84', '0212345678')).toBe(false);
    expect(isValidPhone('84', '')).toBe(false);
  });

  it('refuses a foreign number under the stricter check', () => {
    expect(isValidPhone('1', '2025550123')).toBe(false);
  });
});

describe('normalizePhone (spec 5: no spaces, leading 84 becomes 0)', () => {
  it('sends a Vietnamese number in its national form', () => {
    expect(normalizePhone('84', '912 345 678')).toBe('0912345678');
    expect(normalizePhone('84', '0912345678')).toBe('0912345678');
    expect(normalizePhone('+84', '84912345678')).toBe('0912345678');
    expect(normalizePhone('84', '840912345678')).toBe('0912345678');
  });

  it('keeps another code in front', () => {
    expect(normalizePhone('1', '202 555 0123')).toBe('12025550123');
  });

  it('puts the code in front of the digits', () => {
    expect(withPhoneCode('84', '0912345678')).toBe('84912345678');
  });
});

describe('isDigitsOnly (spec 5: the phone input accepts digits only)', () => {
  it('accepts digits and ignores spaces', () => {
    expect(isDigitsOnly('091 234')).toBe(true);
  });

  it('refuses letters and signs', () => {
    expect(isDigitsOnly('09a')).toBe(false);
    expect(isDigitsOnly('+8491')).toBe(false);
  });
});

describe('formatPhone: shown in national format', () => {
  it.each([
    ['0912345678', '0912 345 678'],
    ['84912345678', '0912 345 678'],
    ['+84 0912345678', '0912 345 678'],
    ['840612345678', '0612 345 678'],
  ])('%s reads %s', (text, shown) => expect(formatPhone(text)).toBe(shown));

  it('keeps a foreign code in front', () => {
    expect(formatPhone('12025550123')).toBe('+12025550123');
    expect(formatPhoneWithCode('44', '7911 123456')).toBe('+447911123456');
  });

  it('reads a code and a number as typed', () => {
    expect(formatPhoneWithCode('84', '0912345678')).toBe('0912 345 678');
    expect(formatPhoneWithCode('84', '912345678')).toBe('0912 345 678');
  });
});
