// The search-ticket form (spec 2 overlay, spec 5): a ticket code longer than 3 characters, and the phone or
// e-mail it was booked with. The lookup itself is passenger/get_ticket_info (booking contract).
import { isValidPhone } from '../domain/phone';
import { EMAIL_PATTERN } from './common';
import { yup } from './yup';

export const TICKET_SEARCH_KEYS = {
  /** spec 5: 'Mã vé không hợp lệ'. */
  code: 'tickets.errors.code',
  /** spec 5: 'Số điện thoại không hợp lệ'. */
  contact: 'tickets.errors.contact',
} as const;

export const ticketSearchSchema = yup.object({
  code: yup
    .string()
    .trim()
    .required({ key: TICKET_SEARCH_KEYS.code })
    .min(4, { key: TICKET_SEARCH_KEYS.code })
    .max(20, { key: TICKET_SEARCH_KEYS.code })
    .matches(/^[A-Za-z0-9]+$/, { message: { key: TICKET_SEARCH_KEYS.code } }),
  contact: yup
    .string()
    .trim()
    .required({ key: TICKET_SEARCH_KEYS.contact })
    .test(
      'phone-or-email',
      { key: TICKET_SEARCH_KEYS.contact },
      (value) => !value || EMAIL_PATTERN.test(value) || isValidPhone('84', value),
    ),
});
export type TicketSearch = yup.InferType<typeof ticketSearchSchema>;
