// SQL of push_subscriptions, and the ticket fields a push message and a subscription's proof need (read through the
// tickets module).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions, type TicketRow } from '../../db/schema';
import { ticketByCode, ticketById } from '../tickets/service';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export type PushTicket = { id: number; code: string; phone: string; email: string; userId: number | null; lang: string };

const pushTicket = (row: TicketRow | null): PushTicket | null =>
  row && { id: row.id, code: row.code, phone: row.phone, email: row.email, userId: row.userId, lang: row.lang };

/** Whether a browser is subscribed to the ticket, read in the caller's transaction (the outbox writes its push row by it). */
export async function hasSubscription(executor: Pick<Db, 'select'>, ticketId: number): Promise<boolean> {
  const [row] = await executor
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.ticketId, ticketId))
    .limit(1);
  return row !== undefined;
}

export function createPushRepository(db: Db) {
  return {
    async ticketByCode(code: string): Promise<PushTicket | null> {
      return pushTicket(await ticketByCode(db, code));
    },

    async ticketById(id: number): Promise<PushTicket | null> {
      return pushTicket(await ticketById(db, id));
    },

    /** One row per endpoint: subscribing again moves it to this ticket with the new keys and a clean record. */
    async upsert(input: { endpoint: string; p256dh: string; auth: string; ticketId: number; lang: string }): Promise<void> {
      await db
        .insert(pushSubscriptions)
        .values(input)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: input.p256dh, auth: input.auth, ticketId: input.ticketId, lang: input.lang, failures: 0 },
        });
    },

    async removeEndpoint(endpoint: string): Promise<boolean> {
      const rows = await db
        .delete(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    async forTicket(ticketId: number): Promise<PushSubscriptionRow[]> {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.ticketId, ticketId));
    },

    async remove(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    async succeeded(id: number, at: Date): Promise<void> {
      await db.update(pushSubscriptions).set({ lastSuccessAt: at, failures: 0 }).where(eq(pushSubscriptions.id, id));
    },

    async failed(id: number): Promise<void> {
      await db
        .update(pushSubscriptions)
        .set({ failures: sql`${pushSubscriptions.failures} + 1` })
        .where(eq(pushSubscriptions.id, id));
    },
  };
}

export type PushRepository = ReturnType<typeof createPushRepository>;
