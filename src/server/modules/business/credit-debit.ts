// A business partner's credit paying a booking: debited in the booking's own transaction with its ledger row (a
// conditional decrement, so the balance never goes below 0 under concurrency).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessAccounts, businessCreditEntries } from '../../db/schema';

export interface TicketCreditDebit {
  accountId: number;
  amount: number;
  ticketId: number;
  /** The ticket's creation time, the ledger row's too. */
  createdAt: Date;
}

/** Takes the ticket's amount from the account in `tx` and writes its ledger row; false (nothing written) when short. */
export async function debitCreditForTicket(
  tx: Pick<Db, 'update' | 'insert'>,
  { accountId, amount, ticketId, createdAt }: TicketCreditDebit,
): Promise<boolean> {
  const [account] = await tx
    .update(businessAccounts)
    .set({ creditBalance: sql`${businessAccounts.creditBalance} - ${amount}` })
    .where(and(eq(businessAccounts.id, accountId), gte(businessAccounts.creditBalance, amount)))
    .returning({ balance: businessAccounts.creditBalance });
  if (!account) return false;
  await tx.insert(businessCreditEntries).values({
    accountId,
    kind: 'booking',
    amount: -amount,
    balanceAfter: account.balance,
    ticketId,
    createdAt,
  });
  return true;
}
