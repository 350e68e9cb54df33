// The tickets table as a partner's statement reads it: the partner's tickets of a period that carry money, the
// finished trips (user status 3 not rated, 4 finished) and the cancelled tickets (5), whose kept money the payments
// module tells. Scoped to the one partner in the statement itself.
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { tickets } from '../../db/schema';
import type { TicketExecutor } from './service-reads';

export interface StatementTicketRow {
  id: number;
  code: string;
  departAt: Date;
  status: number;
  payMethodId: number;
  totalCost: number;
}

/** The partner's finished and cancelled tickets departing in [from, to). */
export async function statementTickets(
  executor: TicketExecutor,
  partnerId: number,
  from: Date,
  to: Date,
): Promise<StatementTicketRow[]> {
  return executor
    .select({
      id: tickets.id,
      code: tickets.code,
      departAt: tickets.departAt,
      status: tickets.status,
      payMethodId: tickets.payMethodId,
      totalCost: tickets.totalCost,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.partnerId, partnerId),
        gte(tickets.departAt, from),
        lt(tickets.departAt, to),
        inArray(tickets.status, [3, 4, 5]),
      ),
    );
}
