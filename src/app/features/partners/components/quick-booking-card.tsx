// One quick booking of the partner's list (spec 2 side menu, handled like a lead): its state, pickup time, route,
// passengers or vehicle type, note and when it was sent; the take button while nobody has it, the passenger's name
// and phone (a call link) once this partner took it, and a short line saying another partner has it otherwise.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffQuickBooking, QuickBookingState } from '../../../../shared/contract/partners';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { Facts, RouteLine } from './list-parts';
import { formatPhone } from '../../../../shared/domain/phone';

/** The badge style of a quick booking's state (the ticket states' tones). */
const TONES: Readonly<Record<QuickBookingState, string>> = { open: 'waiting', mine: 'active', taken: 'ended' };

interface QuickBookingCardProps {
  item: StaffQuickBooking;
  /** Set while this card's take is under way. */
  taking: boolean;
  /** The take's failure on this card (already translated), else null. */
  error: string | null;
  onTake(id: number): void;
}

export function QuickBookingCard({ item, taking, error, onTake }: QuickBookingCardProps) {
  const { t } = useTranslation();
  const headingId = `partner-quick-${item.id}`;
  const rows: Array<[string, ReactNode]> = [[t('partner.quick.depart'), formatVnDateTime(new Date(item.depart_time))]];
  if (item.seats !== null) rows.push([t('partner.quick.guests'), t('partner.quick.seats', { count: item.seats })]);
  if (item.vehicle_id !== null) rows.push([t('partner.quick.vehicle'), item.vehicle_name || '—']);
  if (item.note) rows.push([t('partner.quick.note'), item.note]);
  rows.push([t('partner.quick.sent'), formatVnDateTime(new Date(item.created_at))]);
  if (item.state === 'mine' && item.phone) {
    rows.push([
      t('partner.quick.passenger'),
      <>
        {item.fullname}
        {' · '}
        <a
          href={`tel:${item.phone}`}
          aria-label={t('partner.quick.call', { name: item.fullname ?? '', phone: formatPhone(item.phone) })}
        >
          {formatPhone(item.phone)}
        </a>
      </>,
    ]);
  }
  return (
    <li className="partner-ticket partner-quick">
      <article aria-labelledby={headingId}>
        <header className="partner-ticket-head">
          <h3 id={headingId} className="partner-ticket-code">
            {t('partner.quick.request', { id: item.id })}
          </h3>
          <span className={`partner-state ${TONES[item.state]}`}>{t(`partner.quick.states.${item.state}`)}</span>
        </header>
        <RouteLine pick={item.pick_address} drop={item.drop_address} />
        <Facts rows={rows} />
        {item.state === 'taken' && <p className="partner-quick-hint">{t('partner.quick.hidden_contact')}</p>}
        {(item.state === 'open' || error) && (
          <div className="partner-actions">
            {error && (
              <div className="notice notice-error" role="alert">
                <p>{error}</p>
              </div>
            )}
            {item.state === 'open' && (
              <div className="partner-action-row">
                <button
                  type="button"
                  className="button button-primary"
                  aria-label={t('partner.quick.take_named', { id: item.id })}
                  aria-busy={taking || undefined}
                  disabled={taking}
                  onClick={() => onTake(item.id)}
                >
                  {taking ? t('partner.quick.taking') : t('partner.quick.take')}
                </button>
              </div>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
