// price-list: the search comes from the URL (shareable), its places are looked up by id, and a chosen
// option becomes the booking draft before billing.
import { useQueries } from '@tanstack/react-query';
import { parseTripSearch } from '../../shared/domain/trip-search';
import { chooseTripOption } from '../features/booking/choose-option';
import { placeQueries } from '../features/places/api';
import { PriceListPage } from '../features/pricing/components/price-list-page';
import { beforePriceList, usePriceListRoute } from './price-list-route';

export function PriceListRoute() {
  const { lang, navigate, search, leaving, keys, editSearch } = usePriceListRoute('price-list', parseTripSearch, 'pricing.title');
  const ids = search ? [search.pick, search.drop, ...(search.more ? [search.more.place] : [])] : [];
  const places = useQueries({ queries: ids.map((id) => placeQueries.detail(id, lang)) });

  if (leaving) return null;
  const [pick, drop, more] = places.map((place) => place.data);
  const before = beforePriceList({
    lang,
    hasSearch: search !== null,
    placesPending: places.some((place) => place.isPending),
    placesMissing: !pick || !drop || Boolean(search?.more && !more),
  });
  // `before` stands for each of the other cases.
  if (before || !search || !pick || !drop) return before;

  return (
    <PriceListPage
      params={{
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
      }}
      summary={{
        pick: pick.address_component.name,
        drop: drop.address_component.name,
        time: search.time,
        chair: search.chair,
      }}
      hotline={keys.hotline}
      hotlineDisplay={keys.hotline_display}
      onChoose={(item, vatPercent) => {
        chooseTripOption(
          {
            type: search.type,
            pick,
            drop,
            more: search.more && more ? { place: more, kind: search.more.kind } : undefined,
            time: search.time,
            chair: search.chair,
            vatPercent,
          },
          item,
        );
        void navigate({ to: '/$lang/billing-detail', params: { lang } });
      }}
      onEditSearch={editSearch}
    />
  );
}
