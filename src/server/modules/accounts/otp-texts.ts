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

/** A code's validity is told in minutes when it is whole minutes give or take this (179 s reads "3 minutes"). */
const MINUTE_TOLERANCE_SECONDS = 5;

/** "3 minutes" for 179 or 180 seconds, "90 seconds" for 90: what a person reads at a glance. */
export function validityText(lang: Lang, seconds: number): string {
  const texts = OTP_TEXTS[lang];
  const minutes = Math.round(seconds / 60);
  if (minutes >= 1 && Math.abs(seconds - minutes * 60) <= MINUTE_TOLERANCE_SECONDS) {
    return minutes === 1 ? texts.validity_minute : fill(texts.validity_minutes, { count: String(minutes) });
  }
  return fill(texts.validity_seconds, { count: String(seconds) });
}

/** The code SMS. */
export function otpSms(lang: Lang, code: string, seconds: number): string {
  return fill(OTP_TEXTS[lang].otp_sms, { code, validity: validityText(lang, seconds) });
}

/** The code e-mail: its subject and body. */
export function otpMail(lang: Lang, code: string, seconds: number): { subject: string; text: string } {
  const vars = { code, validity: validityText(lang, seconds) };
  return { subject: fill(OTP_TEXTS[lang].otp_mail_subject, vars), text: fill(OTP_TEXTS[lang].otp_mail_body, vars) };
}
