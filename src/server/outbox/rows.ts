// The outbox's rows as a state change writes them, in its own transaction (a repeated key writes nothing), and
// the status of an event's rows as get_ticket_info shows them. The sender's side is modules/messages/repository.ts.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messageOutbox } from '../db/schema';
import type { MessageEvent } from './events';

export type NewOutboxRow = typeof messageOutbox.$inferInsert;

/** A transaction or the database: whatever the event's own write runs in. */
export type Executor = Pick<Db, 'select' | 'insert'>;

/** Writes the rows; a row whose dedupe key exists is left as it is. Answers how many were new. */
export async function insertMessages(tx: Executor, rows: NewOutboxRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(messageOutbox)
    .values(rows)
    .onConflictDoNothing({ target: messageOutbox.dedupeKey })
    .returning({ id: messageOutbox.id });
  return inserted.length;
}

/**
 * The subject's unsent set-password links withdrawn (a new link was made and the old one is dead): its pending rows
 * are closed as 'failed' and lose their secret, so a late send never delivers a dead link. A row being sent now is
 * left to finish. Answers how many were withdrawn.
 */
export async function withdrawLinks(tx: Pick<Db, 'update'>, subject: string): Promise<number> {
  const rows = await tx
    .update(messageOutbox)
    .set({
      status: 'failed',
      lastError: 'withdrawn: a newer link was made',
      payload: sql`${messageOutbox.payload} - 'token'`,
    })
    .where(and(eq(messageOutbox.subject, subject), eq(messageOutbox.status, 'pending')))
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** The status of each channel of one event of a ticket (get_ticket_info's `messages`). */
export async function messageStatuses(db: Pick<Db, 'select'>, ticketId: number, event: MessageEvent) {
  return db
    .select({ channel: messageOutbox.channel, status: messageOutbox.status })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.ticketId, ticketId), eq(messageOutbox.event, event)))
    .orderBy(asc(messageOutbox.id));
}
