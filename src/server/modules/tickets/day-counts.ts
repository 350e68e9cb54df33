// How many live bookings each partner has departing in a time range (a Vietnam day): the price lists leave out a
// partner whose daily cap that day is reached. A cancelled ticket no longer counts.
import { and, count, gte, inArray, lt, ne } from 'drizzle-orm';
import { TICKET_STATUS } from '../../../shared/contract/booking';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';

export function createDayCounts(db: Db) {
  return async (partnerIds: readonly number[], from: Date, to: Date): Promise<Map<number, number>> => {
    if (partnerIds.length === 0) return new Map();
    const rows = await db
      .select({ partnerId: tickets.partnerId, bookings: count() })
      .from(tickets)
      .where(
        and(
          inArray(tickets.partnerId, [...partnerIds]),
          gte(tickets.departAt, from),
          lt(tickets.departAt, to),
          ne(tickets.status, TICKET_STATUS.cancelled),
        ),
      )
      .groupBy(tickets.partnerId);
    return new Map(rows.map((row) => [row.partnerId, row.bookings]));
  };
}

export type DayCounts = ReturnType<typeof createDayCounts>;
