// SQL of the ratings: the one transaction that records a rating, completes the trip (trip_completed → completed,
// with its trip_events row) and moves the partner's score; and the newest commented ratings for the home page.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { TripState } from '../../../shared/contract/tickets';
import { TRIP_USER_STATUS } from '../../../shared/contract/tickets';
import type { Db } from '../../db/client';
import { ticketRatings, tickets, transportPartners, tripEvents } from '../../db/schema';
import { tripStateOf } from './trip-state';

export type RatedTicket = typeof tickets.$inferSelect;

export interface RatingWrite {
  ticketId: number;
  stars: number;
  comment: string;
  lang: string;
  at: Date;
}

type Executor = Pick<Db, 'update'>;

/** The trips whose rating counts towards the partner's score: those that really ended. */
const FINISHED_TRIPS: readonly TripState[] = ['trip_completed', 'completed'];

/**
 * A partner's score is the mean of the passengers' ratings of its finished trips and their number, nothing
 * else (no seeded figure). Recomputed from the ratings (one partner, or all when `partnerId` is left out), so the price
 * list reads two columns instead of aggregating the ratings on every search.
 */
export async function refreshPartnerScores(db: Executor, partnerId?: number) {
  const finished = sql`from ${ticketRatings} inner join ${tickets} on ${tickets.id} = ${ticketRatings.ticketId}
    where ${ticketRatings.partnerId} = ${transportPartners.id}
    and ${tickets.tripState} in (${sql.join(
      FINISHED_TRIPS.map((state) => sql`${state}`),
      sql`, `,
    )})`;
  return db
    .update(transportPartners)
    .set({
      rating: sql`coalesce((select round(avg(${ticketRatings.stars}), 2) ${finished}), 0)`,
      ratingCount: sql`(select count(*) ${finished})::int`,
    })
    .where(partnerId === undefined ? undefined : eq(transportPartners.id, partnerId))
    .returning({ rating: transportPartners.rating, ratingCount: transportPartners.ratingCount });
}

export function createRatingsRepository(db: Db) {
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
        const [partner] = await refreshPartnerScores(tx, ticket.partnerId);
        return { rating: rating!, partner: partner ?? { rating: 0, ratingCount: 0 } };
      });
    },

    /** The newest ratings with a comment, with the passenger's name, the trip and the partner. */
    async newestCommented(limit: number) {
      return db
        .select({
          id: ticketRatings.id,
          stars: ticketRatings.stars,
          comment: ticketRatings.comment,
          createdAt: ticketRatings.createdAt,
          fullname: tickets.fullname,
          pickAddress: tickets.pickAddress,
          dropAddress: tickets.dropAddress,
          partnerName: transportPartners.name,
        })
        .from(ticketRatings)
        .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
        .innerJoin(transportPartners, eq(transportPartners.id, ticketRatings.partnerId))
        .where(ne(ticketRatings.comment, ''))
        .orderBy(desc(ticketRatings.createdAt), desc(ticketRatings.id))
        .limit(limit);
    },
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;
