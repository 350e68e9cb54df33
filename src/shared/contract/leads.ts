// The lead forms: the special request form (spec 2, 5, 9), the partner lead forms and the partner landing
// page (spec 1, 7 create_lead_contact_agent, get_posts_agent_landingpage); and, until they move to the booking
// contract, the live calls beside the booking (the live booking count, notify_new_booking, spec 9 refresh 5,000 ms;
// the pickup window, get_range_time; the search keywords, get_exchange_keyword; the billing form's unfinished booking,
// save_pending). The public forms' fields and error keys below are shared with the business, support and partners
// contracts. The request schemas are also the forms' schemas; every message is an i18n key (docs/decisions.md "API").
import { DEFAULT_PHONE_CODE, isValidPhone } from '../domain/phone';
import { parseVnDateTime } from '../domain/vn-time';
import { BOOKING_ERROR_KEYS } from './booking';
import { EMAIL_PATTERN, langSchema } from './common';
import { successSchema } from './envelope';
import { yup } from './yup';

export { LEAD_PATHS } from './leads-constants';

/** spec 2, 9: the vehicles the special request offers, in seats. */
export const SPECIAL_REQUEST_SEATS = [4, 7, 16, 29, 35, 45] as const;
/** spec 2, 9: "reply promised within 48 hours". */
export const SPECIAL_REQUEST_REPLY_HOURS = 48;
/** Days of a special request: 1 to 30 (a longer hire is a contract for the hotline). */
export const SPECIAL_REQUEST_DAYS_MAX = 30;
/** Vehicles in one special request (a wedding or a company trip may need several). */
export const SPECIAL_REQUEST_VEHICLES_MAX = 20;
/** spec 9: the live booking count is refreshed every 5,000 ms while the page is visible. */
export const LIVE_BOOKING_REFRESH_MS = 5000;
/** The server keeps the live count this long (one count for everyone polling in the same seconds). */
export const LIVE_BOOKING_CACHE_MS = 3000;
export { RANGE_TIME_MINUTES } from '../domain/range-time';
/** Public forms per client address per window (special request, leads, support, save_pending each count apart). */
export const LEAD_FORM_LIMIT = 5;
export const LEAD_FORM_WINDOW_SECONDS = 3600;

export const LEAD_TYPES = ['business', 'transport'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];

export const LEAD_ERROR_KEYS = {
  /** spec 5: 'This field can not blank'. */
  blank: 'leads.errors.blank',
  /** spec 5: 'Day invalid' (params {max}). */
  days: 'leads.errors.days',
  /** spec 5: 'Depart time invalid' (wrong format or not later than now). */
  departTime: 'leads.errors.depart_time',
  /** Seats not among SPECIAL_REQUEST_SEATS. */
  seats: 'leads.errors.seats',
  vehicleCount: 'leads.errors.vehicle_count',
  /** Quick booking: seats not 1..max (params {max}). */
  quickSeats: 'leads.errors.quick_seats',
  /** Quick booking: no vehicle type chosen among QUICK_BOOKING_VEHICLE_IDS. */
  quickVehicle: 'leads.errors.quick_vehicle',
  /** spec 5: 'Invalid full name format.' (the booking form's message). */
  fullname: BOOKING_ERROR_KEYS.fullname,
  phone: BOOKING_ERROR_KEYS.phone,
  email: BOOKING_ERROR_KEYS.email,
  /** spec 5: 'Tax code invalid'. */
  taxCode: BOOKING_ERROR_KEYS.taxCode,
  leadType: 'leads.errors.lead_type',
  fleetSize: 'leads.errors.fleet_size',
  /** 429 with params {seconds}: too many forms from one address. */
  tooMany: 'leads.errors.too_many',
  /** The support callback: the note is too long. */
  note: 'leads.errors.note',
  /** 401: business login failed, or no valid token. */
  businessLogin: 'leads.errors.business_login',
  businessUnauthorized: 'leads.errors.business_unauthorized',
  /** Top-up amount missing, not whole, or outside TOP_UP_MIN..TOP_UP_MAX (params {min, max}). */
  topUpAmount: 'leads.errors.top_up_amount',
  /** 503: no card gateway is configured (neither VNPay nor the sandbox). */
  topUpUnavailable: 'leads.errors.top_up_unavailable',
  /** 404: no top-up of this account has this reference. */
  topUpNotFound: 'leads.errors.top_up_not_found',
  /** 409 with params {balance, amount}. */
  creditInsufficient: 'leads.errors.credit_insufficient',
  /** 422: credit pays a ride booked with the postpaid method (3) only. */
  creditPayMethod: 'leads.errors.credit_pay_method',
  /**
   * 409: a night booking waits for its partner; its cancellations there do not return credit yet, so it is not
   * paid from credit until the partner has accepted it.
   */
  creditNight: 'leads.errors.credit_night',
  /** 409: the ticket is not a postpaid ticket that can still be paid (cancelled, paid online, departed). */
  notPayable: 'leads.errors.not_payable',
  /** 409: this ticket is already paid from a credit. */
  alreadyPaid: 'leads.errors.already_paid',
} as const;

