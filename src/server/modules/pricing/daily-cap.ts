// A partner's daily cap as a booking claims it: inside the booking's transaction the capped partner's row is locked
// (FOR UPDATE), so bookings of that partner are counted one after the other, on one process or several on one
// PostgreSQL; the booking then counts its partner's live tickets of the day (its own included) with the lock held and
// gives up when they pass the cap. A partner with no cap is never locked.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transportPartners } from '../../db/schema';

/** A statement's executor: the booking's transaction. */
export type CapExecutor = Pick<Db, '_' | 'select'>;

/** The partner's daily cap, its row locked until the transaction ends; null (and no lock) when it has none. */
export async function lockDailyCap(tx: CapExecutor, partnerId: number): Promise<number | null> {
  const [row] = await tx
    .select({ cap: transportPartners.dailyCap })
    .from(transportPartners)
    .where(eq(transportPartners.id, partnerId));
  if (row?.cap == null) return null;
  const [locked] = await tx
    .select({ cap: transportPartners.dailyCap })
    .from(transportPartners)
    .where(eq(transportPartners.id, partnerId))
    .for('update');
  return locked?.cap ?? null;
}
