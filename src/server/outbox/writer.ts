// The transactional outbox's writing side: the repositories that make a state change (a booking, a
// payment, a partner's move, a cancellation) call write() with their own transaction, so the messages commit or roll
// back with the change; wake() after the commit has the dispatcher send them at once.
import { eq } from 'drizzle-orm';
import { isLang, pathFor, type Lang } from '../../shared/domain/route-table';
import type { Db } from '../db/client';
import { rangeEnds } from '../../shared/domain/range-time';
import { tickets } from '../db/schema';
import {
  accountDedupeKey,
  dedupeKey,
  eventOfPayment,
  MESSAGE_EVENTS,
  type AccountEvent,
  type AccountPayload,
  type MessageChannel,
  type MessageEvent,
  type MessagePayload,
} from './events';
import { insertMessages, withdrawLinks, type Executor, type NewOutboxRow } from './rows';
import { zaloPhone } from '../adapters/messaging/zalo';

type TicketRow = typeof tickets.$inferSelect;

/** What an event adds to the ticket's fields. */
export interface MessageDetails {
  /** Tells apart two legitimate occurrences of the event on one ticket (a payment's id, a new driver). */
  discriminator?: string;
  amount?: number;
  memberReturned?: number;
  cancelledAt?: Date;
  driver?: { name: string; phone: string; plate: string; car: string };
  /** driver_trip_link: the driver's trip screen path (holding the link's secret), sent in place of the ticket's. */
  driverPath?: string;
  /** The earlier ticket of the same trip and phone (booking_duplicate). */
  other?: { code: string; phone: string };
}

/** A message about a partner's account: who it is about, where it goes, in which language. */
export interface AccountMessage {
  /** 'staff-<id>', 'lead-<id>' or 'desk-<id>' (message_outbox.subject). */
  subject: string;
  /** Tells apart two occurrences of the event for the subject (each new link's id). */
  discriminator?: string;
  phone: string;
  /** Also by e-mail, unless the event is phone only. */
  email?: string | null;
  lang: Lang;
  payload: AccountPayload;
}

export interface MessageWriter {
  /** The event's rows (SMS, mail when the ticket has an address, push when browsers are subscribed), in `tx`. */
  write(tx: Executor, event: MessageEvent, ticket: TicketRow | number, details?: MessageDetails): Promise<number>;
  /**
   * What a payment callback's outcome tells the passenger (payments/repository.ts applyResult), in `tx`; `amount`
   * reads the payment's amount in `tx` (the payments module's), asked only when the outcome has a message.
   */
  paymentApplied(
    tx: Executor,
    payment: { id: number; ticketId: number },
    outcome: string,
    amount: () => Promise<number | undefined>,
  ): Promise<number>;
  /**
   * An account event's rows (SMS unless the event is mail only, and mail when an address is given and the event is
   * not phone only), in `tx`.
   */
  account(tx: Executor, event: AccountEvent, message: AccountMessage): Promise<number>;
  /** The subject's unsent set-password links withdrawn, in the transaction that made a new one. */
  withdrawLinks(tx: Pick<Db, 'update'>, subject: string): Promise<number>;
  /** After the commit of a transaction that wrote rows: the dispatcher sends them now (a no-op when it is stopped). */
  wake(): void;
}

/** For a repository built without messages (nothing is written). */
export const NO_MESSAGES: MessageWriter = {
  write: async () => 0,
  paymentApplied: async () => 0,
  account: async () => 0,
  withdrawLinks: async () => 0,
  wake: () => {},
};

/** The rows of an account event (no ticket, no push, never Zalo: its templates are the trips'). */
export function accountRows(event: AccountEvent, message: AccountMessage): NewOutboxRow[] {
  const phoneOnly = 'phoneOnly' in MESSAGE_EVENTS[event];
  const mailOnly = 'mailOnly' in MESSAGE_EVENTS[event];
  const row = (channel: MessageChannel, recipient: string): NewOutboxRow => ({
    ticketId: null,
    subject: message.subject,
    event,
    channel,
    recipient,
    lang: message.lang,
    payload: { ...message.payload } as unknown as Record<string, unknown>,
    dedupeKey: accountDedupeKey(event, message.subject, channel, message.discriminator),
  });
  const rows = mailOnly ? [] : [row('sms', message.phone)];
  if (message.email && !phoneOnly) rows.push(row('mail', message.email));
  return rows;
}

