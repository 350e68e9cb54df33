// SQL of message_outbox's sending side (src/server/outbox/rows.ts writes the rows): the one statement that
// claims due rows for a sender (FOR UPDATE SKIP LOCKED: several server processes never claim the same row), and
// what becomes of a claimed row: sent, due again later, given up or given back. A row's secret (a set-password
// link's `token` in its payload) is removed as the row is sent or given up: it is kept only while it may be sent.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema';
import { insertMessages, type NewOutboxRow } from '../../outbox/rows';

export type OutboxRow = typeof messageOutbox.$inferSelect;

export function createMessagesRepository(db: Db) {
  // The sender's two statements of every message, built once (drizzle's prepared queries).
  const due = db.$with('due').as(
    db
      .select({ id: messageOutbox.id })
      .from(messageOutbox)
      .where(and(inArray(messageOutbox.status, ['pending', 'sending']), lte(messageOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(messageOutbox.id))
      .limit(sql.placeholder('limit') as unknown as number)
      .for('update', { skipLocked: true }),
  );
  const claimDue = db
    .with(due)
    .update(messageOutbox)
    .set({
      status: 'sending',
      attempts: sql`${messageOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${sql.placeholder('leaseSeconds')}::int)`,
    })
    .where(inArray(messageOutbox.id, db.select({ id: due.id }).from(due)))
    .returning()
    .prepare('outbox_claim');
  const sent = db
    .update(messageOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lastError: null, payload: sql`${messageOutbox.payload} - 'token'` })
    .where(and(eq(messageOutbox.id, sql.placeholder('id')), eq(messageOutbox.status, 'sending')))
    .prepare('outbox_sent');
  return {
    /**
     * Claims up to `limit` due rows, oldest first: pending ones whose time has come and 'sending' ones whose lease
     * has lapsed (their sender died mid-send: sent again, at least once). Each becomes 'sending' with a lease of
     * `leaseSeconds` and one more attempt. One statement; the locked CTE is evaluated once (PostgreSQL never inlines
     * a CTE with FOR UPDATE), and SKIP LOCKED lets concurrent claimers take other rows instead of waiting.
     */
    async claim(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
      const rows = await claimDue.execute({ limit, leaseSeconds });
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Sent, its secret removed: only a row still claimed (a lapsed and reclaimed one is the other sender's to mark). */
    async markSent(id: number): Promise<void> {
      await sent.execute({ id });
    },

    /** Not sent: due again after `delaySeconds`, or 'failed' for good once `maxAttempts` were tried. */
    async markFailed(id: number, error: string, delaySeconds: number, maxAttempts: number): Promise<'pending' | 'failed'> {
      const [row] = await db
        .update(messageOutbox)
        .set({
          status: sql`case when ${messageOutbox.attempts} >= ${maxAttempts}::int then 'failed' else 'pending' end`,
          payload: sql`case when ${messageOutbox.attempts} >= ${maxAttempts}::int then ${messageOutbox.payload} - 'token' else ${messageOutbox.payload} end`,
          nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds}::int)`,
          lastError: error.slice(0, 500),
        })
        .where(and(eq(messageOutbox.id, id), eq(messageOutbox.status, 'sending')))
        .returning({ status: messageOutbox.status });
      return row?.status === 'failed' ? 'failed' : 'pending';
    },

    /**
     * Zalo will not deliver a claimed 'zalo' row: the same message as an SMS row (the key an SMS of this
     * event would have had, so however often this runs there is one), and the Zalo row closed as 'failed' with why,
     * in one transaction. Answers whether the SMS row is new.
     */
    async fallBackToSms(row: OutboxRow, reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const sms: NewOutboxRow = {
          ticketId: row.ticketId,
          subject: row.subject,
          event: row.event,
          channel: 'sms',
          recipient: row.recipient,
          lang: row.lang,
          payload: row.payload,
          dedupeKey: row.dedupeKey.replace(/:zalo$/, ':sms'),
        };
        const inserted = await insertMessages(tx, [sms]);
        await tx
          .update(messageOutbox)
          .set({ status: 'failed', lastError: `zalo: ${reason}`.slice(0, 500) })
          .where(and(eq(messageOutbox.id, row.id), eq(messageOutbox.status, 'sending')));
        return inserted > 0;
      });
    },

    /** Claimed rows this sender did not get to (it is stopping): due again now, the attempt not counted. */
    async release(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(messageOutbox)
        .set({ status: 'pending', attempts: sql`greatest(${messageOutbox.attempts} - 1, 0)`, nextAttemptAt: sql`now()` })
        .where(and(inArray(messageOutbox.id, ids), eq(messageOutbox.status, 'sending')));
    },

    /**
     * Every claim given back at once: only for a server that is alone on its database (PGlite, whose folder is
     * locked), where a 'sending' row can only be left by a process that died. The attempt stays counted.
     */
    async releaseAll(): Promise<number> {
      const rows = await db
        .update(messageOutbox)
        .set({ status: 'pending', nextAttemptAt: sql`now()` })
        .where(eq(messageOutbox.status, 'sending'))
        .returning({ id: messageOutbox.id });
      return rows.length;
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
