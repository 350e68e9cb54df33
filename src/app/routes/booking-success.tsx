// booking-success (and hourly-booking-success): the ticket just booked, read back from the server by its code
// and the passenger's phone (and the ticket's key). What became of the messages about it, its progress
// kept live, and a link to the one ticket view (the ticket page) instead of a second, poorer one.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketQueries } from '../features/tickets/api';
import { readHistory } from '../features/booking/history';
import { useOnline } from '../lib/use-online';
import { DriverCard } from '../features/tickets/components/driver-card';
import { isSettled, partnerConfirmed, TripProgress, tripStateOf } from '../features/tickets/components/trip-progress';
import { useLiveTicket } from '../features/tickets/use-live-ticket';
import { RouteLink } from '../components/ui/route-link';
import { lazyPart } from '../components/ui/load-error';
import { withMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useRouteSearch } from '../lib/use-route-search';
import { getSavedTicket, saveTicket } from '../lib/saved-tickets';
import type { ReactNode } from 'react';
import { formatPhone } from '../../shared/domain/phone';
import type { TicketInfo } from '../../shared/contract/tickets';
import { VIETQR_PAY_METHOD } from '../../shared/contract/booking';

// What the page offers below the ticket once it is shown (notifications, the app's install, the quick rebook) is
// not needed for its first paint: each is a chunk of its own (precached by the service worker, so offline too),
// loaded as the page renders it. Until it arrives nothing is shown in its place, as when the offer does not apply;
// a chunk that does not load shows the load error with its retry in its place (components/ui/load-error.tsx).
const TicketPushOptIn = lazyPart(
  withMessages(() => import('../features/push/push-opt-in').then((module) => ({ default: module.TicketPushOptIn }))),
);
const InstallOffer = lazyPart(
  withMessages(() => import('../features/pwa/install-offer').then((module) => ({ default: module.InstallOffer }))),
);
/** A bank transfer of more than the total: the ticket is paid, and the extra's refund is told (the ticket page's part). */
const TicketTransfer = lazy(() =>
  import('../features/payments/components/vietqr-transfer').then((module) => ({ default: module.TicketTransfer })),
);
const QuickRebook = lazyPart(withMessages(() => import('./quick-rebook').then((module) => ({ default: module.QuickRebook }))));

/** The booking-received messages still on their way: the page looks again until they are sent or given up. */
const messagesPending = (ticket: TicketInfo | undefined) =>
  Boolean(ticket?.messages && Object.values(ticket.messages).includes('pending'));

/** What became of the booking-received SMS and e-mail: "sent" only once the outbox has sent it. */
function MessagesNotice({ ticket }: { ticket: TicketInfo }) {
  const { t } = useTranslation();
  const messages = ticket.messages;
  if (!messages) return null;
  const lines: { key: string; text: string; failed: boolean }[] = [];
  // The phone's message went by Zalo; an SMS row beside it is Zalo's refusal sent by SMS instead.
  if (messages.zalo && !messages.sms)
    lines.push({
      key: 'zalo',
      text: t(`success.${messages.zalo}_zalo`, { phone: formatPhone(ticket.phone) }),
      failed: messages.zalo === 'failed',
    });
  if (messages.sms)
    lines.push({
      key: 'sms',
      text: t(`success.${messages.sms}_sms`, { phone: formatPhone(ticket.phone) }),
      failed: messages.sms === 'failed',
    });
  if (messages.mail && ticket.email)
    lines.push({
      key: 'mail',
      text: t(`success.${messages.mail}_mail`, { email: ticket.email }),
      failed: messages.mail === 'failed',
    });
  if (!lines.length) return null;
  return (
    <div className="success-messages" role="status">
      {lines.map((line) => (
        <p key={line.key} className={line.failed ? 'notice notice-error' : 'success-message'}>
          {line.text}
        </p>
      ))}
      {(messages.sms === 'sent' || messages.zalo === 'sent') && <p className="success-message">{t('success.driver_notice')}</p>}
    </div>
  );
}

