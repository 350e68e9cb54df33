// What happens to a ticket after it is booked: finding it (the search-ticket form, spec 2 overlay, spec 5: a code
// longer than 3 characters and the phone or e-mail it was booked with; the lookup itself is passenger/get_ticket_info,
// its paths and schemas below), what the lookup answers (TicketInfo), cancelling it, rating its trip, and the state
// machine of its trip.
import { isValidPhone } from '../domain/phone';
import { EMAIL_PATTERN, langSchema } from './common';
import { successSchema } from './envelope';
import {
  amountsSchema,
  NIGHT_STATUSES,
  TICKET_KINDS,
  TICKET_STATUS,
  TICKET_STATUSES,
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
} from './booking';
import { yup } from './yup';

/** Finding a booked ticket and following it. */
export const TICKET_LOOKUP_PATHS = {
  /** GET: ticket_code + phone_number or email. */
  ticketInfo: '/api/passenger/get_ticket_info',
  /**
   * GET, a live ticket as Server-Sent Events (text/event-stream): an event `ticket` with get_ticket_info's
   * data at once and after each change. The proof as get_ticket_info's (the key in the X-Ticket-Key header).
   */
  ticketEvents: '/api/passenger/ticket_events',
} as const;

/**
 * spec 5 search ticket: code longer than 3 characters; a valid phone or e-mail. The booking browser may prove it with
 * the ticket's key instead (the X-Ticket-Key header), which is not counted among the address's lookups.
 */
export const ticketInfoRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  phone_number: yup.string().trim().max(20).optional(),
  email: yup.string().trim().lowercase().max(200).optional(),
  lang: langSchema,
});

/** A passenger's rating of a completed trip. */
export const ticketRatingSchema = yup.object({
  stars: yup.number().integer().min(1).max(5).required(),
  comment: yup.string().defined(),
  created_at: yup.string().required(),
});
export type TicketRating = yup.InferType<typeof ticketRatingSchema>;

