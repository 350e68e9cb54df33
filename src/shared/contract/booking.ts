// The booking calls of spec 7: ticket creation (normal, online payment, hourly), the promotion check, the pay
// methods, the hub's anti-fraud pre-check and notification, the night flow, the auto-cancel and the ticket
// lookup. The request schemas are also the billing forms' schemas (Formik validates with the same objects).
import { BOOKING_TYPE, HOURLY_DURATIONS, MAX_PASSENGERS } from '../domain/trip-search';
import { DEFAULT_PHONE_CODE, isValidPhone } from '../domain/phone';
import { TRANSACTION_STATUS, TRANSACTION_STATUSES } from '../domain/transaction-status';
import {
  DEPART_TIME_PAST_KEY,
  EMAIL_PATTERN,
  departTimeSchema,
  emailSchema as formEmailSchema,
  FORM_ERROR_KEYS,
  formInteger,
  langSchema,
  parseJsonText,
  specialDepartTimeSchema,
} from './common';
import { successSchema } from './envelope';
import { addressComponentSchema } from './places';
import { moreAddressSchema, tollFeeSchema } from './pricing';
import { yup } from './yup';

export const BOOKING_PATHS = {
  createTicket: '/api/passenger/create_ticket',
  /** spec 7: the same payload with pay method 8 or 4. */
  createTicketPaymentOnline: '/api/passenger/create_ticket_payment_online',
  createHourlyBooking: '/api/passenger/create_hourly_booking',
  /** GET: a read with no effect (the code is only used at creation). */
  checkPromotionCode: '/api/passenger/check_promotion_code',
  payMethods: '/api/get/pay_method',
  vanguard: '/hub/api/util/v1/vanguard',
  vanguardNotify: '/hub/api/util/v1/vanguard/notify',
  autoProcessTicket: '/api/home/auto_process_ticket',
  checkNightBooking: '/api/agent/check_night_booking_partner_received',
  quitNightBooking: '/api/home/quit_night_booking',
  autoCancelBooking: '/api/passenger/auto_cancel_booking',
  /** GET: the live booking count (spec 7 notify_new_booking). */
  notifyNewBooking: '/api/passenger/notify_new_booking',
  /** GET: depart_time, ride_method_id. The pickup window a booking with use_range_time accepts. */
  rangeTime: '/api/passenger/get_range_time',
  /** POST: the billing form's details before the booking is made (spec 7 save_pending); kind 'quick' is a quick booking. */
  savePending: '/api/passenger/save_pending',
} as const;

/** spec 4: transaction status (shared/domain, where the app's state machine reads it too). */
export { TRANSACTION_STATUS, TRANSACTION_STATUSES };
/** spec 4: user ticket status. */
export const TICKET_STATUS = { pending: 1, inProgress: 2, notRated: 3, finished: 4, cancelled: 5 } as const;
export const TICKET_STATUSES = [1, 2, 3, 4, 5] as const;
/** spec 4: plane type. */
export const PLANE_TYPE = { domestic: 1, international: 2 } as const;

/** spec 4: payment ids. The PayPal-style method is chosen as 99 and sent as 4; 8 and 4 are online. */
export const PAY_METHOD = { postpaid: 3, online: 8, paypal: 99 } as const;
export const PAYPAL_SENT_ID = 4;
/** VietQR bank transfer, an id of our own beside the spec's (chosen and sent as 20); paid online, by transfer. */
export const VIETQR_PAY_METHOD = 20;
export const PAY_METHOD_IDS = [3, 8, 99, 4, VIETQR_PAY_METHOD] as const;
export const ONLINE_PAY_METHODS: readonly number[] = [PAY_METHOD.online, PAYPAL_SENT_ID, VIETQR_PAY_METHOD];
/** spec 4: the id a chosen method is sent (and stored) as. */
export const sentPayMethod = (id: number): number => (id === PAY_METHOD.paypal ? PAYPAL_SENT_ID : id);
export const isOnlinePayMethod = (id: number): boolean => ONLINE_PAY_METHODS.includes(sentPayMethod(id));
/**
 * The one name of each payment method, the billing form's, keyed by the id a method is stored as: the billing form,
 * the ticket, the payment result, the account's trips and the partner's ticket all name a method from here.
 */
