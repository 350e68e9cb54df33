// Phone rules of spec 5: what counts as a valid passenger phone, and the form in which it is sent to the
// server (spaces removed, a leading 84 replaced by 0). Used by the billing form and by the server alike.

/** spec 3: the phone code a form starts with. */
export const DEFAULT_PHONE_CODE = '84';

/** spec 5: numbers beginning 84: 84 or 840, then 3/5/6/7/8/9, then 8 digits. */
const VN_INTERNATIONAL = /^840?[356789]\d{8}$/;
/** spec 5: otherwise (the stricter check): optional + or 0, then 3/5/6/7/8/9, then 8 digits. */
const VN_LOCAL = /^(\+|0)?[356789]\d{8}$/;

/** Removes the spaces (and the dots and dashes people paste) a number may carry; keeps a leading '+'. */
function compact(text: string): string {
  return text.trim().replace(/[\s.\-()]/g, '');
}

/** spec 5: the phone input accepts digits only (a paste is compacted first). */
export function isDigitsOnly(text: string): boolean {
  return /^\d*$/.test(compact(text));
}

/**
 * The number with its code in front, as one string of digits: the code is added unless the number already
 * starts with it; a national leading 0 is dropped before the code is added ("84" + "0912345678" -> "84912345678").
 */
export function withPhoneCode(code: string, number: string): string {
  const digits = compact(number).replace(/^\+/, '');
  const dial = compact(code).replace(/^\+/, '') || DEFAULT_PHONE_CODE;
  if (!digits) return '';
  if (digits.startsWith(dial) && digits.length > dial.length + 8) return digits;
  return dial + digits.replace(/^0/, '');
}

/** spec 5: a phone as the server checks it (already normalised or not). */
export function isValidPhoneText(text: string): boolean {
  const value = compact(text);
  if (value.startsWith('84')) return VN_INTERNATIONAL.test(value);
  return VN_LOCAL.test(value);
}

/** spec 5: "code plus number valid". */
export function isValidPhone(code: string, number: string): boolean {
  if (!compact(number)) return false;
  return isValidPhoneText(withPhoneCode(code, number));
}

/** spec 5: the phone sent to the server: no spaces, and a leading 84 replaced by 0 ("84 912 345 678" -> "0912345678"). */
export function normalizePhone(code: string, number: string): string {
  const full = withPhoneCode(code, number);
  return full.startsWith('84') ? `0${full.slice(2).replace(/^0/, '')}` : full;
}

/**
 * A phone as people read it: a Vietnamese number in national format in groups ("0912345678", "84912345678" or
 * "+84 0912345678" -> "0912 345 678"); any other number with its code ("+44 7911 123456" stays readable as
 * "+447911123456"). The stored value is never changed, only shown.
 */
export function formatPhone(text: string): string {
  const value = compact(text);
  if (!value) return '';
  const digits = value.replace(/^\+/, '');
  let national: string | null = null;
  if (/^840?\d{9}$/.test(digits)) national = `0${digits.slice(2).replace(/^0/, '')}`;
  else if (/^0\d{9}$/.test(digits)) national = digits;
  if (national) return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
  return value.startsWith('+') || value.startsWith('0') ? value : `+${value}`;
}

/** The phone shown from a code and a number as typed ("84", "0912345678" -> "0912 345 678"). */
export function formatPhoneWithCode(code: string, number: string): string {
  return formatPhone(withPhoneCode(code, number));
}