export const LEAD_MESSAGE_KEYS = {
  /** params {hours}: "we reply within 48 hours". */
  specialRequestSent: 'leads.messages.special_request_sent',
  leadSent: 'leads.messages.lead_sent',
  /** A business registration: the login goes to the e-mail (params {minutes}). */
  businessLoginSent: 'leads.messages.business_login_sent',
  supportSent: 'leads.messages.support_sent',
  toppedUp: 'leads.messages.topped_up',
  paidOnCredit: 'leads.messages.paid_on_credit',
} as const;

/** Empty text from a form counts as missing, so `required` answers 'This field can not blank'. */
export const emptyToUndefined = (value: unknown, original: unknown) =>
  typeof original === 'string' && original.trim() === '' ? undefined : value;

export const requiredText = (max: number) =>
  yup.string().trim().max(max, { key: 'validation.max_length', params: { max } }).required({ key: LEAD_ERROR_KEYS.blank });

export const phoneCodeSchema = yup
  .string()
  .trim()
  .matches(/^\+?\d{1,4}$/)
  .default(DEFAULT_PHONE_CODE);

/** spec 5: code plus number valid (phone_code beside it, default 84). */
export const phoneSchema = yup
  .string()
  .trim()
  .max(20, { key: LEAD_ERROR_KEYS.phone })
  .required({ key: LEAD_ERROR_KEYS.blank })
  .test('phone', { key: LEAD_ERROR_KEYS.phone }, function test(value) {
    const parent = this.parent as Record<string, unknown>;
    const code = typeof parent.phone_code === 'string' ? parent.phone_code : DEFAULT_PHONE_CODE;
    return !value || isValidPhone(code, value);
  });

export const emailSchema = yup
  .string()
  .trim()
  .max(200, { key: LEAD_ERROR_KEYS.email })
  .matches(EMAIL_PATTERN, { message: { key: LEAD_ERROR_KEYS.email }, excludeEmptyString: true });

/** A whole number from a form field ('' = missing). */
export const formInteger = (key: string) => yup.number().transform(emptyToUndefined).typeError({ key }).integer({ key });

/** spec 5: 'Depart time invalid' for a wrong format and for a time not later than now. */
export const specialDepartTimeSchema = yup
  .string()
  .trim()
  .required({ key: LEAD_ERROR_KEYS.blank })
  .test('depart-time', { key: LEAD_ERROR_KEYS.departTime }, (value) => {
    if (!value) return true;
    const at = parseVnDateTime(value);
    return at !== null && at.getTime() > Date.now();
  });

