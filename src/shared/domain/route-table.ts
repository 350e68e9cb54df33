// The route table of spec section 2: every route name with its Vietnamese and English path.
// Used by the PWA router, the server's SPA fallback and (later) the sitemap; English slugs are recorded in docs/decisions.md.

export const LANGS = ['vi', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'vi';

/** Paths use `:param` for a required segment and `:param?` for an optional last segment. */
export const ROUTE_TABLE = {
  home: { vi: '/', en: '/en' },
  account: { vi: '/tai-khoan', en: '/en/account' },
  'ticket-manage': { vi: '/quan-ly-ma-ve', en: '/en/manage-tickets' },
  'price-list': { vi: '/dat-xe', en: '/en/prices' },
  'hourly-booking-price': { vi: '/dat-xe-theo-gio', en: '/en/hourly-prices' },
  'billing-detail': { vi: '/thong-tin-khach-hang', en: '/en/customer-details' },
  'hourly-booking-info': { vi: '/thong-tin-dat-xe-theo-gio', en: '/en/hourly-booking-details' },
  'booking-success': { vi: '/dat-xe-thanh-cong', en: '/en/booking-success' },
  'hourly-booking-success': { vi: '/dat-xe-theo-gio-thanh-cong', en: '/en/hourly-booking-success' },
  'ticket-detail': { vi: '/chi-tiet-ma-ve/:code/:phone', en: '/en/ticket/:code/:phone' },
  /** Where the payment gateway sends the passenger back (its result, then the way on). */
  'payment-result': { vi: '/ket-qua-thanh-toan', en: '/en/payment-result' },
  blog: { vi: '/blog/:slug?', en: '/en/blog/:slug?' },
  'about-us': { vi: '/ve-chung-toi', en: '/en/about-us' },
  news: { vi: '/bao-chi/:slug?', en: '/en/press/:slug?' },
  jobs: { vi: '/tuyen-dung', en: '/en/careers' },
  'business-partners': { vi: '/doi-tac-kinh-doanh', en: '/en/business-partners' },
  'transport-partners': { vi: '/doi-tac-van-chuyen', en: '/en/transport-partners' },
  'corporate-customer': { vi: '/khach-hang-doanh-nghiep', en: '/en/corporate-customers' },
  'transport-policy': { vi: '/van-chuyen', en: '/en/transport-policy' },
  complaints: { vi: '/boi-thuong', en: '/en/compensation' },
  'privacy-policy': { vi: '/rieng-tu', en: '/en/privacy' },
  'instructions-for-use': { vi: '/huong-dan-su-dung', en: '/en/user-guide' },
  faqs: { vi: '/cau-hoi-thuong-gap', en: '/en/faqs' },
  'become-partner': { vi: '/dang-ky-doi-tac-kinh-doanh', en: '/en/become-a-business-partner' },
  'airport-noibai': { vi: '/san-bay/taxi-noi-bai/:slug?', en: '/en/airport/noi-bai-taxi/:slug?' },
  'airport-lienkhuong': { vi: '/san-bay/taxi-lien-khuong/:slug?', en: '/en/airport/lien-khuong-taxi/:slug?' },
  'airport-phuquoc': { vi: '/san-bay/taxi-phu-quoc/:slug?', en: '/en/airport/phu-quoc-taxi/:slug?' },
  'airport-danang': { vi: '/san-bay/taxi-da-nang/:slug?', en: '/en/airport/da-nang-taxi/:slug?' },
  'airport-camranh': { vi: '/san-bay/taxi-cam-ranh/:slug?', en: '/en/airport/cam-ranh-taxi/:slug?' },
  airport: { vi: '/san-bay/:slug?', en: '/en/airport/:slug?' },
  'long-distance': { vi: '/duong-dai/:slug', en: '/en/long-distance/:slug' },
  travel: { vi: '/du-lich/:slug', en: '/en/travel/:slug' },
  'partner-console': { vi: '/doi-tac/bang-dieu-khien', en: '/en/partner/console' },
  /** The driver's trip screen, opened from the link texted on assignment (its secret is the last segment). */
  'driver-trip': { vi: '/tai-xe/chuyen/:token', en: '/en/driver/trip/:token' },
  /** A partner's staff member sets a password from the one-time link (its secret in the fragment). */
  'partner-set-password': { vi: '/doi-tac/dat-mat-khau', en: '/en/partner/set-password' },
  'business-account': { vi: '/doanh-nghiep/tai-khoan', en: '/en/business/account' },
  /**
   * The operator desk of Vivu's own staff: its sign-in, then the areas the role may use; opened from a one-time link
   * (its secret in the fragment), the password's setting and the authenticator's enrolment.
   */
  desk: { vi: '/quan-tri', en: '/en/admin' },
  /** spec 2 lists a contact screen without a route: docs/decisions.md. */
  contact: { vi: '/lien-he', en: '/en/contact' },
} as const satisfies Record<string, Record<Lang, string>>;

export type RouteName = keyof typeof ROUTE_TABLE;
export type RouteParams = Record<string, string | undefined>;

export interface RouteMatch {
  name: RouteName;
  lang: Lang;
  params: Record<string, string>;
}

export function isLang(value: unknown): value is Lang {
  return value === 'vi' || value === 'en';
}

export function isRouteName(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTE_TABLE, name);
}

/** Language of a path: its first segment, `en`, or the default. */
export function langFromPath(pathname: string): Lang {
  const first = pathname.split('/')[1];
  return first === 'en' ? 'en' : DEFAULT_LANG;
}

/** The path of a route in a language, with its params filled in; an unknown name falls back to `/` (spec 2). */
export function pathFor(name: string, lang: Lang, params: RouteParams = {}): string {
  if (!isRouteName(name)) return '/';
  const pattern: string = ROUTE_TABLE[name][lang];
  const out: string[] = [];
  for (const segment of pattern.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      out.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) continue;
      return '/';
    }
    out.push(encodeURIComponent(value));
  }
  const path = '/' + out.join('/');
  return path;
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').slice(1).filter(Boolean);
  const got = pathname.split('/').slice(1).filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (const segment of want) {
    const value = got[i];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (optional) continue;
        return null;
      }
      try {
        params[key] = decodeURIComponent(value);
      } catch {
        return null;
      }
      i += 1;
      continue;
    }
    if (value !== segment) return null;
    i += 1;
  }
  return i === got.length ? params : null;
}

// Static routes are tried before the ones with params so that /en/airport/noi-bai-taxi never reads as /en/airport/:slug.
const MATCH_ORDER = (Object.keys(ROUTE_TABLE) as RouteName[])
  .flatMap((name) => LANGS.map((lang) => ({ name, lang, pattern: ROUTE_TABLE[name][lang] as string })))
  .sort((a, b) => dynamicCount(a.pattern) - dynamicCount(b.pattern));

function dynamicCount(pattern: string): number {
  return pattern.split('/').filter((s) => s.startsWith(':')).length;
}

/** The route a path belongs to, or null for a path outside the table. Trailing slashes are ignored. */
export function matchPath(pathname: string): RouteMatch | null {
  for (const { name, lang, pattern } of MATCH_ORDER) {
    const params = matchPattern(pattern, pathname);
    if (params) return { name, lang, params };
  }
  return null;
}

/** The same page in the other language (spec 2: switching language rewrites the path, params kept). */
export function switchLanguagePath(pathname: string, lang: Lang): string {
  const match = matchPath(pathname);
  if (!match) return pathFor('home', lang);
  return pathFor(match.name, lang, match.params);
}
