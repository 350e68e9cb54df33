// The payments tables as a partner's statement reads them: each ticket's successful online payment (its amount and
// method: card, PayPal or VietQR) and what was given back (or is owed back) for its cancellation, so the statement
// tells Vivu's collections from the driver's cash and counts only the money Vivu kept of a cancelled ticket. The
// extra of an overpaid transfer is not the ticket's money and is left out.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';

export interface StatementPayment {
  /** The successful payment's amount, whole đồng. */
  paid: number;
  /** Its method as sent (8 card, 4 PayPal, 20 VietQR). */
  payMethodId: number;
  /** Refunded or owed back for the ticket's cancellation. */
  refunded: number;
}

export function createStatementPayments(db: Db) {
  /** The successful online payment of each of these tickets that has one (its latest), with its refunds. */
  return async function statementPayments(ticketIds: readonly number[]): Promise<Map<number, StatementPayment>> {
    if (!ticketIds.length) return new Map();
    const ids = [...new Set(ticketIds)];
    const [paidRows, refundRows] = await Promise.all([
      db
        .select({ ticketId: payments.ticketId, amount: payments.amount, payMethodId: payments.payMethodId })
        .from(payments)
        .where(and(inArray(payments.ticketId, ids), eq(payments.status, 'paid')))
        .orderBy(desc(payments.id)),
      db
        .select({ ticketId: refunds.ticketId, amount: sql<number>`sum(${refunds.amount})`.mapWith(Number) })
        .from(refunds)
        .where(and(inArray(refunds.ticketId, ids), inArray(refunds.reason, ['passenger_cancel', 'partner_refused'])))
        .groupBy(refunds.ticketId),
    ]);
    const refunded = new Map(refundRows.map((row) => [row.ticketId, row.amount]));
    const out = new Map<number, StatementPayment>();
    for (const row of paidRows) {
      if (out.has(row.ticketId)) continue;
      out.set(row.ticketId, { paid: row.amount, payMethodId: row.payMethodId, refunded: refunded.get(row.ticketId) ?? 0 });
    }
    return out;
  };
}

export type StatementPayments = ReturnType<typeof createStatementPayments>;
