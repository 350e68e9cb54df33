import { describe, expect, it } from 'vitest';
import { isPhoneLike, parseUsername, usernameKey } from './username';

describe('parseUsername (spec 3, 5: phone or e-mail)', () => {
  it('reads a valid phone with its code, normalised', () => {
    expect(parseUsername('84', '0912 345 678')).toEqual({ kind: 'phone', value: '0912345678' });
    expect(parseUsername('84', '0612345678')).toEqual({ kind: 'phone', value: '0612345678' });
  });

  it('reads an e-mail trimmed and lower-cased, whatever the country code', () => {
    expect(parseUsername('84', '  Lan.Tran@Example.COM ')).toEqual({ kind: 'email', value: 'lan.tran@example.com' });
    expect(parseUsername('44', 'a@b.vn')).toEqual({ kind: 'email', value: 'a@b.vn' });
  });

  it.each(['0412345678', '12345', 'lan@', 'lan@example', 'lan tran@example.com', '@example.com', 'lan@@example.com', ''])(
    'refuses %j',
    (text) => expect(parseUsername('84', text)).toBeNull(),
  );

  it('refuses an e-mail longer than 200 characters', () => {
    expect(parseUsername('84', `${'a'.repeat(195)}@b.com`)).toBeNull();
  });
});

describe('usernameKey', () => {
  it('keys an e-mail lower-cased and a phone normalised, valid or not', () => {
    expect(usernameKey('84', ' An@Example.com')).toBe('an@example.com');
    expect(usernameKey('84', '84 912 345 678')).toBe('0912345678');
  });
});

describe('isPhoneLike', () => {
  it.each(['0912', '+84 912', '091-234.5678'])('takes %j for a number', (text) => expect(isPhoneLike(text)).toBe(true));
  it.each(['', 'lan', 'lan@example.com', '09a'])('does not take %j for a number', (text) =>
    expect(isPhoneLike(text)).toBe(false),
  );
});
