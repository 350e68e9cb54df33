// Drives one booking through the state machine (spec 4 ticket creation): the pre-check, the create call and
// its notification, then the night flow, the payment redirect and the payment check. What must survive the
// trip to the payment gateway (the code, the contact, the history entry) waits in the store.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { configQueries } from '../../lib/config-queries';
import { isFutureDepartTime } from '../../../shared/domain/depart-time';
import { BOOKING_ERROR_KEYS, TRANSACTION_STATUS, type AnyBookingPayload } from '../../../shared/contract/booking';
import type { Lang } from '../../../shared/domain/route-table';
import { ApiError } from '../../lib/api-client';
import { flushStore } from '../../lib/store';
import { readEntry, removeEntry, writeEntry } from '../../lib/store-keys';
import { pathFor } from '../../../shared/domain/route-table';
import { pendingTicketSchema, type PendingTicket } from '../../../shared/contract/booking';
import { bookingCalls } from './api';
import { bookingReducer, secondsLeft, type BookingState } from './booking-machine';
import { addToHistory, type HistoryEntry } from './history';
import { startPaymentPolling } from '../payments';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'pending-booking': PendingBooking;
  }
}

const PENDING_KEY = 'pending-booking';
/** How often the night check and the payment check ask the server. */
export const POLL_MS = 3000;

export interface PendingBooking {
  code: string;
  /** The ticket's access key from the create answer: the proof of every later call on it. */
  key: string;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
  /** What was sent, for a retry after the page came back from the gateway. */
  payload: AnyBookingPayload;
  meta: SubmitMeta;
  /**
   * The reference of the payment attempt this device last sent the passenger to the gateway for: the browser's Back
   * from the gateway names it to the server (abandon_attempt), which closes it if it is still unpaid.
   */
  attempt?: string;
}

export interface SubmitMeta {
  kind: 'ride' | 'hourly';
  online: boolean;
  entry: Omit<HistoryEntry, 'code' | 'at'>;
}

/** The create call's 409 pending-ticket answer, its data read with the contract's schema; else null. */
function pendingTicketOf(error: unknown): PendingTicket | null {
  if (!(error instanceof ApiError) || error.key !== BOOKING_ERROR_KEYS.pendingTicket) return null;
  try {
    return pendingTicketSchema.validateSync(error.data);
  } catch {
    return null;
  }
}

function keyOf(error: unknown): string {
  return error instanceof ApiError ? error.key : 'errors.server_busy';
}

/** The attempt waiting for its payment or partner, if any (it survives the trip to the gateway). */
export function readPendingBooking(): PendingBooking | null {
  return readEntry(PENDING_KEY);
}

/** The pending booking of a ticket: kept for the calls that continue it (payment, change of method, cancel). */
export function keepPendingBooking(pending: PendingBooking): void {
  writeEntry(PENDING_KEY, pending);
}

/**
 * This tab left for the payment gateway with this ticket. The browser's Back from the gateway may reload
 * the billing page (no back-forward cache): the mark, kept for the tab only (sessionStorage, the ticket code and
 * nothing else), sends it on to the payment result instead of a form that looks like nothing was booked.
 */
const GATEWAY_LEFT_KEY = 'vivu:gateway-left';

function markGatewayLeft(code: string): void {
  try {
    sessionStorage.setItem(GATEWAY_LEFT_KEY, code);
  } catch {
    // Storage refused (private mode quota): Back then shows the billing page's "waiting for its payment" notice.
  }
}

/**
 * The browser is about to go to the gateway for the attempt `ref` of ticket `code`: the attempt is kept with the
 * pending booking (the encrypted store), and this tab is marked as gone to the gateway, so that its Back from there
 * (the page restored or loaded again) tells the server the attempt was left. Written before the page leaves.
 */
export async function recordGatewayAttempt(code: string, ref: string): Promise<void> {
  const pending = readEntry(PENDING_KEY);
  if (pending && pending.code === code) writeEntry(PENDING_KEY, { ...pending, attempt: ref });
  await flushStore();
  markGatewayLeft(code);
}

/** The ticket this tab left for the gateway with, still marked (the payment-result page takes the mark). */
export function peekGatewayLeft(): string | null {
  try {
    return sessionStorage.getItem(GATEWAY_LEFT_KEY);
  } catch {
    return null;
  }
}

/** The ticket this tab left for the gateway with, once: reading the mark removes it. */
export function takeGatewayLeft(): string | null {
  try {
    const code = sessionStorage.getItem(GATEWAY_LEFT_KEY);
    sessionStorage.removeItem(GATEWAY_LEFT_KEY);
    return code;
  } catch {
    return null;
  }
}

/** The attempt is over without a booking to keep (its ticket cancelled). */
export function dropPendingBooking(): void {
  removeEntry(PENDING_KEY);
}

/**
 * A booking done (paid, or cash): the ticket moves into the stored history (spec 4: capped, `kept`) with its key,
 * and the working attempt is removed. Answers the history entry.
 */
export function completeBooking(pending: PendingBooking, kept: number): HistoryEntry {
  const entry: HistoryEntry = { ...pending.entry, code: pending.code, key: pending.key, at: Date.now() };
  addToHistory(entry, kept);
  removeEntry(PENDING_KEY);
  return entry;
}

/** The gateway's way back to the app: the payment-result route with the ticket's code. */
export function paymentReturnPath(lang: Lang, code: string, extra: Record<string, string> = {}): string {
  return `${pathFor('payment-result', lang)}?${new URLSearchParams({ code, ...extra }).toString()}`;
}

