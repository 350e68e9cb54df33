// hourly-booking-success (spec 2): reads the last stored hourly ticket; home if there is none or its departure
// has passed; the success view, then the return-trip quick book.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isFuturePickup } from '../../shared/domain/pickup-time';
import { pathFor } from '../../shared/domain/route-table';
import { tripSearchParams } from '../../shared/domain/trip-search';
import type { TripSubmit } from '../features/booking/components/booking-widget';
import { ReturnTripForm } from '../features/booking/components/return-trip-form';
import { lastTicket } from '../features/booking/history';
import { placeQueries } from '../features/places/api';
import { AddressInput } from '../features/places/components/address-input';
import { useLang } from '../lib/use-lang';
import { SuccessView } from './booking-success';

export function HourlyBookingSuccessRoute() {
  const lang = useLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // spec 2: the last stored hourly ticket, unless its departure has passed.
  const [entry] = useState(() => {
    const last = lastTicket('hourly');
    return last && isFuturePickup(last.departDatetime, Date.now()) ? last : null;
  });
  const place = useQuery({ ...placeQueries.detail(entry?.pickPlaceId ?? '', lang), enabled: Boolean(entry?.pickPlaceId) });
  if (!entry) return <Navigate to={pathFor('home', lang)} replace />;

  const onSearch = (search: TripSubmit) => {
    for (const item of [search.pick, search.drop])
      queryClient.setQueryData(placeQueries.detail(item.address_component.place_id, lang).queryKey, item);
    const params = tripSearchParams({
      type: search.type,
      pick: search.pick.address_component.place_id,
      drop: search.drop.address_component.place_id,
      time: search.time,
      chair: search.chair,
    });
    void navigate({ href: `${pathFor('price-list', lang)}?${new URLSearchParams(params).toString()}` });
  };

  return (
    <SuccessView
      code={entry.code}
      contact={entry.contact}
      extra={
        place.isPending ? null : (
          // The hourly hire ends where it started: the return trip leaves from the passenger's choice back to that place.
          <ReturnTripForm
            AddressField={AddressInput}
            pick={null}
            drop={place.data ?? null}
            chair={entry.chair}
            onSearch={onSearch}
          />
        )
      }
    />
  );
}
