// What the passenger is told, and how: each event of a ticket, whether it goes by SMS and e-mail (the
// texts of locales/*.json) and which push it sends to the ticket's subscribed browsers (push/texts.ts); and what a
// transport partner's joining tells its applicant and its staff (events about an account, not a ticket).
import type { PushEventType } from '../../shared/contract/push';

/** 'zalo': the phone's message as a Zalo template message, in place of the SMS where Zalo is configured. */
export const MESSAGE_CHANNELS = ['sms', 'mail', 'push', 'zalo'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** A row's life: claimed rows are 'sending' until sent, given back, or their lease lapses. */
export type MessageStatus = 'pending' | 'sending' | 'sent' | 'failed';

interface EventRule {
  /** An SMS to the ticket's phone, and an e-mail when the ticket has an address. */
  text: boolean;
  /** The push to the browsers subscribed to the ticket, if any. */
  push: PushEventType | null;
  /** The SMS only, never the e-mail: the booking's e-mail is whatever its booker typed, the phone is the one told. */
  phoneOnly?: true;
  /** To the assigned driver's phone (MessageDetails.driver) instead of the passenger's; never an e-mail or a push. */
  toDriver?: true;
  /** About a partner's account (the row's subject), not a ticket: to the phone and e-mail the writer names. */
  account?: true;
  /** The e-mail only, never an SMS: a desk login's name is its e-mail and it has no phone. */
  mailOnly?: true;
}

export const MESSAGE_EVENTS = {
  // The booking's own browser shows it; it subscribes to pushes only after the booking.
  booking_received: { text: true, push: null },
  // A booking of a trip the phone already holds, by someone who did not prove the earlier ticket: the phone's owner
  // is told of both, to cancel the one they do not want; the booker (and the e-mail they typed) nothing of the earlier.
  booking_duplicate: { text: true, push: null, phoneOnly: true },
  payment_received: { text: true, push: 'payment_succeeded' },
  // The passenger is on the payment page: the push alone, as always.
  payment_failed: { text: false, push: 'payment_failed' },
  partner_accepted: { text: true, push: 'partner_accepted' },
  partner_refused: { text: true, push: 'partner_refused' },
  driver_assigned: { text: true, push: 'driver_assigned' },
  // The assigned driver's trip link (its secret is in the row's path, as the passenger's ticket link is in theirs).
  driver_trip_link: { text: true, push: null, toDriver: true },
  // The driver has set off to the pick-up (the trip state trip_started), then has arrived there.
  trip_started: { text: false, push: 'trip_started' },
  driver_arrived: { text: false, push: 'driver_arrived' },
  cancelled: { text: true, push: 'cancelled' },
  refund_owed: { text: true, push: null },
  // A transport application approved: the owner's one-time set-password link, by SMS and to the application's e-mail.
  partner_application_approved: { text: true, push: null, account: true },
  // A transport application refused: the operator's reason, by SMS and e-mail.
  partner_application_refused: { text: true, push: null, account: true },
  // A staff login's set-password link (a member the owner added, or a new link sent again): SMS to the login's phone.
  staff_password_link: { text: true, push: null, phoneOnly: true, account: true },
  // A desk login's set-password link (a new member of Vivu's staff, or a new link sent again): to its e-mail.
  desk_password_link: { text: true, push: null, mailOnly: true, account: true },
  // The desk's answer to a person's request (the inbox): by the one channel the member chose, to the address given.
  inbox_answer_mail: { text: true, push: null, mailOnly: true, account: true },
  inbox_answer_sms: { text: true, push: null, phoneOnly: true, account: true },
  // A complaint received: its number and the day its answer is due, to the e-mail the person gave.
  complaint_received: { text: true, push: null, mailOnly: true, account: true },
} as const satisfies Record<string, EventRule>;

export type MessageEvent = keyof typeof MESSAGE_EVENTS;
export const TEXT_EVENTS = (Object.keys(MESSAGE_EVENTS) as MessageEvent[]).filter((event) => MESSAGE_EVENTS[event].text);

export const isMessageEvent = (value: string): value is MessageEvent => Object.hasOwn(MESSAGE_EVENTS, value);

/**
 * The row's unique key: one message per event, ticket and channel, so a replayed callback or a repeated call writes
 * nothing new. `discriminator` tells apart two legitimate occurrences (a payment id, a second driver assignment).
 */
export function dedupeKey(event: MessageEvent, ticketId: number, channel: MessageChannel, discriminator?: string): string {
  return [event, String(ticketId), ...(discriminator ? [discriminator] : []), channel].join(':');
}

/** The events about a partner's account (written by MessageWriter.account, never about a ticket). */
export type AccountEvent = {
  [E in MessageEvent]: (typeof MESSAGE_EVENTS)[E] extends { account: true } ? E : never;
}[MessageEvent];

/** An account message's key: one per event, subject, occurrence (a link's id) and channel. */
export function accountDedupeKey(event: AccountEvent, subject: string, channel: MessageChannel, discriminator?: string): string {
  return [event, subject, ...(discriminator ? [discriminator] : []), channel].join(':');
}

/** What a payment callback's outcome (payments/repository.ts ApplyOutcome) tells the passenger, if anything. */
export function eventOfPayment(outcome: string): MessageEvent | null {
  if (outcome === 'paid') return 'payment_received';
  if (outcome === 'failed') return 'payment_failed';
  // Money taken for a ticket that will not be served as paid (cancelled, timed out, paid twice): it is owed back.
  if (outcome.startsWith('paid_')) return 'refund_owed';
  return null;
}

/** The fields a template can use, kept in the row as they were when the event happened. */
export interface MessagePayload {
  code: string;
  /** The ticket page's path (ticket-detail with the phone); sent on PUBLIC_URL's origin when it is set. */
  path: string;
  /** The site's origin the booking came through (tickets.link_origin), its links' origin without PUBLIC_URL. */
  origin?: string;
  name: string;
  route: string;
  /** The pick-up time ("HH:mm d/M/yyyy", Vietnam time), or its window for a flexible pick-up. */
  depart: string;
  total: number;
  /** A payment's or a refund's amount. */
  amount?: number;
  /** Member balance given back by a cancellation. */
  member_returned?: number;
  /** ISO instant of the cancellation. */
  cancelled_at?: string;
  /** booking_duplicate: the earlier ticket of the same trip, and its page's path. */
  other_code?: string;
  other_path?: string;
  driver_name?: string;
  driver_phone?: string;
  plate?: string;
  car?: string;
}

/**
 * The fields of an account message's texts. `path` is the set-password page's (in the message's language) and
 * `token` the link's secret, sent in the address's fragment and removed from the row once it is sent or given up.
 */
export interface AccountPayload {
  /** The applicant's or the member's name. */
  name: string;
  /** The transport partner's (or the applying company's) name. */
  company: string;
  path?: string;
  token?: string;
  /** staff_password_link, desk_password_link: the login's role (partner-roles.ts, desk.ts). */
  role?: string;
  /** partner_application_refused: the operator's reason. */
  reason?: string;
  /** inbox_answer_*: the desk member's answer, as written. */
  answer?: string;
  /** complaint_received: the complaint's number. */
  reference?: string;
  /** complaint_received: the last day of the promise (d/M/yyyy, Vietnam time). */
  reply_by?: string;
}
