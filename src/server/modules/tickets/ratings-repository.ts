// SQL of the ratings: the one transaction that records a rating, completes the trip (trip_completed → completed,
// with its trip_events row) and moves the partner's score (written by the pricing module, which holds the partners);
// and the newest commented ratings for the home page.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TripState } from '../../../shared/contract/tickets';
import { TRIP_USER_STATUS } from '../../../shared/contract/tickets';
import type { Db } from '../../db/client';
import { ticketRatings, tickets, tripEvents } from '../../db/schema';
import type { PartnerBook, PartnerScore } from './ports';
import { tripStateOf } from './trip-state';

export type RatedTicket = typeof tickets.$inferSelect;

export interface RatingWrite {
  ticketId: number;
  stars: number;
  comment: string;
  lang: string;
  at: Date;
}

type Executor = Pick<Db, 'select' | 'update'>;

/** The trips whose rating counts towards the partner's score: those that really ended. */
const FINISHED_TRIPS: readonly TripState[] = ['trip_completed', 'completed'];

/**
 * A partner's score is the mean of the passengers' ratings of its finished trips and their number, nothing
 * else (no seeded figure). Computed from the ratings (one partner's, or every rated partner's when `partnerId` is left
 * out) in `db` (the rating's transaction).
 */
async function partnerScores(db: Executor, partnerId?: number): Promise<Map<number, PartnerScore>> {
  const rows = await db
    .select({
      partnerId: ticketRatings.partnerId,
      rating: sql<string>`round(avg(${ticketRatings.stars}), 2)::text`,
      ratingCount: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(ticketRatings)
    .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
    .where(
      and(
        inArray(tickets.tripState, [...FINISHED_TRIPS]),
        partnerId === undefined ? undefined : eq(ticketRatings.partnerId, partnerId),
      ),
    )
    .groupBy(ticketRatings.partnerId);
  return new Map(rows.map((row) => [row.partnerId, { rating: row.rating, ratingCount: row.ratingCount }]));
}

/**
 * Recomputes the partners' scores from the ratings (one partner, or all when `partnerId` is left out) and has the
 * pricing module write them, so the price list reads two columns instead of aggregating the ratings on every search.
 */
export async function refreshPartnerScores(db: Executor, partners: Pick<PartnerBook, 'setScores'>, partnerId?: number) {
  return partners.setScores(db, await partnerScores(db, partnerId), partnerId);
}

/** `partners`: the pricing module's (the partners' names and scores). */
export function createRatingsRepository(db: Db, partners: PartnerBook) {
  /** The newest ratings with a comment (only those of the partners in `among`, when given). */
  const commented = (limit: number, among?: number[]) =>
    db
      .select({
        id: ticketRatings.id,
        stars: ticketRatings.stars,
        comment: ticketRatings.comment,
        createdAt: ticketRatings.createdAt,
        partnerId: ticketRatings.partnerId,
        fullname: tickets.fullname,
        pickAddress: tickets.pickAddress,
        dropAddress: tickets.dropAddress,
      })
      .from(ticketRatings)
      .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
      .where(and(ne(ticketRatings.comment, ''), among === undefined ? undefined : inArray(ticketRatings.partnerId, among)))
      .orderBy(desc(ticketRatings.createdAt), desc(ticketRatings.id))
      .limit(limit);
  return {
    async ticketByCode(code: string): Promise<RatedTicket | null> {
      const [row] = await db.select().from(tickets).where(eq(tickets.code, code)).limit(1);
      return row ?? null;
    },

    /**
     * Null when the ticket is no longer a completed, unrated trip (another call rated it first: the unique ticket_id
     * and the conditional UPDATE make exactly one of two racing ratings win).
     */
    async rate(write: RatingWrite) {
      return db.transaction(async (tx) => {
        const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, write.ticketId)).for('update');
        if (!ticket || tripStateOf(ticket) !== 'trip_completed') return null;
        const [moved] = await tx
          .update(tickets)
          .set({ tripState: 'completed', status: TRIP_USER_STATUS.completed, updatedAt: write.at })
          .where(and(eq(tickets.id, ticket.id), eq(tickets.tripState, 'trip_completed')))
          .returning({ id: tickets.id });
        if (!moved) return null;
        const [rating] = await tx
          .insert(ticketRatings)
          .values({
            ticketId: ticket.id,
            partnerId: ticket.partnerId,
            stars: write.stars,
            comment: write.comment,
            lang: write.lang,
            createdAt: write.at,
          })
          .returning();
        await tx.insert(tripEvents).values({
          ticketId: ticket.id,
          fromState: 'trip_completed',
          toState: 'completed',
          actor: 'passenger',
          actorId: ticket.userId,
          reason: `rating:${write.stars}`,
          at: write.at,
        });
        // In the rating's transaction: the score moves with the rating or not at all.
        const [partner] = await refreshPartnerScores(tx, partners, ticket.partnerId);
        return { rating: rating!, partner: partner ?? { rating: 0, ratingCount: 0 } };
      });
    },

    /** The newest ratings with a comment, with the passenger's name, the trip and the partner. */
    async newestCommented(limit: number) {
      const [rows, names] = await Promise.all([commented(limit), partners.names()]);
      // A rating whose partner is gone is not shown: read again among the partners that exist.
      const shown = rows.every((row) => names.has(row.partnerId)) ? rows : await commented(limit, [...names.keys()]);
      return shown.map(({ partnerId, ...row }) => ({ ...row, partnerName: names.get(partnerId) ?? '' }));
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
