// ticket-detail (/chi-tiet-ma-ve/:code/:phone, spec 2): the ticket in a full-screen dialog with a title bar and a
// close button; the second parameter is the phone or the e-mail it was booked with. A ticket that can be cancelled
// has a cancel button (spec 2 cancel popups); a cancelled one shows the cancelled-ticket view.
import { useQuery } from '@tanstack/react-query';
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
        {ticket.isPending && <p role="status">{t('success.loading')}</p>}
        {ticket.isError && (
          <p className="notice notice-error" role="alert">
            {errorText(ticket.error, t)}
          </p>
        )}
        {data && cancelled && (
          <CancelledView
            ticket={data}
            result={flow.state.result}
            focusNotice={flow.state.step === 'done'}
            feedbackSent={flow.state.feedbackSent}
          />
        )}
        {data && !cancelled && (
          <TicketDetails ticket={data} actions={data.can_cancel ? <CancelButton onClick={flow.start} /> : undefined} />
        )}
      </Dialog>
      <CancelDialogs flow={flow} code={code} />
    </div>
  );
}
