// The transport partners' console: the staff's login, their tickets and the legal moves of each trip
// (the state machine is the tickets contract's), drivers and cars; and the quick bookings: the side menu's quick
// booking (spec 2, 5; sent to save_pending, whose path is BOOKING_PATHS') that every partner sees and one takes.
import { successSchema } from './envelope';
import { NIGHT_STATUSES, TICKET_STATUSES, TRANSACTION_STATUSES } from './booking';
import { ticketRatingSchema } from './tickets';
import {
  FORM_ERROR_KEYS,
  formInteger,
  langSchema,
  phoneCodeSchema,
  phoneSchema,
  requiredText,
  specialDepartTimeSchema,
} from './common';
import { NOT_PAID_ATTEMPTS } from './payments';
import { isTripState, TRIP_STATES } from './tickets';
import { MAX_PASSENGERS } from '../domain/trip-search';
import { VEHICLE_TYPES } from './pricing';
import { yup } from './yup';
import { PARTNER_ROLES } from './partner-roles';

export const PARTNER_PATHS = {
  /** POST: phone_number, password → a bearer token for the partner's staff member. */
  login: '/api/agent/login',
  /** GET (Bearer): the partner's own tickets, newest first; page, trip_state. */
  tickets: '/api/agent/tickets',
  /** POST (Bearer): ticket_code, to, reason. Accepting is driver_pending → not_started, refusing → cancelled. */
  transition: '/api/agent/transition',
  /** GET (Bearer): the partner's active drivers and cars, for the assignment. */
  fleet: '/api/agent/fleet',
  /** POST (Bearer): ticket_code, driver_id, car_id; a ticket the partner accepted (not_started). */
  assign: '/api/agent/assign',
  /** POST (Bearer): ends the staff member's session. */
  logout: '/api/agent/logout',
  /** GET: shortened names of active drivers, in random order (spec 7; the night flow's "contacting drivers" list). */
  driverRandNames: '/api/passenger/get_all_driver_rand_names',
} as const;

/** At most this many names in get_all_driver_rand_names. */
export const DRIVER_RAND_NAMES_MAX = 20;
export const driverRandNamesResponseSchema = successSchema(
  yup.object({ names: yup.array(yup.string().required()).required() }).required(),
);

/** Staff with a session seen within this many seconds are online: their partner answers night bookings itself. */
export const STAFF_ONLINE_SECONDS = 120;
/** How often the console refreshes the incoming tickets (ms); it also keeps the staff member online. */
export const CONSOLE_REFRESH_MS = 15_000;

export const PARTNER_TICKET_PAGE_SIZE = 20;
export const TRANSITION_REASON_MAX = 300;

export const PARTNER_ERROR_KEYS = {
  /** 409: the move is not in the table from the ticket's current state (or another call moved it first). */
  illegalTransition: 'trips.errors.illegal_transition',
  /** 404: unknown code, or a ticket of another partner (the same answer). */
  notFound: 'trips.errors.not_found',
  /** 401: no token, unknown or revoked token. */
  unauthorized: 'trips.errors.unauthorized',
  /** 401: wrong phone or password (the same answer for both). */
  loginFailed: 'trips.errors.login_failed',
  /** 429 with params {seconds}: too many failed logins of one phone, or from one address. */
  tooManyAttempts: 'trips.errors.too_many_attempts',
  /** 409: an online ticket whose payment has not arrived cannot be served yet. */
  awaitingPayment: 'trips.errors.awaiting_payment',
  /** 400: `to` is not a trip state. */
  state: 'trips.errors.state',
  /** 409: setting off to the pickup (trip_started) needs an assigned driver and car. */
  driverRequired: 'trips.errors.driver_required',
  /** 404: the driver or car is not one of the partner's active ones. */
  driverNotFound: 'trips.errors.driver_not_found',
  /** 409: a driver is assigned once the partner accepted and before the driver arrives (not_started only). */
  notAssignable: 'trips.errors.not_assignable',
} as const;

export const staffLoginRequestSchema = yup.object({
  phone_number: yup.string().trim().max(20).required(),
  password: yup.string().max(100).required(),
});
export type StaffLoginRequest = yup.InferType<typeof staffLoginRequestSchema>;

