import { describe, expect, it } from 'vitest';
import { TICKET_STATUS, TRANSACTION_STATUS } from './booking';
import {
  ticketInfoRequestSchema,
  TRIP_ACTORS,
  TRIP_STATES,
  TRIP_TRANSITIONS,
  TRIP_USER_STATUS,
  canTransition,
  isTerminal,
  nextStates,
  statesBefore,
  transactionStatusOnEnter,
  type TripState,
} from './tickets';

function reachableFrom(start: TripState): Set<TripState> {
  const seen = new Set<TripState>([start]);
  const queue: TripState[] = [start];
  while (queue.length) {
    const from = queue.shift() as TripState;
    for (const to of Object.keys(TRIP_TRANSITIONS[from]) as TripState[]) {
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}

describe('the trip state machine', () => {
  it('reaches every state but awaiting_payment from driver_pending, and every state from awaiting_payment', () => {
    const fromDriverPending = reachableFrom('driver_pending');
    expect(TRIP_STATES.filter((state) => !fromDriverPending.has(state))).toEqual(['awaiting_payment']);
    expect(reachableFrom('awaiting_payment').size).toBe(TRIP_STATES.length);
  });

  it('gives the terminal states no exits, and only them', () => {
    expect(TRIP_STATES.filter(isTerminal)).toEqual(['completed', 'pickup_failed', 'cancelled']);
    for (const state of ['completed', 'pickup_failed', 'cancelled'] as const)
      for (const to of TRIP_STATES) for (const actor of TRIP_ACTORS) expect(canTransition(state, to, actor)).toBe(false);
  });

  it('cancels only before the passenger is picked up', () => {
    expect(statesBefore('cancelled', 'passenger')).toEqual([
      'awaiting_payment',
      'driver_pending',
      'not_started',
      'trip_started',
      'arrived_at_pickup',
    ]);
    for (const from of ['passenger_picked_up', 'trip_completed'] as const)
      for (const actor of TRIP_ACTORS) expect(canTransition(from, 'cancelled', actor)).toBe(false);
  });

  it('lets a pickup fail only before the passenger is on board, by the partner', () => {
    const froms = TRIP_STATES.filter((from) => TRIP_ACTORS.some((actor) => canTransition(from, 'pickup_failed', actor)));
    expect(froms).toEqual(['not_started', 'trip_started', 'arrived_at_pickup']);
    expect(statesBefore('pickup_failed', 'partner')).toEqual(froms);
  });

  it('has no self-loops and never goes back', () => {
    const order = new Map(TRIP_STATES.map((state, index) => [state, index]));
    for (const from of TRIP_STATES)
      for (const to of Object.keys(TRIP_TRANSITIONS[from]) as TripState[])
        expect(order.get(to) ?? -1, `${from} → ${to}`).toBeGreaterThan(order.get(from) ?? 0);
  });

  it('leaves payment out of the partner’s hands, and lets it cancel only by refusing before it accepts', () => {
    expect(nextStates('awaiting_payment', 'partner')).toEqual([]);
    for (const from of TRIP_STATES) expect(canTransition(from, 'cancelled', 'partner'), from).toBe(from === 'driver_pending');
    expect(nextStates('driver_pending', 'partner')).toEqual(['not_started', 'cancelled']);
    expect(nextStates('arrived_at_pickup', 'partner')).toEqual(['passenger_picked_up', 'pickup_failed']);
  });

  it('follows the partner’s happy path to not rated, then finished after the rating', () => {
    const path: TripState[] = [
      'driver_pending',
      'not_started',
      'trip_started',
      'arrived_at_pickup',
      'passenger_picked_up',
      'trip_completed',
    ];
    for (let i = 1; i < path.length; i += 1) expect(canTransition(path[i - 1]!, path[i]!, 'partner')).toBe(true);
    expect(TRIP_USER_STATUS.trip_completed).toBe(TICKET_STATUS.notRated);
    expect(canTransition('trip_completed', 'completed', 'passenger')).toBe(true);
    expect(TRIP_USER_STATUS.completed).toBe(TICKET_STATUS.finished);
  });

  it('maps the states to the user ticket status and the transaction status', () => {
    expect(TRIP_STATES.filter((state) => TRIP_USER_STATUS[state] === TICKET_STATUS.pending)).toEqual([
      'awaiting_payment',
      'driver_pending',
      'not_started',
      'trip_started',
      'arrived_at_pickup',
    ]);
    expect(TRIP_USER_STATUS.passenger_picked_up).toBe(TICKET_STATUS.inProgress);
    expect(TRIP_USER_STATUS.cancelled).toBe(TICKET_STATUS.cancelled);
    expect(transactionStatusOnEnter('driver_pending', 'cancelled')).toBe(TRANSACTION_STATUS.cancel);
    expect(transactionStatusOnEnter('awaiting_payment', 'driver_pending')).toBe(TRANSACTION_STATUS.success);
    expect(transactionStatusOnEnter('passenger_picked_up', 'trip_completed')).toBe(TRANSACTION_STATUS.success);
    expect(transactionStatusOnEnter('driver_pending', 'not_started')).toBeNull();
    expect(transactionStatusOnEnter('arrived_at_pickup', 'pickup_failed')).toBeNull();
  });

  it('gives the driver only the moves of an assigned trip, one after the other, and never a failed pickup', () => {
    const moves = TRIP_STATES.flatMap((from) => nextStates(from, 'driver').map((to) => `${from}→${to}`));
    expect(moves).toEqual([
      'not_started→trip_started',
      'trip_started→arrived_at_pickup',
      'arrived_at_pickup→passenger_picked_up',
      'passenger_picked_up→trip_completed',
    ]);
  });

  it('refuses an unknown actor or a move to the same state', () => {
    for (const state of TRIP_STATES) for (const actor of TRIP_ACTORS) expect(canTransition(state, state, actor)).toBe(false);
  });
});

// spec 5 and 9: a ticket is searched by a code of more than 3 characters with a phone or an e-mail.
describe('ticket search request (spec 9: ticket code more than 3 characters)', () => {
  it('refuses a code of 3 characters or fewer, with the min-length key', () => {
    expect(() => ticketInfoRequestSchema.validateSync({ ticket_code: 'VVA', phone_number: '0912345678' })).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ key: 'validation.min_length', params: { min: 4 } })] }),
    );
  });

  it('accepts 4 characters and upper-cases the code', () => {
    expect(ticketInfoRequestSchema.validateSync({ ticket_code: ' vva1 ', phone_number: '0912345678' }).ticket_code).toBe('VVA1');
  });
});
