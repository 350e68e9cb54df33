// One ticket of the partner's list: code, state, departure, route, passenger (with a call link), vehicle, seats,
// total, payment method, whether it is paid and comment; the night countdown while the night check waits for this partner; the
// assigned driver and car; the passenger's rating once given; and the moves the partner may make now.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPayment, StaffTicket, AssignedDriver } from '../../../../shared/contract/partners';
import { payMethodName } from '../../../../shared/contract/booking';
import type { TripState } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { DriverPhoto } from './driver-photo';
import { NightCountdown } from './night-countdown';
import { TicketActions } from './ticket-actions';
import { rangeText } from '../../../lib/range-text';
import { paymentKey, paymentTone } from '../console-rules';
import { Facts, RouteLine } from './list-parts';
import { formatPhone } from '../../../../shared/domain/phone';
import type { TicketRating } from '../../../../shared/contract/tickets';

/** The badge style of a state: waiting, active, done or ended. */
function stateTone(state: TripState): string {
  if (state === 'driver_pending' || state === 'awaiting_payment') return 'waiting';
  if (state === 'trip_completed' || state === 'completed') return 'done';
  if (state === 'cancelled' || state === 'pickup_failed') return 'ended';
  return 'active';
}

/** Whether the ticket is paid: paid (green ✓), not paid yet (amber •) or not paid (red ✕); the words say it all. */
function PaymentLine({ payment }: { payment: StaffPayment }) {
  const { t } = useTranslation();
  return <span className={`partner-payment ${paymentTone(payment)}`}>{t(paymentKey(payment))}</span>;
}

function AssignedDriverBlock({ driver }: { driver: AssignedDriver }) {
  const { t } = useTranslation();
  return (
    <div className="partner-driver">
      <DriverPhoto url={driver.photo_url} name={driver.fullname} />
      <div>
        <p className="partner-driver-name">
          <span className="visually-hidden">{t('partner.ticket.driver')}: </span>
          <span>{driver.fullname}</span>
        </p>
        <p>
          <a href={`tel:${driver.phone}`}>{formatPhone(driver.phone)}</a>
        </p>
        <p>
          <span className="partner-plate">{driver.plate}</span>
          {driver.car_name && <> · {driver.car_name}</>}
        </p>
      </div>
    </div>
  );
}

function RatingBlock({ rating }: { rating: TicketRating }) {
  const { t } = useTranslation();
  return (
    <div className="partner-rating">
      <p>
        <span aria-hidden="true">{'★'.repeat(rating.stars) + '☆'.repeat(5 - rating.stars)}</span>
        <span className="visually-hidden">{t('partner.ticket.rating', { stars: rating.stars })}</span>
      </p>
      {rating.comment && <p className="partner-rating-comment">“{rating.comment}”</p>}
    </div>
  );
}

export function TicketCard({ ticket, fetchedAt }: { ticket: StaffTicket; fetchedAt: number }) {
  const { t, i18n } = useTranslation();
  const headingId = `partner-ticket-${ticket.ticket_code}`;
  const counting = ticket.is_night_booking && ticket.night_status === 'contacting' && ticket.night_seconds_left !== null;
  const rows: Array<[string, ReactNode]> = [
    [t('partner.ticket.depart'), ticket.depart_time],
    ...(ticket.range_time ? [[t('partner.ticket.range_time'), rangeText(ticket.range_time)] as [string, ReactNode]] : []),
    [
      t('partner.ticket.passenger'),
      <>
        {ticket.fullname}
        {ticket.phone && (
          <>
            {' · '}
            <a href={`tel:${ticket.phone}`}>{formatPhone(ticket.phone)}</a>
          </>
        )}
      </>,
    ],
    [t('partner.ticket.vehicle'), `${ticket.vehicle_name} · ${t('partner.ticket.chairs', { count: ticket.chair })}`],
    [t('partner.ticket.total'), formatVnd(ticket.total_cost)],
    [t('partner.ticket.pay_method'), payMethodName(ticket.pay_method_id, i18n.language)],
    [t('partner.ticket.payment'), <PaymentLine payment={ticket.payment} />],
  ];
  if (ticket.comment) rows.push([t('partner.ticket.comment'), ticket.comment]);
  return (
    <li className="partner-ticket">
      <article aria-labelledby={headingId}>
        <header className="partner-ticket-head">
          <h2 id={headingId} className="partner-ticket-code">
            {ticket.ticket_code}
          </h2>
          <span className={`partner-state ${stateTone(ticket.trip_state)}`}>{t(`partner.states.${ticket.trip_state}`)}</span>
        </header>
        {ticket.is_night_booking && <p className="partner-night-tag">{t('partner.ticket.night')}</p>}
        {counting && <NightCountdown secondsLeft={ticket.night_seconds_left ?? 0} fetchedAt={fetchedAt} />}
        <RouteLine pick={ticket.pick_address} drop={ticket.drop_address} />
        <Facts rows={rows} />
        {ticket.driver && <AssignedDriverBlock driver={ticket.driver} />}
        {ticket.rating && <RatingBlock rating={ticket.rating} />}
        <TicketActions ticket={ticket} />
      </article>
    </li>
  );
}