type MethodNames = { vi: string; en: string };
export const PAY_METHOD_NAMES = {
  [PAY_METHOD.postpaid]: { vi: 'Thanh toán sau (tiền mặt)', en: 'Pay later (cash)' },
  [PAY_METHOD.online]: { vi: 'Thẻ ATM, Visa, MasterCard', en: 'Bank or credit card' },
  [PAYPAL_SENT_ID]: { vi: 'PayPal', en: 'PayPal' },
  [VIETQR_PAY_METHOD]: { vi: 'Chuyển khoản ngân hàng (VietQR)', en: 'Bank transfer (VietQR)' },
} as const satisfies Record<number, MethodNames>;
/** A method's name in the page's language; a chosen id (99) is named as the id it is stored as (4). */
export const payMethodName = (id: number, lang: string): string => {
  const names = (PAY_METHOD_NAMES as Record<number, MethodNames | undefined>)[sentPayMethod(id)];
  return names ? (lang === 'en' ? names.en : names.vi) : String(id);
};

/** Night-flow states as answered by the check (spec 4 night booking; spec 8 "Partner refused"). */
export const NIGHT_CHECK_STATUSES = ['waiting', 'accepted', 'refused', 'expired', 'cancelled'] as const;
export type NightCheckStatus = (typeof NIGHT_CHECK_STATUSES)[number];
/** A ticket's night state: 'none' for a day booking; 'pending' until home/auto_process_ticket contacts the partner. */
export const NIGHT_STATUSES = ['none', 'pending', 'contacting', 'accepted', 'refused', 'expired', 'cancelled'] as const;
export type NightStatus = (typeof NIGHT_STATUSES)[number];

export const TICKET_KINDS = ['ride', 'hourly'] as const;

/** Why the anti-fraud pre-check refused (null when allowed). */
export const VANGUARD_REASONS = ['phone_limit', 'ip_limit', 'session_limit', 'duplicate'] as const;

/**
 * The request header that carries a ticket's access key (the key is handed to the browser that booked,
 * in the create answer, and kept in its encrypted store). A header keeps it out of URLs, histories and access logs.
 */
export const TICKET_KEY_HEADER = 'X-Ticket-Key';

/**
 * How every public call that reads or acts on a ticket names and proves it: the ticket's code with its
 * access key (this field or the X-Ticket-Key header), or with the phone or e-mail it was booked with (or the owner's
 * account token, as `Authorization: Bearer`). No call takes a ticket's database id.
 */
export const ticketProofFields = {
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  ticket_key: yup.string().trim().max(100).optional(),
  phone_number: yup.string().trim().max(20).optional(),
  email: yup.string().trim().lowercase().max(200).optional(),
};

/** The same for a GET's query string, without a ticket_key field: a key is read from the header only, never a URL. */
export const ticketProofQueryFields = {
  ticket_code: ticketProofFields.ticket_code,
  phone_number: ticketProofFields.phone_number,
  email: ticketProofFields.email,
};

