// The tickets table as the other modules read it: a ticket by its id or code, a user's tickets, the codes of a list of
// tickets, the live booking count, the figures the home counts from them. Each takes the executor (the database, or the caller's transaction when the read belongs to it), so the
// SQL of the tickets table stays in this module while the caller keeps its own atomicity.
import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, max, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, type TicketRow } from '../../db/schema';

/** A statement's executor: the database, or a transaction of the caller's. */
export type TicketExecutor = Pick<Db, '_' | 'select'>;

/** The ticket with this id, or null. */
export async function ticketById(executor: TicketExecutor, id: number): Promise<TicketRow | null> {
  const [row] = await executor.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  return row ?? null;
}

/** The ticket with this code, or null. */
export async function ticketByCode(executor: TicketExecutor, code: string): Promise<TicketRow | null> {
  const [row] = await executor.select().from(tickets).where(eq(tickets.code, code)).limit(1);
  return row ?? null;
}

/** The codes of the tickets with these ids (an id without a ticket is absent), in one statement. */
export async function ticketCodesOf(executor: TicketExecutor, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await executor
    .select({ id: tickets.id, code: tickets.code })
    .from(tickets)
    .where(inArray(tickets.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.code]));
}

/** Whose tickets a user's list holds: the account's own, and those booked with one of its verified contacts. */
export interface TicketOwner {
  userId: number;
  /** The account's verified phone, normalised as a ticket's phone is (spec 5: leading 84 replaced by 0). */
  phone: string | null;
  /** The account's verified e-mail, trimmed and lower-cased as a ticket's e-mail is. */
  email: string | null;
}

/**
 * A user's tickets, newest first, with their number: booked signed in to the account, or as a guest with the
 * account's verified phone or e-mail (the same contact exactly; both are normalised when a ticket is written). Each
 * branch has its index (user, phone, e-mail with the creation time).
 */
export async function userTickets(db: Db, owner: TicketOwner, limit: number, offset: number) {
  const mine = or(
    eq(tickets.userId, owner.userId),
    owner.phone ? eq(tickets.phone, owner.phone) : undefined,
    owner.email ? eq(tickets.email, owner.email) : undefined,
  );
  const [rows, total] = await Promise.all([
    db.select().from(tickets).where(mine).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(tickets).where(mine),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** Which tickets count as bookings: created since a moment, and in none of the failed transaction or night states. */
export interface BookedSince {
  since: Date;
  failedTransactions: number[];
  failedNight: string[];
}

/** The bookings per transport partner (tickets without one aside), in one grouped statement. */
export async function bookingsPerPartner(db: Db, { since, failedTransactions, failedNight }: BookedSince) {
  return db
    .select({ partnerId: tickets.partnerId, bookings: count(tickets.id) })
    .from(tickets)
    .where(
      and(
        gte(tickets.createdAt, since),
        notInArray(tickets.transactionStatusId, failedTransactions),
        notInArray(tickets.nightStatus, failedNight),
        isNotNull(tickets.partnerId),
      ),
    )
    .groupBy(tickets.partnerId);
}

/**
 * The tickets in one of `states` (the trips that took place): their number and first creation time, and the shared
 * rides among them with what their distance and seats are computed from.
 */
export async function completedTickets(db: Db, states: string[], sharingMethodId: number) {
  const completed = inArray(tickets.tripState, states);
  const [[totals], shared] = await Promise.all([
    db
      .select({ n: count(), first: sql<string | null>`min(${tickets.createdAt})` })
      .from(tickets)
      .where(completed),
    db
      .select({
        ticketId: tickets.id,
        chair: tickets.chair,
        departAt: tickets.departAt,
        pick: tickets.pickComponent,
        drop: tickets.dropComponent,
      })
      .from(tickets)
      .where(and(completed, eq(tickets.kind, 'ride'), eq(tickets.rideMethodId, sharingMethodId))),
  ]);
  return { totals, shared };
}

/** The highest ticket id created before `before` (0 when none): the start of the live count's id range. */
export async function lastTicketIdBefore(db: Db, before: Date): Promise<number> {
  const [row] = await db
    .select({ id: max(tickets.id) })
    .from(tickets)
    .where(lt(tickets.createdAt, before));
  return row?.id ?? 0;
}

/**
 * Tickets after id `afterId` created since each instant: a range scan of the primary key. The instants go in as
 * ISO text cast to timestamptz (the PostgreSQL driver does not take a Date inside a raw SQL fragment).
 */
export async function countTicketsSince(db: Db, afterId: number, since: { today: Date; lastHour: Date }) {
  const [row] = await db
    .select({
      today: sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.today.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
      lastHour: sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.lastHour.toISOString()}::timestamptz)`.mapWith(
        Number,
      ),
    })
    .from(tickets)
    .where(gt(tickets.id, afterId));
  return { today: row?.today ?? 0, lastHour: row?.lastHour ?? 0 };
}
