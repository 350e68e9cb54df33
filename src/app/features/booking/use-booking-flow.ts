// Drives one booking through the state machine at the end of this file (spec 4 ticket creation): the pre-check,
// the create call and its notification, then the night flow and the trip to the payment gateway. Each status that
// does something has its own effect below; the payment itself is checked on the payment-result page
// (features/payments). What must survive the trip to the gateway (the code, the key, the history entry) waits in the
// store (pending-booking.ts).
import { useEffect, useReducer, useRef, type Dispatch } from 'react';
import { isFutureDepartTime } from '../../../shared/domain/depart-time';
import {
  type AnyBookingPayload,
  BOOKING_ERROR_KEYS,
  type PendingTicket,
  pendingTicketSchema,
  TRANSACTION_STATUS,
} from '../../../shared/contract/booking';
import type { Lang } from '../../../shared/domain/route-table';
import { ApiError } from '../../lib/api-client';
import { flushStore } from '../../lib/store';
import { useOnline } from '../../lib/use-online';
import { leaveForGateway, paymentCalls, paymentReturnPath } from '../payments';
import { bookingCalls } from './api';
import {
  keepPaymentAttempt,
  keepPendingBooking,
  readPendingBooking,
  useFinishBooking,
  type PendingBooking,
  type SubmitMeta,
} from './pending-booking';

/** How often the night check asks the server. */
export const NIGHT_POLL_MS = 3000;

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

/** The params the server sent with its refusal (a lead time's {minutes, service}), if any. */
function paramsOf(error: unknown): Record<string, unknown> | undefined {
  return error instanceof ApiError ? error.errors.find((item) => item.params)?.params : undefined;
}

/** The call got no answer at all: our own connection failed (or the browser says it is offline), not the server. */
function isConnectionFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/** Where the gateway sends the browser back, and how to pay: set when an online ticket is created. */
interface GatewayTarget {
  back: string;
  payMethodId: number;
  lang: Lang;
}

type StateOf<S extends BookingState['status']> = Extract<BookingState, { status: S }>;
const inStatus = <S extends BookingState['status']>(state: BookingState, status: S): StateOf<S> | null =>
  state.status === status ? (state as StateOf<S>) : null;

/** Accepted (at once, or by the partner at night) and nothing to pay online: the booking is done. */
function useFinishWhenAccepted(accepted: StateOf<'lookingDriver'> | null, finish: (pending: PendingBooking) => void) {
  useEffect(() => {
    if (!accepted) return;
    const pending = readPendingBooking();
    if (pending && pending.code === accepted.code) finish(pending);
  }, [accepted, finish]);
}

/**
 * Redirecting: the payment starts on the server (pay_online_request answers the gateway's URL); the pending booking
 * must be on disk before the page goes there (the store saves in the background). A payment that cannot start, and
 * the browser's Back from the gateway to this page as it was left, go on to the payment-result route.
 */
function useGatewayRedirect(
  redirecting: StateOf<'redirecting'> | null,
  target: { current: GatewayTarget | null },
  on: { current: Pick<BookingFlowOptions, 'onPaymentNotStarted' | 'onBackFromGateway'> },
  dispatch: Dispatch<BookingEvent>,
) {
  useEffect(() => {
    if (!redirecting) return;
    const gateway = target.current;
    if (!gateway) {
      dispatch({ type: 'gatewayFailed' });
      return;
    }
    const { code, ticketKey } = redirecting;
    let stopped = false;
    // Back from the gateway, the page may be restored from the browser's cache just as it left: on to the result.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) on.current.onBackFromGateway(code);
    };
    window.addEventListener('pageshow', onShow);
    paymentCalls
      .startPayment(code, ticketKey, gateway.payMethodId, gateway.back, gateway.lang)
      .then(async (started) => {
        await flushStore();
        if (stopped) return;
        await leaveForGateway(code, started.data, keepPaymentAttempt);
      })
      .catch(async (error: unknown) => {
        if (stopped) return;
        await flushStore();
        // Our connection failed, not the gateway: the ticket exists and waits for its payment; the trip to the
        // gateway resumes when the connection returns.
        if (isConnectionFailure(error)) {
          dispatch({ type: 'connectionLost', sent: 'yes' });
          return;
        }
        // The ticket exists and waits for its payment: the result page says the gateway is down, with
        // pay again, change the method and cancel (never a dead end).
        on.current.onPaymentNotStarted(code);
      });
    return () => {
      stopped = true;
      window.removeEventListener('pageshow', onShow);
    };
  }, [redirecting, target, on, dispatch]);
}

/** No partner took the night booking in time: the server is told to cancel it (its failure is ignored). */
function useAutoCancel(noDriver: StateOf<'noDriver'> | null) {
  useEffect(() => {
    if (noDriver) bookingCalls.autoCancel(noDriver.code, noDriver.ticketKey).catch(() => {});
  }, [noDriver]);
}

