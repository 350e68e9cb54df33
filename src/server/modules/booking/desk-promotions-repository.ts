// SQL of the desk's promotion codes: a page of codes with their redemptions counted (the true uses, whatever the
// claim counter says), filtered by state at a moment, and a code's row read, written and locked for a change.
import { and, count, desc, eq, gt, gte, ilike, isNotNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { DESK_PROMOTION_PAGE_SIZE, type PromotionState } from '../../../shared/contract/desk-promotions';
import type { Db } from '../../db/client';
import { promotionRedemptions, promotions } from '../../db/schema';
import type { PromotionRow } from './repository-promotions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: whatever the caller's write runs in. */
export type Executor = Db | Tx;
export type NewPromotion = typeof promotions.$inferInsert;
export type PromotionLimits = Omit<NewPromotion, 'id' | 'code' | 'uses' | 'active'>;

/** The SQL of a state at `at` (the same rules as stateOf in the service). */
function stateIs(state: PromotionState, at: Date): SQL {
  const scheduled = and(isNotNull(promotions.validFrom), gt(promotions.validFrom, at))!;
  const ended = or(
    and(isNotNull(promotions.validTo), lt(promotions.validTo, at)),
    and(isNotNull(promotions.maxUses), gte(promotions.uses, promotions.maxUses)),
  )!;
  if (state === 'paused') return eq(promotions.active, false);
  if (state === 'scheduled') return and(eq(promotions.active, true), scheduled)!;
  if (state === 'ended') return and(eq(promotions.active, true), not(scheduled), ended)!;
  return and(eq(promotions.active, true), not(scheduled), not(ended))!;
}

/** `%`, `_` and `\` typed in a search are matched as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createDeskPromotionRepository(db: Db) {
  const redeemed = db
    .select({ promotionId: promotionRedemptions.promotionId, n: count().as('n') })
    .from(promotionRedemptions)
    .groupBy(promotionRedemptions.promotionId)
    .as('redeemed');

  return {
    db,

    async page(filters: { state?: PromotionState; q?: string; page: number }, at: Date) {
      const conditions: SQL[] = [];
      if (filters.state) conditions.push(stateIs(filters.state, at));
      if (filters.q) conditions.push(ilike(promotions.code, likeText(filters.q)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [counted] = await db.select({ n: count() }).from(promotions).where(where);
      const rows = await db
        .select({ row: promotions, uses: sql<number>`coalesce(${redeemed.n}, 0)`.mapWith(Number) })
        .from(promotions)
        .leftJoin(redeemed, eq(redeemed.promotionId, promotions.id))
        .where(where)
        .orderBy(desc(promotions.id))
        .limit(DESK_PROMOTION_PAGE_SIZE)
        .offset((filters.page - 1) * DESK_PROMOTION_PAGE_SIZE);
      return { rows, total: counted?.n ?? 0 };
    },

    /** The code's row, locked until `tx` ends. */
    async lock(tx: Executor, id: number): Promise<PromotionRow | null> {
      const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
      return row ?? null;
    },

    async uses(tx: Executor, id: number): Promise<number> {
      const [row] = await tx.select({ n: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.promotionId, id));
      return row?.n ?? 0;
    },

    /** The new code's row, or null when the code exists. */
    async insert(tx: Executor, values: NewPromotion): Promise<PromotionRow | null> {
      const [row] = await tx.insert(promotions).values(values).onConflictDoNothing({ target: promotions.code }).returning();
      return row ?? null;
    },

    async update(tx: Executor, id: number, values: Partial<PromotionLimits> & { active?: boolean }): Promise<PromotionRow> {
      const [row] = await tx.update(promotions).set(values).where(eq(promotions.id, id)).returning();
      if (!row) throw new Error(`promotion ${id} vanished under its lock`);
      return row;
    },
  };
}

export type DeskPromotionRepository = ReturnType<typeof createDeskPromotionRepository>;
