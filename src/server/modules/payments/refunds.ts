// The refunds a cancelled ticket owes (spec 4): the ticket's successful online payment, and the 'due' refund row
// recorded for it in the cancelling transaction (once per ticket and reason), which whoever pays refunds out reads.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refundPayouts, refunds } from '../../db/schema';

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

/** The refunds a cancellation owes (not the extra of an overpaid transfer, which the transfers desk settles). */
const CANCELLATION_REASONS = ['passenger_cancel', 'partner_refused'];

export interface RefundPayout {
  ticketId: number;
  amount: number;
  method: string;
  reference: string;
  staffId: number | null;
  at: Date;
}

/** What a ticket's cancellation owes and what the desk paid of it. */
export interface RefundState {
  owed: number;
  paidOut: number;
  status: 'due' | 'refunded';
}

/**
 * The finance desk's side of the refunds: a ticket's payments, its refunds and their payouts for its timeline, and a
 * refund marked paid (in the desk action's transaction, with the refund rows locked, so two marks at once cannot
 * together pay out more than is owed).
 */
export function createRefundDesk(db: Db) {
  async function stateIn(tx: Tx | Db, ticketId: number, lock: boolean) {
    const query = tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.ticketId, ticketId), inArray(refunds.reason, CANCELLATION_REASONS)))
      .orderBy(asc(refunds.id));
    const owedRows = lock ? await query.for('update') : await query;
    if (!owedRows.length) return null;
    const [paid] = await tx
      .select({ sum: sql<number>`coalesce(sum(${refundPayouts.amount}), 0)`.mapWith(Number) })
      .from(refundPayouts)
      .where(
        inArray(
          refundPayouts.refundId,
          owedRows.map((row) => row.id),
        ),
      );
    const owed = owedRows.reduce((sum, row) => sum + row.amount, 0);
    const paidOut = paid?.sum ?? 0;
    const state: RefundState = { owed, paidOut, status: paidOut >= owed ? 'refunded' : 'due' };
    return { rows: owedRows, state };
  }

  return {
    /** The ticket's payment attempts, its refunds and their payouts, oldest first. */
    async history(ticketId: number) {
      const [attempts, owed] = await Promise.all([
        db
          .select({
            gateway: payments.gateway,
            amount: payments.amount,
            status: payments.status,
            createdAt: payments.createdAt,
            paidAt: payments.paidAt,
          })
          .from(payments)
          .where(eq(payments.ticketId, ticketId))
          .orderBy(asc(payments.createdAt), asc(payments.id)),
        db.select().from(refunds).where(eq(refunds.ticketId, ticketId)).orderBy(asc(refunds.id)),
      ]);
      const payouts = owed.length
        ? await db
            .select()
            .from(refundPayouts)
            .where(
              inArray(
                refundPayouts.refundId,
                owed.map((row) => row.id),
              ),
            )
            .orderBy(asc(refundPayouts.paidAt), asc(refundPayouts.id))
        : [];
      return {
        payments: attempts,
        refunds: owed.map((row) => ({ amount: row.amount, reason: row.reason, status: row.status, createdAt: row.createdAt })),
        payouts: payouts.map((row) => ({
          amount: row.amount,
          method: row.method,
          reference: row.reference,
          staffId: row.staffId,
          at: row.paidAt,
        })),
      };
    },

    /** What the ticket's cancellation owes and what was paid of it; null when it owes no refund. */
    async state(ticketId: number): Promise<RefundState | null> {
      return (await stateIn(db, ticketId, false))?.state ?? null;
    },

    /**
     * In the desk's transaction: a payout of the refund the ticket's cancellation owes, at most what is left of it;
     * the refund becomes 'refunded' once paid in full. 'none' when the ticket owes no refund (or none is left).
     */
    async markPaid(
      tx: Tx,
      payout: RefundPayout,
    ): Promise<{ before: RefundState; after: RefundState } | 'none' | { over: number }> {
      const found = await stateIn(tx, payout.ticketId, true);
      if (!found || found.state.paidOut >= found.state.owed) return 'none';
      const remaining = found.state.owed - found.state.paidOut;
      if (payout.amount > remaining) return { over: remaining };
      // The payout goes against the first refund row with money left (a ticket's cancellation owes one).
      const target = found.rows.find((row) => row.status === 'due') ?? found.rows[0]!;
      await tx.insert(refundPayouts).values({
        refundId: target.id,
        amount: payout.amount,
        method: payout.method,
        reference: payout.reference,
        staffId: payout.staffId,
        paidAt: payout.at,
      });
      const paidOut = found.state.paidOut + payout.amount;
      const after: RefundState = { owed: found.state.owed, paidOut, status: paidOut >= found.state.owed ? 'refunded' : 'due' };
      if (after.status === 'refunded')
        await tx
          .update(refunds)
          .set({ status: 'refunded' })
          .where(
            inArray(
              refunds.id,
              found.rows.map((row) => row.id),
            ),
          );
      return { before: found.state, after };
    },
  };
}

export type RefundDesk = ReturnType<typeof createRefundDesk>;
