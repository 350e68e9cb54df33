// Who drives a ticket and who is at a partner's console: the driver and car assigned to tickets, and whether a
// partner's staff is online. The partner console reads them, and so do the ticket lookup (its driver and position), the
// cancellation (which deletes that position) and the night flow (an online partner answers itself), through the
// functions app.ts hands them (createTripCrew).
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AssignedDriver } from '../../../shared/contract/partners';
import type { Db } from '../../db/client';
import { drivers, partnerCars, partnerSessions, partnerStaff, ticketAssignments } from '../../db/schema';
import { clearPosition, createPositionStore } from './positions';

/** The driver and car on each of `ticketIds` (tickets without one are absent); one query for the whole list. */
export async function assignedDrivers(db: Db, ticketIds: readonly number[]): Promise<Map<number, AssignedDriver>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .select({ assignment: ticketAssignments, driver: drivers, car: partnerCars })
    .from(ticketAssignments)
    .innerJoin(drivers, eq(drivers.id, ticketAssignments.driverId))
    .innerJoin(partnerCars, eq(partnerCars.id, ticketAssignments.carId))
    .where(inArray(ticketAssignments.ticketId, [...ticketIds]));
  return new Map(
    rows.map(({ assignment, driver, car }) => [
      assignment.ticketId,
      {
        driver_id: driver.id,
        fullname: driver.fullname,
        phone: driver.phone,
        photo_url: driver.photoUrl,
        car_id: car.id,
        plate: car.plate,
        car_name: car.name,
        assigned_at: assignment.assignedAt.toISOString(),
      },
    ]),
  );
}

/** Whether the ticket has a driver and car (arriving at the pickup needs them). */
export async function hasAssignment(db: Db, ticketId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketAssignments.ticketId })
    .from(ticketAssignments)
    .where(eq(ticketAssignments.ticketId, ticketId))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether a staff member of the partner has a live session seen since `since`: an online partner answers its night
 * bookings itself, so the seeded acceptance policy does not answer for it.
 */
export async function partnerStaffOnline(db: Db, partnerId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: partnerSessions.id })
    .from(partnerSessions)
    .innerJoin(partnerStaff, eq(partnerStaff.id, partnerSessions.staffId))
    .where(and(eq(partnerStaff.partnerId, partnerId), isNull(partnerSessions.revokedAt), gt(partnerSessions.lastSeenAt, since)))
    .limit(1);
  return Boolean(row);
}

/** What the other modules read of the crews: the tickets module's lookup and booking's night flow. */
export function createTripCrew(db: Db) {
  const positions = createPositionStore(db);
  return {
    /** The driver and car on each of `ticketIds` (tickets without one are absent). */
    assignedDrivers: (ticketIds: readonly number[]) => assignedDrivers(db, ticketIds),
    /** Whether one of the partner's staff was online since `since`. */
    staffOnline: (partnerId: number, since: Date) => partnerStaffOnline(db, partnerId, since),
    /** The latest position the driver of a ticket shared, if one is kept. */
    driverPosition: (ticketId: number) => positions.latest(ticketId),
    /** In a transaction that ends the trip (a cancellation): the position shared for it is deleted with it. */
    forgetPosition: (tx: Pick<Db, 'delete'>, ticketId: number) => clearPosition(tx, ticketId),
    /**
     * In the transaction that gives the ticket to another partner (the operator desk's move): the old partner's driver
     * and car leave it, the driver's trip link dies with the row, and the position shared for it is deleted. Answers
     * the driver that was on it, if any.
     */
    async endAssignment(tx: Pick<Db, 'delete'>, ticketId: number): Promise<{ driverId: number } | null> {
      const [ended] = await tx
        .delete(ticketAssignments)
        .where(eq(ticketAssignments.ticketId, ticketId))
        .returning({ driverId: ticketAssignments.driverId });
      await clearPosition(tx, ticketId);
      return ended ?? null;
    },
  };
}

export type TripCrew = ReturnType<typeof createTripCrew>;
