import { describe, expect, it } from 'vitest';
import { quickBookingSchema } from '../../../shared/contract/partners';
import { vnDate } from '../../../shared/domain/vn-time';
import { asksSeats, departsLater, emptyQuickBooking, quickBookingPayload, type QuickBookingValues } from './quick-booking';

const NOW = vnDate(2026, 10, 24, 9, 0).getTime(); // 24 Nov 2026, 09:00 in Vietnam (months from 0)
const filled = (changes: Partial<QuickBookingValues>): QuickBookingValues => ({
  ...emptyQuickBooking({ fullname: 'Nguyễn An', phone: '0912000751' }, 1),
  pick_address: 'Sân bay Nội Bài',
  date: '2099-01-02',
  time: '08:30',
  ...changes,
});

describe('quick booking', () => {
  it('asks seats with a drop address and the vehicle type without one (spec 5)', () => {
    expect(asksSeats({ drop_address: 'Hoàn Kiếm' })).toBe(true);
    expect(asksSeats({ drop_address: '   ' })).toBe(false);
  });

  it('lets the form be sent only for a depart time later than now, in Vietnam time (spec 5)', () => {
    expect(departsLater({ date: '2026-11-24', time: '09:00' }, NOW)).toBe(false);
    expect(departsLater({ date: '2026-11-24', time: '09:15' }, NOW)).toBe(true);
    expect(departsLater({ date: '2026-11-24', time: '' }, NOW)).toBe(false);
    expect(departsLater({ date: '', time: '09:15' }, NOW)).toBe(false);
  });

  it('starts from the signed-in passenger and the default seats', () => {
    expect(emptyQuickBooking({ fullname: 'An', phone: '0912' }, 2)).toMatchObject({ fullname: 'An', phone: '0912', seats: 2 });
    expect(emptyQuickBooking(null, 1)).toMatchObject({ fullname: '', phone: '' });
  });

  it('sends seats with a drop address and the vehicle type without one, as the contract reads them', async () => {
    const withDrop = quickBookingPayload(filled({ drop_address: 'Hoàn Kiếm', seats: '3', vehicle_id: 2 }), 'session-123', 'vi');
    expect(withDrop).toMatchObject({ kind: 'quick', depart_time: '08:30 2/1/2099', seats: 3 });
    expect(withDrop).not.toHaveProperty('vehicle_id');
    expect(await quickBookingSchema.validate(withDrop)).toMatchObject({ seats: 3 });

    const withoutDrop = quickBookingPayload(filled({ vehicle_id: 2, seats: 3 }), 'session-123', 'en');
    expect(withoutDrop).toMatchObject({ vehicle_id: 2, lang: 'en' });
    expect(withoutDrop).not.toHaveProperty('seats');
    expect(await quickBookingSchema.validate(withoutDrop)).toMatchObject({ vehicle_id: 2 });
  });
});
