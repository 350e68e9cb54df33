// The partners' names and scores as the tickets module needs them: the name beside a passenger's rating on the home
// page, and the score (mean stars and their number) the ratings module computes from the finished trips' ratings and
// writes here in the rating's own transaction. app.ts hands these in.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transportPartners } from '../../db/schema';

/** A partner's score as computed: the mean stars (PostgreSQL's numeric, as text, so no float rounds it) and their number. */
export interface PartnerScore {
  rating: string;
  ratingCount: number;
}

/** Every transport partner's name by id, active or not. */
export async function partnerNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: transportPartners.id, name: transportPartners.name }).from(transportPartners);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Writes the scores in `executor` (the rating's transaction): one partner's when `partnerId` is given, else every
 * partner's, a partner without a score getting 0 and 0. Answers the written score of each partner it changed.
 */
export function setPartnerScores(executor: Pick<Db, 'update'>, scores: ReadonlyMap<number, PartnerScore>, partnerId?: number) {
  const pick = (value: (score: PartnerScore) => SQL): SQL => {
    if (partnerId !== undefined) {
      const score = scores.get(partnerId);
      return score ? value(score) : sql`0`;
    }
    if (scores.size === 0) return sql`0`;
    const cases = [...scores].map(([id, score]) => sql`when ${id} then ${value(score)}`);
    return sql`(case ${transportPartners.id} ${sql.join(cases, sql` `)} else 0 end)`;
  };
  return executor
    .update(transportPartners)
    .set({
      rating: sql`${pick((score) => sql`${score.rating}::numeric`)}`,
      ratingCount: sql`${pick((score) => sql`${score.ratingCount}::int`)}`,
    })
    .where(partnerId === undefined ? undefined : eq(transportPartners.id, partnerId))
    .returning({ rating: transportPartners.rating, ratingCount: transportPartners.ratingCount });
}
