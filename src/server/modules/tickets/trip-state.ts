// The trip state a ticket row is in (spec 4 catalogue ticket states), shared by the trips, cancellation, rating and
// ticket-info code, and the rating that goes with a ticket (read by the partner console's list and get_ticket_info).
import { inArray } from 'drizzle-orm';
import { ONLINE_PAY_METHODS, TICKET_STATUS } from '../../../shared/contract/booking';
import { isTripState, type TripState } from '../../../shared/contract/tickets';
import { awaitsPayment } from '../../../shared/domain/trip-state';
import type { Db } from '../../db/client';
import { ticketRatings, type tickets } from '../../db/schema';
import { type TicketRating } from '../../../shared/contract/tickets';

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

/** The passenger's rating of each of `ticketIds` that has one. */
export async function ticketRatingsOf(db: Db, ticketIds: readonly number[]): Promise<Map<number, TicketRating>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .select()
    .from(ticketRatings)
    .where(inArray(ticketRatings.ticketId, [...ticketIds]));
  return new Map(
    rows.map((row) => [row.ticketId, { stars: row.stars, comment: row.comment, created_at: row.createdAt.toISOString() }]),
  );
}
