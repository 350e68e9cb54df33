// ticket-detail (/chi-tiet-ma-ve/:code/:phone, spec 2): the ticket in a full-screen dialog with a title bar and a
// close button; the second parameter is the phone or the e-mail it was booked with.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pathFor } from '../../shared/domain/route-table';
import { Dialog } from '../components/ui/dialog';
import { ApiError } from '../lib/api-client';
import { bookingQueries } from '../features/booking/api';
import { TicketDetails } from '../features/booking/components/ticket-details';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';

export function TicketDetailRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const code = (params.code ?? '').toUpperCase();
  const contact = params.phone ?? '';
  const ticket = useQuery({ ...bookingQueries.ticketInfo(code, contact, lang), retry: false });
  useDocumentTitle(t('ticket.title', { code }));
  const close = () => {
    if (window.history.length > 1) window.history.back();
    else void navigate({ href: pathFor('home', lang) });
  };
  return (
    <div className="page">
      <Dialog open title={t('ticket.title', { code })} className="dialog-full" onClose={close}>
        {ticket.isPending && <p role="status">{t('success.loading')}</p>}
        {ticket.isError && (
          <p className="notice notice-error" role="alert">
            {t(ticket.error instanceof ApiError ? ticket.error.key : 'errors.server_busy')}
          </p>
        )}
        {ticket.data && <TicketDetails ticket={ticket.data} />}
      </Dialog>
    </div>
  );
}
