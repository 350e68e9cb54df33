// The side menu's quick booking (spec 2, 5): the form's values and how they become the contract's request
// (leads.ts quickBookingSchema, sent to save_pending with kind 'quick'). The date and time controls make depart_time
// "HH:mm d/M/yyyy" (Vietnam time); seats go with a drop address, the vehicle type without one.
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';
import { parseVnDateTime } from '../../../shared/domain/vn-time';
import { departTimeOf } from '../leads';

export interface QuickBookingValues {
  fullname: string;
  phone: string;
  pick_address: string;
  drop_address: string;
  /** yyyy-mm-dd (the date control's value). */
  date: string;
  /** HH:mm (the time control's value). */
  time: string;
  /** A number, or the number control's text while it is typed. */
  seats: number | string;
  vehicle_id: number | '';
  note: string;
}

export const QUICK_BOOKING_FIELDS = ['fullname', 'phone', 'pick_address', 'drop_address', 'seats', 'vehicle_id', 'note'];

export function emptyQuickBooking(user: { fullname: string; phone: string } | null, defaultSeats: number): QuickBookingValues {
  return {
    fullname: user?.fullname ?? '',
    phone: user?.phone ?? '',
    pick_address: '',
    drop_address: '',
    date: '',
    time: '',
    seats: defaultSeats,
    vehicle_id: '',
    note: '',
  };
}

/** spec 5: seats are asked when a drop address exists, the vehicle type when it does not. */
export const asksSeats = (values: Pick<QuickBookingValues, 'drop_address'>) => values.drop_address.trim() !== '';

/** spec 5: the depart time must be later than now, else the submit stays disabled. */
export function departsLater(values: Pick<QuickBookingValues, 'date' | 'time'>, now: number): boolean {
  const at = parseVnDateTime(departTimeOf(values.date, values.time));
  return at !== null && at.getTime() > now;
}

export function quickBookingPayload(values: QuickBookingValues, ticketSession: string, lang: string) {
  const seats = asksSeats(values);
  return {
    kind: 'quick' as const,
    ticket_session: ticketSession,
    fullname: values.fullname,
    phone_code: DEFAULT_PHONE_CODE,
    phone: values.phone,
    pick_address: values.pick_address,
    drop_address: values.drop_address,
    depart_time: departTimeOf(values.date, values.time),
    ...(seats ? { seats: values.seats === '' ? '' : Number(values.seats) } : { vehicle_id: values.vehicle_id }),
    note: values.note,
    lang,
  };
}
