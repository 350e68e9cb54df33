// The special request form's values and how they become the contract's request (leads.ts specialRequestSchema): the
// date and time controls make depart_time "HH:mm d/M/yyyy", and its message goes back to the control that needs it.
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';

export interface SpecialRequestValues {
  fullname: string;
  phone: string;
  email: string;
  pick_address: string;
  drop_address: string;
  /** yyyy-mm-dd (the date control's value). */
  date: string;
  /** HH:mm (the time control's value). */
  time: string;
  days: string;
  seats: number | '';
  vehicle_count: string;
  note: string;
}

export const EMPTY_SPECIAL_REQUEST: SpecialRequestValues = {
  fullname: '',
  phone: '',
  email: '',
  pick_address: '',
  drop_address: '',
  date: '',
  time: '',
  days: '',
  seats: '',
  vehicle_count: '1',
  note: '',
};

export const FIELDS = ['fullname', 'phone', 'email', 'pick_address', 'drop_address', 'days', 'seats', 'vehicle_count', 'note'];

/** The contract's "HH:mm d/M/yyyy" from the date and time controls, or '' while one is empty. */
export function departTimeOf(date: string, time: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!day || !/^\d{2}:\d{2}$/.test(time)) return '';
  return `${time} ${Number(day[3])}/${Number(day[2])}/${day[1]}`;
}

export function payloadOf(values: SpecialRequestValues, lang: string) {
  return {
    fullname: values.fullname,
    phone_code: DEFAULT_PHONE_CODE,
    phone: values.phone,
    email: values.email,
    pick_address: values.pick_address,
    drop_address: values.drop_address,
    depart_time: departTimeOf(values.date, values.time),
    days: values.days,
    seats: values.seats,
    vehicle_count: values.vehicle_count,
    note: values.note,
    lang,
  };
}

/** The depart_time message goes to the control that is empty, or to the date when both are filled. */
export function placeDepartError(errors: Record<string, string>, values: { date: string; time: string }): Record<string, string> {
  const { depart_time: message, ...rest } = errors;
  if (!message) return rest;
  if (!values.date) rest.date = message;
  if (!values.time) rest.time = message;
  if (values.date && values.time) rest.date = message;
  return rest;
}
