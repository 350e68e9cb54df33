// The messages a ticket was sent, as the operator desk's timeline shows them: the channel, the event (its template),
// the row's status and times. Never the payload (it may hold a link's secret) nor the last error's text.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema';

export interface TicketMessage {
  event: string;
  channel: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
}

/** The ticket's outbox rows, oldest first. */
export function createTicketMessages(db: Db) {
  return async function ticketMessages(ticketId: number): Promise<TicketMessage[]> {
    return db
      .select({
        event: messageOutbox.event,
        channel: messageOutbox.channel,
        status: messageOutbox.status,
        createdAt: messageOutbox.createdAt,
        sentAt: messageOutbox.sentAt,
      })
      .from(messageOutbox)
      .where(eq(messageOutbox.ticketId, ticketId))
      .orderBy(asc(messageOutbox.createdAt), asc(messageOutbox.id));
  };
}

export type TicketMessages = ReturnType<typeof createTicketMessages>;
