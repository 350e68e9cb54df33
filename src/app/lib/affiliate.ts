// spec 6 affiliate partner visitor: a page opened with ?utm_domain=…(&aff_sid=…) is kept in the local store as the
// partner referral; while it is valid its domain and affiliate id go with the price lists and the bookings (spec 3,
// 7). A newer visit replaces it. It lasts the configured "utm domain" lifetime (spec 9, days: docs/decisions.md),
// counted from the visit, so a lifetime changed in the system config also re-dates a stored visit. Loaded at start
// only for a partner's link (lib/affiliate-link.ts), else with the price list or the booking: no yup, no Dexie.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import { AFFILIATE_PARAMS, hasAffiliateParams } from './affiliate-link';
import { readEntry, removeEntry, writeEntry } from './store-keys';

export const AFFILIATE_KEY = 'affiliate';
/** The contract's limit on partner_domain and aff_sid (shared/contract/booking.ts, pricing.ts). */
const MAX_LENGTH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

// The local store's key this file owns, in the registry of store-keys.ts.
declare module './store-keys' {
  interface StoreKeys {
    affiliate: AffiliateVisit;
  }
}

export interface AffiliateVisit {
  domain: string;
  affSid: string | null;
  visitedAt: number;
  expiresAt: number;
}

/** What a price-list request or a booking carries: nothing when no referral is valid. */
export interface AffiliateFields {
  partner_domain?: string;
  aff_sid?: string;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name with at least two labels and a letter (or punycode) top-level domain; no IP address, no port. */
const HOST_NAME = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);
/** Printable characters: no control, format or unassigned code point; no markup (the store strips it). */
const PRINTABLE = /^[^\p{C}<>]+$/u;

/** The partner's domain, lower-cased and without a final dot, or null when it is not a plausible host name. */
export function normalizeDomain(raw: string | null): string | null {
  const domain = (raw ?? '').trim().toLowerCase().replace(/\.$/, '');
  return domain.length <= MAX_LENGTH && HOST_NAME.test(domain) ? domain : null;
}

/** The affiliate id, trimmed, or null when missing, too long or not printable. */
export function normalizeAffSid(raw: string | null): string | null {
  const sid = (raw ?? '').trim();
  return sid.length > 0 && sid.length <= MAX_LENGTH && PRINTABLE.test(sid) ? sid : null;
}

/** The referral a URL's query string carries: none without a valid domain; a bad affiliate id is dropped. */
export function referralFromSearch(search: string): { domain: string; affSid: string | null } | null {
  const params = new URLSearchParams(search);
  const domain = normalizeDomain(params.get(AFFILIATE_PARAMS.domain));
  return domain ? { domain, affSid: normalizeAffSid(params.get(AFFILIATE_PARAMS.sid)) } : null;
}

function save(visit: AffiliateVisit, now: number): void {
  writeEntry(AFFILIATE_KEY, visit, visit.expiresAt - now);
}

/** Stores the referral of a page opened from a partner's link (it replaces any earlier one); true when one was found. */
export function recordAffiliateVisit(
  search: string,
  now = Date.now(),
  lifetimeDays: number = SYSTEM_CONFIG_DEFAULTS.utm_domain_lifetime_days,
): boolean {
  const referral = referralFromSearch(search);
  if (!referral || lifetimeDays <= 0) return false;
  save({ ...referral, visitedAt: now, expiresAt: now + lifetimeDays * DAY_MS }, now);
  return true;
}

/** The stored referral while it is valid; an expired one is deleted. */
export function currentAffiliateVisit(now = Date.now()): AffiliateVisit | null {
  const visit = readEntry(AFFILIATE_KEY, now);
  if (!visit) return null;
  if (typeof visit.domain !== 'string' || !(visit.expiresAt > now)) {
    removeEntry(AFFILIATE_KEY);
    return null;
  }
  return visit;
}

/** The fields to add to a price-list request or a booking payload (spec 3, 7). */
export function affiliateFields(now = Date.now()): AffiliateFields {
  const visit = currentAffiliateVisit(now);
  if (!visit) return {};
  return visit.affSid ? { partner_domain: visit.domain, aff_sid: visit.affSid } : { partner_domain: visit.domain };
}

/** The system config's lifetime applies to the stored visit: it expires `days` after the visit (or now, if past). */
export function applyAffiliateLifetime(days: number, now = Date.now()): void {
  const visit = currentAffiliateVisit(now);
  if (!visit || !Number.isFinite(days)) return;
  const expiresAt = visit.visitedAt + days * DAY_MS;
  if (expiresAt === visit.expiresAt) return;
  if (expiresAt <= now) removeEntry(AFFILIATE_KEY);
  else save({ ...visit, expiresAt }, now);
}

/** The URL without the referral parameters (the referral is stored: a shared or bookmarked link does not carry it). */
export function withoutAffiliateParams(url: URL): URL {
  const clean = new URL(url);
  clean.searchParams.delete(AFFILIATE_PARAMS.domain);
  clean.searchParams.delete(AFFILIATE_PARAMS.sid);
  return clean;
}

/** App start: records a partner's link and takes its parameters out of the address bar, before the router reads it. */
export function captureAffiliateVisit(): void {
  const url = new URL(window.location.href);
  if (!hasAffiliateParams(url.search)) return;
  recordAffiliateVisit(url.search);
  const clean = withoutAffiliateParams(url);
  window.history.replaceState(window.history.state, '', `${clean.pathname}${clean.search}${clean.hash}`);
}

/**
 * Follows the lifetime the system config answers (spec 9, "from config with the spec's default"): `configKey` is the
 * query key of passenger/get_system_configs, whose data (fetched, or restored from the persisted cache) is watched.
 */
export function followAffiliateLifetime(queryClient: QueryClient, configKey: QueryKey): () => void {
  // No hashKey: query-core is not loaded with this module (the configuration keys are flat).
  const same = (key: QueryKey) => key.length === configKey.length && key.every((part, index) => part === configKey[index]);
  return queryClient.getQueryCache().subscribe((event) => {
    if (!same(event.query.queryKey)) return;
    const days = (event.query.state.data as { utm_domain_lifetime_days?: unknown } | undefined)?.utm_domain_lifetime_days;
    if (typeof days === 'number') applyAffiliateLifetime(days);
  });
}
