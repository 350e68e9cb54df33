// SQL of the promotions: the code's row and how often a phone has used it.
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { promotionRedemptions, promotions } from '../../db/schema';

export type PromotionRow = typeof promotions.$inferSelect;

export function createPromotionRepository(db: Db) {
  return {
    async findByCode(code: string): Promise<PromotionRow | null> {
      const rows = await db.select().from(promotions).where(eq(promotions.code, code)).limit(1);
      return rows[0] ?? null;
    },

    async usesByPhone(promotionId: number, phone: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(promotionRedemptions)
        .where(and(eq(promotionRedemptions.promotionId, promotionId), eq(promotionRedemptions.phone, phone)));
      return row?.n ?? 0;
    },
  };
}

export type PromotionRepository = ReturnType<typeof createPromotionRepository>;
