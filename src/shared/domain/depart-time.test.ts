import { describe, expect, it } from 'vitest';
import { defaultDepartAt, isFutureDepartTime, minDepartDay, departTimeStep, timeSlots } from './depart-time';
import { formatVnDateTime } from './vn-time';

// 2027-01-05 is a Tuesday; Vietnam is UTC+7 (tests run in America/Los_Angeles to prove the zone is ignored).
const vn = (iso: string) => new Date(`${iso}+07:00`);

describe('pickup time', () => {
  it('defaults to the next quarter hour, strictly later than now', () => {
    expect(formatVnDateTime(defaultDepartAt(vn('2027-01-05T10:00:00')))).toBe('10:15 5/1/2027');
    expect(formatVnDateTime(defaultDepartAt(vn('2027-01-05T10:07:30')))).toBe('10:15 5/1/2027');
    expect(formatVnDateTime(defaultDepartAt(vn('2027-01-05T23:50:00')))).toBe('00:00 6/1/2027');
  });

  it('offers tomorrow first once 23:45 has begun', () => {
    expect(formatVnDateTime(minDepartDay(vn('2027-01-05T23:44:00')))).toBe('00:00 5/1/2027');
    expect(formatVnDateTime(minDepartDay(vn('2027-01-05T23:45:00')))).toBe('00:00 6/1/2027');
  });

  it('lists 96 slots of 15 minutes and disables the past ones', () => {
    const slots = timeSlots(vn('2027-01-05T12:00:00'), vn('2027-01-05T10:07:00'));
    expect(slots).toHaveLength(96);
    expect(slots[0]?.label).toBe('00:00');
    expect(slots[95]?.label).toBe('23:45');
    expect(
      slots
        .filter((slot) => slot.disabled)
        .map((slot) => slot.label)
        .at(-1),
    ).toBe('10:00');
    expect(slots.find((slot) => !slot.disabled)?.label).toBe('10:15');
  });

  it('lists the slots of the configured step (spec 9 pickup_time_step_minutes), and 15 minutes for a step that does not fit', () => {
    const day = Date.UTC(2030, 0, 10);
    const half = timeSlots(day, 0, 30).map((slot) => slot.label);
    expect(half).toHaveLength(48);
    expect(half.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(departTimeStep(7)).toBe(15);
    expect(departTimeStep(0)).toBe(15);
    expect(departTimeStep(120)).toBe(15);
    expect(departTimeStep(20)).toBe(20);
  });

  it('disables nothing on a later day', () => {
    expect(timeSlots(vn('2027-01-06T00:00:00'), vn('2027-01-05T22:00:00')).every((slot) => !slot.disabled)).toBe(true);
  });

  it('accepts only a departure later than now', () => {
    const now = vn('2027-01-05T10:00:00');
    expect(isFutureDepartTime('10:15 5/1/2027', now)).toBe(true);
    expect(isFutureDepartTime('10:00 5/1/2027', now)).toBe(false);
    expect(isFutureDepartTime('not a time', now)).toBe(false);
  });
});
