import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { otpMail, otpSms, validityText } from './otp-texts';

const placeholders = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()]),
  );

describe('code message texts', () => {
  it('have the same keys and placeholders in vi and en', () => {
    expect(placeholders(en)).toEqual(placeholders(vi));
  });

  it('give the code and its validity by SMS and by e-mail in each language', () => {
    expect(otpSms('vi', '0427', 179)).toBe('Mã xác thực Vivu của bạn là 0427. Mã có hiệu lực trong 3 phút.');
    expect(otpSms('en', '0427', 179)).toBe('Your Vivu verification code is 0427. It is valid for 3 minutes.');
    for (const lang of ['vi', 'en'] as const) {
      const mail = otpMail(lang, '0427', 120);
      expect(mail.subject).toContain('0427');
      expect(mail.text).toContain('0427');
      expect(mail.text).toContain(lang === 'vi' ? 'trong 2 phút' : 'for 2 minutes');
      expect(JSON.stringify(mail)).not.toMatch(/\{\{|\}\}/);
    }
    expect(otpMail('en', '0427', 120).text).toMatch(/^Hello,\n\nYour Vivu verification code is 0427\./);
    expect(otpMail('vi', '0427', 120).text).toMatch(/^Xin chào,\n\nMã xác thực Vivu của bạn là 0427\./);
  });

  it('tell the validity in minutes when it is whole minutes, else in seconds', () => {
    expect(validityText('en', 180)).toBe('3 minutes');
    expect(validityText('en', 179)).toBe('3 minutes');
    expect(validityText('vi', 179)).toBe('3 phút');
    expect(validityText('en', 60)).toBe('1 minute');
    expect(validityText('vi', 60)).toBe('1 phút');
    expect(validityText('en', 90)).toBe('90 seconds');
    expect(validityText('vi', 90)).toBe('90 giây');
    expect(validityText('en', 45)).toBe('45 seconds');
  });
});
