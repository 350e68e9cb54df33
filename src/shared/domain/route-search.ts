// The search params of the routes that read them: one small parser per route (the router's validateSearch), and the
// search objects that navigations pass. Hand-written, not yup: the router loads with the home page (docs/performance.md).
import { pathFor, type Lang, type RouteName } from './route-table';
import { hourlySearchParams, tripSearchParams, type HourlySearch, type TripSearch } from './trip-search';

/**
 * A value as the router reads it from the URL: text, or a number or boolean where the text is one (`chair=2` reads
 * as 2, `paid=true` as true). A parser keeps it as it came: the router writes what a parser returns back into the
 * URL on the next navigation to the route.
 */
export type UrlValue = string | number | boolean;

type Raw = Record<string, unknown>;
type SearchOf<K extends string> = { [key in K]?: UrlValue };

/** The params each route that reads its search reads (the others keep whatever their URL carries, unread). */
const SEARCH_KEYS = {
  blog: ['category'],
  news: ['q'],
  'become-partner': ['type'],
  'price-list': ['type', 'pick', 'drop', 'more', 'moreKind', 'time', 'chair'],
  'hourly-booking-price': ['pick', 'time', 'duration'],
  'booking-success': ['code', 'contact'],
  'payment-result': ['code', 'contact'],
  // Back from the payment gateway on a billing page (spec 4): the gateway's word and the ticket.
  'billing-detail': ['paid', 'code'],
  'hourly-booking-info': ['paid', 'code'],
} as const satisfies Partial<Record<RouteName, readonly string[]>>;

export type SearchRouteName = keyof typeof SEARCH_KEYS;
export type RouteSearch<N extends SearchRouteName> = SearchOf<(typeof SEARCH_KEYS)[N][number]>;

/** The search of a route that reads none: a link may pass it no param. */
export type NoSearch = Record<string, never>;

/** The typed search of any route. */
export type SearchOfRoute<N extends RouteName> = N extends SearchRouteName ? RouteSearch<N> : NoSearch;

/** The validateSearch of route `name`, or undefined for a route that does not read its search. */
export function searchValidator<N extends RouteName>(name: N): ((raw: Raw) => SearchOfRoute<N>) | undefined {
  const keys: readonly string[] | undefined = (SEARCH_KEYS as Partial<Record<RouteName, readonly string[]>>)[name];
  if (!keys) return undefined;
  return (raw) => {
    const out: Record<string, UrlValue | undefined> = {};
    for (const key of keys) {
      const value = raw[key];
      // A string, number or boolean (the router's parse gives no NaN, Infinity, symbol or bigint); an array (a
      // repeated param), an object or null is dropped.
      out[key] = 'string number boolean'.includes(typeof value) ? (value as UrlValue) : undefined;
    }
    return out as SearchOfRoute<N>;
  };
}

/** Where a navigation goes: a route's path in a language and its search (the router's `to` and `search`). */
export interface RouteLink {
  to: string;
  search: Record<string, UrlValue>;
}

export function linkHref(link: RouteLink): string {
  // URLSearchParams writes each value with String().
  const query = new URLSearchParams(link.search as Record<string, string>).toString();
  return query ? `${link.to}?${query}` : link.to;
}

// The numbers go as numbers (the router would quote a text "1"); places go by id ("ward:26740", a Google place id),
// never a plain number, and the time ("HH:mm d/M/yyyy") is never JSON.
export function priceListLink(lang: Lang, search: TripSearch): RouteLink {
  return { to: pathFor('price-list', lang), search: { ...tripSearchParams(search), type: search.type, chair: search.chair } };
}

export function hourlyPriceListLink(lang: Lang, search: HourlySearch): RouteLink {
  return { to: pathFor('hourly-booking-price', lang), search: { ...hourlySearchParams(search), duration: search.duration } };
}
