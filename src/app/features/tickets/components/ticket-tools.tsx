// "Add to calendar" and "Share" on the ticket detail. The calendar file is made on the device
// (ics.ts) and downloaded as vivu-<code>.ics; sharing uses the system share sheet where there is one, else copies
// the ticket-detail link (with the contact that opens it) and says so. Both work offline from a saved copy.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pathFor, type Lang } from '../../../../shared/domain/route-table';
import { downloadBlob } from '../../../lib/download';
import { buildTicketIcs, icsFileName, type IcsTicket } from '../ics';
import '../tickets.css';
import type { TicketInfo } from '../../../../shared/contract/tickets';

/** The absolute ticket-detail link of a ticket and its contact. */
export function ticketLink(code: string, contact: string, lang: Lang): string {
  return new URL(pathFor('ticket-detail', lang, { code, phone: contact }), window.location.origin).href;
}

type Status = { key: string; error?: boolean } | null;

interface Props {
  ticket: IcsTicket & Pick<TicketInfo, 'code'>;
  contact: string;
  lang: Lang;
}

export function TicketTools({ ticket, contact, lang }: Props) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>(null);
  const url = ticketLink(ticket.code, contact, lang);
  const title = t('ticket.title', { code: ticket.code });

  const addToCalendar = () => {
    const text = buildTicketIcs(ticket, {
      url,
      description: t('ticket.calendar_description', { code: ticket.code }),
      reminder: t('ticket.calendar_reminder', { code: ticket.code }),
    });
    if (!text) {
      setStatus({ key: 'ticket.calendar_failed', error: true });
      return;
    }
    downloadBlob(new Blob([text], { type: 'text/calendar; charset=utf-8' }), icsFileName(ticket.code));
    setStatus({ key: 'ticket.calendar_done' });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus({ key: 'ticket.link_copied' });
    } catch {
      setStatus({ key: 'ticket.copy_failed', error: true });
    }
  };

  const share = async () => {
    setStatus(null);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The passenger closed the share sheet: nothing to say. Any other failure falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    await copy();
  };

  return (
    <div className="ticket-tools">
      <div className="ticket-tools-row">
        <button type="button" className="button" onClick={addToCalendar}>
          {t('ticket.add_to_calendar')}
        </button>
        <button type="button" className="button" onClick={() => void share()}>
          {t('ticket.share')}
        </button>
      </div>
      <p className={status?.error ? 'ticket-tools-status field-error' : 'ticket-tools-status field-hint'} role="status">
        {status ? t(status.key) : ''}
      </p>
      {status?.key === 'ticket.copy_failed' && (
        <p className="ticket-tools-link">
          <a href={url}>{url}</a>
        </p>
      )}
    </div>
  );
}
