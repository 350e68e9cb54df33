// The refunds a cancelled ticket owes (spec 4): the ticket's successful online payment, and the 'due' refund row
// recorded for it in the cancelling transaction (once per ticket and reason), which whoever pays refunds out reads.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createRefunds(db: Db) {
  return {
    /** The amount of the ticket's successful online payment, 0 when none. */
    async paidAmount(ticketId: number): Promise<number> {
      const [row] = await db
        .select({ amount: payments.amount })
        .from(payments)
        .where(and(eq(payments.ticketId, ticketId), eq(payments.status, 'paid')))
        .orderBy(desc(payments.id))
        .limit(1);
      return row?.amount ?? 0;
    },

    /**
     * In the cancelling transaction: the refund a paid online payment of the ticket is owed (a 'due' row, kept once
     * per ticket), or null when nothing was paid online.
     */
    async recordOwed(
      tx: Tx,
      ticketId: number,
      now: Date,
      reason: 'passenger_cancel' | 'partner_refused',
    ): Promise<{ paymentId: number; amount: number } | null> {
      const [paid] = await tx
        .select({ id: payments.id, amount: payments.amount })
        .from(payments)
        .where(and(eq(payments.ticketId, ticketId), eq(payments.status, 'paid')))
        .orderBy(desc(payments.id))
        .limit(1);
      if (!paid) return null;
      await tx
        .insert(refunds)
        .values({ ticketId, paymentId: paid.id, amount: paid.amount, reason, status: 'due', createdAt: now })
        .onConflictDoNothing({ target: [refunds.ticketId, refunds.reason] });
      return { paymentId: paid.id, amount: paid.amount };
    },
  };
}

export type Refunds = ReturnType<typeof createRefunds>;
