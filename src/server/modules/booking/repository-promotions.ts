// SQL of the promotions: the code's row, whether a phone already used a single-use code, and the booking settings.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotionRedemptions, promotions, settings } from '../../db/schema';
import { BOOKING_SETTING_DEFAULTS, BOOKING_SETTING_GROUP, type BookingSettings } from '../../db/seed-booking';

export type PromotionRow = typeof promotions.$inferSelect;

export function createPromotionRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<PromotionRow | null> {
      const rows = await db.select().from(promotions).where(eq(promotions.code, code)).limit(1);
      return rows[0] ?? null;
    },

    async usedByPhone(promotionId: number, phone: string): Promise<boolean> {
      const rows = await db
        .select({ id: promotionRedemptions.id })
        .from(promotionRedemptions)
        .where(and(eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.phone, phone)))
        .limit(1);
      return rows.length > 0;
    },

    /** The booking settings over their defaults; read per call (a booking is rare next to a price list). */
    async bookingSettings(): Promise<BookingSettings> {
      const rows = await db
        .select({ key: settings.key, value: settings.value })
        .from(settings)
        .where(eq(settings.grp, BOOKING_SETTING_GROUP));
      const out: Record<string, string | number> = { ...BOOKING_SETTING_DEFAULTS };
      for (const row of rows) {
        const fallback = (BOOKING_SETTING_DEFAULTS as Record<string, string | number>)[row.key];
        if (fallback !== undefined && typeof row.value === typeof fallback) out[row.key] = row.value as string | number;
      }
      return out as BookingSettings;
    },
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