/** i18n keys of the booking calls; the spec's texts are in the locale files. */
export const BOOKING_ERROR_KEYS = {
  /** spec 5, 6: member balance used below 10,000đ (params {min}), or more than the account holds. */
  memberPromotion: 'booking.errors.member_promotion',
  fullname: 'booking.errors.fullname',
  phone: FORM_ERROR_KEYS.phone,
  email: FORM_ERROR_KEYS.email,
  payMethod: 'booking.errors.pay_method',
  planeNumber: 'booking.errors.plane_number',
  planeType: 'booking.errors.plane_type',
  companyName: 'booking.errors.company_name',
  companyAddress: 'booking.errors.company_address',
  billingAddress: 'booking.errors.billing_address',
  taxCode: 'booking.errors.tax_code',
  otherFullname: 'booking.errors.other_fullname',
  otherPhone: 'booking.errors.other_phone',
  location: 'booking.errors.location',
  departTimePast: DEPART_TIME_PAST_KEY,
  /**
   * 422: the pick-up is sooner than the service's minimum lead time, or the partner's own when longer (params
   * {hours, minutes, unit: 'hours' | 'minutes', service: 'airport' | 'inter_province' | 'hourly' | 'shared'}).
   */
  leadTime: 'booking.errors.lead_time',
  priceChanged: 'booking.errors.price_changed',
  /** 409: the partner took as many bookings for that day as its daily cap allows (booked at the same moment). */
  dailyCap: 'booking.errors.daily_cap',
  optionUnavailable: 'booking.errors.option_unavailable',
  chairs: 'booking.errors.chairs',
  spam: 'booking.errors.spam',
  promotionNotFound: 'booking.errors.promotion_not_found',
  promotionExpired: 'booking.errors.promotion_expired',
  promotionMinOrder: 'booking.errors.promotion_min_order',
  promotionUsedUp: 'booking.errors.promotion_used_up',
  promotionAlreadyUsed: 'booking.errors.promotion_already_used',
  promotionPayMethod: 'booking.errors.promotion_pay_method',
  promotionNotApplicable: 'booking.errors.promotion_not_applicable',
  /** 422: the code is for other transport partners' rides (the billing page's section: kept out of the first load). */
  promotionPartner: 'billing.errors.promotion_partner',
  /** 422 with params {airports} (IATA codes, comma separated): the code is for transfers of those airports. */
  promotionAirport: 'billing.errors.promotion_airport',
  ticketNotFound: 'booking.errors.ticket_not_found',
  ticketCancelled: 'booking.errors.ticket_cancelled',
  notNightBooking: 'booking.errors.not_night_booking',
  notTimedOut: 'booking.errors.not_timed_out',
  stateChanged: 'booking.errors.state_changed',
  onlineRequired: 'booking.errors.online_required',
  /** A ticket call without any proof (no key, contact or token). */
  proofRequired: 'booking.errors.proof_required',
  /**
   * 409, this phone already holds a pending ticket for the same trip (params {ticket_code}); the answer's
   * data says how it stands, with its key for the browser that booked it: continue it, or book again knowingly
   * (ignore_duplicate_warning).
   */
  pendingTicket: 'booking.errors.pending_ticket',
} as const;

/** Forms post 0/1, "0"/"1" or booleans. */
const flag = () =>
  yup
    .boolean()
    .transform((value: unknown, original: unknown) =>
      original === 1 || original === '1' ? true : original === 0 || original === '0' || original === '' ? false : value,
    )
    .default(false);

const componentSchema = addressComponentSchema.transform(parseJsonText).default(undefined);

const coordinateText = /^-?\d{1,3}(\.\d+)?$/;
/** spec 7: pick_pos and drop_pos carry lat and lng as text. */
export const positionSchema = yup.object({
  lat: yup.string().trim().matches(coordinateText).required(),
  lng: yup.string().trim().matches(coordinateText).required(),
});

/** spec 5: fullname required, non-empty. */
const nameSchema = (key: string) =>
  yup
    .string()
    .trim()
    .max(100, { key: 'validation.max_length', params: { max: 100 } })
    .required({ key });

/** spec 5: phone valid with its code (the code field sits beside it, default 84). */
const phoneSchema = (key: string, codeField: string) =>
  yup
    .string()
    .trim()
    .required({ key })
    .test('phone', { key }, function test(value) {
      const parent = this.parent as Record<string, unknown>;
      const code = typeof parent[codeField] === 'string' ? parent[codeField] : DEFAULT_PHONE_CODE;
      return !value || isValidPhone(code, value);
    });

const phoneCodeSchema = yup
  .string()
  .trim()
  .matches(/^\+?\d{1,4}$/)
  .default(DEFAULT_PHONE_CODE);

/** spec 5: email, standard pattern. */
const emailSchema = yup
  .string()
  .trim()
  .lowercase()
  .max(200, { key: BOOKING_ERROR_KEYS.email })
  .required({ key: BOOKING_ERROR_KEYS.email })
  .matches(EMAIL_PATTERN, { message: { key: BOOKING_ERROR_KEYS.email } });

