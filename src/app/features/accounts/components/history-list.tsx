// The user's bookings (spec 2 ticket-manage and the account page's recent bookings): each item shows the code, the
// route (pick-up → drop-off, or the hourly duration), the departure, the total and a status badge (spec 3 styles),
// and opens the ticket detail.
import { useTranslation } from 'react-i18next';
import type { TransactionItem } from '../../../../shared/contract/accounts';
import { formatVnd } from '../../../../shared/domain/money';
import { useDurationLabel } from '../../../components/ui/duration-picker';
import { RouteLink } from '../../../components/ui/route-link';
import { historyBadge } from '../history-status';

export function HistoryItem({ item }: { item: TransactionItem }) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const badge = historyBadge(item);
  const route =
    item.kind === 'hourly' || !item.drop_address
      ? `${item.pick_address} · ${item.duration ? durationLabel(item.duration) : t('history.hourly')}`
      : `${item.pick_address} → ${item.drop_address}`;
  return (
    <li className="history-item">
      <RouteLink name="ticket-detail" params={{ code: item.code, phone: item.phone }} className="history-link">
        <span className="history-head">
          <span className="history-code">{item.code}</span>
          <span className={`history-status ${badge.style}`}>{t(badge.labelKey)}</span>
        </span>
        <span className="history-route">{route}</span>
        <span className="history-meta">
          <span>
            <span className="visually-hidden">{t('history.depart_time')}: </span>
            {item.depart_time}
          </span>
          <span className="history-total">
            <span className="visually-hidden">{t('history.total')}: </span>
            {formatVnd(item.total_cost)}
          </span>
        </span>
      </RouteLink>
    </li>
  );
}

export function HistoryItems({ items, label }: { items: TransactionItem[]; label: string }) {
  return (
    <ul className="history-list" aria-label={label}>
      {items.map((item) => (
        <HistoryItem key={item.code} item={item} />
      ))}
    </ul>
  );
}

/** spec 2: no trips yet, with a link to book one. */
export function HistoryEmpty() {
  const { t } = useTranslation();
  return (
    <div className="notice history-empty">
      <p>{t('history.empty')}</p>
      <RouteLink name="home" className="button button-primary">
        {t('history.book_ride')}
      </RouteLink>
    </div>
  );
}
