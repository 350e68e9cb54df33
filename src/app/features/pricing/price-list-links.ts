// What the home page needs of the price lists without loading their code: links to the two lists, whose search
// lives in the URL (docs/decisions.md), a hook that opens them with places already chosen, so the list page need not
// look those places up again, and the clearing of the list pages kept in the local store.
import { useNavigate } from '@tanstack/react-router';
import type { Suggestion } from '../../../shared/contract/places';
import { hourlyPriceListLink, linkHref, priceListLink, type RouteLink } from '../../../shared/domain/route-search';
import type { Lang } from '../../../shared/domain/route-table';
import type { HourlySubmit, TripSearch, TripSubmit } from '../../../shared/domain/trip-search';
import { loadQueryRuntime } from '../../lib/query-loader';
import { removeEntry } from '../../lib/store-keys';
import { useLang } from '../../lib/use-lang';
import { routerLink } from '../../lib/route-paths';

/** Where the loaded price-list pages are kept in the local store (spec 3). */
export const STORE_KEYS = { normal: 'price-pages', hourly: 'hourly-price-pages' } as const;

/** spec 4: a new search (places, swap, date, passengers, duration) clears the cached lists. */
export function clearStoredPriceLists() {
  removeEntry(STORE_KEYS.normal);
  removeEntry(STORE_KEYS.hourly);
}

export function priceListHref(lang: Lang, search: TripSearch): string {
  return linkHref(priceListLink(lang, search));
}

const id = (place: Suggestion) => place.address_component.place_id;

export function useOpenPriceList() {
  const navigate = useNavigate();
  const lang = useLang();
  // The places go into the query cache before the list opens. The home page may not have the query runtime yet
  // (it loads after the first paint), nor the places' query factories; the list needs both anyway, and
  // shows its load error if they fail.
  const open = (link: RouteLink, ...places: (Suggestion | undefined)[]) => {
    void Promise.all([loadQueryRuntime(), import('../places')])
      .then(([{ queryClient }, { placeQueries }]) => {
        for (const place of places) if (place) queryClient.setQueryData(placeQueries.detail(id(place), lang).queryKey, place);
      })
      .catch(() => {})
      .then(() => navigate(routerLink(link)));
  };
  return {
    trip(search: TripSubmit) {
      const more = search.more ? { place: id(search.more.place), kind: search.more.kind } : undefined;
      const link = priceListLink(lang, {
        type: search.type,
        pick: id(search.pick),
        drop: id(search.drop),
        more,
        time: search.time,
        chair: search.chair,
      });
      open(link, search.pick, search.drop, search.more?.place);
    },
    hourly(search: HourlySubmit) {
      open(hourlyPriceListLink(lang, { pick: id(search.pick), time: search.time, duration: search.duration }), search.pick);
    },
  };
}
