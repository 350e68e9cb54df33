// Drives one booking through the state machine (spec 4 ticket creation): the pre-check, the create call and
// its notification, then the night flow, the payment redirect and the payment check. What must survive the
// trip to the payment gateway (the code, the contact, the history entry) waits in the store.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { configQueries } from '../config/api';
import { isFuturePickup } from '../../../shared/domain/pickup-time';
import { ApiError } from '../../lib/api-client';
import { flushStore, readEntry, removeEntry, writeEntry } from '../../lib/store';
import { bookingCalls } from './api';
import { bookingReducer, secondsLeft, type BookingState } from './booking-machine';
import { addToHistory, type HistoryEntry } from './history';
import { startPaymentPolling } from './payment-poll';

const PENDING_KEY = 'pending-booking';
/** How often the night check and the payment check ask the server. */
export const POLL_MS = 3000;

export interface PendingBooking {
  code: string;
  ticketId: number;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
  /** What was sent, for a retry after the page came back from the gateway. */
  payload: Record<string, unknown>;
  meta: SubmitMeta;
}

export interface SubmitMeta {
  kind: 'ride' | 'hourly';
  online: boolean;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
  /** Where the gateway sends the browser back (a path of this site). */
  returnPath: string;
}

function keyOf(error: unknown): string {
  return error instanceof ApiError ? error.key : 'errors.server_busy';
}

/** The attempt waiting for its payment or partner, if any (it survives the trip to the gateway). */
export function readPendingBooking(): PendingBooking | null {
  return readEntry<PendingBooking>(PENDING_KEY);
}

export function useBookingFlow({ onDone }: { onDone(entry: HistoryEntry): void }) {
  const [state, dispatch] = useReducer(bookingReducer, { status: 'idle' } as BookingState);
  const [now, setNow] = useState(() => Date.now());
  const redirect = useRef<string | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  // spec 9 recent_tickets_kept from the served config, read when a booking finishes.
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const kept = useRef(system.recent_tickets_kept);
  useEffect(() => {
    kept.current = system.recent_tickets_kept;
  }, [system.recent_tickets_kept]);
  const finish = (pending: PendingBooking) => {
    const entry: HistoryEntry = { ...pending.entry, code: pending.code, at: Date.now() };
    addToHistory(entry, kept.current);
    removeEntry(PENDING_KEY);
    done.current(entry);
  };

  const submit = async (payload: Record<string, unknown>, meta: SubmitMeta) => {
    const departPassed = !isFuturePickup(String(payload.depart_time ?? ''), Date.now());
    dispatch({ type: 'submit', departPassed });
    if (departPassed) return;
    try {
      const check = await bookingCalls.vanguard(payload);
      if (!check.data.result) {
        dispatch({ type: 'spam' });
        return;
      }
      let code: string;
      let ticketId: number;
      let night = false;
      let paymentUrl: string | null = null;
      if (meta.kind === 'hourly') {
        const created = await bookingCalls.createHourly(payload);
        code = created.data.trip_price_inquiry_code;
        ticketId = created.data.ticket_id;
      } else {
        const created = await bookingCalls.createTicket(payload, meta.online);
        code = created.ticket_code;
        ticketId = created.data.ticket_id;
        night = created.is_night_booking;
        paymentUrl = created.data.payment_url;
      }
      // spec 4: the creation notification's failure is ignored.
      bookingCalls.notify(code).catch(() => {});
      writeEntry(PENDING_KEY, { code, ticketId, entry: meta.entry, payload, meta } satisfies PendingBooking);
      const online = meta.online && paymentUrl !== null;
      if (online && paymentUrl) {
        const back = `${meta.returnPath}${meta.returnPath.includes('?') ? '&' : '?'}paid=${ticketId}&code=${encodeURIComponent(code)}`;
        redirect.current = `${paymentUrl}&url_return=${encodeURIComponent(back)}`;
      }
      dispatch({ type: 'created', code, ticketId, night, online, at: Date.now() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) dispatch({ type: 'gatewayFailed' });
      else dispatch({ type: 'createFailed', message: keyOf(error) });
    }
  };

  /** The browser came back from the payment gateway. */
  /** `maxMs`: how long to keep checking (spec 9 payment check max, from the system config). */
  const resumePayment = useCallback((ticketId: number, code: string, maxMs?: number) => {
    const at = Date.now();
    setNow(at);
    dispatch({ type: 'returnedFromGateway', ticketId, code, at, maxMs });
  }, []);

  useEffect(() => {
    const pending = readEntry<PendingBooking>(PENDING_KEY);
    if (state.status === 'lookingDriver' || state.status === 'success') {
      if (pending && pending.code === state.code) finish(pending);
      return;
    }
    if (state.status === 'redirecting') {
      // The pending booking must be on disk before the page goes to the gateway (the store saves in the background).
      const target = redirect.current;
      if (target) void flushStore().then(() => window.location.assign(target));
      else dispatch({ type: 'gatewayFailed' });
      return;
    }
    if (state.status === 'noDriver') {
      bookingCalls.autoCancel(state.ticketId, state.code).catch(() => {});
      return;
    }
    if (state.status === 'contactingPartner') {
      const { ticketId, code } = state;
      let stopped = false;
      bookingCalls.autoProcess(ticketId, code).catch(() => {});
      const poll = setInterval(() => {
        bookingCalls
          .checkNight(ticketId, code)
          .then((answer) => {
            if (!stopped)
              dispatch({
                type: 'nightResult',
                result: answer.data.result
                  ? 'accepted'
                  : answer.data.status === 'waiting'
                    ? 'waiting'
                    : answer.data.status === 'refused'
                      ? 'refused'
                      : 'expired',
                at: Date.now(),
              });
          })
          .catch(() => {});
        dispatch({ type: 'tick', at: Date.now() });
      }, POLL_MS);
      return () => {
        stopped = true;
        clearInterval(poll);
      };
    }
    if (state.status === 'checkingPayment') {
      const { ticketId } = state;
      let stopped = false;
      // A poll that cannot reach the server (offline) neither ends the check nor fails it; the next one, at
      // once when the connection returns or the page shows again, gives the answer (payment-poll.ts).
      const ask = () =>
        bookingCalls
          .checkPayment(ticketId)
          .then((answer) => {
            if (!stopped) dispatch({ type: 'paymentStatus', transactionStatusId: answer.transaction_status_id, at: Date.now() });
          })
          .catch((error: unknown) => {
            if (!stopped && error instanceof ApiError && error.status === 0) dispatch({ type: 'pollFailed' });
          });
      const stop = startPaymentPolling({
        ask: () => void ask(),
        tick: (at) => {
          setNow(at);
          dispatch({ type: 'tick', at });
        },
        intervalMs: POLL_MS,
      });
      return () => {
        stopped = true;
        stop();
      };
    }
  }, [state]);

  const quitNight = () => {
    if (state.status === 'contactingPartner') bookingCalls.quitNight(state.ticketId, state.code).catch(() => {});
    dispatch({ type: 'reset' });
  };

  return {
    state,
    secondsLeft: secondsLeft(state, now),
    submit,
    resumePayment,
    quitNight,
    reset: () => dispatch({ type: 'reset' }),
  };
}
