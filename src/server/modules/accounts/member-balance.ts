// The member balance (spec 6) as other modules use it: read before a booking, taken by the booking's own
// transaction (a conditional decrement, so the balance never goes below 0 under concurrency), and given back inside
// the transaction that cancels a ticket which used it (the tickets module's settlement; app.ts hands it in).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** The member balance of an account, null when there is no such account. */
export async function memberBalance(db: Pick<Db, '_' | 'select'>, userId: number): Promise<number | null> {
  const rows = await db.select({ balance: users.promotionCost }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.balance ?? null;
}

/** Takes `amount` from the account's balance in `tx`; false (and nothing taken) when the balance is short. */
export async function debitMemberBalance(tx: Pick<Db, 'update'>, userId: number, amount: number): Promise<boolean> {
  const debited = await tx
    .update(users)
    .set({ promotionCost: sql`${users.promotionCost} - ${amount}` })
    .where(and(eq(users.id, userId), gte(users.promotionCost, amount)))
    .returning({ id: users.id });
  return debited.length > 0;
}

/** Adds `amount` back to the member's promotion balance in `tx`; false when the member is gone. */
export async function returnMemberPromotion(tx: Pick<Db, 'update'>, userId: number, amount: number): Promise<boolean> {
  const back = await tx
    .update(users)
    .set({ promotionCost: sql`${users.promotionCost} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return back.length > 0;
}
