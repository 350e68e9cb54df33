// The desk's inbox: every request a person is waiting on Vivu's staff for (special requests, call-back requests,
// complaints, partner and business applications, bank transfers no partner owns), each with its promise clock, who took it and its history. Staff take, answer
// (by e-mail or SMS, through the message outbox), close and reopen items. Every message is an i18n key of desk_inbox.
import { successSchema } from './envelope';
import { yup } from './yup';

/** What an item stands for: the owning module's row it was found in. */
export const INBOX_KINDS = [
  'special_request',
  'callback',
  'complaint',
  'partner_application',
  'business_application',
  'bank_transfer',
  'ticket_without_driver',
  'ticket_refused',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** An item's life: open → taken → answered (again as often as needed) → closed → reopened → taken… */
export const INBOX_STATES = ['open', 'taken', 'answered', 'closed', 'reopened'] as const;
export type InboxState = (typeof INBOX_STATES)[number];
/** The list's state filter: one state, or every state but closed. */
export const INBOX_STATE_FILTERS = [...INBOX_STATES, 'active'] as const;

/** How an answer reaches the person: whichever address they gave (staff choose when they gave both). */
export const INBOX_CHANNELS = ['mail', 'sms'] as const;
export type InboxChannel = (typeof INBOX_CHANNELS)[number];

/** What the history records. */
export const INBOX_ACTIONS = ['taken', 'answered', 'closed', 'reopened'] as const;
export type InboxAction = (typeof INBOX_ACTIONS)[number];

/**
 * The promise of each kind, in minutes from when the person sent it (null: the site promises no time). A special
 * request carries its own due time, set when it was sent from the setting special_request_reply_hours (48 h), and a
 * complaint its own, the complaints page's "within 2 working days" (the end of the second working day after it);
 * the call-back prompt says "a Vivu agent will call you back in a few minutes"; a transport partner's application
 * "our partner team will call you soon"; a business application gets its login by e-mail at once, with no answer
 * promised; a ticket without a driver 2 hours before its pick-up (ticket_without_driver) is due at the pick-up
 * itself, and so is a ticket its partner refused (ticket_refused: another car must be found before then); a bank
 * transfer whose note names no ticket of ours was promised nothing (docs/decisions.md "The desk's inbox").
 */
export const INBOX_PROMISE_MINUTES: Record<
  Exclude<InboxKind, 'special_request' | 'complaint' | 'ticket_without_driver' | 'ticket_refused'>,
  number | null
> = {
  callback: 30,
  partner_application: 48 * 60,
  business_application: null,
  bank_transfer: null,
};

/** A ticket whose trip has not got a driver this many hours before its pick-up needs a person. */
export const INBOX_DRIVER_HOURS = 2;

export const INBOX_PAGE_SIZE = 20;
export const INBOX_ANSWER_MAX = 1000;
export const INBOX_NOTE_MAX = 500;

export const INBOX_ERROR_KEYS = {
  /** 400: a filter that is not one of the kinds, states, a page or a yes/no. */
  filter: 'desk_inbox.errors.filter',
  /** 400: not an item's number. */
  item: 'desk_inbox.errors.item',
  /** 404: no item of that number. */
  notFound: 'desk_inbox.errors.not_found',
  /** 409 with params {email}: another member took the item first. */
  takenByOther: 'desk_inbox.errors.taken_by_other',
  /** 409: the item is closed (reopen it first). */
  closed: 'desk_inbox.errors.closed',
  /** 409: only a closed item reopens. */
  notClosed: 'desk_inbox.errors.not_closed',
  /** 400: the answer is empty. */
  answerBlank: 'desk_inbox.errors.answer_blank',
  /** 400 with params {max}. */
  answerLong: 'desk_inbox.errors.answer_long',
  /** 400: not e-mail or SMS, or the person gave no address of that kind. */
  channel: 'desk_inbox.errors.channel',
  /** 400 with params {max}. */
  note: 'desk_inbox.errors.note',
} as const;

export const INBOX_PATHS = {
  /** GET (support, admin): a page of items, filtered by kind, state, overdue and taken by me. */
  list: '/api/desk/inbox',
  /** GET (support, admin) ?id=: one item with the person, the request, its clock and history. */
  item: '/api/desk/inbox/item',
  /** POST {id}: the member takes the item (one of two at once wins). */
  take: '/api/desk/inbox/take',
  /** POST {id, channel, text}: the answer goes to the person through the outbox and is kept with the item. */
  answer: '/api/desk/inbox/answer',
  /** POST {id, note}. */
  close: '/api/desk/inbox/close',
  /** POST {id, note}: a closed item is open again for anyone to take. */
  reopen: '/api/desk/inbox/reopen',
} as const;

const itemIdSchema = yup
  .number()
  .typeError({ key: INBOX_ERROR_KEYS.item })
  .integer({ key: INBOX_ERROR_KEYS.item })
  .min(1, { key: INBOX_ERROR_KEYS.item })
  .max(2_147_483_647, { key: INBOX_ERROR_KEYS.item })
  .required({ key: INBOX_ERROR_KEYS.item });

const yesNo = yup.boolean().typeError({ key: INBOX_ERROR_KEYS.filter }).optional();

export const inboxListQuerySchema = yup.object({
  page: yup.number().typeError({ key: INBOX_ERROR_KEYS.filter }).integer().min(1).max(100_000).default(1),
  kind: yup
    .string()
    .oneOf([...INBOX_KINDS, ''], { key: INBOX_ERROR_KEYS.filter })
    .optional(),
  state: yup
    .string()
    .oneOf([...INBOX_STATE_FILTERS, ''], { key: INBOX_ERROR_KEYS.filter })
    .optional(),
  /** Waiting for a first answer past the promised time. */
  overdue: yesNo,
  /** Taken by the member asking. */
  mine: yesNo,
});
export type InboxListQuery = yup.InferType<typeof inboxListQuerySchema>;

export const inboxItemQuerySchema = yup.object({ id: itemIdSchema });
export const inboxTakeSchema = yup.object({ id: itemIdSchema });

export const inboxAnswerSchema = yup.object({
  id: itemIdSchema,
  channel: yup
    .string()
    .oneOf([...INBOX_CHANNELS], { key: INBOX_ERROR_KEYS.channel })
    .required({ key: INBOX_ERROR_KEYS.channel }),
  text: yup
    .string()
    .trim()
    .required({ key: INBOX_ERROR_KEYS.answerBlank })
    .max(INBOX_ANSWER_MAX, { key: INBOX_ERROR_KEYS.answerLong, params: { max: INBOX_ANSWER_MAX } }),
});
export type InboxAnswerInput = yup.InferType<typeof inboxAnswerSchema>;

export const inboxNoteSchema = yup.object({
  id: itemIdSchema,
  note: yup
    .string()
    .trim()
    .max(INBOX_NOTE_MAX, { key: INBOX_ERROR_KEYS.note, params: { max: INBOX_NOTE_MAX } })
    .default(''),
});
export type InboxNoteInput = yup.InferType<typeof inboxNoteSchema>;

/**
 * The promise clock at the server's `now`: the due time, the seconds left until it (negative: late), stopped at the
 * first answer; `within_promise` once answered (null while waiting, or when nothing was promised).
 */
export const inboxClockSchema = yup.object({
  due_at: yup.string().nullable().defined(),
  seconds_left: yup.number().integer().nullable().defined(),
  overdue: yup.boolean().required(),
  answered_at: yup.string().nullable().defined(),
  within_promise: yup.boolean().nullable().defined(),
});
export type InboxClock = yup.InferType<typeof inboxClockSchema>;

const takerSchema = yup.object({ id: yup.number().integer().nullable().defined(), email: yup.string().required() });

export const inboxItemSchema = yup.object({
  id: yup.number().integer().required(),
  kind: yup.string().oneOf(INBOX_KINDS).required(),
  state: yup.string().oneOf(INBOX_STATES).required(),
  name: yup.string().defined(),
  summary: yup.string().defined(),
  received_at: yup.string().required(),
  clock: inboxClockSchema.required(),
  taken_by: takerSchema.nullable().defined(),
  taken_at: yup.string().nullable().defined(),
});
export type InboxItem = yup.InferType<typeof inboxItemSchema>;

export const inboxPageSchema = yup.object({
  items: yup.array(inboxItemSchema.required()).required(),
  page: yup.number().integer().required(),
  pages: yup.number().integer().required(),
  total: yup.number().integer().required(),
  /** The server's time the clocks were read at. */
  now: yup.string().required(),
});
export type InboxPage = yup.InferType<typeof inboxPageSchema>;
export const inboxPageResponseSchema = successSchema(inboxPageSchema.required());

export const inboxEventSchema = yup.object({
  id: yup.number().integer().required(),
  at: yup.string().required(),
  action: yup.string().oneOf(INBOX_ACTIONS).required(),
  staff_email: yup.string().required(),
  note: yup.string().defined(),
  answer: yup.string().defined(),
  channel: yup.string().oneOf(INBOX_CHANNELS).nullable().defined(),
  recipient: yup.string().nullable().defined(),
});
export type InboxEvent = yup.InferType<typeof inboxEventSchema>;

/** The request as the person sent it: one line per field (`key` is an i18n key of desk_inbox.fields). */
export const inboxFieldSchema = yup.object({ key: yup.string().required(), value: yup.string().defined() });
export type InboxField = yup.InferType<typeof inboxFieldSchema>;

export const inboxPersonSchema = yup.object({
  name: yup.string().defined(),
  phone: yup.string().defined(),
  email: yup.string().defined(),
  /** The language the person wrote in: the answer's messages are in it. */
  lang: yup.string().required(),
});
export type InboxPerson = yup.InferType<typeof inboxPersonSchema>;

export const inboxItemDetailSchema = inboxItemSchema.shape({
  person: inboxPersonSchema.required(),
  fields: yup.array(inboxFieldSchema.required()).required(),
  /** The channels an answer can go by (the addresses the person gave). */
  channels: yup.array(yup.string().oneOf(INBOX_CHANNELS).required()).required(),
  events: yup.array(inboxEventSchema.required()).required(),
  now: yup.string().required(),
});
export type InboxItemDetail = yup.InferType<typeof inboxItemDetailSchema>;
export const inboxItemResponseSchema = successSchema(inboxItemDetailSchema.required());

/**
 * The numbers dashboard's answer times of one kind over a range of days: the items received, answered (first
 * answer), answered within the promise, waiting, waiting past the promise, and the first answers' minutes.
 */
export interface InboxAnswerTimes {
  kind: InboxKind;
  received: number;
  answered: number;
  /** Answered by the due time (items with a promise only). */
  within_promise: number;
  /** Answered after the due time. */
  late: number;
  waiting: number;
  /** Waiting with the due time passed. */
  overdue: number;
  /** First answer minus received, in whole minutes: average and the slowest (null with no answer). */
  average_minutes: number | null;
  max_minutes: number | null;
}
