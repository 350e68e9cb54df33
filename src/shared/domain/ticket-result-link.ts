// The way to a booked ticket's result page, with the ticket's code and contact in its search. Apart from
// route-search.ts, which loads with the home page: only the booking pages need it.
import { pathFor, type Lang } from './route-table';
import type { RouteLink, UrlValue } from './route-search';

/**
 * A text as a search value that the router writes exactly as URLSearchParams would: the router quotes a text that
 * reads as JSON ("84912345678" would become "%2284912345678%22"), so a text that is a plain number goes as that number.
 */
export function asUrlValue(text: string): UrlValue {
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && String(n) === text ? n : text;
}

function asUrlSearch(params: Record<string, string>): Record<string, UrlValue> {
  return Object.fromEntries(Object.entries(params).map(([key, value]) => [key, asUrlValue(value)]));
}

/** A booked ticket's page after booking or payment (spec 4): its code and the contact that booked it. */
export function ticketResultLink(
  route: 'booking-success' | 'hourly-booking-success' | 'payment-result',
  lang: Lang,
  search: Record<string, string>,
): RouteLink {
  return { to: pathFor(route, lang), search: asUrlSearch(search) };
}
