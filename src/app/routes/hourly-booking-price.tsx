// hourly-booking-price: the hourly hire's kind of the one price-list screen (price-list.tsx), its search a place, a
// time and a duration; a new duration rewrites the URL.
import { hourlyPriceListLink } from '../../shared/domain/route-search';
import { parseHourlySearch, type HourlySearch } from '../../shared/domain/trip-search';
import { clearPartnerChoice } from '../features/booking/booking-draft';
import { chooseHourlyOption } from '../features/booking/choose-option';
import { HourlyPriceListPage } from '../features/pricing/components/hourly-price-list-page';
import { hourlyListParams } from '../features/pricing/list-params';
import { clearStoredPriceLists } from '../features/pricing/price-list-links';
import { routerLink } from '../lib/route-paths';
import { PriceListScreen, type PriceListKind } from './price-list';

const HOURLY_LIST: PriceListKind<'hourly-booking-price', HourlySearch> = {
  name: 'hourly-booking-price',
  parse: parseHourlySearch,
  titleKey: 'pricing.hourly_title',
  placeIds: (search) => [search.pick],
  page: ({ search, places: [pick], lang, keys, navigate, editSearch }) =>
    pick ? (
      <HourlyPriceListPage
        params={hourlyListParams(search, pick, lang)}
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
    ) : null,
};

export function HourlyBookingPriceRoute() {
  return <PriceListScreen kind={HOURLY_LIST} />;
}