/** spec 5: flight number (example VN123): a two-character airline code, then 1 to 4 digits and an optional letter. */
export const PLANE_NUMBER = /^[A-Z0-9]{2}\s?\d{1,4}[A-Z]?$/i;

const promotionCodeSchema = yup.string().trim().uppercase().max(30, { key: BOOKING_ERROR_KEYS.promotionNotFound }).default('');

const INVOICE_FLAGS = ['xhd', 'vat'];
/** A flag as the root holds it during validation: the posted value (0/1, "0"/"1") or the boolean. */
const isSet = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';
/** A nested field required when a flag of the payload is set (the invoice: xhd, or vat in the hourly payload). */
const requiredWhen = (flagFields: string[], key: string, ok: (value: string) => boolean = (value) => value.length > 0) =>
  function test(this: yup.TestContext, value: string | undefined) {
    const root = this.from?.[1]?.value as Record<string, unknown> | undefined;
    if (!flagFields.some((field) => isSet(root?.[field]))) return true;
    return ok(value ?? '') || this.createError({ message: { key } });
  };

/** spec 5: a VAT invoice (xhd) needs the company name, address, billing address and a numeric tax code. */
const invoiceCompanySchema = yup.object({
  name: yup
    .string()
    .trim()
    .max(200)
    .default('')
    .test('company-name', requiredWhen(INVOICE_FLAGS, BOOKING_ERROR_KEYS.companyName)),
  address: yup
    .string()
    .trim()
    .max(500)
    .default('')
    .test('company-address', requiredWhen(INVOICE_FLAGS, BOOKING_ERROR_KEYS.companyAddress)),
  /** Tax code (MST): 10 digits, or 13 for a branch (10 + '-' + 3); spec 5 says numeric. */
  mst: yup
    .string()
    .trim()
    .default('')
    .test(
      'tax-code',
      requiredWhen(INVOICE_FLAGS, BOOKING_ERROR_KEYS.taxCode, (value) => /^\d{10}(-?\d{3})?$/.test(value)),
    ),
  address_receive: yup
    .string()
    .trim()
    .max(500)
    .default('')
    .test('billing-address', requiredWhen(INVOICE_FLAGS, BOOKING_ERROR_KEYS.billingAddress)),
});

/** spec 5: booking for another person (not_use): their name required and phone valid. */
const otherPersonSchema = yup.object({
  name: yup
    .string()
    .trim()
    .max(100)
    .default('')
    .test('other-name', requiredWhen(['not_use'], BOOKING_ERROR_KEYS.otherFullname)),
  phone_code: phoneCodeSchema,
  phone: yup
    .string()
    .trim()
    .default('')
    .test('other-phone', { key: BOOKING_ERROR_KEYS.otherPhone }, function test(value) {
      const root = this.from?.[1]?.value as Record<string, unknown> | undefined;
      if (!isSet(root?.not_use)) return true;
      const parent = this.parent as { phone_code?: string };
      return isValidPhone(parent.phone_code ?? DEFAULT_PHONE_CODE, value);
    }),
});

/** Shared by the normal and hourly payloads. */
const passengerFields = {
  phone_code: phoneCodeSchema,
  phone: phoneSchema(BOOKING_ERROR_KEYS.phone, 'phone_code'),
  email: emailSchema,
  comment: yup.string().trim().max(1000).default(''),
  promotion_code: promotionCodeSchema,
  xhd: flag(),
  company: invoiceCompanySchema.default(() => ({ name: '', address: '', mst: '', address_receive: '' })),
  not_use: flag(),
  use: otherPersonSchema.default(() => ({ name: '', phone_code: DEFAULT_PHONE_CODE, phone: '' })),
  /** The idempotency key of one booking attempt: repeated or concurrent submissions get the same ticket. */
  ticket_session: yup.string().trim().min(8).max(100).required(),
  /** spec 7: always sent; the browser session (anti-fraud counts by it). */
  session_id: yup.string().trim().min(1).max(100).required(),
  lang: langSchema,
  partner_domain: yup.string().trim().max(200).optional(),
  aff_sid: yup.string().trim().max(200).optional(),
  /** spec 6: an authenticated passenger's token (accounts issue). */
  token: yup.string().trim().max(500).optional(),
};

