// Ticket cancellation (spec 4: allowed only if the transaction status is not cancelled and the departure is in the
// future; spec 7 generate_cancel_booking_token, cancel_booking, get_why_cancel_list, customer_feedback_why_cancel;
// spec 2 cancel confirm and cancel success popups with a reasons list). Proving ownership once (the code with the
// phone or e-mail it was booked with, or the signed-in owner's token) yields a short-lived cancel token; the
// cancellation and the feedback that follows it both present that token.
import { langSchema } from './common';
import { successSchema } from './envelope';
import { TICKET_STATUSES, TRANSACTION_STATUSES } from './booking';
import { yup } from './yup';

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
  /** issue 18: the booking browser's proof (or the X-Ticket-Key header), instead of the contact. */
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
