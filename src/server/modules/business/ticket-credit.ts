// The business credit a ticket was paid from, as the tickets and partners modules need it: whether the credit paid a
// ticket and kept it (the lookup's and the partner console's "paid on credit"), and the credit a cancelled ticket
// gives back, inside the cancelling transaction. app.ts hands these in (createTicketCredit).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessAccounts, businessCreditEntries } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export function createTicketCredit(db: Db) {
  return {
    /**
     * The tickets among `ticketIds` a business credit paid and kept: debited for it (at booking or later with
     * pay_on_credit) and not given back by a cancellation. One query for the whole list.
     */
    async keptOnCredit(ticketIds: readonly number[]): Promise<Set<number>> {
      if (!ticketIds.length) return new Set();
      const rows = await db
        .select({ ticketId: businessCreditEntries.ticketId, kind: businessCreditEntries.kind })
        .from(businessCreditEntries)
        .where(inArray(businessCreditEntries.ticketId, [...ticketIds]));
      const kinds = new Map<number, Set<string>>();
      for (const { ticketId, kind } of rows) {
        if (ticketId === null) continue;
        kinds.set(ticketId, (kinds.get(ticketId) ?? new Set()).add(kind));
      }
      return new Set([...kinds].filter(([, kept]) => kept.has('booking') && !kept.has('refund')).map(([ticketId]) => ticketId));
    },

    /**
     * A ticket paid from a business partner's credit gives the amount back, once, in the cancelling transaction: the
     * account row is locked, then the refund entry is inserted (the unique ticket and kind refuses a second one,
     * answered as nothing done) and only an inserted entry raises the balance. Answers the amount returned.
     */
    async giveBack(tx: Tx, ticketId: number, now: Date, reason: string): Promise<number> {
      const [paid] = await tx
        .select({ accountId: businessCreditEntries.accountId, amount: businessCreditEntries.amount })
        .from(businessCreditEntries)
        .where(and(eq(businessCreditEntries.ticketId, ticketId), eq(businessCreditEntries.kind, 'booking')))
        .limit(1);
      if (!paid || paid.amount >= 0) return 0;
      const amount = -paid.amount;
      const [account] = await tx
        .select({ balance: businessAccounts.creditBalance })
        .from(businessAccounts)
        .where(eq(businessAccounts.id, paid.accountId))
        .for('update');
      if (!account) return 0;
      const [entry] = await tx
        .insert(businessCreditEntries)
        .values({
          accountId: paid.accountId,
          kind: 'refund',
          amount,
          balanceAfter: account.balance + amount,
          ticketId,
          source: reason,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: businessCreditEntries.id });
      if (!entry) return 0;
      await tx
        .update(businessAccounts)
        .set({ creditBalance: sql`${businessAccounts.creditBalance} + ${amount}` })
        .where(eq(businessAccounts.id, paid.accountId));
      return amount;
    },
  };
}

export type TicketCredit = ReturnType<typeof createTicketCredit>;
