// booking-success (and hourly-booking-success): the ticket just booked, read back from the server by its code
// and the passenger's phone; the detail opens in the full-screen ticket dialog.
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../shared/domain/route-table';
import { bookingQueries } from '../features/booking/api';
import { ReturnTripForm } from '../features/booking/components/return-trip-form';
import { InstallOffer } from '../features/pwa/install-offer';
import { PushOptIn } from '../features/push/push-opt-in';
import { canFollowTicket } from '../features/push/push-support';
import { readHistory } from '../features/booking/history';
import { useStoredPlace } from '../features/offline/stored-places';
import { useOnline } from '../features/offline/use-online';
import { AddressInput } from '../features/places/components/address-input';
import { TicketDetails } from '../features/booking/components/ticket-details';
import { Dialog } from '../components/ui/dialog';
import { RouteLink } from '../components/ui/route-link';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useOpenPriceList } from './price-list-links';
import { useRouteSearch } from '../lib/use-route-search';
import { getSavedTicket, saveTicket } from '../lib/saved-tickets';
import type { ReactNode } from 'react';

export function SuccessView({ code, contact, extra }: { code: string; contact: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const query = useQuery(bookingQueries.ticketInfo(code, contact, lang));
  const online = useOnline();
  // Every booked ticket is saved on the device (issue 6); offline the page shows that copy.
  useEffect(() => {
    if (query.data) saveTicket(query.data, contact);
  }, [query.data, contact]);
  const saved = !query.data && !online ? (getSavedTicket(code)?.ticket ?? null) : null;
  const ticket = saved ? { data: saved, isPending: false, isError: false } : query;
  useDocumentTitle(t('success.title'));
  return (
    <div className="page success-page">
      <h1>{t('success.title')}</h1>
      <p className="notice notice-ok" role="status">
        {t('success.text', { code })}
      </p>
      {ticket.isPending && <p role="status">{t('success.loading')}</p>}
      {ticket.isError && (
        <p className="notice notice-error" role="alert">
          {t('errors.server_busy')}
        </p>
      )}
      {ticket.data && (
        <p>
          {ticket.data.drop_address ? `${ticket.data.pick_address} → ${ticket.data.drop_address}` : ticket.data.pick_address} ·{' '}
          {ticket.data.depart_time}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-primary" disabled={!ticket.data} onClick={() => setOpen(true)}>
          {t('success.details')}
        </button>
        <RouteLink name="home" className="button">
          {t('success.home')}
        </RouteLink>
      </div>
      {/* Notifications about this ticket, offered on the passenger's click only (issue 7). */}
      {query.data && canFollowTicket(query.data) && <PushOptIn code={code} contact={contact} />}
      {extra}
      <InstallOffer />
      <Dialog
        open={open && Boolean(ticket.data)}
        title={t('ticket.title', { code })}
        className="dialog-full"
        onClose={() => setOpen(false)}
      >
        {ticket.data && <TicketDetails ticket={ticket.data} />}
      </Dialog>
    </div>
  );
}

function ReturnTrip({ code }: { code: string }) {
  const lang = useLang();
  const open = useOpenPriceList();
  const [entry] = useState(() => readHistory().find((item) => item.code === code && item.kind === 'ride') ?? null);
  // Kept on the device once seen, so the form opens offline too.
  const pickPlace = useStoredPlace(entry?.dropPlaceId ?? '', lang);
  const dropPlace = useStoredPlace(entry?.pickPlaceId ?? '', lang);
  if (!entry || pickPlace.pending || dropPlace.pending) return null;
  const [pick, drop] = [pickPlace.place, dropPlace.place];
  return (
    <ReturnTripForm
      AddressField={AddressInput}
      pick={pick ?? null}
      drop={drop ?? null}
      chair={entry.chair}
      onSearch={open.trip}
    />
  );
}

export function BookingSuccessRoute() {
  const lang = useLang();
  const { search, leaving } = useRouteSearch('booking-success');
  const code = typeof search.code === 'string' ? search.code : '';
  const contact =
    typeof search.contact === 'string' ? search.contact : typeof search.contact === 'number' ? `0${search.contact}` : '';
  if (leaving) return null;
  if (!code || !contact) return <Navigate to={pathFor('home', lang)} replace />;
  return <SuccessView code={code} contact={contact} extra={<ReturnTrip code={code} />} />;
}
