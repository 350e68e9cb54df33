// spec 3, 5: the sign-in name of an account is a phone or an e-mail. What was typed is read as one or the other
// (an '@' makes it an e-mail), and turned into the form the server keys accounts by: the phone normalised as spec 5
// says, the e-mail trimmed and lower-cased (e-mails are compared case-insensitively).
import { isValidPhone, normalizePhone } from './phone';

/** spec 5: a standard e-mail address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The longest e-mail a sign-in name may be (the profile's e-mail has the same cap). */
export const EMAIL_MAX = 200;

export type Username = { kind: 'phone'; value: string } | { kind: 'email'; value: string };

/** An e-mail as accounts are keyed by: trimmed and lower-cased. */
export function normalizeEmail(text: string): string {
  return text.trim().toLowerCase();
}

/** What is typed is meant as an e-mail once it holds an '@'. */
export function isEmailLike(text: string): boolean {
  return text.includes('@');
}

/** What is typed looks like a phone number (digits, maybe a '+', spaces, dots, dashes): the country code applies. */
export function isPhoneLike(text: string): boolean {
  return /^\+?[\d\s.\-()]+$/.test(text.trim());
}

/** The account name of what was typed, or null when it is neither a valid phone (with its code) nor a valid e-mail. */
export function parseUsername(phoneCode: string, text: string): Username | null {
  if (isEmailLike(text)) {
    const email = normalizeEmail(text);
    return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? { kind: 'email', value: email } : null;
  }
  return isValidPhone(phoneCode, text) ? { kind: 'phone', value: normalizePhone(phoneCode, text) } : null;
}

/**
 * The key of what was typed, valid or not (login checks only that both fields are filled, spec 5): an e-mail
 * lower-cased, else the phone normalised with its code.
 */
export function usernameKey(phoneCode: string, text: string): string {
  return isEmailLike(text) ? normalizeEmail(text) : normalizePhone(phoneCode, text);
}