/** spec 2, 5, 9: every field but the note is required. */
export const specialRequestSchema = yup.object({
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  email: emailSchema.required({ key: LEAD_ERROR_KEYS.blank }),
  pick_address: requiredText(500),
  drop_address: requiredText(500),
  /** "HH:mm d/M/yyyy", Vietnam time, later than now: the first day's pickup time. */
  depart_time: specialDepartTimeSchema,
  /** spec 5: a valid number of days (1 to 30). */
  days: formInteger(LEAD_ERROR_KEYS.days)
    .min(1, { key: LEAD_ERROR_KEYS.days, params: { max: SPECIAL_REQUEST_DAYS_MAX } })
    .max(SPECIAL_REQUEST_DAYS_MAX, { key: LEAD_ERROR_KEYS.days, params: { max: SPECIAL_REQUEST_DAYS_MAX } })
    .required({ key: LEAD_ERROR_KEYS.blank }),
  /** spec 2: 4, 7, 16, 29, 35 or 45 seats. */
  seats: formInteger(LEAD_ERROR_KEYS.seats)
    .oneOf([...SPECIAL_REQUEST_SEATS], { key: LEAD_ERROR_KEYS.seats })
    .required({ key: LEAD_ERROR_KEYS.blank }),
  vehicle_count: formInteger(LEAD_ERROR_KEYS.vehicleCount)
    .min(1, { key: LEAD_ERROR_KEYS.vehicleCount, params: { max: SPECIAL_REQUEST_VEHICLES_MAX } })
    .max(SPECIAL_REQUEST_VEHICLES_MAX, { key: LEAD_ERROR_KEYS.vehicleCount, params: { max: SPECIAL_REQUEST_VEHICLES_MAX } })
    .default(1),
  note: yup.string().trim().max(1000).default(''),
  lang: langSchema,
});
export type SpecialRequestInput = yup.InferType<typeof specialRequestSchema>;

export const specialRequestResultSchema = yup.object({
  id: yup.number().integer().required(),
  /** When the reply is due at the latest (created + 48 h), ISO. */
  reply_by: yup.string().required(),
  reply_within_hours: yup.number().integer().required(),
});
export type SpecialRequestResult = yup.InferType<typeof specialRequestResultSchema>;
export const specialRequestResponseSchema = successSchema(specialRequestResultSchema.required());

/**
 * spec 1: business partners (book on credit, login by e-mail: e-mail and company required) and transport partners
 * (company required) register through one lead form.
 */
export const leadContactSchema = yup.object({
  type: yup
    .string()
    .oneOf([...LEAD_TYPES], { key: LEAD_ERROR_KEYS.leadType })
    .required({ key: LEAD_ERROR_KEYS.leadType }),
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  email: emailSchema.when('type', {
    is: 'business',
    then: (schema) => schema.required({ key: LEAD_ERROR_KEYS.blank }),
    otherwise: (schema) => schema.default(''),
  }),
  company_name: requiredText(200),
  /** spec 5: numeric tax code; optional. */
  tax_code: yup
    .string()
    .trim()
    .max(20, { key: LEAD_ERROR_KEYS.taxCode })
    .matches(/^\d+(-\d+)?$/, { message: { key: LEAD_ERROR_KEYS.taxCode }, excludeEmptyString: true })
    .default(''),
  address: yup.string().trim().max(500).default(''),
  /** Transport partners: cars in the fleet. */
  fleet_size: formInteger(LEAD_ERROR_KEYS.fleetSize)
    .min(0, { key: LEAD_ERROR_KEYS.fleetSize })
    .max(100_000, { key: LEAD_ERROR_KEYS.fleetSize })
    .optional(),
  note: yup.string().trim().max(1000).default(''),
  lang: langSchema,
});
export type LeadContactInput = yup.InferType<typeof leadContactSchema>;

export const leadContactResultSchema = yup.object({
  id: yup.number().integer().required(),
  type: yup
    .string()
    .oneOf([...LEAD_TYPES])
    .required(),
  /** Business partners: the login was e-mailed (always true for them; false for transport partners). */
  login_sent: yup.boolean().required(),
});
export const leadContactResponseSchema = successSchema(leadContactResultSchema.required());

