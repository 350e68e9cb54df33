// The booking status of spec 4 as one state machine: submitting, the anti-fraud refusal, the night flow
// (contacting the partner), the redirect to the payment gateway, and every end state the status popups show. The
// payment is checked on the payment-result page (features/payments). Pure: the caller feeds it events and the clock.

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
  | { status: 'lostConnection'; code?: string; ticketKey?: string }
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
  | { type: 'createFailed'; message: string }
  | { type: 'created'; code: string; ticketKey: string; night: boolean; online: boolean; at: number }
  | { type: 'nightResult'; result: 'waiting' | 'accepted' | 'refused' | 'expired'; at: number }
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
    case 'gatewayFailed':
      if (state.status === 'redirecting') return { status: 'lostConnection', code: state.code, ticketKey: state.ticketKey };
      return state.status === 'processing' ? { status: 'lostConnection' } : state;
    case 'tick':
      if (state.status === 'contactingPartner' && event.at - state.since >= NIGHT_CHECK_MAX_MS)
        return { status: 'noDriver', code: state.code, ticketKey: state.ticketKey };
      return state;
  }
}
