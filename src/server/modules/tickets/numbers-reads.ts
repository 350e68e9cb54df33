// The tickets table as the desk's numbers read it: the tickets booked in a range, counted and summed in SQL per
// Vietnam day of booking, partner and service (index tickets_created serves the range), and the few cancelled online
// tickets whose kept money the payments module tells. Vietnam keeps UTC+7 all year, so its day is the UTC time
// shifted by seven hours.
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import { ONLINE_PAY_METHODS } from '../../../shared/contract/booking';
import type { NumbersServiceKind } from '../../../shared/contract/desk-numbers';
import { tickets } from '../../db/schema';
import type { TicketExecutor } from './service-reads';

const CANCELLED = 5;
/** spec 4 user status: 3 not rated and 4 finished are trips done. */
const FINISHED = [3, 4];
const SUCCESS = 2;

const vnDay = sql<string>`to_char((${tickets.createdAt} at time zone 'UTC') + interval '7 hours', 'YYYY-MM-DD')`;
/** An hourly hire; else a shared ride; else an airport or a long-distance private ride. */
const service = sql<NumbersServiceKind>`case when ${tickets.kind} = 'hourly' then 'hourly' when ${tickets.rideMethodId} = 2 then 'shared' when ${tickets.dimensionId} = 1 then 'airport' else 'long_distance' end`;
const online = sql.join(
  ONLINE_PAY_METHODS.map((id) => sql`${id}`),
  sql`, `,
);
const finished = sql`${tickets.status} in (${sql.join(
  FINISHED.map((status) => sql`${status}`),
  sql`, `,
)})`;
/**
 * Paid and standing: a finished trip (the online payment or the driver's cash is in), or an online ticket not
 * cancelled whose payment went through. A cash ticket's success status only means it is confirmed.
 */
const paidStanding = sql`(${finished} or (${tickets.status} <> ${CANCELLED} and ${tickets.transactionStatusId} = ${SUCCESS} and ${tickets.payMethodId} in (${online})))`;

export interface NumbersGroupRow {
  /** The Vietnam day of booking, YYYY-MM-DD. */
  day: string;
  partnerId: number;
  service: NumbersServiceKind;
  bookings: number;
  cancelled: number;
  /** Paid and standing (the cancelled tickets whose money was kept are told by cancelledOnline). */
  paid: number;
  revenue: number;
  /** The commission on the finished trips' fares, each ticket's rounded half up. */
  commission: number;
}

/** The tickets booked in [from, to), counted per Vietnam day of booking, partner and service; `percent` a whole 0–100. */
export async function numbersGroups(executor: TicketExecutor, from: Date, to: Date, percent: number): Promise<NumbersGroupRow[]> {
  const whole = Math.trunc(percent);
  return executor
    .select({
      day: vnDay,
      partnerId: tickets.partnerId,
      service,
      bookings: sql<number>`count(*)`.mapWith(Number),
      cancelled: sql<number>`count(*) filter (where ${tickets.status} = ${CANCELLED})`.mapWith(Number),
      paid: sql<number>`count(*) filter (where ${paidStanding})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${tickets.totalCost}) filter (where ${paidStanding}), 0)`.mapWith(Number),
      // Integer division of a sum of non-negative whole numbers: floor, as ticketCommission rounds half up.
      commission:
        sql<number>`coalesce(sum((${tickets.totalCost}::bigint * ${sql.raw(String(whole))} + 50) / 100) filter (where ${finished}), 0)`.mapWith(
          Number,
        ),
    })
    .from(tickets)
    .where(and(gte(tickets.createdAt, from), lt(tickets.createdAt, to)))
    .groupBy(sql`1`, tickets.partnerId, sql`3`);
}

export interface CancelledOnlineRow {
  id: number;
  day: string;
  partnerId: number;
  service: NumbersServiceKind;
}

/**
 * The cancelled tickets booked in [from, to) that were to be paid online: the only cancelled ones that may hold money
 * Vivu kept (a business credit is given back by the cancellation itself).
 */
export async function cancelledOnline(executor: TicketExecutor, from: Date, to: Date): Promise<CancelledOnlineRow[]> {
  return executor
    .select({ id: tickets.id, day: vnDay, partnerId: tickets.partnerId, service })
    .from(tickets)
    .where(
      and(
        gte(tickets.createdAt, from),
        lt(tickets.createdAt, to),
        sql`${tickets.status} = ${CANCELLED}`,
        inArray(tickets.payMethodId, [...ONLINE_PAY_METHODS]),
      ),
    );
}