export const staffSessionSchema = yup.object({
  token: yup.string().required(),
  staff: yup
    .object({
      id: yup.number().integer().required(),
      fullname: yup.string().defined(),
      role: yup.string().oneOf(PARTNER_ROLES).required(),
      partner_id: yup.number().integer().required(),
      partner_name: yup.string().defined(),
    })
    .required(),
});
export type StaffSession = yup.InferType<typeof staffSessionSchema>;
export const staffLoginResponseSchema = successSchema(staffSessionSchema.required());

const tripStateSchema = yup.string().oneOf(TRIP_STATES, { key: PARTNER_ERROR_KEYS.state });

/** Splits a comma-separated list of states ("not_started,trip_started"). */
export const tripStateList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export const staffTicketsRequestSchema = yup.object({
  page: yup.number().integer().min(1).max(10_000).default(1),
  /** One state or several, comma-separated (a console tab); absent: every state. */
  trip_state: yup
    .string()
    .max(300)
    .optional()
    .test('trip-states', { key: PARTNER_ERROR_KEYS.state }, (value) => tripStateList(value).every(isTripState)),
  /** The language of the vehicle names. */
  lang: langSchema,
});

/** A driver and car on a ticket (the passenger's ticket detail shows the same fields). */
export const assignedDriverSchema = yup.object({
  driver_id: yup.number().integer().required(),
  fullname: yup.string().required(),
  phone: yup.string().required(),
  /** A path or URL of the driver's photo. */
  photo_url: yup.string().defined(),
  car_id: yup.number().integer().required(),
  plate: yup.string().required(),
  car_name: yup.string().defined(),
  assigned_at: yup.string().required(),
});
export type AssignedDriver = yup.InferType<typeof assignedDriverSchema>;

export type StaffTicketsRequest = yup.InferType<typeof staffTicketsRequestSchema>;

/**
 * What the partner is told about a ticket's payment (src/shared/domain/payment-attempt.ts staffPaymentOf):
 * 'cash' the passenger pays the driver in cash, 'credit' a business credit paid it, 'paid' paid online, 'awaiting'
 * an online payment still within its window, 'not_paid' an online payment that ended without paying.
 */
export const STAFF_PAYMENT_STATES = ['cash', 'credit', 'paid', 'awaiting', 'not_paid'] as const;
export type StaffPaymentState = (typeof STAFF_PAYMENT_STATES)[number];
export const staffPaymentSchema = yup.object({
  state: yup.string().oneOf(STAFF_PAYMENT_STATES).required(),
  /** not_paid: why (declined, abandoned by the passenger, expired), when known; null otherwise. */
  reason: yup.string().oneOf(NOT_PAID_ATTEMPTS).nullable().defined(),
});
export type StaffPayment = yup.InferType<typeof staffPaymentSchema>;

export const staffTicketSchema = yup.object({
  ticket_code: yup.string().required(),
  trip_state: yup.string().oneOf(TRIP_STATES).required(),
  /** The moves this partner may make now. */
  next_states: yup.array(yup.string().oneOf(TRIP_STATES).required()).required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  pay_method_id: yup.number().integer().required(),
  kind: yup.string().required(),
  depart_time: yup.string().defined(),
  /** A flexible pickup (use_range_time): the window's ends; null for a pickup at the time. */
  range_time: yup.object({ from: yup.string().required(), to: yup.string().required() }).nullable().default(null),
  depart_at: yup.string().required(),
  pick_address: yup.string().defined(),
  drop_address: yup.string().defined(),
  fullname: yup.string().defined(),
  phone: yup.string().defined(),
  vehicle_id: yup.number().integer().required(),
  chair: yup.number().integer().required(),
  total_cost: yup.number().integer().required(),
  comment: yup.string().defined(),
  created_at: yup.string().required(),
  /** The requested vehicle type's name in the request's language. */
  vehicle_name: yup.string().defined(),
  is_night_booking: yup.boolean().required(),
  night_status: yup.string().oneOf(NIGHT_STATUSES).required(),
  /** While the night check runs (contacting): the seconds left for the partner to answer; else null. */
  night_seconds_left: yup.number().integer().nullable().defined(),
  driver: assignedDriverSchema.nullable().defined(),
  rating: ticketRatingSchema.nullable().defined(),
  /** Whether the ticket is paid, and how. */
  payment: staffPaymentSchema.required(),
});
export type StaffTicket = yup.InferType<typeof staffTicketSchema>;