export const partnerLandingRequestSchema = yup.object({ lang: langSchema });
export const partnerLandingPostSchema = yup.object({
  id: yup.string().required(),
  title: yup.string().required(),
  body: yup.string().required(),
});
export const partnerLandingResponseSchema = successSchema(
  yup
    .object({
      /** spec 1: "partners earn a 20% commission", "a 20% revenue increase". */
      commission_percent: yup.number().required(),
      revenue_increase_percent: yup.number().required(),
      posts: yup.array(partnerLandingPostSchema.required()).required(),
    })
    .required(),
);

export const liveBookingCountSchema = yup.object({
  /** Tickets created since midnight, Vietnam time. */
  today: yup.number().integer().required(),
  /** Tickets created in the last 60 minutes. */
  last_hour: yup.number().integer().required(),
  /** ms the client waits before asking again (spec 9). */
  refresh_ms: yup.number().integer().required(),
  as_of: yup.string().required(),
});
export type LiveBookingCount = yup.InferType<typeof liveBookingCountSchema>;
export const liveBookingCountResponseSchema = successSchema(liveBookingCountSchema.required());

export const rangeTimeRequestSchema = yup.object({
  depart_time: specialDepartTimeSchema,
  ride_method_id: formInteger('validation.one_of').oneOf([1, 2]).default(1),
  lang: langSchema,
});
export const rangeTimeSchema = yup.object({
  minutes_before: yup.number().integer().required(),
  minutes_after: yup.number().integer().required(),
  /** "HH:mm d/M/yyyy": the window's ends in Vietnam time. */
  from: yup.string().required(),
  to: yup.string().required(),
  /** Whether the window may be offered: false when its start is not later than now. */
  available: yup.boolean().required(),
});
export type RangeTime = yup.InferType<typeof rangeTimeSchema>;
export const rangeTimeResponseSchema = successSchema(rangeTimeSchema.required());

export const exchangeKeywordRequestSchema = yup.object({ lang: langSchema });
export const exchangeKeywordSchema = yup.object({
  /** Lower case, without diacritics ("noi bai"); the client compares the typed text folded the same way. */
  keyword: yup.string().required(),
  /** What to search instead, in the requested language ("Sân bay quốc tế Nội Bài"). */
  text: yup.string().required(),
  /** The place it stands for (home/get_place_detail), or '' when it is only a wording. */
  place_id: yup.string().defined(),
});
export type ExchangeKeyword = yup.InferType<typeof exchangeKeywordSchema>;
export const exchangeKeywordResponseSchema = successSchema(yup.array(exchangeKeywordSchema.required()).required());

/** spec 7 save_pending: what the billing form holds once the passenger has typed a contact. */
export const savePendingSchema = yup.object({
  ticket_session: yup.string().trim().min(8).max(100).required(),
  session_id: yup.string().trim().max(100).default(''),
  fullname: yup.string().trim().max(100).default(''),
  phone_code: phoneCodeSchema,
  phone: yup
    .string()
    .trim()
    .max(20)
    .default('')
    .test('phone', { key: LEAD_ERROR_KEYS.phone }, function test(value) {
      const parent = this.parent as Record<string, unknown>;
      const code = typeof parent.phone_code === 'string' ? parent.phone_code : DEFAULT_PHONE_CODE;
      return !value || isValidPhone(code, value);
    }),
  email: emailSchema.default(''),
  pick_address: yup.string().trim().max(500).default(''),
  drop_address: yup.string().trim().max(500).default(''),
  depart_time: yup.string().trim().max(30).default(''),
  vehicle_id: yup.number().integer().min(0).optional(),
  brand_partner_id: yup.number().integer().min(0).optional(),
  merged: yup.number().integer().min(0).optional(),
  lang: langSchema,
});
export type SavePendingInput = yup.InferType<typeof savePendingSchema>;
export const savePendingResponseSchema = successSchema(yup.object({ saved: yup.boolean().required() }).required());