/** What became of a message to the passenger on one channel ('sending' reads as pending). */
export const MESSAGE_STATES = ['sent', 'pending', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
const messageStateSchema = yup.string().oneOf(MESSAGE_STATES).optional();

/**
 * Decimals the ticket page's map is given a coordinate with: 4 is about 11 m, enough to draw a car on a street map
 * and no finer than the distance line needs.
 */
export const MAP_COORDINATE_DECIMALS = 4;
const mapPointSchema = yup.object({ lat: yup.number().required(), lng: yup.number().required() });

export const ticketInfoSchema = yup.object({
  code: yup.string().required(),
  kind: yup.string().oneOf(TICKET_KINDS).required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  pay_method_id: yup.number().required(),
  /** Paid from a business partner's credit (and not given back): the ticket shows it was paid that way. */
  paid_on_credit: yup.boolean().default(false),
  fullname: yup.string().required(),
  phone: yup.string().required(),
  email: yup.string().defined(),
  pick_address: yup.string().required(),
  drop_address: yup.string().defined(),
  /** The places' ids, so that the ticket page can book the return (or the same trip again) with them. */
  pick_place_id: yup.string().optional(),
  drop_place_id: yup.string().optional(),
  depart_time: yup.string().required(),
  dimension_id: yup.number().integer().required(),
  ride_method_id: yup.number().integer().required(),
  vehicle_id: yup.number().integer().required(),
  vehicle_name: yup.string().defined(),
  /** A flexible pickup (use_range_time): the window's ends; null for a pickup at the time. Absent in older copies. */
  range_time: yup.object({ from: yup.string().required(), to: yup.string().required() }).nullable().default(null),
  chair: yup.number().integer().required(),
  duration: yup.number().integer().nullable().defined(),
  partner_id: yup.number().integer().required(),
  partner_name: yup.string().defined(),
  plane_number: yup.string().defined(),
  plane_type: yup.number().nullable().defined(),
  by_board: yup.boolean().required(),
  comment: yup.string().defined(),
  promotion_code: yup.string().defined(),
  vat: yup.boolean().required(),
  amounts: amountsSchema.required(),
  /** The driver and car the partner assigned; null until then (and after a cancellation). */
  driver_name: yup.string().nullable().defined(),
  driver_phone: yup.string().nullable().defined(),
  driver_plate: yup.string().nullable().defined(),
  /** A path of the driver's photo; absent in copies saved before trip states. */
  driver_photo_url: yup.string().nullable().optional(),
  driver_car_name: yup.string().nullable().optional(),
  /** The spec 4 catalogue state (src/shared/contract/tickets.ts TRIP_STATES); absent in copies saved before trip states. */
  trip_state: yup.string().optional(),
  /**
   * While the driver is on the way (trip_started) and shared a position in the last POSITION_FRESH_MS: the rough road
   * distance to the pick-up (metres), the minutes it takes and when the position came; null otherwise. With them the
   * driver's and the pick-up's coordinates rounded to MAP_COORDINATE_DECIMALS, for the map (absent in older copies).
   */
  driver_position: yup
    .object({
      metres: yup.number().integer().min(0).required(),
      minutes: yup.number().integer().min(1).required(),
      updated_at: yup.string().required(),
      driver: mapPointSchema.default(undefined).optional(),
      pickup: mapPointSchema.default(undefined).optional(),
    })
    .nullable()
    .optional(),
  /** The passenger's rating once given. */
  rating: ticketRatingSchema.nullable().optional(),
  /** A completed trip not rated yet (trip_completed): the passenger may rate it. */
  can_rate: yup.boolean().optional(),
  created_at: yup.string().required(),
  is_night_booking: yup.boolean().required(),
  night_status: yup.string().oneOf(NIGHT_STATUSES).required(),
  /** spec 4: cancellation allowed if not cancelled and departure is in the future. */
  can_cancel: yup.boolean().required(),
  /** When it was cancelled (ISO), null while it is not: the cancelled-ticket page shows it. */
  cancelled_at: yup.string().nullable().defined(),
  /**
   * The booking-received messages per channel (a channel not used is absent), so the success page says
   * "sent" only once they were. Absent in older copies.
   */
  messages: yup
    .object({ sms: messageStateSchema, mail: messageStateSchema, push: messageStateSchema, zalo: messageStateSchema })
    .optional()
    .default(undefined),
});
export type TicketInfo = yup.InferType<typeof ticketInfoSchema>;
export const ticketInfoResponseSchema = successSchema(ticketInfoSchema.required());

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

// Ticket cancellation (spec 4: allowed only if the transaction status is not cancelled and the departure is in the
// future; spec 7 generate_cancel_booking_token, cancel_booking, get_why_cancel_list, customer_feedback_why_cancel;
// spec 2 cancel confirm and cancel success popups with a reasons list). Proving ownership once (the code with the
// phone or e-mail it was booked with, or the signed-in owner's token) yields a short-lived cancel token; the
// cancellation and the feedback that follows it both present that token.

export const CANCEL_PATHS = {
  /** POST: ticket_code with phone_number or email, or with the owner's token (+ user_id). */
  generateCancelToken: '/api/passenger/generate_cancel_booking_token',
  /** POST: ticket_code, cancel_token. */
  cancelBooking: '/api/passenger/cancel_booking',
  /** GET: lang. The reasons in the order of spec 7. */
  whyCancelList: '/api/passenger/get_why_cancel_list',
  /** POST: ticket_code, cancel_token, reason_id, note. */
  feedbackWhyCancel: '/api/passenger/customer_feedback_why_cancel',
} as const;

/** spec 7 get_why_cancel_list: the reason ids, in the order they are listed. */
export const CANCEL_REASON_IDS = [1, 3, 4, 5, 2, 20, 11, 9] as const;
export type CancelReasonId = (typeof CANCEL_REASON_IDS)[number];

/** A cancel token lives 10 minutes: long enough to confirm and then say why. */
export const CANCEL_TOKEN_TTL_SECONDS = 600;
/** Ticket lookups (get_ticket_info, generate_cancel_booking_token) allowed per client address per window. */
export const TICKET_LOOKUP_LIMIT = 30;
export const TICKET_LOOKUP_WINDOW_SECONDS = 600;
export const CANCEL_NOTE_MAX = 500;

export const CANCEL_ERROR_KEYS = {
  /** spec 8: 'Ticket already cancelled; contact the hotline'. */
  alreadyCancelled: 'cancel.errors.already_cancelled',
  /** spec 4: the departure has passed (or the trip has begun or ended). */
  departed: 'cancel.errors.departed',
  /** The cancel token is unknown, expired, used by another ticket. */
  tokenInvalid: 'cancel.errors.token_invalid',
  /** The reason id is not one of the list. */
  reason: 'cancel.errors.reason',
  /** 429 with params {seconds}: too many ticket lookups from one address. */
  tooManyLookups: 'cancel.errors.too_many_lookups',
} as const;

export const CANCEL_MESSAGE_KEYS = {
  cancelled: 'cancel.messages.cancelled',
  feedbackSaved: 'cancel.messages.feedback_saved',
} as const;

/**
 * The caller proves ownership with the contact the ticket was booked with (like get_ticket_info: a wrong contact
 * answers exactly like an unknown code, 404 errors.not_found), or with the token of the account that booked it.
 */
export const generateCancelTokenRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** The booking browser's proof (or the X-Ticket-Key header), instead of the contact. */
  ticket_key: yup.string().trim().max(100).optional(),
  phone_number: yup.string().trim().max(20).optional(),
  email: yup.string().trim().lowercase().max(200).optional(),
  token: yup.string().trim().max(100).optional(),
  user_id: yup.number().integer().min(1).optional(),
  lang: langSchema,
});
export type GenerateCancelTokenRequest = yup.InferType<typeof generateCancelTokenRequestSchema>;

