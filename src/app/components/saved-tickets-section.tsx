// "Saved tickets": every ticket kept on the device (lib/saved-tickets), each linking to its ticket-detail page,
// which opens offline from the saved copy. Rendered only when there are some.
import { useTranslation } from 'react-i18next';
import { RouteLink } from './ui/route-link';
import { savedStatusKey } from '../lib/ticket-status-label';
import { useSavedTickets } from '../lib/use-saved-tickets';

export function SavedTicketsSection({ className = 'section' }: { className?: string }) {
  const { t } = useTranslation();
  const saved = useSavedTickets();
  if (!saved.length) return null;
  return (
    <section className={`${className} saved-tickets`} aria-labelledby="saved-tickets-heading">
      <h2 id="saved-tickets-heading">{t('saved.heading')}</h2>
      <ul className="saved-list">
        {saved.map(({ ticket, contact }) => (
          <li key={ticket.code} className="card saved-ticket">
            <RouteLink name="ticket-detail" params={{ code: ticket.code, phone: contact }} className="saved-code">
              {ticket.code}
            </RouteLink>
            <span className="saved-route">
              {ticket.drop_address ? `${ticket.pick_address} → ${ticket.drop_address}` : ticket.pick_address}
            </span>
            <span className="saved-meta">
              {t('saved.pickup', { time: ticket.depart_time })} · {t(savedStatusKey(ticket))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