/** Contacting the partner (spec 4 night flow): the server is asked to process it, then asked every few seconds. */
function useNightCheck(contacting: StateOf<'contactingPartner'> | null, dispatch: Dispatch<BookingEvent>) {
  useEffect(() => {
    if (!contacting) return;
    const { ticketKey, code } = contacting;
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
    }, NIGHT_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(poll);
    };
  }, [contacting, dispatch]);
}

export interface BookingFlowOptions {
  /** The payment could not be started (the gateway unreachable): the payment-result route says so. */
  onPaymentNotStarted(code: string): void;
  /**
   * The browser came back from the gateway with its Back button (the page restored as it was left, on its
   * way out): the payment-result route checks the attempt and offers the ways on.
   */
  onBackFromGateway(code: string): void;
}

export function useBookingFlow(options: BookingFlowOptions) {
  const [state, dispatch] = useReducer(bookingReducer, { status: 'idle' } as BookingState);
  const redirect = useRef<GatewayTarget | null>(null);
  const on = useRef(options);
  useEffect(() => {
    on.current = options;
  });
  const finish = useFinishBooking();
  /** The attempt that met a pending ticket of the same trip: continuing that ticket keeps its details. */
  const last = useRef<{ payload: AnyBookingPayload; meta: SubmitMeta } | null>(null);

  /** The attempt being sent: sent again, with its idempotency key, when a lost connection returns. */
  const sending = useRef<{ payload: AnyBookingPayload; meta: SubmitMeta } | null>(null);

  const submit = async (payload: AnyBookingPayload, meta: SubmitMeta) => {
    sending.current = { payload, meta };
    const departPassed = !isFutureDepartTime(String(payload.depart_time ?? ''), Date.now());
    dispatch({ type: 'submit', departPassed });
    if (departPassed) return;
    // Until the create call is on its way, nothing of the booking has reached the server.
    let createSent = false;
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
      createSent = true;
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
      keepPendingBooking({ code, key, entry: meta.entry, payload, meta });
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
      } else if (isConnectionFailure(error)) dispatch({ type: 'connectionLost', sent: createSent ? 'maybe' : 'no' });
      else dispatch({ type: 'createFailed', message: keyOf(error), params: paramsOf(error) });
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

  // The connection is back: a booking not sent closes its message (the form kept everything); one that may have
  // reached the server is sent again with the same idempotency key, which answers the ticket it made if it did; a
  // ticket on its way to the gateway goes on there.
  const lost = inStatus(state, 'connectionLost');
  const online = useOnline();
  const sawOffline = useRef(false);
  useEffect(() => {
    if (!lost) {
      sawOffline.current = false;
      return;
    }
    if (!online) {
      sawOffline.current = true;
      return;
    }
    // Only a return seen here: a failure the app did not count as offline is left to the passenger's Close.
    if (!sawOffline.current) return;
    sawOffline.current = false;
    if (lost.sent === 'maybe' && sending.current) void submit(sending.current.payload, sending.current.meta);
    else dispatch({ type: 'reconnected' });
  }, [lost, online]);

  useFinishWhenAccepted(inStatus(state, 'lookingDriver'), finish);
  useGatewayRedirect(inStatus(state, 'redirecting'), redirect, on, dispatch);
  useAutoCancel(inStatus(state, 'noDriver'));
  useNightCheck(inStatus(state, 'contactingPartner'), dispatch);

  const quitNight = () => {
    if (state.status === 'contactingPartner') bookingCalls.quitNight(state.code, state.ticketKey).catch(() => {});
    dispatch({ type: 'reset' });
  };

  return {
    state,
    submit,
    continuePending,
    quitNight,
    reset: () => dispatch({ type: 'reset' }),
    departPassed: () => dispatch({ type: 'departPassed' }),
  };
}

// The booking status of spec 4 as one state machine: submitting, the anti-fraud refusal, the night flow
// (contacting the partner), the redirect to the payment gateway, and every end state the status popups show. The
// payment is checked on the payment-result page (features/payments). Pure: the caller feeds it events and the clock.
/** spec 9: the night check lasts up to 180 (seconds, docs/decisions.md). */
export const NIGHT_CHECK_MAX_MS = 180_000;

