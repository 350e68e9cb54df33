// The driver's trip screen, phone first and for one hand: the passenger (tap to call), pick-up and drop-off with a
// map link each, the flight and name board, time, notes, the fare and whether to collect it in cash, and one big
// button for the driver's next move of the trip (the tickets contract's state machine gives the moves). A move that
// answers with an error shows the contract's message; the trip as it is stays on screen.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POSITION_STATES, type DriverTrip } from '../../../../shared/contract/partner-driver';
import type { TripState } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { errorText } from '../../../components/form/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { DRIVER_TRIP_REFRESH_MS, driverTripCalls, driverTripQuery } from '../api';
import '../driver-trip.css';
import { SharePosition } from './share-position';

/** A map app's search for an address (the ticket keeps the address the passenger chose, not its coordinates). */
export const mapsLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

function Place({ label, address }: { label: string; address: string }) {
  const { t } = useTranslation();
  return (
    <div className="driver-place">
      <dt>{label}</dt>
      <dd>
        <span>{address}</span>
        <a className="button driver-map" href={mapsLink(address)} target="_blank" rel="noopener noreferrer">
          {t('driver_trip.open_map')}
        </a>
      </dd>
    </div>
  );
}

function Details({ trip }: { trip: DriverTrip }) {
  const { t } = useTranslation();
  return (
    <dl className="driver-details">
      <div>
        <dt>{t('driver_trip.passenger')}</dt>
        <dd>
          <span className="driver-name">{trip.fullname}</span>
          <a className="button driver-call" href={`tel:${trip.phone}`}>
            {t('driver_trip.call', { phone: trip.phone })}
          </a>
        </dd>
      </div>
      <div>
        <dt>{t('driver_trip.time')}</dt>
        <dd>{trip.depart_time}</dd>
      </div>
      <Place label={t('driver_trip.pick')} address={trip.pick_address} />
      {trip.drop_address ? <Place label={t('driver_trip.drop')} address={trip.drop_address} /> : null}
      {trip.plane_number ? (
        <div>
          <dt>{t('driver_trip.flight')}</dt>
          <dd>{trip.plane_number}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('driver_trip.board')}</dt>
        <dd>{trip.by_board ? t('driver_trip.board_yes', { name: trip.fullname }) : t('driver_trip.board_no')}</dd>
      </div>
      <div>
        <dt>{t('driver_trip.seats')}</dt>
        <dd>{trip.chair}</dd>
      </div>
      {trip.comment ? (
        <div>
          <dt>{t('driver_trip.notes')}</dt>
          <dd>{trip.comment}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('driver_trip.price')}</dt>
        <dd>
          <strong>{formatVnd(trip.total_cost)}</strong>{' '}
          <span className={trip.collect_cash ? 'driver-cash' : 'driver-paid'}>
            {trip.collect_cash ? t('driver_trip.collect_cash') : t('driver_trip.paid_online')}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** The words of the button that makes a move (the last one says the cash was collected, when there was cash). */
function moveLabel(to: TripState, trip: DriverTrip, t: (key: string) => string): string {
  if (to === 'trip_completed' && trip.collect_cash) return t('driver_trip.moves.trip_completed_cash');
  return t(`driver_trip.moves.${to}`);
}

export function DriverTripScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  useDocumentTitle(t('routes.driver-trip'));
  const query = useQuery({
    ...driverTripQuery(token, lang),
    // The trip has ended: its link is dead from now on, so the screen keeps what the last move answered.
    refetchInterval: (current) => (current.state.data?.trip_state === 'trip_completed' ? false : DRIVER_TRIP_REFRESH_MS),
  });
  const move = useMutation({
    mutationFn: (to: TripState) => driverTripCalls.move(token, to),
    onSuccess: (trip) => queryClient.setQueryData(driverTripQuery(token, lang).queryKey, trip),
  });

  if (query.isPending) {
    return (
      <section className="page driver-trip" aria-busy="true">
        <p role="status">{t('driver_trip.loading')}</p>
      </section>
    );
  }
  if (query.isError) {
    return (
      <section className="page driver-trip">
        <h1>{t('routes.driver-trip')}</h1>
        <p role="alert" className="driver-error">
          {errorText(query.error, t)}
        </p>
      </section>
    );
  }
  const trip = query.data;
  const next = trip.next_states[0];
  return (
    <section className="page driver-trip" aria-labelledby="driver-trip-heading">
      <h1 id="driver-trip-heading">{t('driver_trip.title', { code: trip.ticket_code })}</h1>
      <p className="driver-state" role="status" aria-live="polite">
        {t(`driver_trip.states.${trip.trip_state}`, { defaultValue: t('driver_trip.states.other') })}
      </p>
      <SharePosition
        token={token}
        allowed={POSITION_STATES.includes(trip.trip_state)}
        onLinkDead={() => void queryClient.invalidateQueries({ queryKey: driverTripQuery(token, lang).queryKey })}
      />
      <Details trip={trip} />
      <div className="driver-actions">
        {move.isError ? (
          <p role="alert" className="driver-error">
            {errorText(move.error, t)}
          </p>
        ) : null}
        {next ? (
          <button
            type="button"
            className="button button-primary driver-move"
            disabled={move.isPending}
            onClick={() => move.mutate(next)}
          >
            {moveLabel(next, trip, t)}
          </button>
        ) : (
          <p className="driver-done">{t('driver_trip.done')}</p>
        )}
      </div>
    </section>
  );
}
