// The partner referral of spec 6: what a link's parameters store, how long it stays valid, what a newer visit or
// the configured lifetime does to it, and which values are ignored.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AFFILIATE_KEY,
  affiliateFields,
  applyAffiliateLifetime,
  captureAffiliateVisit,
  currentAffiliateVisit,
  followAffiliateLifetime,
  recordAffiliateVisit,
  referralFromSearch,
  withoutAffiliateParams,
  type AffiliateVisit,
} from './affiliate';
import { initStore, readEntry, resetStoreForTests } from './store';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 1, 3, 0);

beforeEach(async () => {
  await initStore(); // node has no IndexedDB: the store lives in memory
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await resetStoreForTests();
});

describe('referralFromSearch', () => {
  it('takes a host name (lower-cased, without a final dot) and the affiliate id, trimmed', () => {
    expect(referralFromSearch('?utm_domain=Partner.Example.VN.&aff_sid=%20A123%20')).toEqual({
      domain: 'partner.example.vn',
      affSid: 'A123',
    });
    expect(referralFromSearch('?utm_domain=xn--dt-hia.vn')).toEqual({ domain: 'xn--dt-hia.vn', affSid: null });
  });

  it.each([
    [''],
    ['?aff_sid=A123'],
    ['?utm_domain='],
    ['?utm_domain=localhost'],
    ['?utm_domain=192.168.1.1'],
    ['?utm_domain=partner.vn:8080'],
    ['?utm_domain=https://partner.vn'],
    ['?utm_domain=partner..vn'],
    ['?utm_domain=-partner.vn'],
    ['?utm_domain=part%20ner.vn'],
    ['?utm_domain=%3Cb%3Ex%3C/b%3E.vn'],
    [`?utm_domain=${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(6)}.vn`],
  ])('ignores a visit without a plausible domain: %s', (search) => {
    expect(referralFromSearch(search)).toBeNull();
  });

  it('keeps a 200-character domain', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(5)}.vn`;
    expect(domain).toHaveLength(200);
    expect(referralFromSearch(`?utm_domain=${domain}`)?.domain).toBe(domain);
  });

  it.each([
    ['a control character', 'A%0A123'],
    ['markup', '%3Cscript%3E'],
    ['201 characters', 'x'.repeat(201)],
    ['only spaces', '%20%20'],
  ])('keeps the domain but drops an affiliate id with %s', (_name, sid) => {
    expect(referralFromSearch(`?utm_domain=partner.vn&aff_sid=${sid}`)).toEqual({ domain: 'partner.vn', affSid: null });
  });

  it('keeps a 200-character affiliate id', () => {
    const sid = 'S'.repeat(200);
    expect(referralFromSearch(`?utm_domain=partner.vn&aff_sid=${sid}`)?.affSid).toBe(sid);
  });
});

describe('the stored referral', () => {
  it('goes with requests for 30 days by default (spec 9), then is deleted', () => {
    expect(recordAffiliateVisit('?utm_domain=partner.example.vn&aff_sid=A123', T0)).toBe(true);
    expect(affiliateFields(T0 + 29 * DAY)).toEqual({ partner_domain: 'partner.example.vn', aff_sid: 'A123' });
    expect(affiliateFields(T0 + 30 * DAY)).toEqual({});
    // Deleted: even an earlier clock finds nothing now.
    expect(readEntry(AFFILIATE_KEY, T0)).toBeNull();
  });

  it('sends the domain alone when the link had no (valid) affiliate id', () => {
    recordAffiliateVisit('?utm_domain=partner.vn&aff_sid=%00', T0);
    expect(affiliateFields(T0 + DAY)).toEqual({ partner_domain: 'partner.vn' });
  });

  it('sends nothing without a visit', () => {
    expect(affiliateFields(T0)).toEqual({});
  });

  it('is replaced by a newer visit, whose lifetime starts again', () => {
    recordAffiliateVisit('?utm_domain=first.vn&aff_sid=A1', T0);
    recordAffiliateVisit('?utm_domain=second.vn', T0 + 20 * DAY);
    expect(affiliateFields(T0 + 45 * DAY)).toEqual({ partner_domain: 'second.vn' });
  });

  it('is kept when a later page has no or bad partner parameters', () => {
    recordAffiliateVisit('?utm_domain=first.vn&aff_sid=A1', T0);
    expect(recordAffiliateVisit('?q=1', T0 + DAY)).toBe(false);
    expect(recordAffiliateVisit('?utm_domain=not_a_host&aff_sid=B2', T0 + DAY)).toBe(false);
    expect(affiliateFields(T0 + 2 * DAY)).toEqual({ partner_domain: 'first.vn', aff_sid: 'A1' });
  });

  it('uses the lifetime it is given; 0 stores nothing', () => {
    recordAffiliateVisit('?utm_domain=partner.vn', T0, 2);
    expect(affiliateFields(T0 + 2 * DAY - 1)).toEqual({ partner_domain: 'partner.vn' });
    expect(affiliateFields(T0 + 2 * DAY)).toEqual({});
    expect(recordAffiliateVisit('?utm_domain=partner.vn', T0, 0)).toBe(false);
    expect(affiliateFields(T0)).toEqual({});
  });
});

describe('the configured lifetime', () => {
  it('re-dates a stored visit from its visit time: longer extends it, shorter ends it', () => {
    recordAffiliateVisit('?utm_domain=partner.vn', T0);
    applyAffiliateLifetime(60, T0 + DAY);
    expect(currentAffiliateVisit(T0 + 59 * DAY)?.expiresAt).toBe(T0 + 60 * DAY);
    applyAffiliateLifetime(10, T0 + 11 * DAY);
    expect(affiliateFields(T0 + 11 * DAY)).toEqual({});
    expect(readEntry(AFFILIATE_KEY, T0)).toBeNull();
  });

  it('follows the system config the query cache receives', () => {
    const queryClient = new QueryClient();
    const now = Date.now();
    recordAffiliateVisit('?utm_domain=partner.vn&aff_sid=A1', now - 3 * DAY);
    const stop = followAffiliateLifetime(queryClient, ['config', 'system']);
    queryClient.setQueryData(['config', 'other'], { utm_domain_lifetime_days: 1 });
    expect(affiliateFields()).toEqual({ partner_domain: 'partner.vn', aff_sid: 'A1' });
    queryClient.setQueryData(['config', 'system'], { utm_domain_lifetime_days: 5 });
    expect(readEntry<AffiliateVisit>(AFFILIATE_KEY)?.expiresAt).toBe(now + 2 * DAY);
    queryClient.setQueryData(['config', 'system'], { utm_domain_lifetime_days: 2 });
    expect(affiliateFields()).toEqual({});
    stop();
  });
});

describe('captureAffiliateVisit', () => {
  function stubWindow(href: string) {
    const replaceState = vi.fn();
    vi.stubGlobal('window', { location: { href }, history: { state: { key: 'k' }, replaceState } });
    return replaceState;
  }

  it('stores the link and takes its two parameters out of the address bar', () => {
    const replaceState = stubWindow('https://vivu.vn/en/prices?sort=1&utm_domain=partner.vn&aff_sid=A1#top');
    captureAffiliateVisit();
    expect(affiliateFields()).toEqual({ partner_domain: 'partner.vn', aff_sid: 'A1' });
    expect(replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/en/prices?sort=1#top');
  });

  it('cleans the address of a bad link without storing it', () => {
    const replaceState = stubWindow('https://vivu.vn/?utm_domain=%3Cx%3E&aff_sid=A1');
    captureAffiliateVisit();
    expect(affiliateFields()).toEqual({});
    expect(replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/');
  });

  it('leaves other addresses alone', () => {
    const replaceState = stubWindow('https://vivu.vn/dat-xe?sort=1');
    captureAffiliateVisit();
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('withoutAffiliateParams keeps the other parameters', () => {
    expect(withoutAffiliateParams(new URL('https://vivu.vn/?a=1&utm_domain=p.vn&b=2')).search).toBe('?a=1&b=2');
  });
});
