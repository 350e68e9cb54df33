// The tickets table as the operator desk's inbox reads it: the live tickets whose pick-up is near and that no
// partner has set a driver on yet by the trip's state (no partner accepted, or accepted and not started), soonest
// first. Whether an accepted one has a driver is the partners module's to say.
import { and, asc, gte, inArray, lte } from 'drizzle-orm';
import { TICKET_STATUS } from '../../../shared/contract/booking';
import { tickets, type TicketRow } from '../../db/schema';
import type { TicketExecutor } from './service-reads';

/** The trip states before a driver sets off: the partner has not accepted, or accepted without the trip started. */
const BEFORE_THE_DRIVER = ['driver_pending', 'not_started'];

/** Live tickets picking up in [from, to] whose trip has not started, soonest first, at most `limit`. */
export async function ticketsPickingUpUnstarted(
  executor: TicketExecutor,
  from: Date,
  to: Date,
  limit: number,
): Promise<TicketRow[]> {
  return executor
    .select()
    .from(tickets)
    .where(
      and(
        gte(tickets.departAt, from),
        lte(tickets.departAt, to),
        inArray(tickets.tripState, BEFORE_THE_DRIVER),
        inArray(tickets.status, [TICKET_STATUS.pending, TICKET_STATUS.inProgress]),
      ),
    )
    .orderBy(asc(tickets.departAt))
    .limit(limit);
}
