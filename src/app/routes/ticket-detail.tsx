// ticket-detail (/chi-tiet-ma-ve/:code/:phone, spec 2): the ticket in a full-screen dialog with a title bar and a
// close button, under the site's header (its language switch and menu stay within reach); the second parameter is the phone or the e-mail it was booked with. A ticket that can be cancelled
// has a cancel button (spec 2 cancel popups); a cancelled one shows the cancelled-ticket view. Every ticket looked
// up is saved on the device; without a connection the saved copy is shown, with how fresh it is. It shows
// the trip's progress and driver, the rating once the trip is completed,
// add to calendar and share. The ticket is live (its stream, lookups as the fallback) and can be booked
// again (the return trip or the same trip) from here.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUS, TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../shared/contract/booking';
import { PageDialog } from '../components/ui/page-dialog';
import { lazyDialog, lazyPart } from '../components/ui/load-error';
import { errorText } from '../components/form/form-errors';
import { ticketQueries } from '../features/tickets/api';
import { TicketDetails } from '../features/tickets/components/ticket-details';
import { isSettled, TripProgress, tripStateOf } from '../features/tickets/components/trip-progress';
import { useLiveTicket, useTicketUpdates } from '../features/tickets/use-live-ticket';
import { readHistory } from '../features/booking/history';
import { useCancelFlow } from '../features/tickets/use-cancel-flow';
import { useOnline } from '../lib/use-online';
import { ApiError } from '../lib/api-client';
import { getSavedTicket, saveDriver, saveTicket, withSavedDriver } from '../lib/saved-tickets';
import { useClosePage } from '../lib/use-close-page';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { withMessages } from '../lib/i18n';
import { type TicketInfo } from '../../shared/contract/tickets';
import { freshnessText } from '../../shared/domain/vn-time';

/** The cancelled ticket's page: loaded only for a ticket that is cancelled, or once the passenger cancels it. */
const CancelledView = lazyPart(
  withMessages(() =>
    import('../features/tickets/components/cancelled-view').then((module) => ({ default: module.CancelledView })),
  ),
);

/** The bank transfer's code and account, loaded only for a ticket that shows them. */
const TicketTransfer = lazy(() =>
  import('../features/payments/components/vietqr-transfer').then((module) => ({ default: module.TicketTransfer })),
);

// What the passenger uses after reading the ticket is not needed for its first paint, and each is a chunk of its own
// (precached by the service worker, so offline too): the rating form, the calendar and share tools, the offer of
// notifications and the quick rebook load as the page renders them; the cancellation popups when the passenger
// presses "Cancel". Until a part arrives the tools keep their place with a loading line; the rating form and the
// offers show nothing, as when they do not apply. A chunk that does not load shows the load error with its retry in
// its place, or for the popups in a small dialog of its own (components/ui/load-error.tsx).
const RatingSection = lazyPart(
  withMessages(() => import('../features/tickets/components/rating-form').then((module) => ({ default: module.RatingSection }))),
);
const TicketTools = lazyPart(
  withMessages(() => import('../features/tickets/components/ticket-tools').then((module) => ({ default: module.TicketTools }))),
);
const TicketPushOptIn = lazyPart(
  withMessages(() => import('../features/push/push-opt-in').then((module) => ({ default: module.TicketPushOptIn }))),
);
const QuickRebook = lazyPart(withMessages(() => import('./quick-rebook').then((module) => ({ default: module.QuickRebook }))));
const CancelDialogs = lazyDialog(
  withMessages(() =>
    import('../features/tickets/components/cancel-dialogs').then((module) => ({ default: module.CancelDialogs })),
  ),
);

/** The way to cancel, last on the page: a secondary action whose popups (cancel-dialogs.tsx) load when pressed. */
function CancelButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <div className="ticket-actions">
      <button type="button" className="button button-danger-quiet button-block" onClick={onClick}>
        {t('cancel.button')}
      </button>
      <p className="field-hint">{t('cancel.button_hint')}</p>
    </div>
  );
}

/** The calendar and share tools in their place: a loading line until their chunk arrives. */
function ToolsLoading() {
  const { t } = useTranslation();
  return (
    <p className="ticket-tools part-loading" role="status">
      {t('app.loading')}
    </p>
  );
}

/** spec 4: user ticket status 5 or transaction status 4. */
const isCancelled = (ticket: TicketInfo) =>
  ticket.status === TICKET_STATUS.cancelled || ticket.transaction_status_id === TRANSACTION_STATUS.cancel;