export const staffTicketsSchema = yup.object({
  items: yup.array(staffTicketSchema.required()).required(),
  page: yup.number().integer().required(),
  /** -1 when there are no more pages (as the price list). */
  next_page: yup.number().integer().required(),
});
export type StaffTickets = yup.InferType<typeof staffTicketsSchema>;
export const staffTicketsResponseSchema = successSchema(staffTicketsSchema.required());

export const staffTransitionRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  to: tripStateSchema.required({ key: PARTNER_ERROR_KEYS.state }),
  reason: yup.string().trim().max(TRANSITION_REASON_MAX).default(''),
});
export type StaffTransitionRequest = yup.InferType<typeof staffTransitionRequestSchema>;

export const staffTransitionSchema = yup.object({
  ticket_code: yup.string().required(),
  from: yup.string().oneOf(TRIP_STATES).required(),
  trip_state: yup.string().oneOf(TRIP_STATES).required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  at: yup.string().required(),
});
export type StaffTransition = yup.InferType<typeof staffTransitionSchema>;
export const staffTransitionResponseSchema = successSchema(staffTransitionSchema.required());

export const fleetDriverSchema = yup.object({
  id: yup.number().integer().required(),
  fullname: yup.string().required(),
  phone: yup.string().required(),
  photo_url: yup.string().defined(),
  /** The last day the driving licence is valid (YYYY-MM-DD), or null when not recorded. */
  licence_expires_on: yup.string().nullable().defined(),
});
export type FleetDriver = yup.InferType<typeof fleetDriverSchema>;

export const fleetCarSchema = yup.object({
  id: yup.number().integer().required(),
  plate: yup.string().required(),
  name: yup.string().defined(),
  /** The vehicle type (the price list's vehicle_id) the car serves. */
  vehicle_id: yup.number().integer().required(),
});
export type FleetCar = yup.InferType<typeof fleetCarSchema>;

export const staffFleetSchema = yup.object({
  drivers: yup.array(fleetDriverSchema.required()).required(),
  cars: yup.array(fleetCarSchema.required()).required(),
});
export type StaffFleet = yup.InferType<typeof staffFleetSchema>;
export const staffFleetResponseSchema = successSchema(staffFleetSchema.required());

export const staffAssignRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  driver_id: yup.number().integer().positive().required({ key: PARTNER_ERROR_KEYS.driverNotFound }),
  car_id: yup.number().integer().positive().required({ key: PARTNER_ERROR_KEYS.driverNotFound }),
  /** The language of the answer's vehicle names. */
  lang: langSchema,
});
export type StaffAssignRequest = yup.InferType<typeof staffAssignRequestSchema>;
/** The ticket as the list shows it, with its driver. */
export const staffAssignResponseSchema = successSchema(staffTicketSchema.required());
export const staffLogoutResponseSchema = successSchema(yup.object({ logged_out: yup.boolean().required() }).required());

/** What a pending booking is: the billing form's unfinished booking, or the side menu's quick booking (a lead). */
export const PENDING_KINDS = ['billing', 'quick'] as const;
export type PendingKind = (typeof PENDING_KINDS)[number];
/** The quick booking's vehicle types (when it has no drop address): the price list's vehicle ids but "all". */
export const QUICK_BOOKING_VEHICLE_IDS = VEHICLE_TYPES.filter((type) => type.id !== 0).map((type) => type.id);

export const QUICK_BOOKING_PATHS = {
  /** GET (partner staff Bearer): page, lang. Open quick bookings (save_pending kind 'quick') and the ones taken. */
  list: '/api/agent/quick_bookings',
  /** POST (partner staff Bearer): id. The partner takes a quick booking; 409 when another partner took it first. */
  take: '/api/agent/quick_bookings/take',
} as const;
export const QUICK_BOOKING_ERROR_KEYS = {
  /** 404: no quick booking has this id (or it is no longer listed). */
  notFound: 'leads.errors.quick_not_found',
  /** 409: another partner took it first. */
  taken: 'leads.errors.quick_taken',
  /** Seats not 1..max (params {max}). */
  seats: 'leads.errors.quick_seats',
  /** No vehicle type chosen among QUICK_BOOKING_VEHICLE_IDS. */
  vehicle: 'leads.errors.quick_vehicle',
} as const;

