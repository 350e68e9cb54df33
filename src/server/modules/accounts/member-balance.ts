// A member's promotion balance given back when a ticket that used it is cancelled, inside the cancelling transaction
// (the tickets module's settlement; app.ts hands it in).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Adds `amount` back to the member's promotion balance in `tx`; false when the member is gone. */
export async function returnMemberPromotion(tx: Pick<Db, 'update'>, userId: number, amount: number): Promise<boolean> {
  const back = await tx
    .update(users)
    .set({ promotionCost: sql`${users.promotionCost} + ${amount}` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return back.length > 0;
}
