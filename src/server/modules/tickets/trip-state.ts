// The trip state a ticket row is in (spec 4 catalogue ticket states), shared by the trips, cancellation, rating and
// ticket-info code, and the driver and rating that go with a ticket (read by the partner console's list and get_ticket_info).
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ONLINE_PAY_METHODS, TICKET_STATUS, type TicketRating } from '../../../shared/contract/booking';
import { type AssignedDriver } from '../../../shared/contract/partners';
import { isTripState, type TripState } from '../../../shared/contract/tickets';
import { awaitsPayment } from '../../../shared/domain/trip-state';
import type { Db } from '../../db/client';
import {
  drivers,
  partnerCars,
  partnerSessions,
  partnerStaff,
  ticketAssignments,
  ticketRatings,
  type tickets,
} from '../../db/schema';

type StateFields = Pick<typeof tickets.$inferSelect, 'tripState' | 'status' | 'payMethodId' | 'transactionStatusId'>;

/**
 * The state a ticket is in: the stored one, except before a driver is sought, where the payment decides (ticket
 * creation stores driver_pending and the payment callback leaves trip_state alone): an online ticket whose payment
 * has not arrived awaits it, and one whose payment arrived waits for a driver. A ticket the night flow or a payment
 * timeout cancelled (status 5 without a trip move) is cancelled.
 */
export function tripStateOf(row: StateFields): TripState {
  const stored = isTripState(row.tripState) ? row.tripState : 'driver_pending';
  if (stored !== 'driver_pending' && stored !== 'awaiting_payment') return stored;
  if (row.status === TICKET_STATUS.cancelled) return 'cancelled';
  return awaitsPayment(ONLINE_PAY_METHODS.includes(row.payMethodId), row.transactionStatusId)
    ? 'awaiting_payment'
    : 'driver_pending';
}

/** The driver and car on each of `ticketIds` (tickets without one are absent). */
export async function assignedDrivers(db: Db, ticketIds: number[]): Promise<Map<number, AssignedDriver>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .select({ assignment: ticketAssignments, driver: drivers, car: partnerCars })
    .from(ticketAssignments)
    .innerJoin(drivers, eq(drivers.id, ticketAssignments.driverId))
    .innerJoin(partnerCars, eq(partnerCars.id, ticketAssignments.carId))
    .where(inArray(ticketAssignments.ticketId, ticketIds));
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

/** The passenger's rating of each of `ticketIds` that has one. */
export async function ticketRatingsOf(db: Db, ticketIds: number[]): Promise<Map<number, TicketRating>> {
  if (!ticketIds.length) return new Map();
  const rows = await db.select().from(ticketRatings).where(inArray(ticketRatings.ticketId, ticketIds));
  return new Map(
    rows.map((row) => [row.ticketId, { stars: row.stars, comment: row.comment, created_at: row.createdAt.toISOString() }]),
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