export const cancelTokenSchema = yup.object({
  cancel_token: yup.string().required(),
  expires_in: yup.number().integer().required(),
  /** What a cancellation now would refund (0 when nothing was paid online): shown in the confirm popup. */
  refund_amount: yup.number().integer().min(0).required(),
});
export type CancelToken = yup.InferType<typeof cancelTokenSchema>;
export const cancelTokenResponseSchema = successSchema(cancelTokenSchema.required());

export const cancelBookingRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  cancel_token: yup.string().trim().max(100).required(),
  lang: langSchema,
});
export type CancelBookingRequest = yup.InferType<typeof cancelBookingRequestSchema>;

export const cancelResultSchema = yup.object({
  ticket_code: yup.string().required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  cancelled_at: yup.string().required(),
  /** A refund recorded for an online payment (0 when none); the money goes back to the card or account paid from. */
  refund_amount: yup.number().integer().min(0).required(),
  /** Member balance given back (the part of the fare paid with it). */
  member_promotion_returned: yup.number().integer().min(0).required(),
});
export type CancelResult = yup.InferType<typeof cancelResultSchema>;
export const cancelResultResponseSchema = successSchema(cancelResultSchema.required());

export const whyCancelListRequestSchema = yup.object({ lang: langSchema });

export const cancelReasonSchema = yup.object({
  id: yup.number().integer().required(),
  /** In the language asked for. */
  text: yup.string().required(),
});
export type CancelReason = yup.InferType<typeof cancelReasonSchema>;
export const whyCancelListResponseSchema = successSchema(yup.array(cancelReasonSchema.required()).required());

/** The cancel success popup's reasons list: one reason and an optional note; sent again, it replaces the first. */
export const feedbackWhyCancelRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  cancel_token: yup.string().trim().max(100).required(),
  reason_id: yup
    .number()
    .integer()
    .required({ key: CANCEL_ERROR_KEYS.reason })
    .oneOf([...CANCEL_REASON_IDS], { key: CANCEL_ERROR_KEYS.reason }),
  note: yup.string().trim().max(CANCEL_NOTE_MAX).default(''),
  lang: langSchema,
});
export type FeedbackWhyCancelRequest = yup.InferType<typeof feedbackWhyCancelRequestSchema>;
export const feedbackResponseSchema = successSchema(yup.object({ saved: yup.boolean().required() }).required());

// Ratings: after a completed trip (trip_completed, spec 4 user status "not rated") the passenger
// rates it with stars and a comment, proving ownership like get_ticket_info; the rating completes the ticket and
// moves its partner's score (price list). The home ratings section reads the newest commented ratings.

