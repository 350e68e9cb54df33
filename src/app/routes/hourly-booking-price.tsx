// hourly-booking-price: the hourly search comes from the URL; changing the duration rewrites the URL.
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { hourlyPriceListLink } from '../../shared/domain/route-search';
import { parseHourlySearch } from '../../shared/domain/trip-search';
import { chooseHourlyOption, clearPartnerChoice } from '../features/booking/ticket';
import { configQueries } from '../features/config/api';
import { placeQueries } from '../features/places/api';
import { clearStoredPriceLists } from '../features/pricing/stored-lists';
import { HourlyPriceListPage } from '../features/pricing/components/hourly-price-list-page';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';
import { PlacesLoading, PlacesMissing } from './places-state';

export function HourlyBookingPriceRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { search: raw, leaving } = useRouteSearch('hourly-booking-price');
  const search = parseHourlySearch(raw);
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const place = useQuery({ ...placeQueries.detail(search?.pick ?? '', lang), enabled: Boolean(search) });
  useDocumentTitle(t('pricing.hourly_title'));

  if (leaving) return null;
  if (!search) return <Navigate to={pathFor('home', lang)} replace />;
  if (place.isPending) return <PlacesLoading />;
  const pick = place.data;
  if (!pick) return <PlacesMissing />;

  return (
    <HourlyPriceListPage
      params={{
        depart_time: search.time,
        pick_address: pick.address,
        pick_address_component: JSON.stringify(pick.address_component),
        duration: search.duration,
        lang,
      }}
      summary={{ pick: pick.address, pickName: pick.address_component.name, time: search.time }}
      hotline={keys.hotline}
      hotlineDisplay={keys.hotline_display}
      onDurationChange={(duration) => {
        // spec 4: a new duration clears the partner choice and the cached lists.
        clearStoredPriceLists();
        clearPartnerChoice();
        void navigate({ ...hourlyPriceListLink(lang, { ...search, duration }), replace: true });
      }}
      onChoose={(item, vatPercent) => {
        chooseHourlyOption({ pick, time: search.time, vatPercent }, item);
        void navigate({ to: pathFor('hourly-booking-info', lang) });
      }}
      onEditSearch={() => void navigate({ to: pathFor('home', lang) })}
    />
  );
}
