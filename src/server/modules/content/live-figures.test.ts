// The impact arithmetic of live-figures.ts: shared runs grouped by car and departure, a lone shared ticket avoiding
// nothing, CO₂ from the avoided car-km, and the share of completed tickets; plus reading a stored component's point.
import { describe, expect, it } from 'vitest';
import { CAR_CO2_KG_PER_KM, impactTotals, pointOf, type SharedRide } from './live-figures';

const at = new Date('2026-11-20T03:00:00Z');
const ride = (ticketId: number, km: number, carId: number | null, chair = 1, departAt = at): SharedRide => ({
  ticketId,
  chair,
  departAt,
  carId,
  km,
});

describe('impactTotals', () => {
  it('counts a run on one car at one time as one car trip of its longest distance', () => {
    const totals = impactTotals([ride(1, 30, 7, 1), ride(2, 20, 7, 2), ride(3, 10, 7, 1)], 6);
    expect(totals.sharedSeatKm).toBe(30 + 40 + 10);
    expect(totals.carKmAvoided).toBe(20 + 10);
    expect(totals.co2KgAvoided).toBeCloseTo(30 * CAR_CO2_KG_PER_KM);
    expect(totals.sharedPercent).toBe(50);
  });

  it('avoids nothing for a shared ticket alone in its car, without a car, or on the same car at another time', () => {
    const later = new Date(at.getTime() + 3_600_000);
    const totals = impactTotals([ride(1, 30, 7), ride(2, 30, 7, 1, later), ride(3, 25, null), ride(4, 25, null)], 4);
    expect(totals.carKmAvoided).toBe(0);
    expect(totals.co2KgAvoided).toBe(0);
    expect(totals.sharedSeatKm).toBe(110);
    expect(totals.sharedPercent).toBe(100);
  });

  it('is all zero without completed tickets', () => {
    expect(impactTotals([], 0)).toEqual({ sharedSeatKm: 0, carKmAvoided: 0, co2KgAvoided: 0, sharedPercent: 0 });
  });
});

describe('pointOf', () => {
  it('reads geometry.location and refuses a component without one', () => {
    expect(pointOf({ geometry: { location: { lat: 21.2, lng: 105.8 } } })).toEqual({ lat: 21.2, lng: 105.8 });
    expect(pointOf({ geometry: { location: { lat: '21.2', lng: '105.8' } } })).toEqual({ lat: 21.2, lng: 105.8 });
    expect(pointOf(null)).toBeNull();
    expect(pointOf({ geometry: {} })).toBeNull();
    expect(pointOf({ geometry: { location: { lat: 'x', lng: 1 } } })).toBeNull();
  });
});
