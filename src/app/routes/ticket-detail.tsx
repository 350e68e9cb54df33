// ticket-detail (/chi-tiet-ma-ve/:code/:phone, spec 2): the ticket in a full-screen dialog with a title bar and a
// close button; the second parameter is the phone or the e-mail it was booked with. A ticket that can be cancelled
// has a cancel button (spec 2 cancel popups); a cancelled one shows the cancelled-ticket view. Every ticket looked
// up is saved on the device; without a connection the saved copy is shown, with how fresh it is (issue 6).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUS, TRANSACTION_STATUS, type TicketInfo } from '../../shared/contract/booking';
import { pathFor } from '../../shared/domain/route-table';
import { Dialog } from '../components/ui/dialog';
import { errorText } from '../features/accounts/form-errors';
import { bookingQueries } from '../features/booking/api';
import { TicketDetails } from '../features/booking/components/ticket-details';
import { CancelButton, CancelDialogs } from '../features/tickets/components/cancel-dialogs';
import { CancelledView } from '../features/tickets/components/cancelled-view';
import { useCancelFlow } from '../features/tickets/use-cancel-flow';
import { freshnessText } from '../features/offline/freshness';
import { useOnline } from '../features/offline/use-online';
import { ApiError } from '../lib/api-client';
import { getSavedTicket, saveTicket } from '../lib/saved-tickets';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';

/** spec 4: user ticket status 5 or transaction status 4. */
const isCancelled = (ticket: TicketInfo) =>
  ticket.status === TICKET_STATUS.cancelled || ticket.transaction_status_id === TRANSACTION_STATUS.cancel;

export function TicketDetailRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const code = (params.code ?? '').toUpperCase();
  const contact = params.phone ?? '';
  const ticket = useQuery({ ...bookingQueries.ticketInfo(code, contact, lang), retry: false });
  const flow = useCancelFlow(code, contact, lang, () => void ticket.refetch());
  const online = useOnline();
  useEffect(() => {
    if (ticket.data) saveTicket(ticket.data, contact);
  }, [ticket.data, contact]);
  // No connection (the browser says so, or the lookup could not reach the server): the saved copy, if any.
  const noConnection = !online || (ticket.error instanceof ApiError && ticket.error.status === 0);
  // Offline the copy always says how fresh it is (even when the query cache still holds an answer), and the
  // actions that need the server (cancel) are not offered.
  const saved = noConnection
    ? (getSavedTicket(code) ?? (ticket.data ? { ticket: ticket.data, savedAt: ticket.dataUpdatedAt } : null))
    : null;
  useDocumentTitle(t('ticket.title', { code }));
  const close = () => {
    if (window.history.length > 1) window.history.back();
    else void navigate({ href: pathFor('home', lang) });
  };
  const data = ticket.data;
  const cancelled = data ? isCancelled(data) || flow.state.result !== null : false;
  return (
    <div className="page">
      <Dialog open title={t('ticket.title', { code })} className="dialog-full" onClose={close}>
        {saved && (
          <>
            <p className="notice offline-copy" role="status">
              {t('offline.saved_copy', { time: freshnessText(saved.savedAt) })}
            </p>
            <TicketDetails ticket={saved.ticket} />
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
        {!saved && data && cancelled && (
          <CancelledView
            ticket={data}
            result={flow.state.result}
            focusNotice={flow.state.step === 'done'}
            feedbackSent={flow.state.feedbackSent}
          />
        )}
        {!saved && data && !cancelled && (
          <TicketDetails ticket={data} actions={data.can_cancel ? <CancelButton onClick={flow.start} /> : undefined} />
        )}
      </Dialog>
      <CancelDialogs flow={flow} code={code} />
    </div>
  );
}
