// The driver's shared position: one row per ticket (driver_positions), the latest the phone sent, replaced by the next
// and deleted as soon as the trip leaves the states it is shared in (contract POSITION_STATES). The pace is claimed in
// the same statement that writes the row, so a thousand concurrent calls keep at most one per POSITION_MIN_GAP_MS.
import { eq, lte, ne, or } from 'drizzle-orm';
import { POSITION_MIN_GAP_MS } from '../../../shared/contract/partner-driver';
import type { Db } from '../../db/client';
import { driverPositions } from '../../db/schema';

export interface DriverPosition {
  ticketId: number;
  driverId: number;
  lat: number;
  lng: number;
  accuracyM: number;
  recordedAt: Date;
}

/** Forgets the ticket's position in `db` or in a caller's transaction (a cancellation deletes it in its own). */
export async function clearPosition(db: Pick<Db, 'delete'>, ticketId: number): Promise<void> {
  await db.delete(driverPositions).where(eq(driverPositions.ticketId, ticketId));
}

export function createPositionStore(db: Db) {
  return {
    /**
     * Keeps `position` as the ticket's latest, unless one was kept less than POSITION_MIN_GAP_MS before it (false).
     * Another driver's row (a reassignment raced the delete) is replaced whatever its age.
     */
    async save(position: DriverPosition): Promise<boolean> {
      const values = {
        driverId: position.driverId,
        lat: position.lat,
        lng: position.lng,
        accuracyM: Math.round(position.accuracyM),
        recordedAt: position.recordedAt,
      };
      const gapStart = new Date(position.recordedAt.getTime() - POSITION_MIN_GAP_MS);
      const written = await db
        .insert(driverPositions)
        .values({ ticketId: position.ticketId, ...values })
        .onConflictDoUpdate({
          target: driverPositions.ticketId,
          set: values,
          setWhere: or(lte(driverPositions.recordedAt, gapStart), ne(driverPositions.driverId, position.driverId)),
        })
        .returning({ ticketId: driverPositions.ticketId });
      return written.length > 0;
    },

    /** The ticket's latest position, if any. */
    async latest(ticketId: number): Promise<DriverPosition | undefined> {
      const [row] = await db.select().from(driverPositions).where(eq(driverPositions.ticketId, ticketId)).limit(1);
      return row;
    },

    /** Forgets the ticket's position (the trip left the shared states, or another driver was assigned). */
    clear: (ticketId: number): Promise<void> => clearPosition(db, ticketId),
  };
}

export type PositionStore = ReturnType<typeof createPositionStore>;