export interface BookingFlowOptions {
  onDone(entry: HistoryEntry): void;
  /** The payment could not be started (the gateway unreachable): the payment-result route says so. */
  onPaymentNotStarted?(code: string): void;
  /**
   * The browser came back from the gateway with its Back button (the page restored as it was left, on its
   * way out): the payment-result route checks the attempt and offers the ways on.
   */
  onBackFromGateway?(code: string): void;
}

export function useBookingFlow({ onDone, onPaymentNotStarted, onBackFromGateway }: BookingFlowOptions) {
  const [state, dispatch] = useReducer(bookingReducer, { status: 'idle' } as BookingState);
  const [now, setNow] = useState(() => Date.now());
  /** Where the gateway sends the browser back, and how to pay: set when an online ticket is created. */
  const redirect = useRef<{ back: string; payMethodId: number; lang: Lang } | null>(null);
  const done = useRef(onDone);
  const notStarted = useRef(onPaymentNotStarted);
  const backFromGateway = useRef(onBackFromGateway);
  useEffect(() => {
    done.current = onDone;
    notStarted.current = onPaymentNotStarted;
    backFromGateway.current = onBackFromGateway;
  }, [onDone, onPaymentNotStarted, onBackFromGateway]);

  // spec 9 recent_tickets_kept from the served config, read when a booking finishes.
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const kept = useRef(system.recent_tickets_kept);
  useEffect(() => {
    kept.current = system.recent_tickets_kept;
  }, [system.recent_tickets_kept]);
  const finish = (pending: PendingBooking) => done.current(completeBooking(pending, kept.current));
  /** The attempt that met a pending ticket of the same trip: continuing that ticket keeps its details. */
  const last = useRef<{ payload: AnyBookingPayload; meta: SubmitMeta } | null>(null);

  const submit = async (payload: AnyBookingPayload, meta: SubmitMeta) => {
    const departPassed = !isFutureDepartTime(String(payload.depart_time ?? ''), Date.now());
    dispatch({ type: 'submit', departPassed });
    if (departPassed) return;
    try {
      const check = await bookingCalls.vanguard(payload);
      // The same trip booked before is not spam: the create call answers with that ticket to continue.
      if (!check.data.result && check.data.reason !== 'duplicate') {
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
        // An hourly hire paid online awaits its payment as a ride does.
        processing = created.data.transaction_status_id === TRANSACTION_STATUS.processing;
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
        const lang: Lang = payload.lang === 'en' ? 'en' : 'vi';
        redirect.current = { back: paymentReturnPath(lang, code), payMethodId: Number(payload.pay_method_id), lang };
      }
      dispatch({ type: 'created', code, ticketKey: key, night, online, at: Date.now() });
    } catch (error) {
      const pending = pendingTicketOf(error);
      if (pending) {
        dispatch({
          type: 'pendingTicket',
          code: pending.ticket_code,
          ticketKey: pending.ticket_key,
          payMethodId: pending.pay_method_id,
          transactionStatusId: pending.transaction_status_id,
        });
        last.current = { payload, meta };
      } else if (error instanceof ApiError && error.status === 0) dispatch({ type: 'gatewayFailed' });
      else dispatch({ type: 'createFailed', message: keyOf(error) });
    }
  };

  /**
   * Continue the passenger's pending ticket of the same trip: with its key (this browser booked it), its
   * payment result page offers to pay, pay in cash or cancel; answers false without the key (another device).
   */
  const continuePending = (): boolean => {
    if (state.status !== 'pendingTicket' || !state.ticketKey || !last.current) return false;
    keepPendingBooking({ code: state.code, key: state.ticketKey, entry: last.current.meta.entry, ...last.current });
    return true;
  };

  /**
   * The browser came back from the payment gateway for the ticket `code`; its key waits in the store (it
   * never travels in a URL). `maxMs`: how long to keep checking (spec 9 payment check max, from the system config).
   */
  const resumePayment = useCallback((code: string, maxMs?: number) => {
    const at = Date.now();
    setNow(at);
    const pending = readEntry(PENDING_KEY);
    if (!pending || pending.code !== code || !pending.key) {
      // Nothing on this device proves the ticket (its store was lost): the check cannot be asked.
      dispatch({ type: 'gatewayFailed' });
      return;
    }
    dispatch({ type: 'returnedFromGateway', ticketKey: pending.key, code, at, maxMs });
  }, []);

  useEffect(() => {
    const pending = readEntry(PENDING_KEY);
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
      // Back from the gateway, the page may be restored from the browser's cache just as it left: on to the result.
      const onShow = (event: PageTransitionEvent) => {
        if (!event.persisted) return;
        if (backFromGateway.current) backFromGateway.current(state.code);
        else dispatch({ type: 'returnedFromGateway', code: state.code, ticketKey: state.ticketKey, at: Date.now() });
      };
      window.addEventListener('pageshow', onShow);
      bookingCalls
        .startPayment(state.code, state.ticketKey, target.payMethodId, target.back, target.lang)
        .then(async (started) => {
          await flushStore();
          if (stopped) return;
          await recordGatewayAttempt(state.code, started.data.attempt_ref);
          window.location.assign(started.data.payment_url);
        })
        .catch(async () => {
          if (stopped) return;
          // The ticket exists and waits for its payment: the result page says the gateway is down, with
          // pay again, change the method and cancel (never a dead end).
          await flushStore();
          if (notStarted.current) notStarted.current(state.code);
          else dispatch({ type: 'gatewayFailed' });
        });
      return () => {
        stopped = true;
        window.removeEventListener('pageshow', onShow);
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
    continuePending,
    quitNight,
    reset: () => dispatch({ type: 'reset' }),
    departPassed: () => dispatch({ type: 'departPassed' }),
  };
}
