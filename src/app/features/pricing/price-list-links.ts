// Links to the two price lists, whose search lives in the URL (docs/decisions.md), and a hook that opens them
// with places already chosen, so the list page need not look those places up again.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Suggestion } from '../../../shared/contract/places';
import { hourlyPriceListLink, linkHref, priceListLink } from '../../../shared/domain/route-search';
import type { Lang } from '../../../shared/domain/route-table';
import type { TripSearch } from '../../../shared/domain/trip-search';
import type { HourlySubmit, TripSubmit } from '../booking';
import { placeQueries } from '../places';
import { useLang } from '../../lib/use-lang';

export function priceListHref(lang: Lang, search: TripSearch): string {
  return linkHref(priceListLink(lang, search));
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
      const link = priceListLink(lang, {
        type: search.type,
        pick: id(search.pick),
        drop: id(search.drop),
        more,
        time: search.time,
        chair: search.chair,
      });
      void navigate(link);
    },
    hourly(search: HourlySubmit) {
      remember(search.pick);
      void navigate(hourlyPriceListLink(lang, { pick: id(search.pick), time: search.time, duration: search.duration }));
    },
  };
}