export function SuccessView({ code, contact, extra }: { code: string; contact: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  // The ticket's key, when this device booked it: its lookups are not counted against the address.
  const [ticketKey] = useState(() => readHistory().find((item) => item.code === code)?.key);
  const options = ticketQueries.info(code, contact, lang, ticketKey);
  // Its loader asked for it on the way here (routes/loaders.ts): a failure of that call is not asked again on mount.
  const query = useQuery({
    ...options,
    retryOnMount: false,
    refetchInterval: (current) => (messagesPending(current.state.data) ? (ticketKey ? 2_000 : 15_000) : false),
  });
  const { refetch } = query;
  const online = useOnline();
  // Every booked ticket is saved on the device; offline the page shows that copy.
  useEffect(() => {
    if (query.data) saveTicket(query.data, contact);
  }, [query.data, contact]);
  // A partner's or driver's change shows here too, within seconds.
  const live = query.data;
  useLiveTicket({
    code,
    contact,
    lang,
    ticketKey,
    active: online && !!live && !isSettled(tripStateOf(live)),
    onTicket: useCallback(
      (ticket: TicketInfo) => queryClient.setQueryData(options.queryKey, ticket),
      [queryClient, options.queryKey],
    ),
    refresh: useCallback(() => void refetch({ cancelRefetch: false }), [refetch]),
  });
  const saved = !query.data && !online ? (getSavedTicket(code)?.ticket ?? null) : null;
  const ticket = saved ? { data: saved, isPending: false, isError: false } : query;
  // "Confirmed" only once a partner confirmed the trip; until then the booking is received (it may still be refused).
  const title = t(ticket.data && partnerConfirmed(tripStateOf(ticket.data)) ? 'success.title_confirmed' : 'success.title');
  useDocumentTitle(title);
  return (
    <div className="page success-page">
      <h1>{title}</h1>
      <p className="notice notice-ok" role="status">
        {t('success.text', { code })}
      </p>
      {query.data && <MessagesNotice ticket={query.data} />}
      {ticket.isPending && <p role="status">{t('success.loading')}</p>}
      {ticket.isError && (
        <p className="notice notice-error" role="alert">
          {t('errors.server_busy')}
        </p>
      )}
      {ticket.data && (
        <>
          <p>
            {ticket.data.drop_address ? `${ticket.data.pick_address} → ${ticket.data.drop_address}` : ticket.data.pick_address} ·{' '}
            {ticket.data.depart_time}
          </p>
          <TripProgress ticket={ticket.data} />
          {ticket.data.pay_method_id === VIETQR_PAY_METHOD && (
            <Suspense fallback={null}>
              <TicketTransfer ticket={ticket.data} proof={{ key: ticketKey, contact }} version={query.dataUpdatedAt} />
            </Suspense>
          )}
          {ticket.data.driver_name && <DriverCard driver={ticket.data} headingId="success-driver-heading" />}
        </>
      )}
      <div className="button-row">
        {/* One ticket view: the ticket page, with its timeline, tools and cancellation. */}
        <RouteLink name="ticket-detail" params={{ code, phone: contact }} className="button button-primary">
          {t('success.details')}
        </RouteLink>
        <RouteLink name="home" className="button">
          {t('success.home')}
        </RouteLink>
      </div>
      {/* Notifications about this ticket, offered on the passenger's click only. */}
      {query.data && (
        <Suspense fallback={null}>
          <TicketPushOptIn ticket={query.data} code={code} contact={contact} />
        </Suspense>
      )}
      <Suspense fallback={null}>{extra}</Suspense>
      <Suspense fallback={null}>
        <InstallOffer />
      </Suspense>
    </div>
  );
}

export function BookingSuccessRoute() {
  const lang = useLang();
  const { search, leaving } = useRouteSearch('booking-success');
  const code = typeof search.code === 'string' ? search.code : '';
  const contact =
    typeof search.contact === 'string' ? search.contact : typeof search.contact === 'number' ? `0${search.contact}` : '';
  if (leaving) return null;
  if (!code || !contact) return <Navigate to="/$lang/home" params={{ lang }} replace />;
  return <SuccessView code={code} contact={contact} extra={<QuickRebook code={code} />} />;
}
