import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { useQuery } from '@tanstack/react-query';
import { BookingWidget } from '../features/booking/components/booking-widget';
import { clearPartnerChoice } from '../features/booking/ticket';
import { configQueries } from '../lib/config-queries';
import { HomePage } from '../features/home/components/home-page';
import { AddressInput } from '../features/places/components/address-input';
import { clearStoredPriceLists } from '../features/pricing/stored-lists';
import { useOpenPriceList } from '../features/pricing/price-list-links';

export function HomeRoute() {
  const { data = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const open = useOpenPriceList();

  return (
    <HomePage
      hotline={data.hotline}
      hotlineDisplay={data.hotline_display}
      widget={
        <BookingWidget
          AddressField={AddressInput}
          onSearch={open.trip}
          onHourlySearch={open.hourly}
          onSearchChange={() => {
            clearStoredPriceLists();
            clearPartnerChoice();
          }}
        />
      }
    />
  );
}
