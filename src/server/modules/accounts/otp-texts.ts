// The texts of the code messages (sign-up, account verification, forgot password): an SMS to a phone, an e-mail to an
// e-mail username, in the request's language, from locales/vi.json and en.json.
import type { Lang } from '../../../shared/domain/route-table';
import en from './locales/en.json';
import vi from './locales/vi.json';

export type OtpTexts = typeof vi;
export const OTP_TEXTS: Record<Lang, OtpTexts> = { vi, en };

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`code message placeholder {{${name}}} has no value`);
    return value;
  });
}

/** The code SMS. */
export function otpSms(lang: Lang, code: string, seconds: number): string {
  return fill(OTP_TEXTS[lang].otp_sms, { code, seconds: String(seconds) });
}

/** The code e-mail: its subject and body. */
export function otpMail(lang: Lang, code: string, seconds: number): { subject: string; text: string } {
  const vars = { code, seconds: String(seconds) };
  return { subject: fill(OTP_TEXTS[lang].otp_mail_subject, vars), text: fill(OTP_TEXTS[lang].otp_mail_body, vars) };
}
