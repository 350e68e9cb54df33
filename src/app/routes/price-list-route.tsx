// What the two price-list routes (price-list, hourly-booking-price) share: the search from their URL, the site keys,
// the title, the way back to the search form, and what shows before the list.
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteSearch } from '../../shared/domain/route-search';
import { type Lang } from '../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { RouteLink } from '../components/ui/route-link';
import { configQueries } from '../lib/config-queries';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';

type PriceListRouteName = 'price-list' | 'hourly-booking-price';

export function usePriceListRoute<N extends PriceListRouteName, S>(
  name: N,
  parse: (search: RouteSearch<N>) => S | null,
  titleKey: 'pricing.title' | 'pricing.hourly_title',
) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search: raw, leaving } = useRouteSearch(name);
  const search = parse(raw);
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  useDocumentTitle(t(titleKey));
  return {
    lang,
    navigate,
    search,
    leaving,
    keys,
    editSearch: () => void navigate({ to: '/$lang/home', params: { lang } }),
  };
}

/**
 * What shows in place of the list until its search and places are there (home for an incomplete search, a loading
 * line while the places are looked up, a notice when one is gone); null once the list can show.
 */
export function beforePriceList(state: {
  lang: Lang;
  hasSearch: boolean;
  placesPending: boolean;
  placesMissing: boolean;
}): ReactNode {
  if (!state.hasSearch) return <Navigate to="/$lang/home" params={{ lang: state.lang }} replace />;
  if (state.placesPending) return <PlacesLoading />;
  if (state.placesMissing) return <PlacesMissing />;
  return null;
}

export function PlacesLoading() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-live="polite">
      <p>{t('pricing.loading')}</p>
    </div>
  );
}

export function PlacesMissing() {
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
