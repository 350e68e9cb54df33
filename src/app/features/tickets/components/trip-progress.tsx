// The trip's progress on the ticket detail: the steps from booking to the end of the trip with the
// current one marked (aria-current="step"), or the booking followed by the final failure (cancelled, pickup failed).
// The current step says what exactly is happening (awaiting payment, picked up, not rated yet…).
import { lazy, Suspense, useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import '../tickets.css';
import { TICKET_STATUS, TRANSACTION_STATUS, isOnlinePayMethod } from '../../../../shared/contract/booking';
import { isTerminal, isTripState, type TicketInfo, type TripState } from '../../../../shared/contract/tickets';
import { awaitsPayment } from '../../../../shared/domain/trip-state';
import { formatVnTime } from '../../../../shared/domain/vn-time';
import { labelKeyOf } from '../../../lib/ticket-status-label';
import { useSiteKeys } from '../../../lib/config-store';
import type { MapTileKeys } from '../../../../shared/contract/config';
import type { SiteKeys } from '../../../../shared/domain/system-config';

// Leaflet and its CSS come only with a map: never in the passengers' first load.
const DriverMap = lazy(() => import('./driver-map'));

type Source = Pick<
  TicketInfo,
  'trip_state' | 'status' | 'transaction_status_id' | 'pay_method_id' | 'driver_name' | 'driver_position'
>;

interface StepProps {
  label: string;
  /** Shown under the label (the current step's exact state). */
  detail?: string;
  /** Read by screen readers only (a passed step). */
  hidden?: string;
  mark: 'done' | 'current' | 'todo' | 'failed';
  current: boolean;
}

function StepItem({ label, detail, hidden, mark, current }: StepProps) {
  return (
    <li className={`trip-step trip-step-${mark}`} aria-current={current ? 'step' : undefined}>
      <span className="trip-step-dot" aria-hidden="true" />
      <span className="trip-step-text">
        <span className="trip-step-label">{label}</span>
        {hidden && <span className="visually-hidden"> ({hidden})</span>}
        {detail && <span className="trip-step-detail">{detail}</span>}
      </span>
    </li>
  );
}

/** The driver on the way: how far from the pick-up and about how long, from the position they shared, and when. */
function DriverDistance({ position }: { position: NonNullable<TicketInfo['driver_position']> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'vi-VN';
  const km = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(position.metres / 1000);
  // Vietnam time, whatever the phone's zone, as every time the site shows.
  const time = formatVnTime(new Date(position.updated_at));
  return (
    <p className="trip-distance">
      <strong>
        {position.metres < 1000
          ? t('tickets.driver_distance.distance_m', { metres: position.metres, minutes: position.minutes })
          : t('tickets.driver_distance.distance_km', { km, minutes: position.minutes })}
      </strong>{' '}
      <span className="trip-distance-time">{t('tickets.driver_distance.updated', { time })}</span>
    </p>
  );
}

const noChange = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/**
 * The map of the driver and the pick-up, where the server names a tile source (MAP_TILE_URL) and the position came
 * with its points; drawn after hydration only (Leaflet needs the browser), and nothing while its chunk loads.
 */
function DriverOnMap({ position }: { position: NonNullable<TicketInfo['driver_position']> }) {
  // The served site keys carry the tile source beside them when one is configured.
  const keys: SiteKeys & MapTileKeys = useSiteKeys();
  // False on the server and while hydrating, true in the browser after: the map never is in the server's HTML.
  const inBrowser = useSyncExternalStore(noChange, isBrowser, isServer);
  const { driver, pickup } = position;
  if (!inBrowser || !keys.map_tile_url || !driver || !pickup) return null;
  return (
    <Suspense fallback={null}>
      <DriverMap driver={driver} pickup={pickup} tileUrl={keys.map_tile_url} attribution={keys.map_tile_attribution ?? ''} />
    </Suspense>
  );
}

export function TripProgress({ ticket }: { ticket: Source }) {
  const { t } = useTranslation();
  const headingId = useId();
  const state = tripStateOf(ticket);
  const current = stepOf(state);
  // An online payment that failed or ran out says "not paid", as the ticket's status row does.
  const detail = t(state === 'awaiting_payment' ? statusLabelKey(ticket) : `ticket.trip.states.${state}`);
  const stepLabel = (step: TripStep) => t(`ticket.trip.steps.${step}`);
  const done = t('ticket.trip.done');
  const position = current === null ? -1 : TRIP_STEPS.indexOf(current);
  return (
    <section className="trip-progress" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ticket.trip.title')}</h3>
      {current === null ? (
        <ol>
          <StepItem label={stepLabel('booked')} mark="done" current={false} hidden={done} />
          <StepItem label={detail} mark="failed" current />
        </ol>
      ) : (
        <ol>
          {TRIP_STEPS.map((step, index) => {
            const mark = index < position ? 'done' : index === position ? 'current' : 'todo';
            const isCurrent = index === position;
            // "Completed" with "not rated" / "rated" under it; a step whose label already says it all has no detail.
            return (
              <StepItem
                key={step}
                label={stepLabel(step)}
                detail={isCurrent && detail !== stepLabel(step) ? detail : undefined}
                hidden={mark === 'done' ? done : undefined}
                mark={mark}
                current={isCurrent}
              />
            );
          })}
        </ol>
      )}
      {state === 'trip_started' && ticket.driver_position ? (
        <>
          <DriverDistance position={ticket.driver_position} />
          <DriverOnMap position={ticket.driver_position} />
        </>
      ) : null}
    </section>
  );
}

// The live state of a ticket as the passenger's progress steps: booked (or awaiting payment) →
// the partner confirming → driver assigned → driver arrived → on the way → completed, or a final cancelled / pickup
// failed. A copy saved before trip states has no trip_state: it is derived from the spec 4 user ticket status where that
// says enough (a pending ticket's step is read from its payment and driver).
export const TRIP_STEPS = ['booked', 'driver_pending', 'not_started', 'arrived_at_pickup', 'on_the_way', 'completed'] as const;
export type TripStep = (typeof TRIP_STEPS)[number];

type StateSource = Pick<TicketInfo, 'trip_state' | 'status' | 'transaction_status_id' | 'pay_method_id' | 'driver_name'>;

/** The ticket's trip state, from the server or derived from its status for an old saved copy. */
export function tripStateOf(ticket: StateSource): TripState {
  if (isTripState(ticket.trip_state)) return ticket.trip_state;
  if (ticket.status === TICKET_STATUS.cancelled || ticket.transaction_status_id === TRANSACTION_STATUS.cancel) {
    return 'cancelled';
  }
  if (ticket.status === TICKET_STATUS.finished) return 'completed';
  if (ticket.status === TICKET_STATUS.notRated) return 'trip_completed';
  if (ticket.status === TICKET_STATUS.inProgress) return 'passenger_picked_up';
  if (awaitsPayment(isOnlinePayMethod(ticket.pay_method_id), ticket.transaction_status_id)) return 'awaiting_payment';
  return ticket.driver_name ? 'not_started' : 'driver_pending';
}

/** The step a state shows as current; null for the final failures (cancelled, pickup failed). */
export function stepOf(state: TripState): TripStep | null {
  switch (state) {
    case 'awaiting_payment':
      return 'booked';
    // The driver on the way to the pick-up is still the assigned step; its own words say so (trip.states).
    case 'trip_started':
      return 'not_started';
    case 'passenger_picked_up':
      return 'on_the_way';
    case 'trip_completed':
    case 'completed':
      return 'completed';
    case 'cancelled':
    case 'pickup_failed':
      return null;
    default:
      return state;
  }
}

/** Whether a partner has confirmed the trip: its step is past "partner confirming" (a cancelled trip is not). */
export function partnerConfirmed(state: TripState): boolean {
  const step = stepOf(state);
  return step !== null && TRIP_STEPS.indexOf(step) >= TRIP_STEPS.indexOf('not_started');
}

/** Whether the ticket will not change any more by itself (no refresh needed); a trip waiting for its rating has. */
export const isSettled = (state: TripState): boolean => isTerminal(state) || state === 'trip_completed';

/** The ticket's status label, read from the same state as its progress steps (lib/ticket-status-label.ts). */
export function statusLabelKey(ticket: StateSource): string {
  return labelKeyOf(tripStateOf(ticket), ticket.transaction_status_id);
}
