// Links to the two price lists, whose search lives in the URL (docs/decisions.md), and a hook that opens them
// with places already chosen, so the list page need not look those places up again.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Suggestion } from '../../../shared/contract/places';
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import { hourlySearchParams, tripSearchParams, type HourlySearch, type TripSearch } from '../../../shared/domain/trip-search';
import type { HourlySubmit, TripSubmit } from '../booking';
import { placeQueries } from '../places';
import { useLang } from '../../lib/use-lang';

export function priceListHref(lang: Lang, search: TripSearch): string {
  return `${pathFor('price-list', lang)}?${new URLSearchParams(tripSearchParams(search)).toString()}`;
}

export function hourlyPriceListHref(lang: Lang, search: HourlySearch): string {
  return `${pathFor('hourly-booking-price', lang)}?${new URLSearchParams(hourlySearchParams(search)).toString()}`;
}

const id = (place: Suggestion) => place.address_component.place_id;

export function useOpenPriceList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useLang();
  const remember = (...places: (Suggestion | undefined)[]) => {
    for (const place of places) if (place) queryClient.setQueryData(placeQueries.detail(id(place), lang).queryKey, place);
  };
  return {
    trip(search: TripSubmit) {
      remember(search.pick, search.drop, search.more?.place);
      const more = search.more ? { place: id(search.more.place), kind: search.more.kind } : undefined;
      const href = priceListHref(lang, {
        type: search.type,
        pick: id(search.pick),
        drop: id(search.drop),
        more,
        time: search.time,
        chair: search.chair,
      });
      void navigate({ href });
    },
    hourly(search: HourlySubmit) {
      remember(search.pick);
      void navigate({ href: hourlyPriceListHref(lang, { pick: id(search.pick), time: search.time, duration: search.duration }) });
    },
  };
}
