// PayPal has no VND: a ticket's VND total is charged in US dollars at the configured rate
// (paypal_vnd_per_usd), rounded half up to the cent. The billing page shows it and the server charges it.

/** Whole US cents for `vnd` đồng at `vndPerUsd` đồng to the dollar: half a cent rounds up, never below one cent. */
export function vndToUsdCents(vnd: number, vndPerUsd: number): number {
  if (!Number.isSafeInteger(vnd) || vnd <= 0) throw new RangeError(`not a positive whole VND amount: ${vnd}`);
  if (!Number.isFinite(vndPerUsd) || vndPerUsd <= 0) throw new RangeError(`not an exchange rate: ${vndPerUsd}`);
  return Math.max(1, Math.round((vnd * 100) / vndPerUsd));
}

/** Cents in PayPal's amount format: "12.34". */
export function usdOfCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's amount ("12.34", "5") in whole cents; NaN when it is not one. */
export function centsOfUsd(value: string): number {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
