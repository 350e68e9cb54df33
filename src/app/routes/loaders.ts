// The loaders of the routes whose data the browser fetches: the two price lists, the ticket page and the booking
// results. Each fills the query client with the same query options its screen reads (ensureQueryData), so the screen
// renders with them at once. A failure is left to the screen, which shows it as before (the ticket's screens do not
// ask again on mount: the loader's call was this arrival's). Without a connection a call waits (the query pauses): the
// loader stops waiting then, and the screen shows what it has, as before. None of this runs on the server: a search's
// or a passenger's data is never in a page the server renders; nor for the first page over the server's HTML (the price
// list's frame), which hydrates as the server rendered it.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Suggestion } from '../../shared/contract/places';
import type { RouteSearch } from '../../shared/domain/route-search';
import type { RouteName } from '../../shared/domain/route-table';
import { isLang, type Lang } from '../../shared/domain/route-table';
import { isFutureDepartTime } from '../../shared/domain/depart-time';
import { parseHourlySearch, parseTripSearch } from '../../shared/domain/trip-search';
import { ticketQueries } from '../features/tickets/api';
import { lastTicket, readHistory } from '../features/booking/history';
import { placeQueries } from '../features/places/api';
import { pricingQueries } from '../features/pricing/api';
import { readFilters, readHourlyFilters } from '../features/pricing/filters';
import { hourlyListParams, tripListParams, tripPlaceIds } from '../features/pricing/list-params';
import type { RouteContext } from '../lib/route-context';

/** What a route's loader reads of its match (router.tsx). */
export interface LoaderMatch<S = unknown> {
  params: { lang?: string; [key: string]: string | undefined };
  search: S;
  context: RouteContext;
}

/**
 * The data `ensure` loads for the query `queryKey`; undefined when its call failed (the screen shows the failure) or
 * when it pauses for want of a connection (it goes on when one is back, and the screen follows it).
 */
function loaded<T>(client: QueryClient, queryKey: QueryKey, ensure: () => Promise<T>): Promise<T | undefined> {
  const paused = () => client.getQueryState(queryKey)?.fetchStatus === 'paused';
  let unsubscribe = () => {};
  const pause = new Promise<undefined>((resolve) => {
    unsubscribe = client.getQueryCache().subscribe(() => {
      if (paused()) resolve(undefined);
    });
  });
  const data = ensure().catch(() => undefined);
  return Promise.race([data, paused() ? undefined : pause]).finally(unsubscribe);
}

/** The browser's client for a navigation that loads; null on the server and over the server's HTML. */
async function browserClient(match: LoaderMatch): Promise<QueryClient | null> {
  if (match.context.onServer || match.context.hydratesServerHtml()) return null;
  return match.context.queryClient();
}

const langOf = (match: LoaderMatch): Lang => (isLang(match.params.lang) ? match.params.lang : 'vi');

async function placesOf(client: QueryClient, ids: string[], lang: Lang): Promise<Suggestion[] | null> {
  const places = await Promise.all(
    ids.map((id) => {
      const options = placeQueries.detail(id, lang);
      return loaded(client, options.queryKey, () => client.ensureQueryData(options));
    }),
  );
  return places.every((place) => place !== undefined) ? places : null;
}

/** price-list: the places of the search, then the list's first page with the filters this device keeps. */
async function loadPriceList(match: LoaderMatch<RouteSearch<'price-list'>>): Promise<void> {
  const client = await browserClient(match);
  const search = parseTripSearch(match.search);
  if (!client || !search) return;
  const lang = langOf(match);
  const places = await placesOf(client, tripPlaceIds(search), lang);
  const params = places && tripListParams(search, places, lang);
  if (!params) return;
  const options = pricingQueries.list({ ...params, ...readFilters() });
  await loaded(client, options.queryKey, () => client.ensureInfiniteQueryData(options));
}

/** hourly-booking-price: the place of the search, then the list's first page with the filters this device keeps. */
async function loadHourlyPriceList(match: LoaderMatch<RouteSearch<'hourly-booking-price'>>): Promise<void> {
  const client = await browserClient(match);
  const search = parseHourlySearch(match.search);
  if (!client || !search) return;
  const lang = langOf(match);
  const [pick] = (await placesOf(client, [search.pick], lang)) ?? [];
  if (!pick) return;
  const options = pricingQueries.hourly({ ...hourlyListParams(search, pick, lang), ...readHourlyFilters() });
  await loaded(client, options.queryKey, () => client.ensureInfiniteQueryData(options));
}

/**
 * The ticket as the ticket page and the booking results ask for it: with its key when this device booked it.
 * `retry`: false where the screen asks once (the ticket page).
 */
async function loadTicket(client: QueryClient, code: string, contact: string, lang: Lang, retry?: false): Promise<void> {
  const key = readHistory().find((item) => item.code === code)?.key;
  const options = { ...ticketQueries.info(code, contact, lang, key), ...(retry === false ? { retry } : {}) };
  await loaded(client, options.queryKey, () => client.ensureQueryData(options));
}

/** ticket-detail: the ticket of the path's code and phone (or e-mail). */
async function loadTicketDetail(match: LoaderMatch): Promise<void> {
  const client = await browserClient(match);
  const code = (match.params.code ?? '').toUpperCase();
  if (client) await loadTicket(client, code, match.params.phone ?? '', langOf(match), false);
}

/** booking-success: the ticket of the search's code and contact (a phone the gateway sent back as a number too). */
async function loadBookingSuccess(match: LoaderMatch<RouteSearch<'booking-success'>>): Promise<void> {
  const client = await browserClient(match);
  const { code, contact } = match.search;
  const phone = typeof contact === 'string' ? contact : typeof contact === 'number' ? `0${contact}` : '';
  if (client && typeof code === 'string' && code && phone) await loadTicket(client, code, phone, langOf(match));
}

/** hourly-booking-success: the last hourly ticket this device booked, unless its departure has passed. */
async function loadHourlyBookingSuccess(match: LoaderMatch): Promise<void> {
  const client = await browserClient(match);
  const last = lastTicket('hourly');
  if (client && last && isFutureDepartTime(last.departTime, Date.now()))
    await loadTicket(client, last.code, last.contact, langOf(match));
}

/** The loader of each route whose screen's data the browser loads first (router.tsx LOADED_IN_BROWSER). */
const BROWSER_LOADERS: Partial<Record<RouteName, (match: LoaderMatch<never>) => Promise<void>>> = {
  'price-list': loadPriceList,
  'hourly-booking-price': loadHourlyPriceList,
  'ticket-detail': loadTicketDetail,
  'booking-success': loadBookingSuccess,
  'hourly-booking-success': loadHourlyBookingSuccess,
};

export function loadInBrowser(name: RouteName, match: LoaderMatch): Promise<void> | undefined {
  return BROWSER_LOADERS[name]?.(match as LoaderMatch<never>);
}
