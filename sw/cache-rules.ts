// Which requests the service worker may answer from its runtime caches. Kept apart from sw.ts so the rules read
// as one list. Paths are written out (the shared contract files pull in yup, too heavy for the worker); the
// `satisfies` checks below make the compiler fail if a contract path changes and this list does not.
import type { BOOKING_PATHS } from '../src/shared/contract/booking';
import type { CANCEL_PATHS } from '../src/shared/contract/tickets';
import type { CONFIG_PATHS } from '../src/shared/contract/config';
import type { CONTENT_PATHS } from '../src/shared/contract/content';
import type { LEAD_PATHS } from '../src/shared/contract/leads';
import type { PLACES_PATHS } from '../src/shared/contract/places';
import type { RATING_PATHS } from '../src/shared/contract/tickets';
import type { PARTNER_PATHS } from '../src/shared/contract/partners';
import { matchPath } from '../src/shared/domain/route-table';

/**
 * Content GET calls: the same answer for every passenger, safe to show slightly stale while the network refreshes
 * them (StaleWhileRevalidate). The query string is part of the cache key (e.g. `lang`).
 */
export const CONTENT_GET_PATHS = [
  '/api/passenger/get_system_configs' satisfies (typeof CONFIG_PATHS)['systemConfigs'],
  '/api/home/get_key_values' satisfies (typeof CONFIG_PATHS)['keyValues'],
  '/api/home/get_call_center' satisfies (typeof CONFIG_PATHS)['callCenter'],
  '/api/home/get_google_map_api' satisfies (typeof CONFIG_PATHS)['googleMapApi'],
  '/api/get/pay_method' satisfies (typeof BOOKING_PATHS)['payMethods'],
  '/api/home/get_airport_suggestion' satisfies (typeof PLACES_PATHS)['airportSuggestion'],
  '/api/home/get_place_detail' satisfies (typeof PLACES_PATHS)['placeDetail'],
  '/api/passenger/get_why_cancel_list' satisfies (typeof CANCEL_PATHS)['whyCancelList'],
  '/api/passenger/get_all_driver_rand_names' satisfies (typeof PARTNER_PATHS)['driverRandNames'],
  '/api/passenger/get_customer_ratings' satisfies (typeof RATING_PATHS)['customerRatings'],
  '/api/passenger/get_exchange_keyword' satisfies (typeof PLACES_PATHS)['exchangeKeyword'],
  '/api/home/get_posts_agent_landingpage' satisfies (typeof LEAD_PATHS)['partnerLandingPosts'],
  // Editorial content; landing pages and popular routes carry reference fares ("from"), not a live price list.
  '/api/home/get_blog_category' satisfies (typeof CONTENT_PATHS)['blogCategories'],
  '/api/home/get_list_posts' satisfies (typeof CONTENT_PATHS)['listPosts'],
  '/api/home/get_blog_post' satisfies (typeof CONTENT_PATHS)['blogPost'],
  '/api/home/get_newses' satisfies (typeof CONTENT_PATHS)['newses'],
  '/api/home/get_news' satisfies (typeof CONTENT_PATHS)['news'],
  '/api/home/get_landing_page' satisfies (typeof CONTENT_PATHS)['landingPage'],
  '/api/home/get_homepage_media' satisfies (typeof CONTENT_PATHS)['homepageMedia'],
  '/api/home/get_homepage_impact_environmental' satisfies (typeof CONTENT_PATHS)['homepageImpact'],
  '/api/passenger/get_featured_posts' satisfies (typeof CONTENT_PATHS)['featuredPosts'],
  '/api/passenger/get_popular_chunks' satisfies (typeof CONTENT_PATHS)['popularChunks'],
  '/api/passenger/get_static_page' satisfies (typeof CONTENT_PATHS)['staticPage'],
  '/api/passenger/get_faq_questions' satisfies (typeof CONTENT_PATHS)['faqQuestions'],
  '/api/passenger/get_faq_categories' satisfies (typeof CONTENT_PATHS)['faqCategories'],
] as const;

/**
 * The texts the operator desk publishes (pages, FAQ, news, blog, landing pages): network first, so a passenger online
 * reads what was published last; the cached answer (the version they last loaded) only when the network fails.
 */
export const EDITORIAL_GET_PATHS = [
  '/api/home/get_blog_category',
  '/api/home/get_list_posts',
  '/api/home/get_blog_post',
  '/api/home/get_newses',
  '/api/home/get_news',
  '/api/home/get_landing_page',
  '/api/passenger/get_featured_posts',
  '/api/passenger/get_static_page',
  '/api/passenger/get_faq_questions',
  '/api/passenger/get_faq_categories',
] as const satisfies ReadonlyArray<(typeof CONTENT_GET_PATHS)[number]>;

/**
 * Fetched by the worker itself when it installs (sw/sw.ts), into the content cache: the configuration every page reads,
 * so a first visit works offline at once, without the page fetching it again through the worker.
 */
export const WARMED_AT_INSTALL = [
  '/api/passenger/get_system_configs',
  '/api/home/get_key_values',
] as const satisfies ReadonlyArray<(typeof CONTENT_GET_PATHS)[number]>;

/**
 * NEVER cached, whatever the rules above say: personal data (tickets, account, member balance), payments and their
 * status, booking creation and cancellation, live prices and promotion checks (a stale price or a stale "paid"
 * must never be shown). They are listed for the reader and checked first; anything not in CONTENT_GET_PATHS
 * is not cached either (only GET content is), and no POST is ever cached.
 */
export const NEVER_CACHED_PREFIXES = [
  '/api/passenger/get_ticket_info', // ticket info: personal
  '/api/passenger/get_transaction_info', // account history: personal
  '/api/passenger/get_member_promotion_cost', // member balance: personal
  '/api/passenger/create_', // booking creation
  '/api/passenger/cancel_booking',
  '/api/passenger/generate_cancel_booking_token',
  '/api/passenger/auto_cancel_booking',
  '/api/passenger/check_promotion_code',
  '/api/passenger/get_price_list', // live prices
  '/api/passenger/get_hourly_price_list',
  '/api/passenger/login',
  '/api/passenger/logout',
  '/api/payment/', // payment requests, gateway returns, status checks, IPN, sandbox pages
  '/api/agent/', // night booking checks, the partner console's calls
  '/api/push/', // subscriptions
  '/api/passenger/rate_ticket',
  '/api/passenger/notify_new_booking', // the live booking count: always fresh
  '/api/business/', // business partner login and credit: personal
  '/hub/', // anti-fraud, place search
] as const;

const CONTENT = new Set<string>(CONTENT_GET_PATHS);

export function isNeverCached(url: URL): boolean {
  return NEVER_CACHED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix));
}

/** A same-origin GET of a content call (never a personal or payment one). */
export function isContentCall(request: Request, url: URL, origin: string): boolean {
  return request.method === 'GET' && url.origin === origin && !isNeverCached(url) && CONTENT.has(url.pathname);
}

const EDITORIAL = new Set<string>(EDITORIAL_GET_PATHS);

/** A content call answering a text the desk publishes. */
export function isEditorialCall(request: Request, url: URL, origin: string): boolean {
  return isContentCall(request, url, origin) && EDITORIAL.has(url.pathname);
}

/**
 * A navigation the cached shell may answer: a path of the route table (either language). /api (payment gateway
 * pages live under /api/payment) and /hub are outside the table, so they always go to the network.
 */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/hub/')) return false;
  return matchPath(url.pathname) !== null;
}