/** A price option's id as the price lists give it (`partner:vehicle:ride method` or `partner:vehicle:duration`). */
const optionIdSchema = () =>
  yup
    .string()
    .trim()
    .matches(/^\d+:\d+:\d+$/)
    .required();

/** A short code (IATA, province) that forms may send as a number. */
const shortCodeSchema = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) => (typeof original === 'number' ? String(original) : value))
    .trim()
    .max(10)
    .default('');

/** spec 7 booking payload (normal). The server re-prices `option_id` and never takes a price from the client. */
export const bookingRequestSchema = yup.object({
  ...passengerFields,
  fullname: nameSchema(BOOKING_ERROR_KEYS.fullname),
  /** spec 5: airport tickets (dimension 1) need the flight number and type. */
  plane_number: yup
    .string()
    .trim()
    .uppercase()
    .default('')
    .test('plane-number', { key: BOOKING_ERROR_KEYS.planeNumber }, function test(value) {
      const parent = this.parent as { dimension_id?: number };
      if (parent.dimension_id !== BOOKING_TYPE.airport) return !value || PLANE_NUMBER.test(value);
      return PLANE_NUMBER.test(value);
    }),
  plane_type: yup
    .number()
    .transform((value: number) => (Number.isNaN(value) ? undefined : value))
    .optional()
    .test('plane-type', { key: BOOKING_ERROR_KEYS.planeType }, function test(value) {
      const parent = this.parent as { dimension_id?: number };
      if (value === undefined) return parent.dimension_id !== BOOKING_TYPE.airport;
      return value === PLANE_TYPE.domestic || value === PLANE_TYPE.international;
    }),
  /** Name-board pickup (spec 3 pickByBoard): adds the option's board price. */
  catch_in_house: flag(),
  address: yup.string().trim().max(500).default(''),
  /** The price option chosen in get_price_list (`partner:vehicle:ride method`). */
  option_id: optionIdSchema(),
  /** The base price the form showed (spec 3 merged); a different server price answers 'booking.errors.price_changed'. */
  merged: yup.number().integer().min(0).required(),
  chunk_id: yup.number().integer().min(0).default(0),
  dimension_id: yup.number().oneOf([BOOKING_TYPE.airport, BOOKING_TYPE.interProvince]).required(),
  vehicle_id: yup.number().integer().min(1).required(),
  ride_method_id: yup.number().oneOf([1, 2]).required(),
  chair: yup.number().integer().min(1).max(MAX_PASSENGERS).default(1),
  /** IATA code of the airport end ('' when none). */
  airport_id: shortCodeSchema(),
  street_id: yup.string().trim().max(50).optional(),
  village_id: yup.string().trim().max(50).optional(),
  city_id: shortCodeSchema(),
  pick_pos: positionSchema.required(),
  drop_pos: positionSchema.required(),
  depart_time: departTimeSchema,
  pm_id: yup.number().integer().min(0).default(0),
  pick_address: yup.string().trim().max(500).required(),
  drop_address: yup.string().trim().max(500).required(),
  /** spec 5: pickup and drop both need location details. */
  pick_address_component: componentSchema.required({ key: BOOKING_ERROR_KEYS.location }),
  drop_address_component: componentSchema.required({ key: BOOKING_ERROR_KEYS.location }),
  ignore_duplicate_warning: flag(),
  unmerged_select: yup.mixed().strip(),
  use_range_time: flag(),
  pay_method_id: yup
    .number()
    .required({ key: BOOKING_ERROR_KEYS.payMethod })
    .oneOf(PAY_METHOD_IDS, { key: BOOKING_ERROR_KEYS.payMethod }),
  /**
   * Booking on credit: a business partner's session token. With pay method 3 the fare is paid from that
   * account's credit in the booking's own transaction (refused, nothing written, when the balance is short).
   */
  business_token: yup.string().trim().max(100).optional(),
  brand_partner_id: yup.number().integer().min(1).required(),
  /** spec 7 optional: an extra pickup (pick_more true) or drop address. */
  pick_more: flag(),
  more_address: yup
    .array(moreAddressSchema.required())
    .transform(parseJsonText)
    .max(1)
    .default(() => []),
  /** The discount the form showed; informative only (the server computes its own). */
  promotion_cost: yup.number().min(0).optional(),
  /** A ticket this one replaces (partner refused, choose another company). */
  old_ticket_code: yup.string().trim().max(20).optional(),
});
export type BookingRequest = yup.InferType<typeof bookingRequestSchema>;
export type BookingForm = yup.InferType<typeof bookingRequestSchema>;

