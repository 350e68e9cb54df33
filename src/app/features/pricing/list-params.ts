// The request of a price list from its route's search and the places it names, written once for the route that shows
// the list and the loader that fetches it first (routes/price-list.tsx, routes/loaders.ts): both ask with one key.
import type { Suggestion } from '../../../shared/contract/places';
import type { Lang } from '../../../shared/domain/route-table';
import type { HourlySearch, TripSearch } from '../../../shared/domain/trip-search';
import type { HourlyPriceListParams, PriceListParams } from './api';
import type { HourlyFilters, PriceFilters } from './filters';

/** The places a ride's search names, in order: pick, drop, then the extra stop if it has one. */
export function tripPlaceIds(search: TripSearch): string[] {
  return [search.pick, search.drop, ...(search.more ? [search.more.place] : [])];
}

/** A ride's list without its filters, once its places are known (`places` in tripPlaceIds' order). */
export function tripListParams(
  search: TripSearch,
  [pick, drop, more]: Suggestion[],
  lang: Lang,
): Omit<PriceListParams, keyof PriceFilters> | null {
  if (!pick || !drop || (search.more && !more)) return null;
  return {
    depart_time: search.time,
    dimension_id: search.type,
    pick_address: pick.address,
    pick_address_component: JSON.stringify(pick.address_component),
    drop_address: drop.address,
    drop_address_component: JSON.stringify(drop.address_component),
    more_address:
      search.more && more
        ? JSON.stringify([{ address: more.address, address_component: more.address_component, type: search.more.kind }])
        : undefined,
    chair: search.chair,
    lang,
  };
}

/** An hourly hire's list without its filters, once its place is known. */
export function hourlyListParams(
  search: HourlySearch,
  pick: Suggestion,
  lang: Lang,
): Omit<HourlyPriceListParams, keyof HourlyFilters> {
  return {
    depart_time: search.time,
    pick_address: pick.address,
    pick_address_component: JSON.stringify(pick.address_component),
    duration: search.duration,
    lang,
  };
}