/**
 * spec 2, 5 quick-booking dialog, sent to save_pending with kind 'quick' and handled like a lead (transport partners
 * see it in their console and one takes it). Depart time later than now ('HH:mm d/M/yyyy', Vietnam time); seats are
 * used when a drop address exists, the vehicle type when it does not.
 */
export const quickBookingSchema = yup.object({
  kind: yup
    .string()
    .oneOf(['quick'] as const)
    .required(),
  ticket_session: yup.string().trim().min(8).max(100).required(),
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  pick_address: requiredText(500),
  drop_address: yup.string().trim().max(500).default(''),
  depart_time: specialDepartTimeSchema,
  seats: formInteger(QUICK_BOOKING_ERROR_KEYS.seats).when('drop_address', {
    is: (drop: string | undefined) => Boolean(drop?.trim()),
    then: (schema) =>
      schema
        .min(1, { key: QUICK_BOOKING_ERROR_KEYS.seats, params: { max: MAX_PASSENGERS } })
        .max(MAX_PASSENGERS, { key: QUICK_BOOKING_ERROR_KEYS.seats, params: { max: MAX_PASSENGERS } })
        .required({ key: FORM_ERROR_KEYS.blank }),
    otherwise: (schema) => schema.strip(),
  }),
  vehicle_id: formInteger(QUICK_BOOKING_ERROR_KEYS.vehicle).when('drop_address', {
    is: (drop: string | undefined) => !drop?.trim(),
    then: (schema) =>
      schema
        .oneOf([...QUICK_BOOKING_VEHICLE_IDS], { key: QUICK_BOOKING_ERROR_KEYS.vehicle })
        .required({ key: FORM_ERROR_KEYS.blank }),
    otherwise: (schema) => schema.strip(),
  }),
  note: yup
    .string()
    .trim()
    .max(500, { key: 'validation.max_length', params: { max: 500 } })
    .default(''),
  lang: langSchema,
});
export type QuickBookingInput = yup.InferType<typeof quickBookingSchema>;

/** The partner console's quick bookings (QUICK_BOOKING_PATHS). */
export const QUICK_BOOKING_STATES = ['open', 'mine', 'taken'] as const;
export type QuickBookingState = (typeof QUICK_BOOKING_STATES)[number];
/** Quick bookings stay listed until their depart time is this many hours past. */
export const QUICK_BOOKING_LIST_PAST_HOURS = 3;
export const QUICK_BOOKING_PAGE_SIZE = 20;

export const staffQuickBookingsRequestSchema = yup.object({
  page: yup.number().integer().min(1).max(10_000).default(1),
  /** The language of the vehicle type names. */
  lang: langSchema,
});
export const staffTakeQuickBookingRequestSchema = yup.object({
  id: yup.number().integer().min(1).required({ key: QUICK_BOOKING_ERROR_KEYS.notFound }),
  /** The language of the vehicle type name in the answer. */
  lang: langSchema,
});

/** One quick booking as a partner sees it; the passenger's name and phone only once this partner took it. */
export const staffQuickBookingSchema = yup.object({
  id: yup.number().integer().required(),
  pick_address: yup.string().defined(),
  drop_address: yup.string().defined(),
  /** ISO instant. */
  depart_time: yup.string().required(),
  /** With a drop address: the passengers; else null. */
  seats: yup.number().integer().nullable().defined(),
  /** Without a drop address: the vehicle type and its name in the request's language; else null and ''. */
  vehicle_id: yup.number().integer().nullable().defined(),
  vehicle_name: yup.string().defined(),
  note: yup.string().defined(),
  created_at: yup.string().required(),
  state: yup
    .string()
    .oneOf([...QUICK_BOOKING_STATES])
    .required(),
  /** null unless state is 'mine'. */
  fullname: yup.string().nullable().defined(),
  phone: yup.string().nullable().defined(),
});
export type StaffQuickBooking = yup.InferType<typeof staffQuickBookingSchema>;
export const staffQuickBookingsSchema = yup.object({
  items: yup.array(staffQuickBookingSchema.required()).required(),
  page: yup.number().integer().required(),
  /** -1 when there are no more pages (as the staff's tickets). */
  next_page: yup.number().integer().required(),
});
export type StaffQuickBookings = yup.InferType<typeof staffQuickBookingsSchema>;
export const staffQuickBookingsResponseSchema = successSchema(staffQuickBookingsSchema.required());
export const staffTakeQuickBookingResponseSchema = successSchema(staffQuickBookingSchema.required());