export type BookingState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'error'; message: string; params?: Record<string, unknown> }
  | { status: 'sessionTimeout' }
  | { status: 'contactingPartner'; code: string; ticketKey: string; online: boolean; since: number }
  | { status: 'partnerRefused'; code: string }
  | { status: 'noDriver'; code: string; ticketKey: string }
  | { status: 'lookingDriver'; code: string; ticketKey: string }
  | { status: 'redirecting'; code: string; ticketKey: string }
  | { status: 'lostConnection'; code?: string; ticketKey?: string }
  /**
   * Our own connection failed (not the gateway): before the booking was sent ('no'), while its create call was on
   * its way ('maybe': checked by sending it again once back online), or once the ticket existed, on the way to the
   * payment gateway ('yes').
   */
  | { status: 'connectionLost'; sent: 'no' | 'maybe' | 'yes'; code?: string; ticketKey?: string }
  /**
   * This phone already holds a ticket for the same trip that is not paid or served yet: the passenger
   * continues it (its key only when this browser booked it) or books again knowingly.
   */
  | { status: 'pendingTicket'; code: string; ticketKey?: string; payMethodId: number; transactionStatusId: number };

export type BookingEvent =
  | { type: 'submit'; departPassed: boolean }
  /** The departure passed while the billing form was open, seen on the passenger's next move there (spec 2). */
  | { type: 'departPassed' }
  | { type: 'spam' }
  | { type: 'createFailed'; message: string; params?: Record<string, unknown> }
  | { type: 'created'; code: string; ticketKey: string; night: boolean; online: boolean; at: number }
  | { type: 'nightResult'; result: 'waiting' | 'accepted' | 'refused' | 'expired'; at: number }
  | { type: 'gatewayFailed' }
  | { type: 'connectionLost'; sent: 'no' | 'maybe' | 'yes' }
  /** The connection returned after a connectionLost. */
  | { type: 'reconnected' }
  | { type: 'pendingTicket'; code: string; ticketKey?: string; payMethodId: number; transactionStatusId: number }
  | { type: 'tick'; at: number }
  | { type: 'reset' };

const IDLE: BookingState = { status: 'idle' };

/** States from which the passenger may submit again. */
const RESUBMITTABLE = new Set<BookingState['status']>([
  'idle',
  'error',
  'partnerRefused',
  'noDriver',
  'lostConnection',
  'connectionLost',
  'pendingTicket',
]);

function afterAcceptance(code: string, ticketKey: string, online: boolean): BookingState {
  return online ? { status: 'redirecting', code, ticketKey } : { status: 'lookingDriver', code, ticketKey };
}

export function bookingReducer(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'reset':
      return IDLE;
    case 'submit':
      if (!RESUBMITTABLE.has(state.status)) return state;
      return event.departPassed ? { status: 'sessionTimeout' } : { status: 'processing' };
    case 'departPassed':
      return RESUBMITTABLE.has(state.status) ? { status: 'sessionTimeout' } : state;
    case 'spam':
      return state.status === 'processing' ? { status: 'error', message: 'booking.errors.spam' } : state;
    case 'createFailed':
      return state.status === 'processing'
        ? { status: 'error', message: event.message, ...(event.params ? { params: event.params } : {}) }
        : state;
    case 'pendingTicket': {
      if (state.status !== 'processing') return state;
      const { type: _type, ...ticket } = event;
      return { status: 'pendingTicket', ...ticket };
    }
    case 'created':
      if (state.status !== 'processing') return state;
      if (event.night)
        return {
          status: 'contactingPartner',
          code: event.code,
          ticketKey: event.ticketKey,
          online: event.online,
          since: event.at,
        };
      return afterAcceptance(event.code, event.ticketKey, event.online);
    case 'nightResult':
      if (state.status !== 'contactingPartner') return state;
      if (event.result === 'accepted') return afterAcceptance(state.code, state.ticketKey, state.online);
      if (event.result === 'refused') return { status: 'partnerRefused', code: state.code };
      if (event.result === 'expired' || event.at - state.since >= NIGHT_CHECK_MAX_MS)
        return { status: 'noDriver', code: state.code, ticketKey: state.ticketKey };
      return state;
    case 'gatewayFailed':
      if (state.status === 'redirecting') return { status: 'lostConnection', code: state.code, ticketKey: state.ticketKey };
      return state.status === 'processing' ? { status: 'lostConnection' } : state;
    case 'connectionLost':
      if (state.status === 'processing' && event.sent !== 'yes') return { status: 'connectionLost', sent: event.sent };
      if (state.status === 'redirecting' && event.sent === 'yes')
        return { status: 'connectionLost', sent: 'yes', code: state.code, ticketKey: state.ticketKey };
      return state;
    case 'reconnected':
      if (state.status !== 'connectionLost') return state;
      if (state.sent === 'yes' && state.code && state.ticketKey)
        return { status: 'redirecting', code: state.code, ticketKey: state.ticketKey };
      return state.sent === 'no' ? IDLE : state;
    case 'tick':
      if (state.status === 'contactingPartner' && event.at - state.since >= NIGHT_CHECK_MAX_MS)
        return { status: 'noDriver', code: state.code, ticketKey: state.ticketKey };
      return state;
  }
}
