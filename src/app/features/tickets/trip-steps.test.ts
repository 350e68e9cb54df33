import { describe, expect, it } from 'vitest';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { isSettled, statusLabelKey, stepOf, tripStateOf } from './components/trip-progress';

const base = {
  trip_state: undefined as string | undefined,
  status: TICKET_STATUS.pending as (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS],
  transaction_status_id: TRANSACTION_STATUS.processing as (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS],
  pay_method_id: 3,
  driver_name: null as string | null,
};

describe('tripStateOf', () => {
  it('takes the server state when there is one', () => {
    expect(tripStateOf({ ...base, trip_state: 'arrived_at_pickup' })).toBe('arrived_at_pickup');
  });

  it('derives an old saved copy from its status, payment and driver', () => {
    expect(tripStateOf(base)).toBe('driver_pending');
    expect(tripStateOf({ ...base, driver_name: 'Hùng' })).toBe('not_started');
    expect(tripStateOf({ ...base, pay_method_id: 8 })).toBe('awaiting_payment');
    expect(tripStateOf({ ...base, status: TICKET_STATUS.inProgress })).toBe('passenger_picked_up');
    expect(tripStateOf({ ...base, status: TICKET_STATUS.notRated })).toBe('trip_completed');
    expect(tripStateOf({ ...base, status: TICKET_STATUS.finished })).toBe('completed');
    expect(tripStateOf({ ...base, transaction_status_id: TRANSACTION_STATUS.cancel })).toBe('cancelled');
    expect(tripStateOf({ ...base, trip_state: 'nonsense', status: TICKET_STATUS.cancelled })).toBe('cancelled');
  });
});

describe('stepOf and isSettled', () => {
  it('groups the states into the passenger steps', () => {
    expect(stepOf('awaiting_payment')).toBe('booked');
    expect(stepOf('driver_pending')).toBe('driver_pending');
    expect(stepOf('passenger_picked_up')).toBe('on_the_way');
    expect(stepOf('trip_started')).toBe('not_started');
    expect(stepOf('trip_completed')).toBe('completed');
    expect(stepOf('pickup_failed')).toBeNull();
    expect(stepOf('cancelled')).toBeNull();
  });

  it('stops refreshing once the trip is over', () => {
    expect(isSettled('trip_started')).toBe(false);
    expect(isSettled('trip_completed')).toBe(true);
    expect(isSettled('cancelled')).toBe(true);
  });
});

describe('statusLabelKey', () => {
  it('reads the status from the same state as the steps', () => {
    // The ticket: status "Pending" while the timeline said "Driver assigned".
    expect(statusLabelKey({ ...base, trip_state: 'not_started', driver_name: 'Hùng' })).toBe('ticket.trip.labels.not_started');
    expect(statusLabelKey(base)).toBe('ticket.trip.labels.driver_pending');
    expect(statusLabelKey({ ...base, status: TICKET_STATUS.cancelled })).toBe('ticket.trip.labels.cancelled');
  });

  it('says "not paid" for an online payment that failed or ran out, "awaiting payment" while it may still come', () => {
    const online = { ...base, pay_method_id: 8 };
    expect(statusLabelKey(online)).toBe('ticket.trip.labels.awaiting_payment');
    expect(statusLabelKey({ ...online, transaction_status_id: TRANSACTION_STATUS.error })).toBe('ticket.trip.labels.not_paid');
    expect(statusLabelKey({ ...online, transaction_status_id: TRANSACTION_STATUS.timeout })).toBe('ticket.trip.labels.not_paid');
  });
});