/** spec 7 hourly payload. */
export const hourlyBookingRequestSchema = yup.object({
  ...passengerFields,
  full_name: nameSchema(BOOKING_ERROR_KEYS.fullname),
  /** The hourly option chosen in get_hourly_price_list (`partner:vehicle:duration`). */
  option_id: optionIdSchema(),
  /** The package price the form showed; a different server price answers 'booking.errors.price_changed'. */
  price: yup.number().integer().min(0).required(),
  vehicle_id: yup.number().integer().min(1).required(),
  city_id: shortCodeSchema(),
  brand_partner_id: yup.number().integer().min(1).required(),
  duration: yup.number().oneOf(HOURLY_DURATIONS).required(),
  pick_address: yup.string().trim().max(500).required(),
  /** spec 5: hourly needs pickup location details only. */
  pick_address_component: componentSchema.required({ key: BOOKING_ERROR_KEYS.location }),
  pick_pos: positionSchema.required(),
  depart_time: departTimeSchema,
  /** spec 7 `vat`: the invoice flag of the hourly payload (xhd of the normal one). */
  vat: flag(),
  /**
   * The hourly form offers cash later, card and PayPal-style like the ride's (spec 7's hourly payload names
   * none; cash when absent). An online method is paid through payment/pay_online_request as a ride is.
   */
  pay_method_id: yup.number().oneOf(PAY_METHOD_IDS, { key: BOOKING_ERROR_KEYS.payMethod }).default(PAY_METHOD.postpaid),
  /** spec 7 (as the ride's): the passenger confirmed a second identical hire is wanted. */
  ignore_duplicate_warning: flag(),
  /** Informative (the server takes them from the package). */
  extra_price_hour: yup.number().min(0).optional(),
  extra_price_km: yup.number().min(0).optional(),
});
export type HourlyBookingRequest = yup.InferType<typeof hourlyBookingRequestSchema>;

/**
 * A booking as the app sends it, built from the search, the chosen price option and the billing form: the request
 * before its schema fills the defaults of what the form leaves out (a repeat booking sets ignore_duplicate_warning).
 */
export type BookingPayload = Omit<BookingRequest, 'ignore_duplicate_warning'> &
  Partial<Pick<BookingRequest, 'ignore_duplicate_warning'>>;
export type HourlyBookingPayload = Omit<HourlyBookingRequest, 'xhd' | 'ignore_duplicate_warning'> &
  Partial<Pick<HourlyBookingRequest, 'xhd' | 'ignore_duplicate_warning'>>;
export type AnyBookingPayload = BookingPayload | HourlyBookingPayload;

export const amountsSchema = yup.object({
  merged: yup.number().integer().min(0).required(),
  board_price: yup.number().integer().min(0).required(),
  promotion_cost: yup.number().integer().min(0).required(),
  member_promotion_cost: yup.number().integer().min(0).required(),
  vat_cost: yup.number().integer().min(0).required(),
  toll_fee: tollFeeSchema,
  paypal_fee: yup.number().integer().min(0).required(),
  total_cost: yup.number().integer().min(0).required(),
});
export type TicketAmounts = yup.InferType<typeof amountsSchema>;

