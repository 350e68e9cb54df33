import { describe, expect, it } from 'vitest';
import { isValidPassword, PASSWORD_MAX, PASSWORD_MIN } from './password';

describe('isValidPassword (spec 5)', () => {
  it('accepts 6 to 30 letters, digits and !@#$%^&*', () => {
    expect(isValidPassword('abc123')).toBe(true);
    expect(isValidPassword('A!@#$%^&*9')).toBe(true);
    expect(isValidPassword('a'.repeat(PASSWORD_MAX))).toBe(true);
  });

  it('refuses passwords shorter than 6 or longer than 30', () => {
    expect(isValidPassword('a'.repeat(PASSWORD_MIN - 1))).toBe(false);
    expect(isValidPassword('a'.repeat(PASSWORD_MAX + 1))).toBe(false);
    expect(isValidPassword('')).toBe(false);
  });

  it('refuses other characters: spaces, accents, punctuation outside the list', () => {
    expect(isValidPassword('abc 123')).toBe(false);
    expect(isValidPassword('mậtkhẩu1')).toBe(false);
    expect(isValidPassword('abc123?')).toBe(false);
    expect(isValidPassword('abc123-')).toBe(false);
  });
});
