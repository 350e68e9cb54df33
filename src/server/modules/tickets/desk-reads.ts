// The tickets table as the operator desk's inbox reads it: the live tickets whose pick-up is near and that no
// partner has set a driver on yet by the trip's state (no partner accepted, or accepted and not started), soonest
// first (whether an accepted one has a driver is the partners module's to say); and the partners' refusals, each
// trip history row of a partner moving a ticket from driver_pending to cancelled, with its ticket.
import { and, asc, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { TICKET_STATUS } from '../../../shared/contract/booking';
import { tickets, tripEvents, type TicketRow } from '../../db/schema';
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

/** A partner's refusal of a ticket: its trip history row (id, when, the partner's reason) and the ticket. */
export interface TicketRefusal {
  id: number;
  at: Date;
  reason: string;
  ticket: TicketRow;
}

/** A refusal is the partner's move from driver_pending to cancelled (the passenger's or the desk's is not). */
const refusedByPartner = and(
  eq(tripEvents.fromState, 'driver_pending'),
  eq(tripEvents.toState, 'cancelled'),
  eq(tripEvents.actor, 'partner'),
)!;

function refusals(executor: TicketExecutor, where: SQL, limit: number): Promise<TicketRefusal[]> {
  return executor
    .select({ id: tripEvents.id, at: tripEvents.at, reason: tripEvents.reason, ticket: tickets })
    .from(tripEvents)
    .innerJoin(tickets, eq(tickets.id, tripEvents.ticketId))
    .where(and(refusedByPartner, where))
    .orderBy(asc(tripEvents.id))
    .limit(limit);
}

/** The partners' refusals after the trip history row `afterId`, oldest first, at most `limit`. */
export function ticketRefusalsAfter(executor: TicketExecutor, afterId: number, limit: number): Promise<TicketRefusal[]> {
  return refusals(executor, gt(tripEvents.id, afterId), limit);
}

/** The partner's refusal recorded by the trip history row `id`, or null (no such row, or not a refusal). */
export async function ticketRefusalById(executor: TicketExecutor, id: number): Promise<TicketRefusal | null> {
  const [row] = await refusals(executor, eq(tripEvents.id, id), 1);
  return row ?? null;
}
