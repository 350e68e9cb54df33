// hourly-booking-price: the hourly search comes from the URL; changing the duration rewrites the URL.
import { useQuery } from '@tanstack/react-query';
import { hourlyPriceListLink } from '../../shared/domain/route-search';
import { parseHourlySearch } from '../../shared/domain/trip-search';
import { clearPartnerChoice } from '../features/booking/booking-draft';
import { chooseHourlyOption } from '../features/booking/choose-option';
import { placeQueries } from '../features/places/api';
import { clearStoredPriceLists } from '../features/pricing/stored-lists';
import { HourlyPriceListPage } from '../features/pricing/components/hourly-price-list-page';
import { beforePriceList, usePriceListRoute } from './price-list-route';
import { routerLink } from '../lib/route-paths';

export function HourlyBookingPriceRoute() {
  const { lang, navigate, search, leaving, keys, editSearch } = usePriceListRoute(
    'hourly-booking-price',
    parseHourlySearch,
    'pricing.hourly_title',
  );
  const place = useQuery({ ...placeQueries.detail(search?.pick ?? '', lang), enabled: Boolean(search) });

  if (leaving) return null;
  const pick = place.data;
  const before = beforePriceList({ lang, hasSearch: search !== null, placesPending: place.isPending, placesMissing: !pick });
  // `before` stands for each of the other cases.
  if (before || !search || !pick) return before;

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
        void navigate({ ...routerLink(hourlyPriceListLink(lang, { ...search, duration })), replace: true });
      }}
      onChoose={(item, vatPercent) => {
        chooseHourlyOption({ pick, time: search.time, vatPercent }, item);
        void navigate({ to: '/$lang/hourly-booking-info', params: { lang } });
      }}
      onEditSearch={editSearch}
    />
  );
}