/**
 * The bank transfers desk of the console. Transfers that paid no ticket by themselves (a wrong amount, a
 * ticket no longer awaiting) are listed for the staff of the partner whose ticket the note names, to match by hand;
 * transfers naming no ticket of ours are the operator's and listed to no partner. A ticket awaiting a transfer can be
 * confirmed paid by hand: with no bank webhook configured, on the staff's word; with one, only with a reported transfer
 * naming the ticket, and a reason. Bearer, as the other calls.
 */
export const TRANSFER_DESK_PATHS = {
  /** GET (Bearer): the unmatched transfers, newest first. */
  unmatched: '/api/agent/bank_transfers',
  /** POST (Bearer): transfer_id, ticket_code, reason: this transfer (naming one of the partner's tickets) pays that ticket. */
  match: '/api/agent/bank_transfers/match',
  /** POST (Bearer): ticket_code, reason (required with a bank webhook): the transfer arrived; the ticket is paid. */
  confirm: '/api/agent/confirm_transfer',
} as const;

export const TRANSFER_REASONS = ['no_code', 'unknown_code', 'wrong_amount', 'not_awaiting'] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export const TRANSFER_ERROR_KEYS = {
  /** 409: the ticket is not paid by transfer, or no longer awaits its payment (paid, cancelled). */
  notAwaiting: 'trips.errors.transfer_not_awaiting',
  /** 409: the transfer was matched already (by the webhook, or by another staff member). */
  alreadyMatched: 'trips.errors.transfer_already_matched',
  /** 404: no such unmatched transfer (or one naming another partner's ticket). */
  transferNotFound: 'trips.errors.transfer_not_found',
  /** 400: with the bank webhook configured, settling a transfer by hand needs a reason. */
  reasonRequired: 'trips.errors.transfer_reason_required',
  /** 409: with the bank webhook configured, no reported transfer naming this ticket awaits a match. */
  notReported: 'trips.errors.transfer_not_reported',
} as const;

/** The longest reason kept for settling a transfer by hand. */
export const TRANSFER_REASON_MAX = 500;
const handReasonSchema = yup
  .string()
  .trim()
  .max(TRANSFER_REASON_MAX, { key: 'validation.max_length', params: { max: TRANSFER_REASON_MAX } })
  .default('');

export const unmatchedTransferSchema = yup.object({
  id: yup.number().integer().required(),
  amount: yup.number().integer().required(),
  note: yup.string().defined(),
  reference: yup.string().defined(),
  /** Where the bank reported it (the service's time, else when it came). */
  received_at: yup.string().required(),
  reason: yup.string().oneOf(TRANSFER_REASONS).nullable().defined(),
  /** The ticket code the note names, when it names one. */
  ticket_code: yup.string().nullable().defined(),
});
export type UnmatchedTransfer = yup.InferType<typeof unmatchedTransferSchema>;
export const unmatchedTransfersResponseSchema = successSchema(yup.array(unmatchedTransferSchema.required()).required());

export const transferMatchRequestSchema = yup.object({
  transfer_id: yup.number().integer().min(1).required(),
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** Why the staff member settles it by hand (required while the bank webhook is configured). */
  reason: handReasonSchema,
});
export const transferConfirmRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** Why the staff member settles it by hand (required while the bank webhook is configured). */
  reason: handReasonSchema,
});
export const transferPaidSchema = yup.object({
  ticket_code: yup.string().required(),
  transaction_status_id: yup.number().integer().required(),
  /** The staff member who matched or confirmed it, and when. */
  matched_by: yup.number().integer().required(),
  matched_at: yup.string().required(),
});
export const transferPaidResponseSchema = successSchema(transferPaidSchema.required());
