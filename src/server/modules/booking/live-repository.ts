// SQL of the saved unfinished bookings beside a booking (save_pending: the billing form's, and the side menu's quick
// bookings of kind 'quick' that transport partners list and take). The live booking count is the tickets module's
// (booking/ports.ts TicketCounts).
import { and, eq, isNull, lt, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingBookings } from '../../db/schema';

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
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
