import { describe, expect, it } from 'vitest';
import { type FleetCar } from '../../../shared/contract/partners';
import { nextStates } from '../../../shared/contract/tickets';
import {
  canAssign,
  carsForTicket,
  formatCountdown,
  moveOffers,
  paymentKey,
  paymentTone,
  serverState,
  spokenCountdown,
  tabFilter,
} from './console-rules';

describe('tabs', () => {
  it('asks the server for one state only where the tab has one', () => {
    expect(serverState('incoming')).toBe('driver_pending');
    expect(serverState('serving')).toBe('not_started,trip_started,arrived_at_pickup,passenger_picked_up');
    expect(serverState('all')).toBeUndefined();
  });

  it('keeps the states of each tab', () => {
    expect(tabFilter('serving')({ trip_state: 'trip_started' })).toBe(true);
    expect(tabFilter('serving')({ trip_state: 'driver_pending' })).toBe(false);
    expect(tabFilter('done')({ trip_state: 'pickup_failed' })).toBe(true);
    expect(tabFilter('all')({ trip_state: 'awaiting_payment' })).toBe(true);
  });
});

describe('moveOffers', () => {
  it('offers the server-given moves, ending ones last, refusing confirmed', () => {
    const offers = moveOffers({ trip_state: 'driver_pending', next_states: nextStates('driver_pending', 'partner') });
    expect(offers.map((offer) => [offer.to, offer.kind])).toEqual([
      ['not_started', 'direct'],
      ['cancelled', 'confirm'],
    ]);
  });

  it('asks a reason for a failed pickup and a driver before setting off', () => {
    const offers = moveOffers({ trip_state: 'not_started', next_states: nextStates('not_started', 'partner') });
    expect(offers.map((offer) => offer.to)).toEqual(['trip_started', 'pickup_failed']);
    expect(offers[0]?.needsDriver).toBe(true);
    expect(offers[1]?.kind).toBe('reason');
  });

  it('offers nothing the server did not list', () => {
    expect(moveOffers({ trip_state: 'completed', next_states: [] })).toEqual([]);
  });

  it('lets a driver be assigned only before the trip starts', () => {
    expect(canAssign({ trip_state: 'not_started' })).toBe(true);
    expect(canAssign({ trip_state: 'driver_pending' })).toBe(false);
    expect(canAssign({ trip_state: 'arrived_at_pickup' })).toBe(false);
  });
});

describe('countdown', () => {
  it('reads m:ss and never goes below zero', () => {
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(65.2)).toBe('1:06');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('is spoken in 30-second steps, never less than what is left', () => {
    expect(spokenCountdown(179)).toBe(180);
    expect(spokenCountdown(150)).toBe(150);
    expect(spokenCountdown(149)).toBe(150);
    expect(spokenCountdown(0.2)).toBe(30);
    expect(spokenCountdown(0)).toBe(0);
  });
});

describe('carsForTicket', () => {
  it('puts the cars of the ticket vehicle type first', () => {
    const car = (id: number, plate: string, vehicleId: number): FleetCar => ({ id, plate, name: '', vehicle_id: vehicleId });
    const { matching, others } = carsForTicket([car(1, '30A-2', 2), car(2, '30A-9', 1), car(3, '30A-1', 2)], 2);
    expect(matching.map((item) => item.id)).toEqual([3, 1]);
    expect(others.map((item) => item.id)).toEqual([2]);
  });
});

describe('the payment line', () => {
  it('styles paid and credit as paid, cash and awaiting as unpaid yet, and a payment not made as not paid', () => {
    expect(paymentTone({ state: 'paid', reason: null })).toBe('paid');
    expect(paymentTone({ state: 'credit', reason: null })).toBe('paid');
    expect(paymentTone({ state: 'cash', reason: null })).toBe('unpaid');
    expect(paymentTone({ state: 'awaiting', reason: null })).toBe('unpaid');
    expect(paymentTone({ state: 'not_paid', reason: 'expired' })).toBe('not-paid');
  });

  it('says why a payment was not made when it is known', () => {
    expect(paymentKey({ state: 'cash', reason: null })).toBe('partner.payment.cash');
    expect(paymentKey({ state: 'not_paid', reason: 'abandoned' })).toBe('partner.payment.not_paid_abandoned');
    expect(paymentKey({ state: 'not_paid', reason: null })).toBe('partner.payment.not_paid');
  });
});
