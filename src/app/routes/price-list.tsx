// price-list: the search comes from the URL (shareable), its places are looked up by id, and a chosen
// option becomes the working ticket before billing.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { parseTripSearch } from '../../shared/domain/trip-search';
import { chooseTripOption } from '../features/booking/ticket';
import { configQueries } from '../features/config/api';
import { placeQueries } from '../features/places/api';
import { PriceListPage } from '../features/pricing/components/price-list-page';
import { PlacesMissing, PlacesLoading } from './places-state';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';

export function PriceListRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search: raw, leaving } = useRouteSearch('price-list');
  const search = parseTripSearch(raw);
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const ids = search ? [search.pick, search.drop, ...(search.more ? [search.more.place] : [])] : [];
  const places = useQueries({ queries: ids.map((id) => placeQueries.detail(id, lang)) });
  useDocumentTitle(t('pricing.title'));

  if (leaving) return null;
  if (!search) return <Navigate to={pathFor('home', lang)} replace />;
  if (places.some((place) => place.isPending)) return <PlacesLoading />;
  const [pick, drop, more] = places.map((place) => place.data);
  if (!pick || !drop || (search.more && !more)) return <PlacesMissing />;

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
        void navigate({ to: pathFor('billing-detail', lang) });
      }}
      onEditSearch={() => void navigate({ to: pathFor('home', lang) })}
    />
  );
}
