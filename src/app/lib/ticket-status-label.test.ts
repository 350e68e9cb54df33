import { describe, expect, it } from 'vitest';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../shared/contract/booking';
import { labelKeyOf, NOT_PAID_TRANSACTIONS, savedStatusKey } from './ticket-status-label';

describe('status labels', () => {
  it('knows the not-paid transaction statuses of the contract', () => {
    expect([...NOT_PAID_TRANSACTIONS].sort()).toEqual([TRANSACTION_STATUS.error, TRANSACTION_STATUS.timeout].sort());
  });

  it('labels a state, "not paid" for a failed or expired online payment', () => {
    expect(labelKeyOf('not_started', TRANSACTION_STATUS.success)).toBe('ticket.trip.labels.not_started');
    expect(labelKeyOf('awaiting_payment', TRANSACTION_STATUS.processing)).toBe('ticket.trip.labels.awaiting_payment');
    expect(labelKeyOf('awaiting_payment', TRANSACTION_STATUS.timeout)).toBe('ticket.trip.labels.not_paid');
  });

  it('labels a saved copy by its state, or one saved before trip states by its status', () => {
    const copy = { status: TICKET_STATUS.pending, transaction_status_id: TRANSACTION_STATUS.success };
    expect(savedStatusKey({ ...copy, trip_state: 'arrived_at_pickup' })).toBe('ticket.trip.labels.arrived_at_pickup');
    expect(savedStatusKey(copy)).toBe('ticket.statuses.1');
  });
});
