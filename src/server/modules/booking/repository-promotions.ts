// SQL of the promotions: the code's row and whether a phone already used a single-use code.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotionRedemptions, promotions } from '../../db/schema';

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
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
