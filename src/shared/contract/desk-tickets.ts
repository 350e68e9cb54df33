// The desk's Tickets area: every ticket searched by code, phone, e-mail, passenger name, pick-up days, partner and
// trip state (paged on the server); one ticket's whole timeline (states, payments and refunds, messages, the driver,
// the desk's own actions); and the desk's actions on it, each with a reason the audit log keeps: a refund marked paid
// (finance and admin), a cancellation, a move to another partner, the booking messages sent again.
import { emailSchema } from './common';
import { DESK_AREAS } from './desk';
import { successSchema } from './envelope';
import { TRIP_STATES, type TripState } from './tickets';
import { yup } from './yup';

/** The roles besides admin the area's search, timeline, cancel, move and resend are for. */
export const DESK_TICKETS_ROLES = DESK_AREAS.tickets;
/** The roles besides admin that may mark a refund paid (money leaves Vivu's account). */
export const DESK_REFUND_ROLES = ['finance'] as const;

/** Tickets on a page of the search. */
export const DESK_TICKETS_PAGE_SIZE = 25;
/** The booking messages of one ticket are sent again at most once in this many minutes (a repeated click sends nothing). */
export const DESK_RESEND_MINUTES = 10;
export const DESK_REASON_MIN = 5;
export const DESK_REASON_MAX = 500;
export const DESK_REFERENCE_MAX = 100;
/** How a refund left Vivu: a bank transfer to the passenger, cash at the office, or the card gateway's own refund. */
export const DESK_REFUND_METHODS = ['bank_transfer', 'gateway', 'cash'] as const;
export type DeskRefundMethod = (typeof DESK_REFUND_METHODS)[number];

export const DESK_TICKETS_ERROR_KEYS = {
  /** 400: a search field or filter that is not what it should be. */
  filter: 'desk_tickets.errors.filter',
  code: 'desk_tickets.errors.code',
  reason: 'desk_tickets.errors.reason',
  amount: 'desk_tickets.errors.amount',
  method: 'desk_tickets.errors.method',
  reference: 'desk_tickets.errors.reference',
  partner: 'desk_tickets.errors.partner',
  /** 404: no ticket of that code. */
  notFound: 'desk_tickets.errors.not_found',
  /** 409: the ticket is not a cancelled ticket with a refund owed. */
  noRefund: 'desk_tickets.errors.no_refund',
  /** 409 with params {remaining}: more than what is left of the refund owed. */
  overRefund: 'desk_tickets.errors.over_refund',
  /** 409: the ticket is cancelled already, or its pick-up has passed or begun (the passenger's rules). */
  notCancellable: 'desk_tickets.errors.not_cancellable',
  /** 409: a ticket that is cancelled, begun or over stays with its partner. */
  notMovable: 'desk_tickets.errors.not_movable',
  /** 409: the partner chosen does not serve the ticket (or is its partner already). */
  partnerNotServing: 'desk_tickets.errors.partner_not_serving',
  /** 429 with params {minutes}: sent again less than DESK_RESEND_MINUTES ago. */
  resendLimit: 'desk_tickets.errors.resend_limit',
  /** 409: a cancelled ticket's booking messages are not sent again. */
  notResendable: 'desk_tickets.errors.not_resendable',
} as const;

export const DESK_TICKETS_PATHS = {
  /** GET: the search (query: code, phone, email, name, from, to, partner_id, state, page). */
  search: '/api/desk/tickets',
  /** GET: every partner (id and name), for the search's partner filter. */
  partners: '/api/desk/tickets/partners',
  /** GET (query: code): the ticket, its timeline, its refund and what the member may do with it. */
  timeline: '/api/desk/tickets/timeline',
  /** POST (finance, admin): code, amount, method, reference, reason. */
  refund: '/api/desk/tickets/refund',
  /** POST: code, reason. */
  cancel: '/api/desk/tickets/cancel',
  /** POST: code, partner_id, reason. */
  move: '/api/desk/tickets/move',
  /** POST: code, reason. */
  resend: '/api/desk/tickets/resend',
} as const;

const K = DESK_TICKETS_ERROR_KEYS;

