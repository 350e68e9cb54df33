// spec 6: whether the page was opened from a partner's link. Part of the first load; the rest of the referral code
// (lib/affiliate.ts) loads only when it was, beside the local store, before the router reads the URL.

/** The URL parameters of a partner's link. */
export const AFFILIATE_PARAMS = { domain: 'utm_domain', sid: 'aff_sid' } as const;

export function hasAffiliateParams(search: string): boolean {
  const params = new URLSearchParams(search);
  return params.has(AFFILIATE_PARAMS.domain) || params.has(AFFILIATE_PARAMS.sid);
}
