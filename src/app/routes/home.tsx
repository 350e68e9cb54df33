import { BookingWidget } from '../features/booking/components/booking-widget';
import { clearPartnerChoice } from '../features/booking/booking-draft';
import { useSiteKeys } from '../lib/config-store';
import { HomePage } from '../features/home/components/home-page';
import { AddressInput } from '../features/places/components/address-input';
import { clearStoredPriceLists, useOpenPriceList } from '../features/pricing/price-list-links';

export function HomeRoute() {
  const data = useSiteKeys();
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