export const createTicketDataSchema = yup.object({
  ticket_code: yup.string().required(),
  /**
   * The ticket's access key, answered to this booking only (a repeated submission gets a new one, which
   * replaces it): the proof of every later call on the ticket from this browser.
   */
  ticket_key: yup.string().required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  amounts: amountsSchema.required(),
  night_status: yup.string().oneOf(NIGHT_STATUSES).required(),
});
/** spec 7 create response: code, msg, ticket_code, is_night_booking, pay_method_id (top level), plus data. */
export const createTicketResponseSchema = successSchema(createTicketDataSchema.required()).shape({
  msg: yup.string().defined(),
  ticket_code: yup.string().required(),
  is_night_booking: yup.boolean().required(),
  pay_method_id: yup.number().required(),
});
export type CreateTicketResponse = yup.InferType<typeof createTicketResponseSchema>;

export const hourlyCreateDataSchema = yup.object({
  /** spec 7: the hourly booking's code. */
  trip_price_inquiry_code: yup.string().required(),
  /** The ticket's access key (as create_ticket's). */
  ticket_key: yup.string().required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  amounts: amountsSchema.required(),
});
export const hourlyCreateResponseSchema = successSchema(hourlyCreateDataSchema.required()).shape({
  msg: yup.string().defined(),
});

/** spec 7 promotion params (GET query). `amount` is the base price shown, for the minimum order and the preview. */
export const promotionCheckRequestSchema = yup.object({
  promotion_code: yup.string().trim().uppercase().min(1).max(30).required({ key: BOOKING_ERROR_KEYS.promotionNotFound }),
  phone_number: yup.string().trim().max(20).default(''),
  chunk_id: yup.number().integer().min(0).optional(),
  ride_method_id: yup.number().integer().optional(),
  depart_time: yup.string().trim().max(30).optional(),
  transport_partner_id: yup.number().integer().optional(),
  /** The IATA code of the ride's airport end ('' when it has none), for a code limited to airports. */
  airport_code: yup.string().trim().uppercase().max(4).default(''),
  payment_method_id: yup.number().oneOf(PAY_METHOD_IDS).optional(),
  is_hourly_booking: flag(),
  amount: yup.number().integer().min(0).default(0),
  lang: langSchema,
});
export type PromotionCheckRequest = yup.InferType<typeof promotionCheckRequestSchema>;

export const promotionSchema = yup.object({
  code: yup.string().required(),
  /** spec 5: ≤ 100 a percent of the base price, above a fixed amount in VND. */
  value: yup.number().integer().min(0).required(),
  kind: yup
    .string()
    .oneOf(['percent', 'amount'] as const)
    .required(),
  /** "10%" or "50.000đ". */
  discount_text: yup.string().required(),
  /** The discount on `amount`. */
  discount_price: yup.number().integer().min(0).required(),
});
/** spec 7: code, discount_text, discount_price (top level), and the same under data. */
export const promotionCheckResponseSchema = successSchema(promotionSchema.required()).shape({
  discount_text: yup.string().required(),
  discount_price: yup.number().integer().min(0).required(),
});
export type PromotionCheck = yup.InferType<typeof promotionSchema>;

export const payMethodSchema = yup.object({
  /** The id the form chooses (3, 8, 99; 20 VietQR). */
  id: yup.number().oneOf([3, 8, 99, VIETQR_PAY_METHOD]).required(),
  /** The id sent to the server (99 becomes 4, spec 4). */
  sent_id: yup.number().oneOf([3, 8, 4, VIETQR_PAY_METHOD]).required(),
  name_vi: yup.string().required(),
  name_en: yup.string().required(),
  fee_percent: yup.number().min(0).required(),
  online: yup.boolean().required(),
  /** The method charges in US dollars at this many đồng to the dollar (PayPal); absent for VND. */
  vnd_per_usd: yup.number().positive().optional(),
});
export type PayMethod = yup.InferType<typeof payMethodSchema>;
export const payMethodsResponseSchema = successSchema(yup.array(payMethodSchema.required()).required());

