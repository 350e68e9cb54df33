// Numbers follow the page's language: a decimal comma in Vietnamese ("27,4 km", "4,8"), a decimal point
// in English ("27.4 km", "4.8"). Money keeps its own rule (money.ts: whole VND with dot separators in both).

import type { Lang } from './route-table';

const LOCALES: Record<Lang, string> = { vi: 'vi-VN', en: 'en-US' };
const formats = new Map<string, Intl.NumberFormat>();

/** A number in the language's own format, with at most `maxFractionDigits` decimals (one by default). */
export function formatDecimal(value: number, lang: Lang, maxFractionDigits = 1): string {
  const key = `${lang}:${maxFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: maxFractionDigits });
    formats.set(key, format);
  }
  return format.format(Number.isFinite(value) ? value : 0);
}

/** A distance in kilometres: "27,4 km" in vi, "27.4 km" in en. */
export function formatKm(km: number, lang: Lang): string {
  return `${formatDecimal(km, lang)} km`;
}
