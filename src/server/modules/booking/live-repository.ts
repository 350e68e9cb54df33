// SQL of the calls beside a booking: the live booking count (a primary-key range count over today's tickets) and
// the saved unfinished bookings (save_pending: the billing form's, and the side menu's quick bookings of kind 'quick'
// that transport partners list and take).
import { and, eq, gt, isNull, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingBookings, tickets } from '../../db/schema';

export type PendingBookingRow = typeof pendingBookings.$inferInsert;

export function createLiveRepository(db: Db) {
  return {
    /**
     * One row per ticket_session: a later save replaces the details, if it is of the same kind and not taken by a
     * partner yet (a taken quick booking keeps what the partner saw). False when nothing was written.
     */
    async savePending(row: PendingBookingRow, at: Date): Promise<boolean> {
      const written = await db
        .insert(pendingBookings)
        .values({ ...row, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: pendingBookings.ticketSession,
          set: {
            sessionId: row.sessionId,
            fullname: row.fullname,
            phone: row.phone,
            email: row.email,
            trip: row.trip,
            lang: row.lang,
            ip: row.ip,
            departAt: row.departAt ?? null,
            updatedAt: at,
          },
          setWhere: and(eq(pendingBookings.kind, row.kind ?? 'billing'), isNull(pendingBookings.takenByPartnerId)),
        })
        .returning({ id: pendingBookings.id });
      return written.length > 0;
    },

    /**
     * Saves not touched since `before` are deleted (they hold contact details of people who did not book), except
     * quick bookings whose depart time is still ahead of `at` (a partner may still serve them), kept at most until
     * `quickBefore`.
     */
    async deletePendingBefore(before: Date, at: Date, quickBefore: Date) {
      await db
        .delete(pendingBookings)
        .where(
          and(
            lt(pendingBookings.updatedAt, before),
            or(
              ne(pendingBookings.kind, 'quick'),
              isNull(pendingBookings.departAt),
              lte(pendingBookings.departAt, at),
              lt(pendingBookings.updatedAt, quickBefore),
            ),
          ),
        );
    },

    /** The highest ticket id created before `before` (0 when none): the start of the live count's id range. */
    async lastTicketIdBefore(before: Date): Promise<number> {
      const [row] = await db
        .select({ id: max(tickets.id) })
        .from(tickets)
        .where(lt(tickets.createdAt, before));
      return row?.id ?? 0;
    },

    /**
     * Tickets after id `afterId` created since each instant: a range scan of the primary key. The instants go in as
     * ISO text cast to timestamptz (the PostgreSQL driver does not take a Date inside a raw SQL fragment).
     */
    async countTicketsSince(afterId: number, since: { today: Date; lastHour: Date }) {
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.today.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
          lastHour:
            sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.lastHour.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
        })
        .from(tickets)
        .where(gt(tickets.id, afterId));
      return { today: row?.today ?? 0, lastHour: row?.lastHour ?? 0 };
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