/** The hub pre-check takes the ticket payload; only these fields are read. */
export const vanguardRequestSchema = yup.object({
  phone_code: phoneCodeSchema,
  phone: yup.string().trim().max(20).required(),
  pick_address: yup.string().trim().max(500).required(),
  drop_address: yup.string().trim().max(500).default(''),
  depart_time: yup.string().trim().max(30).required(),
  session_id: yup.string().trim().max(100).default(''),
  ticket_session: yup.string().trim().max(100).default(''),
  /** spec 7: the passenger confirmed that an identical booking is wanted; the counts still apply. */
  ignore_duplicate_warning: flag(),
  /** The signed-in passenger's account token (else `Authorization: Bearer`): it proves their own earlier ticket. */
  token: yup.string().trim().max(500).optional(),
});
export const vanguardDataSchema = yup.object({
  /** false means spam (spec 7): the client shows 'booking.errors.spam'. */
  result: yup.boolean().required(),
  reason: yup.string().oneOf(VANGUARD_REASONS).nullable().defined(),
});
export const vanguardResponseSchema = successSchema(vanguardDataSchema.required());

export const vanguardNotifyRequestSchema = yup.object({
  ...ticketProofFields,
  event: yup.string().trim().max(50).default('ticket_created'),
});
export const vanguardNotifyResponseSchema = successSchema(yup.object({ recorded: yup.boolean().required() }).required());

/**
 * The night and auto-cancel calls (spec 7 names them by ticket id): the ticket's code and its proof, so
 * only whoever booked can act on a ticket.
 */
export const autoProcessRequestSchema = yup.object({ ...ticketProofFields, reprocess: flag() });
export const ticketRefRequestSchema = yup.object(ticketProofFields);
/** check_night_booking_partner_received (GET): the key in the X-Ticket-Key header only. */
export const ticketRefQuerySchema = yup.object(ticketProofQueryFields);

export const nightStateSchema = yup.object({
  ticket_code: yup.string().required(),
  night_status: yup.string().oneOf(NIGHT_STATUSES).required(),
  contacted_at: yup.string().nullable().defined(),
});
export const autoProcessResponseSchema = successSchema(nightStateSchema.required());

export const nightCheckDataSchema = yup.object({
  /** spec 7 data.result: true once the partner accepted. */
  result: yup.boolean().required(),
  status: yup.string().oneOf(NIGHT_CHECK_STATUSES).required(),
  /** Seconds left before the check gives up (spec 9: night check lasts up to 180 s). */
  seconds_left: yup.number().integer().min(0).required(),
});
export const nightCheckResponseSchema = successSchema(nightCheckDataSchema.required());

export const ticketStateSchema = yup.object({
  ticket_code: yup.string().required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  night_status: yup.string().oneOf(NIGHT_STATUSES).required(),
});
export const ticketStateResponseSchema = successSchema(ticketStateSchema.required());

/** The data of a 409 booking.errors.pending_ticket: the passenger's pending ticket for the same trip. */
export const pendingTicketSchema = yup.object({
  ticket_code: yup.string().required(),
  pay_method_id: yup.number().integer().required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  /** Only to the browser session that booked it (the booking's session_id): the proof of the calls that continue it. */
  ticket_key: yup.string().optional(),
});
export type PendingTicket = yup.InferType<typeof pendingTicketSchema>;

// The live calls beside the booking: the live booking count (spec 9 refresh 5,000 ms), the pickup window of a
// range-time booking, and the billing form's unfinished booking (save_pending).
/** spec 9: the live booking count is refreshed every 5,000 ms while the page is visible. */
export const LIVE_BOOKING_REFRESH_MS = 5000;
/** The server keeps the live count this long (one count for everyone polling in the same seconds). */
export const LIVE_BOOKING_CACHE_MS = 3000;
export { RANGE_TIME_MINUTES } from '../domain/range-time';

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
    .test('phone', { key: BOOKING_ERROR_KEYS.phone }, function test(value) {
      const parent = this.parent as Record<string, unknown>;
      const code = typeof parent.phone_code === 'string' ? parent.phone_code : DEFAULT_PHONE_CODE;
      return !value || isValidPhone(code, value);
    }),
  email: formEmailSchema.default(''),
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
