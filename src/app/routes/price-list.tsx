// The two price lists, one screen: price-list (rides, here; the extra stop too) and hourly-booking-price (hourly hire,
// its kind in hourly-booking-price.tsx). The search comes from the URL (shareable), its places are looked up by id
// (routes/loaders.ts looks them up first), the site keys give the hotline, and a chosen option becomes the booking
// draft before billing. Each kind brings only its places, its page and what a choice does.
import { useQueries, useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Suggestion } from '../../shared/contract/places';
import type { RouteSearch } from '../../shared/domain/route-search';
import type { Lang } from '../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS, type SiteKeys } from '../../shared/domain/system-config';
import { parseTripSearch, type TripSearch } from '../../shared/domain/trip-search';
import { RouteLink } from '../components/ui/route-link';
import { chooseTripOption } from '../features/booking/choose-option';
import { placeQueries } from '../features/places/api';
import { PriceListPage } from '../features/pricing/components/price-list-page';
import { tripListParams, tripPlaceIds } from '../features/pricing/list-params';
import { configQueries } from '../lib/config-queries';
import { useDocumentTitle } from '../lib/use-document-title';
import { useHydrating } from '../lib/use-hydrating';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';

export type PriceListRouteName = 'price-list' | 'hourly-booking-price';

/** What the page of a list is handed once its search and places are there. */
export interface Shown<S> {
  search: S;
  places: Suggestion[];
  lang: Lang;
  keys: SiteKeys;
  navigate: ReturnType<typeof useNavigate>;
  editSearch(): void;
}

/** A kind of price list: its route, its search, the places the search names, and its page. */
export interface PriceListKind<N extends PriceListRouteName, S> {
  name: N;
  parse(search: RouteSearch<N>): S | null;
  titleKey: 'pricing.title' | 'pricing.hourly_title';
  placeIds(search: S): string[];
  /** The page, once every place is known; null when one is missing. */
  page(shown: Shown<S>): ReactNode;
}

export function PriceListScreen<N extends PriceListRouteName, S>({ kind }: { kind: PriceListKind<N, S> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search: raw, leaving } = useRouteSearch(kind.name);
  const search = kind.parse(raw);
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  useDocumentTitle(t(kind.titleKey));
  const ids = search ? kind.placeIds(search) : [];
  const places = useQueries({ queries: ids.map((id) => placeQueries.detail(id, lang)) });
  // The server renders the loading line (a search's data is never in its HTML): the render that hydrates it shows the
  // same, even when this browser already holds the places and the list, which follow right after.
  const hydrating = useHydrating();

  if (leaving) return null;
  // Home for an incomplete search, a loading line while the places are looked up, a notice when one is gone.
  if (!search) return <Navigate to="/$lang/home" params={{ lang }} replace />;
  if (hydrating || places.some((place) => place.isPending)) return <PlacesLoading />;
  const found = places.map((place) => place.data).filter((place): place is Suggestion => place !== undefined);
  const editSearch = () => void navigate({ to: '/$lang/home', params: { lang } });
  const page = found.length === ids.length ? kind.page({ search, places: found, lang, keys, navigate, editSearch }) : null;
  return page ?? <PlacesMissing />;
}

function PlacesLoading() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-live="polite">
      <p>{t('pricing.loading')}</p>
    </div>
  );
}

function PlacesMissing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('pricing.places_missing_title')}</h1>
      <p>{t('pricing.places_missing')}</p>
      <RouteLink name="home" className="button button-primary">
        {t('pricing.edit_search')}
      </RouteLink>
    </div>
  );
}

const TRIP_LIST: PriceListKind<'price-list', TripSearch> = {
  name: 'price-list',
  parse: parseTripSearch,
  titleKey: 'pricing.title',
  placeIds: tripPlaceIds,
  page: ({ search, places, lang, keys, navigate, editSearch }) => {
    const params = tripListParams(search, places, lang);
    const [pick, drop, more] = places;
    if (!params || !pick || !drop) return null;
    return (
      <PriceListPage
        params={params}
        summary={{ pick: pick.address_component.name, drop: drop.address_component.name, time: search.time, chair: search.chair }}
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
  },
};

export function PriceListRoute() {
  return <PriceListScreen kind={TRIP_LIST} />;
}
