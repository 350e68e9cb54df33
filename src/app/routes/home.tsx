import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { pathFor } from '../../shared/domain/route-table';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { hourlySearchParams, tripSearchParams } from '../../shared/domain/trip-search';
import { BookingWidget, type HourlySubmit, type TripSubmit } from '../features/booking/components/booking-widget';
import { clearPartnerChoice } from '../features/booking/ticket';
import { configQueries } from '../features/config/api';
import { HomePage } from '../features/home/components/home-page';
import { placeQueries } from '../features/places/api';
import { AddressInput } from '../features/places/components/address-input';
import { clearStoredPriceLists } from '../features/pricing/api';
import type { Suggestion } from '../../shared/contract/places';
import { useLang } from '../lib/use-lang';

export function HomeRoute() {
  const { data = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = useLang();

  // The price-list page looks places up by id; what was chosen here is already known.
  const remember = (...places: (Suggestion | undefined)[]) => {
    for (const place of places) {
      if (place) queryClient.setQueryData(placeQueries.detail(place.address_component.place_id, lang).queryKey, place);
    }
  };

  const onSearch = (search: TripSubmit) => {
    remember(search.pick, search.drop, search.more?.place);
    void navigate({
      href:
        pathFor('price-list', lang) +
        '?' +
        new URLSearchParams(
          tripSearchParams({
            type: search.type,
            pick: search.pick.address_component.place_id,
            drop: search.drop.address_component.place_id,
            more: search.more ? { place: search.more.place.address_component.place_id, kind: search.more.kind } : undefined,
            time: search.time,
            chair: search.chair,
          }),
        ).toString(),
    });
  };

  const onHourlySearch = (search: HourlySubmit) => {
    remember(search.pick);
    void navigate({
      href:
        pathFor('hourly-booking-price', lang) +
        '?' +
        new URLSearchParams(
          hourlySearchParams({ pick: search.pick.address_component.place_id, time: search.time, duration: search.duration }),
        ).toString(),
    });
  };

  return (
    <HomePage
      hotline={data.hotline}
      hotlineDisplay={data.hotline_display}
      widget={
        <BookingWidget
          AddressField={AddressInput}
          onSearch={onSearch}
          onHourlySearch={onHourlySearch}
          onSearchChange={() => {
            clearStoredPriceLists();
            clearPartnerChoice();
          }}
        />
      }
    />
  );
}
