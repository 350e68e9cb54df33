// The booking status of spec 4 as one state machine: submitting, the anti-fraud refusal, the night flow
// (contacting the partner), the online payment (redirect, then checking with a countdown), and every end
// state the status popups show. Pure: the caller feeds it events and the clock.

import { PAYMENT_CHECK_MAX_MS } from '../../../shared/domain/system-config';
import { TRANSACTION_STATUS } from '../../../shared/domain/transaction-status';

/** spec 9: the night check lasts up to 180 (seconds, docs/decisions.md). */
export const NIGHT_CHECK_MAX_MS = 180_000;

export type BookingState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'error'; message: string }
  | { status: 'sessionTimeout' }
  | { status: 'contactingPartner'; code: string; ticketKey: string; online: boolean; since: number }
  | { status: 'partnerRefused'; code: string }
  | { status: 'noDriver'; code: string; ticketKey: string }
  | { status: 'lookingDriver'; code: string; ticketKey: string }
  | { status: 'redirecting'; code: string; ticketKey: string }
  | {
      status: 'checkingPayment';
      code: string;
      ticketKey: string;
      /** The end of the payment window, counted from the return from the gateway (never restarted). */
      deadline: number;
      /** The last poll could not reach the server: no result is drawn until one does. */
      offline?: boolean;
    }
  | { status: 'paymentTimeout'; code: string; ticketKey: string }
  | { status: 'failed'; code: string; ticketKey: string }
  | { status: 'lostConnection'; code?: string; ticketKey?: string }
  /**
   * This phone already holds a ticket for the same trip that is not paid or served yet: the passenger
   * continues it (its key only when this browser booked it) or books again knowingly.
   */
  | { status: 'pendingTicket'; code: string; ticketKey?: string; payMethodId: number; transactionStatusId: number }
  | { status: 'success'; code: string; ticketKey: string; at: number };

export type BookingEvent =
  | { type: 'submit'; departPassed: boolean }
  /** The departure passed while the billing form was open, seen on the passenger's next move there (spec 2). */
  | { type: 'departPassed' }
  | { type: 'spam' }
  | { type: 'createFailed'; message: string }
  | { type: 'created'; code: string; ticketKey: string; night: boolean; online: boolean; at: number }
  | { type: 'nightResult'; result: 'waiting' | 'accepted' | 'refused' | 'expired'; at: number }
  | { type: 'returnedFromGateway'; code: string; ticketKey: string; at: number; maxMs?: number }
  | { type: 'paymentStatus'; transactionStatusId: number; at: number }
  /** A payment poll did not reach the server (no connection): the check goes on, nothing is concluded. */
  | { type: 'pollFailed' }
  | { type: 'gatewayFailed' }
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
  'failed',
  'paymentTimeout',
  'lostConnection',
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
      return state.status === 'processing' ? { status: 'error', message: event.message } : state;
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
    case 'returnedFromGateway':
      // Only once, when the page opens on the gateway's return (a later repeat must not restart the countdown).
      if (state.status !== 'idle' && state.status !== 'redirecting') return state;
      return {
        status: 'checkingPayment',
        code: event.code,
        ticketKey: event.ticketKey,
        deadline: event.at + (event.maxMs ?? PAYMENT_CHECK_MAX_MS),
      };
    case 'paymentStatus': {
      if (state.status !== 'checkingPayment') return state;
      const { code, ticketKey } = state;
      switch (event.transactionStatusId) {
        case TRANSACTION_STATUS.success:
          return { status: 'success', code, ticketKey, at: event.at };
        case TRANSACTION_STATUS.error:
          return { status: 'failed', code, ticketKey };
        case TRANSACTION_STATUS.cancel:
          return { status: 'error', message: 'booking.errors.ticket_cancelled' };
        case TRANSACTION_STATUS.timeout:
          return { status: 'paymentTimeout', code, ticketKey };
        default:
          if (event.at >= state.deadline) return { status: 'paymentTimeout', code, ticketKey };
          return state.offline ? { ...state, offline: false } : state;
      }
    }
    case 'pollFailed':
      return state.status === 'checkingPayment' && !state.offline ? { ...state, offline: true } : state;
    case 'gatewayFailed':
      if (state.status === 'redirecting' || state.status === 'checkingPayment')
        return { status: 'lostConnection', code: state.code, ticketKey: state.ticketKey };
      return state.status === 'processing' ? { status: 'lostConnection' } : state;
    case 'tick':
      // Offline at the deadline: the server's answer decides (success, failed or timeout) once it can be asked.
      if (state.status === 'checkingPayment' && event.at >= state.deadline && !state.offline)
        return { status: 'paymentTimeout', code: state.code, ticketKey: state.ticketKey };
      if (state.status === 'contactingPartner' && event.at - state.since >= NIGHT_CHECK_MAX_MS)
        return { status: 'noDriver', code: state.code, ticketKey: state.ticketKey };
      return state;
  }
}

/** Seconds left to pay, for the countdown (spec 4: the customer has 5 minutes). */
export function secondsLeft(state: BookingState, at: number): number {
  if (state.status !== 'checkingPayment') return 0;
  return Math.max(0, Math.ceil((state.deadline - at) / 1000));
}