export function TicketDetailRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const params = useParams({ strict: false });
  const code = (params.code ?? '').toUpperCase();
  const contact = params.phone ?? '';
  // The ticket's key, when this device booked it: its lookups and its live stream are not counted against the address.
  const [ticketKey] = useState(() => readHistory().find((item) => item.code === code)?.key);
  const options = ticketQueries.info(code, contact, lang, ticketKey);
  // Its loader asked for it on the way here (routes/loaders.ts): a failure of that call is not asked again on mount.
  const ticket = useQuery({ ...options, retry: false, retryOnMount: false });
  const { refetch } = ticket;
  const queryClient = useQueryClient();
  const flow = useCancelFlow(code, contact, lang, () => void ticket.refetch());
  // The popups stay mounted once opened, so that they close as native dialogs do (focus back to the button).
  const [cancelOpened, setCancelOpened] = useState(false);
  if (flow.state.step !== 'closed' && !cancelOpened) setCancelOpened(true);
  // A push about this ticket (sw/push.ts) refreshes it on screen.
  useTicketUpdates(code, () => void ticket.refetch());
  const online = useOnline();
  useEffect(() => {
    if (ticket.data) saveTicket(ticket.data, contact);
    if (ticket.data) saveDriver(ticket.data);
  }, [ticket.data, contact]);
  // No connection (the browser says so, or the lookup could not reach the server): the saved copy, if any.
  const lookupLost = ticket.error instanceof ApiError && ticket.error.status === 0;
  const noConnection = !online || lookupLost;
  // A lookup that got no answer is asked again once the connection returns: its message goes with the answer.
  useEffect(() => {
    if (online && lookupLost) void refetch();
  }, [online, lookupLost, refetch]);
  // Offline the copy always says how fresh it is (even when the query cache still holds an answer), and the
  // actions that need the server (cancel) are not offered.
  const saved = noConnection
    ? (getSavedTicket(code) ?? (ticket.data ? { ticket: ticket.data, savedAt: ticket.dataUpdatedAt } : null))
    : null;
  useDocumentTitle(t('ticket.title', { code }));
  // Closing goes back to where the passenger came from in the app; a ticket opened from an SMS, an e-mail, a typed
  // address or a new tab closes to home, not out of the site.
  const close = useClosePage();
  const data = ticket.data;
  const cancelled = data ? isCancelled(data) || flow.state.result !== null : false;
  // A partner's or driver's change shows within seconds (the server's stream of the ticket, lookups as
  // the fallback), only while the page is visible and online.
  useLiveTicket({
    code,
    contact,
    lang,
    ticketKey,
    active: online && !!data && !cancelled && !isSettled(tripStateOf(data)),
    onTicket: useCallback(
      (next: TicketInfo) => queryClient.setQueryData(options.queryKey, next),
      [queryClient, options.queryKey],
    ),
    refresh: useCallback(() => void refetch({ cancelRefetch: false }), [refetch]),
  });
  const shown = saved?.ticket ?? data;
  return (
    <div className="page">
      <PageDialog title={t('ticket.title', { code })} onClose={close}>
        {saved && (
          <>
            <p className="notice offline-copy" role="status">
              {t('offline.saved_copy', { time: freshnessText(saved.savedAt) })}
            </p>
            <TicketDetails
              ticket={withSavedDriver(saved.ticket)}
              progress={<TripProgress ticket={saved.ticket} />}
              actions={
                <Suspense fallback={<ToolsLoading />}>
                  <TicketTools ticket={saved.ticket} contact={contact} lang={lang} />
                </Suspense>
              }
            />
          </>
        )}
        {!saved && noConnection && (
          <p className="notice notice-error" role="alert">
            {t('errors.network')}
          </p>
        )}
        {!saved && !noConnection && ticket.isPending && <p role="status">{t('success.loading')}</p>}
        {!saved && !noConnection && ticket.isError && (
          <p className="notice notice-error" role="alert">
            {errorText(ticket.error, t)}
          </p>
        )}
        {!saved && data && cancelled && isCancelled(data) && <TripProgress ticket={data} />}
        {!saved && data && cancelled && (
          <Suspense fallback={<ToolsLoading />}>
            <CancelledView
              ticket={data}
              result={flow.state.result}
              focusNotice={flow.state.step === 'done'}
              feedbackSent={flow.state.feedbackSent}
            />
          </Suspense>
        )}
        {!saved && data && !cancelled && (
          <TicketDetails
            ticket={data}
            progress={<TripProgress ticket={data} />}
            payment={
              // A ticket awaiting its bank transfer shows the code and the account to pay it, before its details.
              data.pay_method_id === VIETQR_PAY_METHOD && (
                <Suspense fallback={null}>
                  <TicketTransfer ticket={data} proof={{ key: ticketKey, contact }} version={ticket.dataUpdatedAt} />
                </Suspense>
              )
            }
            actions={
              <>
                <Suspense fallback={null}>
                  <RatingSection ticket={data} contact={contact} onRated={() => void ticket.refetch()} />
                </Suspense>
                <Suspense fallback={<ToolsLoading />}>
                  <TicketTools ticket={data} contact={contact} lang={lang} />
                </Suspense>
              </>
            }
          />
        )}
        {!saved && data && !cancelled && (
          <Suspense fallback={null}>
            <TicketPushOptIn ticket={data} code={code} contact={contact} />
          </Suspense>
        )}
        {/* The return trip or the same trip again, from here too (offline from the saved copy). */}
        {shown && (
          <Suspense fallback={null}>
            <QuickRebook code={code} ticket={shown} offerAgain />
          </Suspense>
        )}
        {/* Cancelling is a secondary action, last on the page (its confirmation dialog is unchanged). */}
        {!saved && data && !cancelled && data.can_cancel && <CancelButton onClick={flow.start} />}
      </PageDialog>
      {cancelOpened && (
        <Suspense fallback={null}>
          <CancelDialogs flow={flow} code={code} onClose={flow.close} />
        </Suspense>
      )}
    </div>
  );
}