const isoDay = yup
  .string()
  .trim()
  .matches(/^\d{4}-\d{2}-\d{2}$/, { message: { key: K.filter }, excludeEmptyString: true })
  .test('day', { key: K.filter }, (value) => !value || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const optionalText = (max: number) => yup.string().trim().max(max, { key: K.filter }).optional();

/** The search: each field narrows it; the pick-up days are Vietnam days, both ends included. */
export const deskTicketSearchSchema = yup.object({
  code: optionalText(20),
  phone: yup
    .string()
    .trim()
    .max(20, { key: K.filter })
    .matches(/^\+?[\d\s.-]*$/, { message: { key: K.filter }, excludeEmptyString: true })
    .optional(),
  email: emailSchema.optional(),
  name: optionalText(100),
  from: isoDay.optional(),
  to: isoDay.optional(),
  partner_id: yup.number().typeError({ key: K.filter }).integer({ key: K.filter }).min(1, { key: K.filter }).optional(),
  state: yup
    .string()
    .oneOf([...TRIP_STATES, ''], { key: K.filter })
    .optional(),
  page: yup.number().typeError({ key: K.filter }).integer().min(1).max(10_000).default(1),
});
export type DeskTicketSearch = yup.InferType<typeof deskTicketSearchSchema>;

const ticketCodeSchema = yup.string().trim().uppercase().required({ key: K.code }).max(20, { key: K.code });
const reasonSchema = yup
  .string()
  .trim()
  .required({ key: K.reason })
  .min(DESK_REASON_MIN, { key: K.reason, params: { min: DESK_REASON_MIN } })
  .max(DESK_REASON_MAX, { key: K.reason, params: { min: DESK_REASON_MIN } });

export const deskTicketCodeSchema = yup.object({ code: ticketCodeSchema });

export const deskRefundPaidSchema = yup.object({
  code: ticketCodeSchema,
  amount: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError({ key: K.amount })
    .integer({ key: K.amount })
    .min(1, { key: K.amount })
    .max(1_000_000_000, { key: K.amount })
    .required({ key: K.amount }),
  method: yup
    .string()
    .oneOf([...DESK_REFUND_METHODS], { key: K.method })
    .required({ key: K.method }),
  reference: yup.string().trim().required({ key: K.reference }).max(DESK_REFERENCE_MAX, { key: K.reference }),
  reason: reasonSchema,
});
export type DeskRefundPaidInput = yup.InferType<typeof deskRefundPaidSchema>;

export const deskTicketReasonSchema = yup.object({ code: ticketCodeSchema, reason: reasonSchema });
export type DeskTicketReasonInput = yup.InferType<typeof deskTicketReasonSchema>;

export const deskTicketMoveSchema = yup.object({
  code: ticketCodeSchema,
  partner_id: yup
    .number()
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError({ key: K.partner })
    .integer({ key: K.partner })
    .min(1, { key: K.partner })
    .required({ key: K.partner }),
  reason: reasonSchema,
});
export type DeskTicketMoveInput = yup.InferType<typeof deskTicketMoveSchema>;

const partnerRefSchema = yup.object({ id: yup.number().integer().required(), name: yup.string().defined() });
export type DeskPartnerRef = yup.InferType<typeof partnerRefSchema>;

export const deskTicketRowSchema = yup.object({
  code: yup.string().required(),
  fullname: yup.string().defined(),
  phone: yup.string().defined(),
  email: yup.string().defined(),
  /** "HH:mm d/M/yyyy", Vietnam time, as booked. */
  depart_time: yup.string().defined(),
  depart_at: yup.string().required(),
  pick_address: yup.string().defined(),
  drop_address: yup.string().defined(),
  partner: partnerRefSchema.required(),
  trip_state: yup.string().required(),
  status: yup.number().integer().required(),
  transaction_status_id: yup.number().integer().required(),
  pay_method_id: yup.number().integer().required(),
  total_cost: yup.number().integer().required(),
  created_at: yup.string().required(),
  cancelled_at: yup.string().nullable().defined(),
});
export type DeskTicketRow = yup.InferType<typeof deskTicketRowSchema>;

/** A page of the search, newest pick-up first; `more`: another page follows (no total is counted). */
export const deskTicketPageSchema = yup.object({
  items: yup.array(deskTicketRowSchema.required()).required(),
  page: yup.number().integer().required(),
  more: yup.boolean().required(),
});
export type DeskTicketPage = yup.InferType<typeof deskTicketPageSchema>;
export const deskTicketPageResponseSchema = successSchema(deskTicketPageSchema.required());

export const deskPartnersResponseSchema = successSchema(
  yup.object({ items: yup.array(partnerRefSchema.required()).required() }).required(),
);

export const TIMELINE_KINDS = ['booked', 'state', 'payment', 'refund', 'payout', 'message', 'assignment', 'desk'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One moment of a ticket's life. `name` says what: the state entered (state), the payment's status (payment), the
 * refund's status (refund), the method (payout), the message's event (message), the driver (assignment), the audit
 * action (desk). The other fields are there when the kind has them.
 */
export const timelineEntrySchema = yup.object({
  at: yup.string().required(),
  kind: yup.string().oneOf(TIMELINE_KINDS).required(),
  name: yup.string().defined(),
  /** The state left (state). */
  from: yup.string().nullable().defined(),
  /** Who: 'partner', 'system', 'passenger', 'driver', 'desk' (state); a member's e-mail (desk, payout). */
  by: yup.string().nullable().defined(),
  amount: yup.number().integer().nullable().defined(),
  /** sms, mail, push, zalo (message); the gateway (payment). */
  channel: yup.string().nullable().defined(),
  /** The outbox row's status (message): pending, sending, sent, failed. */
  status: yup.string().nullable().defined(),
  /** The reason given (state, desk), the reference (payout), the car's plate (assignment). */
  note: yup.string().nullable().defined(),
});
export type TimelineEntry = yup.InferType<typeof timelineEntrySchema>;

export const deskTimelineSchema = yup.object({
  ticket: deskTicketRowSchema.required(),
  entries: yup.array(timelineEntrySchema.required()).required(),
  /** The refund the cancellation owes (null: nothing was paid online): owed, paid out by the desk, left. */
  refund: yup
    .object({
      owed: yup.number().integer().required(),
      paid_out: yup.number().integer().required(),
      remaining: yup.number().integer().required(),
    })
    .nullable()
    .defined(),
  /** The actions open to this member on this ticket now (the server checks again on each). */
  may: yup
    .object({
      refund: yup.boolean().required(),
      cancel: yup.boolean().required(),
      move: yup.boolean().required(),
      resend: yup.boolean().required(),
    })
    .required(),
  /** The other partners that serve the ticket (its vehicle type where and when it goes), for a move. */
  move_to: yup.array(partnerRefSchema.required()).required(),
});
export type DeskTimeline = yup.InferType<typeof deskTimelineSchema>;
export const deskTimelineResponseSchema = successSchema(deskTimelineSchema.required());

/** An action's answer: the ticket as it is now. */
export const deskTicketActionResponseSchema = successSchema(deskTicketRowSchema.required());

export const isTripStateFilter = (value: string): value is TripState => (TRIP_STATES as readonly string[]).includes(value);