/** The payload of a ticket's message: the ticket as the passenger knows it, and what the event adds. */
export function payloadOf(ticket: TicketRow, details: MessageDetails = {}): MessagePayload {
  const lang = isLang(ticket.lang) ? ticket.lang : 'vi';
  const window = ticket.useRangeTime ? rangeEnds(ticket.departTime) : null;
  return {
    code: ticket.code,
    path: pathFor('ticket-detail', lang, { code: ticket.code, phone: ticket.phone }),
    ...(ticket.linkOrigin ? { origin: ticket.linkOrigin } : {}),
    name: ticket.fullname,
    route: ticket.dropAddress ? `${ticket.pickAddress} → ${ticket.dropAddress}` : ticket.pickAddress,
    depart: window ? `${window.from} – ${window.to}` : ticket.departTime,
    total: ticket.totalCost,
    ...(details.amount !== undefined ? { amount: details.amount } : {}),
    ...(details.memberReturned ? { member_returned: details.memberReturned } : {}),
    ...(details.cancelledAt ? { cancelled_at: details.cancelledAt.toISOString() } : {}),
    ...(details.other
      ? {
          other_code: details.other.code,
          other_path: pathFor('ticket-detail', lang, { code: details.other.code, phone: details.other.phone }),
        }
      : {}),
    ...(details.driver
      ? {
          driver_name: details.driver.name,
          driver_phone: details.driver.phone,
          plate: details.driver.plate,
          car: details.driver.car,
        }
      : {}),
  };
}

/**
 * `zaloEvents`: the events Zalo has a template for. Their phone message is a 'zalo' row instead of the SMS,
 * for a ticket booked in Vietnamese (Zalo's templates are approved in one language) whose phone Zalo can reach.
 * `pushSubscribed`: the push module's, whether a browser is subscribed to the ticket, read in `tx`.
 */
export function createMessageWriter(
  wake: () => void,
  pushSubscribed: (tx: Executor, ticketId: number) => Promise<boolean>,
  zaloEvents: readonly string[] = [],
): MessageWriter {
  async function write(tx: Executor, event: MessageEvent, ticket: TicketRow | number, details: MessageDetails = {}) {
    const row = typeof ticket === 'number' ? (await tx.select().from(tickets).where(eq(tickets.id, ticket)))[0] : ticket;
    if (!row) return 0;
    const rule = MESSAGE_EVENTS[event];
    const toDriver = 'toDriver' in rule && details.driver !== undefined;
    const payload = {
      ...payloadOf(row, details),
      ...(toDriver && details.driverPath ? { path: details.driverPath } : {}),
    } as unknown as Record<string, unknown>;
    const lang = isLang(row.lang) ? row.lang : 'vi';
    const message = (channel: MessageChannel, recipient: string): NewOutboxRow => ({
      ticketId: row.id,
      event,
      channel,
      recipient,
      lang,
      payload,
      dedupeKey: dedupeKey(event, row.id, channel, details.discriminator),
    });
    const rows: NewOutboxRow[] = [];
    if (toDriver) {
      if (details.driver) rows.push(message('sms', details.driver.phone));
    } else if (rule.text) {
      const byZalo = zaloEvents.includes(event) && lang === 'vi' && zaloPhone(row.phone) !== null;
      rows.push(message(byZalo ? 'zalo' : 'sms', row.phone));
      if (row.email && !('phoneOnly' in rule)) rows.push(message('mail', row.email));
    }
    if (rule.push && (await pushSubscribed(tx, row.id))) rows.push(message('push', ''));
    return insertMessages(tx, rows);
  }

  return {
    write,
    account: (tx, event, message) => insertMessages(tx, accountRows(event, message)),
    withdrawLinks,
    async paymentApplied(tx, payment, outcome, amount) {
      const event = eventOfPayment(outcome);
      if (!event) return 0;
      return write(tx, event, payment.ticketId, { discriminator: `payment-${payment.id}`, amount: await amount() });
    },
    wake,
  };
}
