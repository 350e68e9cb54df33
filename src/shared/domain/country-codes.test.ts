import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryForDial, filterCountries, flagOf, foldText } from './country-codes';

const options = [
  { iso: 'US', dial: '1', name: 'Hoa Kỳ' },
  { iso: 'VN', dial: '84', name: 'Việt Nam' },
  { iso: 'FR', dial: '33', name: 'Pháp' },
  { iso: 'KR', dial: '82', name: 'Hàn Quốc' },
];

describe('country codes', () => {
  it('have unique ISO codes and numeric dial codes', () => {
    const isos = COUNTRY_CODES.map(([iso]) => iso);
    expect(new Set(isos).size).toBe(isos.length);
    expect(COUNTRY_CODES.every(([iso, dial]) => /^[A-Z]{2}$/.test(iso) && /^\d{1,3}$/.test(dial))).toBe(true);
  });

  it('search by folded name, dial code with or without +, or ISO code; Vietnam first', () => {
    expect(filterCountries(options, 'viet').map((o) => o.iso)).toEqual(['VN']);
    expect(filterCountries(options, '+8').map((o) => o.iso)).toEqual(['VN', 'KR']);
    expect(filterCountries(options, 'fr').map((o) => o.iso)).toEqual(['FR']);
    expect(filterCountries(options, '')[0]?.iso).toBe('VN');
  });

  it('draws flags from regional indicators and folds đ', () => {
    expect(flagOf('vn')).toBe('🇻🇳');
    expect(foldText('Đà Nẵng')).toBe('da nang');
  });

  it('start the phone fields on the configured default_country_code, Vietnam when it is unknown', () => {
    expect(countryForDial('84')).toEqual({ iso: 'VN', dial: '84' });
    expect(countryForDial('1')).toEqual({ iso: 'US', dial: '1' });
    expect(countryForDial('82')).toEqual({ iso: 'KR', dial: '82' });
    expect(countryForDial('999')).toEqual({ iso: 'VN', dial: '84' });
    expect(countryForDial(undefined)).toEqual({ iso: 'VN', dial: '84' });
  });
});
