// The quick rebook of a ticket, on its success page and on its ticket page, where a traveller at the
// airport looks: the return trip (pick-up and drop-off swapped) or, on the ticket page, the same trip again. The
// places come from the ticket (its place ids) or, for a ticket this device booked, from the device's history; both
// are kept on the device once seen, so the form opens and queues a search offline too (features/offline). The
// passenger's details are filled in the form that follows from the device's store (billing defaults).
// An hourly hire ends where it started: its return trip goes from the passenger's choice back to that place.
import { useState } from 'react';
import { ReturnTripForm } from '../features/tickets/components/return-trip-form';
import { readHistory } from '../features/booking/history';
import { useStoredPlace } from '../features/offline/stored-places';
import { placeQueries } from '../features/places/api';
import { AddressInput } from '../features/places/components/address-input';
import { useLang } from '../lib/use-lang';
import { useOpenPriceList } from '../features/pricing/price-list-links';
import type { TicketInfo } from '../../shared/contract/tickets';

interface Props {
  code: string;
  /** The ticket when it is at hand (the ticket page, or the success page once loaded). */
  ticket?: Pick<TicketInfo, 'kind' | 'chair' | 'pick_place_id' | 'drop_place_id'> | null;
  /** Offer the same trip again besides the return (the ticket page). */
  offerAgain?: boolean;
}

export function QuickRebook({ code, ticket = null, offerAgain = false }: Props) {
  const lang = useLang();
  const open = useOpenPriceList();
  const [entry] = useState(() => readHistory().find((item) => item.code === code) ?? null);
  const kind = ticket?.kind ?? entry?.kind ?? 'ride';
  const pickId = ticket?.pick_place_id || entry?.pickPlaceId || '';
  const dropId = ticket?.drop_place_id || entry?.dropPlaceId || '';
  const chair = ticket?.chair ?? entry?.chair ?? 1;
  const pickPlace = useStoredPlace(pickId, lang, placeQueries.detail);
  const dropPlace = useStoredPlace(kind === 'ride' ? dropId : '', lang, placeQueries.detail);
  if (!pickId || pickPlace.pending || dropPlace.pending) return null;
  if (kind === 'hourly') {
    return (
      <ReturnTripForm
        key={pickId}
        AddressField={AddressInput}
        pick={null}
        drop={pickPlace.place}
        chair={chair}
        onSearch={open.trip}
      />
    );
  }
  if (!dropId) return null;
  return (
    <ReturnTripForm
      key={`${pickId}>${dropId}`}
      AddressField={AddressInput}
      pick={dropPlace.place}
      drop={pickPlace.place}
      chair={chair}
      onSearch={open.trip}
      offerAgain={offerAgain}
    />
  );
}