export const RATING_PATHS = {
  /** POST: ticket_code, contact (phone or e-mail) or token, stars, comment, lang. */
  rateTicket: '/api/passenger/rate_ticket',
  /** GET: lang, limit. The home ratings section (spec 7 get_customer_ratings). */
  customerRatings: '/api/passenger/get_customer_ratings',
} as const;

export const RATING_COMMENT_MAX = 500;
export const CUSTOMER_RATINGS_DEFAULT = 10;
export const CUSTOMER_RATINGS_MAX = 30;

export const RATING_ERROR_KEYS = {
  /** 400: no star chosen (1 to 5). */
  stars: 'ratings.errors.stars',
  /** 400: the comment is longer than RATING_COMMENT_MAX. */
  comment: 'ratings.errors.comment',
  /** 409: only a completed trip that is not rated yet can be rated. */
  notRateable: 'ratings.errors.not_rateable',
  /** 400: neither a contact nor a token was given. */
  proofRequired: 'ratings.errors.proof_required',
} as const;

export const rateTicketRequestSchema = yup.object({
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** The phone or e-mail the ticket was booked with. */
  contact: yup.string().trim().max(200).optional(),
  /** The booking browser's access key (or the X-Ticket-Key header), instead of the contact. */
  ticket_key: yup.string().trim().max(100).optional(),
  /** The signed-in owner's account token (or an `Authorization: Bearer` header). */
  token: yup.string().trim().max(100).optional(),
  stars: yup
    .number()
    .typeError(RATING_ERROR_KEYS.stars)
    .integer(RATING_ERROR_KEYS.stars)
    .min(1, RATING_ERROR_KEYS.stars)
    .max(5, RATING_ERROR_KEYS.stars)
    .required(RATING_ERROR_KEYS.stars),
  comment: yup.string().trim().max(RATING_COMMENT_MAX, RATING_ERROR_KEYS.comment).default(''),
  lang: langSchema,
});
export type RateTicketRequest = yup.InferType<typeof rateTicketRequestSchema>;

export const rateTicketSchema = yup.object({
  ticket_code: yup.string().required(),
  stars: yup.number().integer().required(),
  comment: yup.string().defined(),
  created_at: yup.string().required(),
  /** The partner's score after this rating (0 to 5) and how many ratings it rests on. */
  partner_rating: yup.number().required(),
  partner_rating_count: yup.number().integer().required(),
});
export type RateTicket = yup.InferType<typeof rateTicketSchema>;
export const rateTicketResponseSchema = successSchema(rateTicketSchema.required());

export const customerRatingsRequestSchema = yup.object({
  lang: langSchema,
  limit: yup.number().integer().min(1).max(CUSTOMER_RATINGS_MAX).default(CUSTOMER_RATINGS_DEFAULT),
});

export const customerRatingSchema = yup.object({
  id: yup.number().integer().required(),
  /** The passenger's name shortened for privacy ("Nguyễn V. A." → "Anh N."). */
  name: yup.string().required(),
  stars: yup.number().integer().required(),
  comment: yup.string().required(),
  partner_name: yup.string().defined(),
  /** The trip, as "pickup → drop-off" place names (the first part of each address). */
  route: yup.string().defined(),
  created_at: yup.string().required(),
});
export type CustomerRating = yup.InferType<typeof customerRatingSchema>;
export const customerRatingsResponseSchema = successSchema(
  yup.object({ items: yup.array(customerRatingSchema.required()).required() }).required(),
);

// The trip of a ticket (spec 4 catalogue ticket states) as one state machine: the states, the only legal moves
// with who may make each, and what each state means for the spec 4 user ticket status and transaction status.
// The partners contract (partners.ts) holds the partner console's calls that apply it.

/** spec 4 catalogue ticket states. 'Not rated' is the passenger-facing status of trip_completed (user status 3). */
export const TRIP_STATES = [
  'awaiting_payment',
  'driver_pending',
  'not_started',
  'trip_started',
  'arrived_at_pickup',
  'passenger_picked_up',
  'trip_completed',
  'completed',
  'pickup_failed',
  'cancelled',
] as const;
export type TripState = (typeof TRIP_STATES)[number];

