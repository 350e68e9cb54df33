import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { otpMail, otpSms } from './otp-texts';

const placeholders = (texts: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(texts).map(([key, text]) => [key, [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()]),
  );

describe('code message texts', () => {
  it('have the same keys and placeholders in vi and en', () => {
    expect(placeholders(en)).toEqual(placeholders(vi));
  });

  it('give the code and its validity by SMS and by e-mail in each language', () => {
    expect(otpSms('vi', '0427', 179)).toBe('Mã xác thực Vivu của bạn là 0427. Mã có hiệu lực trong 179 giây.');
    expect(otpSms('en', '0427', 179)).toBe('Your Vivu verification code is 0427. It is valid for 179 seconds.');
    for (const lang of ['vi', 'en'] as const) {
      const mail = otpMail(lang, '0427', 120);
      expect(mail.subject).toContain('0427');
      expect(mail.text).toContain('0427');
      expect(mail.text).toContain('120');
      expect(JSON.stringify(mail)).not.toMatch(/\{\{|\}\}/);
    }
    expect(otpMail('en', '0427', 120).text).toMatch(/^Hello,\n\nYour Vivu verification code is 0427\./);
    expect(otpMail('vi', '0427', 120).text).toMatch(/^Xin chào,\n\nMã xác thực Vivu của bạn là 0427\./);
  });
});
