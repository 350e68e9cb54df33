// Drives one booking through the state machine (spec 4 ticket creation): the pre-check, the create call and
// its notification, then the night flow, the payment redirect and the payment check. What must survive the
// trip to the payment gateway (the code, the contact, the history entry) waits in the store.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { configQueries } from '../config/api';
import { isFuturePickup } from '../../../shared/domain/pickup-time';
import { TRANSACTION_STATUS } from '../../../shared/contract/booking';
import type { Lang } from '../../../shared/domain/route-table';
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
  /** issue 18: the ticket's access key from the create answer: the proof of every later call on it. */
  key: string;
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
  /** Where the gateway sends the browser back, and how to pay: set when an online ticket is created. */
  const redirect = useRef<{ back: string; payMethodId: number; lang: Lang } | null>(null);
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
    const entry: HistoryEntry = { ...pending.entry, code: pending.code, key: pending.key, at: Date.now() };
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
      let key: string;
      let night = false;
      let processing = false;
      if (meta.kind === 'hourly') {
        const created = await bookingCalls.createHourly(payload);
        code = created.data.trip_price_inquiry_code;
        key = created.data.ticket_key;
      } else {
        const created = await bookingCalls.createTicket(payload, meta.online);
        code = created.ticket_code;
        key = created.data.ticket_key;
        night = created.is_night_booking;
        processing = created.data.transaction_status_id === TRANSACTION_STATUS.processing;
      }
      // spec 4: the creation notification's failure is ignored.
      bookingCalls.notify(code, key).catch(() => {});
      writeEntry(PENDING_KEY, { code, key, entry: meta.entry, payload, meta } satisfies PendingBooking);
      // spec 4: an online ticket still awaiting its payment goes to the gateway (a resubmission of a paid one does not).
      const online = meta.online && processing;
      if (online) {
        const back = `${meta.returnPath}${meta.returnPath.includes('?') ? '&' : '?'}paid=1&code=${encodeURIComponent(code)}`;
        redirect.current = {
          back,
          payMethodId: Number(payload.pay_method_id),
          lang: payload.lang === 'en' ? 'en' : 'vi',
        };
      }
      dispatch({ type: 'created', code, ticketKey: key, night, online, at: Date.now() });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) dispatch({ type: 'gatewayFailed' });
      else dispatch({ type: 'createFailed', message: keyOf(error) });
    }
  };

  /**
   * The browser came back from the payment gateway for the ticket `code`; its key waits in the store (issue 18: it
   * never travels in a URL). `maxMs`: how long to keep checking (spec 9 payment check max, from the system config).
   */
  const resumePayment = useCallback((code: string, maxMs?: number) => {
    const at = Date.now();
    setNow(at);
    const pending = readEntry<PendingBooking>(PENDING_KEY);
    if (!pending || pending.code !== code || !pending.key) {
      // Nothing on this device proves the ticket (its store was lost): the check cannot be asked.
      dispatch({ type: 'gatewayFailed' });
      return;
    }
    dispatch({ type: 'returnedFromGateway', ticketKey: pending.key, code, at, maxMs });
  }, []);

  useEffect(() => {
    const pending = readEntry<PendingBooking>(PENDING_KEY);
    if (state.status === 'lookingDriver' || state.status === 'success') {
      if (pending && pending.code === state.code) finish(pending);
      return;
    }
    if (state.status === 'redirecting') {
      // The payment starts on the server (pay_online_request answers the gateway's URL); the pending booking must be
      // on disk before the page goes there (the store saves in the background).
      const target = redirect.current;
      if (!target) {
        dispatch({ type: 'gatewayFailed' });
        return;
      }
      let stopped = false;
      bookingCalls
        .startPayment(state.code, state.ticketKey, target.payMethodId, target.back, target.lang)
        .then(async (started) => {
          await flushStore();
          if (!stopped) window.location.assign(started.data.payment_url);
        })
        .catch(() => {
          if (!stopped) dispatch({ type: 'gatewayFailed' });
        });
      return () => {
        stopped = true;
      };
    }
    if (state.status === 'noDriver') {
      bookingCalls.autoCancel(state.code, state.ticketKey).catch(() => {});
      return;
    }
    if (state.status === 'contactingPartner') {
      const { ticketKey, code } = state;
      let stopped = false;
      bookingCalls.autoProcess(code, ticketKey).catch(() => {});
      const poll = setInterval(() => {
        bookingCalls
          .checkNight(code, ticketKey)
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
      const { ticketKey, code } = state;
      let stopped = false;
      // A poll that cannot reach the server (offline) neither ends the check nor fails it; the next one, at
      // once when the connection returns or the page shows again, gives the answer (payment-poll.ts).
      const ask = () =>
        bookingCalls
          .checkPayment(code, ticketKey)
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
    if (state.status === 'contactingPartner') bookingCalls.quitNight(state.code, state.ticketKey).catch(() => {});
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