/** 'driver': the assigned driver through the trip link sent on assignment (partners' driver-trip contract). */
export const TRIP_ACTORS = ['partner', 'system', 'passenger', 'driver'] as const;
export type TripActor = (typeof TRIP_ACTORS)[number];

/** A ticket's state when it is created: online tickets wait for their payment. */
export const INITIAL_TRIP_STATE: TripState = 'driver_pending';

/** from → to → the actors allowed to make that move. Anything not listed is illegal; terminal states have no row. */
export const TRIP_TRANSITIONS: Readonly<Record<TripState, Readonly<Partial<Record<TripState, readonly TripActor[]>>>>> = {
  awaiting_payment: { driver_pending: ['system'], cancelled: ['system', 'passenger'] },
  // The partner accepts (→ not_started, then assigns a driver and car) or refuses (→ cancelled).
  driver_pending: { not_started: ['partner'], cancelled: ['passenger', 'system', 'partner'] },
  // From an assigned trip on, the driver moves it too: on the way to the pick-up (trip_started, the spec's "trip
  // started" is the driver setting off), arrived, passenger on board, finished. A failed pickup stays the dispatcher's
  // call until the passenger is on board; the passenger may cancel until then.
  not_started: { trip_started: ['partner', 'driver'], pickup_failed: ['partner'], cancelled: ['passenger', 'system'] },
  trip_started: { arrived_at_pickup: ['partner', 'driver'], pickup_failed: ['partner'], cancelled: ['passenger'] },
  arrived_at_pickup: { passenger_picked_up: ['partner', 'driver'], pickup_failed: ['partner'], cancelled: ['passenger'] },
  passenger_picked_up: { trip_completed: ['partner', 'driver'] },
  trip_completed: { completed: ['passenger', 'system'] },
  completed: {},
  pickup_failed: {},
  cancelled: {},
};

export const isTripState = (value: unknown): value is TripState =>
  typeof value === 'string' && (TRIP_STATES as readonly string[]).includes(value);

/** Whether `actor` may move a ticket from `from` to `to`. */
export function canTransition(from: TripState, to: TripState, actor: TripActor): boolean {
  return TRIP_TRANSITIONS[from]?.[to]?.includes(actor) ?? false;
}

/** The states `actor` may move a ticket to from `from`. */
export function nextStates(from: TripState, actor: TripActor): TripState[] {
  return TRIP_STATES.filter((to) => canTransition(from, to, actor));
}

export const isTerminal = (state: TripState): boolean => Object.keys(TRIP_TRANSITIONS[state]).length === 0;

/** The states a ticket may be in when `actor` moves it to `to` (the passenger's cancellation uses it). */
export function statesBefore(to: TripState, actor: TripActor): TripState[] {
  return TRIP_STATES.filter((from) => canTransition(from, to, actor));
}

/** spec 4 user ticket status of each trip state. */
export const TRIP_USER_STATUS: Readonly<Record<TripState, (typeof TICKET_STATUSES)[number]>> = {
  awaiting_payment: TICKET_STATUS.pending,
  driver_pending: TICKET_STATUS.pending,
  not_started: TICKET_STATUS.pending,
  // The driver on the way to the pick-up: the trip has not begun for the passenger yet.
  trip_started: TICKET_STATUS.pending,
  arrived_at_pickup: TICKET_STATUS.pending,
  passenger_picked_up: TICKET_STATUS.inProgress,
  trip_completed: TICKET_STATUS.notRated,
  completed: TICKET_STATUS.finished,
  pickup_failed: TICKET_STATUS.cancelled,
  cancelled: TICKET_STATUS.cancelled,
};

/**
 * spec 4 transaction status set on entering a state, where it changes: the payment arrived (driver_pending from
 * awaiting_payment), the ride was paid (trip_completed: cash collected, or already paid online), a cancellation.
 * A failed pickup keeps the transaction as it was (no refund is implied).
 */
export function transactionStatusOnEnter(from: TripState, to: TripState): (typeof TRANSACTION_STATUSES)[number] | null {
  if (to === 'cancelled') return TRANSACTION_STATUS.cancel;
  if (to === 'trip_completed') return TRANSACTION_STATUS.success;
  if (from === 'awaiting_payment' && to === 'driver_pending') return TRANSACTION_STATUS.success;
  return null;
}
