// hourly-booking-success (spec 2): reads the last stored hourly ticket; home if there is none or its departure
// has passed; the success view, then the return-trip quick book.
import { Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isFutureDepartTime } from '../../shared/domain/depart-time';
import { ReturnTripForm } from '../features/tickets/components/return-trip-form';
import { lastTicket } from '../features/booking/history';
import { useStoredPlace } from '../features/offline/stored-places';
import { placeQueries } from '../features/places/api';
import { AddressInput } from '../features/places/components/address-input';
import { useLang } from '../lib/use-lang';
import { useOpenPriceList } from '../features/pricing/price-list-links';
import { SuccessView } from './booking-success';

export function HourlyBookingSuccessRoute() {
  const lang = useLang();
  const open = useOpenPriceList();
  // spec 2: the last stored hourly ticket, unless its departure has passed.
  const [entry] = useState(() => {
    const last = lastTicket('hourly');
    return last && isFutureDepartTime(last.departTime, Date.now()) ? last : null;
  });
  const place = useStoredPlace(entry?.pickPlaceId ?? '', lang, placeQueries.detail);
  if (!entry) return <Navigate to="/$lang/home" params={{ lang }} replace />;

  return (
    <SuccessView
      code={entry.code}
      contact={entry.contact}
      extra={
        place.pending ? null : (
          // The hourly hire ends where it started: the return trip leaves from the passenger's choice back to that place.
          <ReturnTripForm AddressField={AddressInput} pick={null} drop={place.place} chair={entry.chair} onSearch={open.trip} />
        )
      }
    />
  );
}
