// SQL of the quick bookings as the transport partners see them: the pending rows of kind 'quick' (save_pending saves
// them), listed and taken with one conditional UPDATE so that one partner wins. The partners module's console reaches
// them here (app.ts hands them in: createQuickBookingDesk).
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingBookings } from '../../db/schema';

export type QuickBookingRow = typeof pendingBookings.$inferSelect;

export function createQuickBookingDesk(db: Db) {
  return {
    /** Quick bookings departing after `after`, newest first; one more row than `size` tells whether a next page exists. */
    async quickBookings(after: Date, page: number, size: number) {
      const rows = await db
        .select()
        .from(pendingBookings)
        .where(and(eq(pendingBookings.kind, 'quick'), gt(pendingBookings.departAt, after)))
        .orderBy(desc(pendingBookings.createdAt), desc(pendingBookings.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      return { rows: rows.slice(0, size), more: rows.length > size };
    },

    /**
     * The partner takes a listed quick booking in one conditional UPDATE: only while nobody took it (or this partner
     * did: taking twice keeps the first time). Under concurrent takes PostgreSQL re-checks the condition on the row
     * the first writer left, so exactly one partner wins. Undefined when the condition failed.
     */
    async takeQuickBooking(id: number, partnerId: number, after: Date, at: Date) {
      const [row] = await db
        .update(pendingBookings)
        .set({
          takenByPartnerId: partnerId,
          takenAt: sql`coalesce(${pendingBookings.takenAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(pendingBookings.id, id),
            eq(pendingBookings.kind, 'quick'),
            gt(pendingBookings.departAt, after),
            or(isNull(pendingBookings.takenByPartnerId), eq(pendingBookings.takenByPartnerId, partnerId)),
          ),
        )
        .returning();
      return row;
    },

    /** A listed quick booking by id (to tell a 409 from a 404 after a failed take). */
    async quickBooking(id: number, after: Date) {
      const [row] = await db
        .select({ id: pendingBookings.id })
        .from(pendingBookings)
        .where(and(eq(pendingBookings.id, id), eq(pendingBookings.kind, 'quick'), gt(pendingBookings.departAt, after)));
      return row;
    },
  };
}

export type QuickBookingDesk = ReturnType<typeof createQuickBookingDesk>;
