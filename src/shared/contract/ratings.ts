// Ratings (issue 7 item 4): after a completed trip (trip_completed, spec 4 user status "not rated") the passenger
// rates it with stars and a comment, proving ownership like get_ticket_info; the rating completes the ticket and
// moves its partner's score (price list). The home ratings section reads the newest commented ratings.
import { langSchema } from './common';
import { successSchema } from './envelope';
import { yup } from './yup';

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
  /** issue 18: the booking browser's access key (or the X-Ticket-Key header), instead of the contact. */
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
