// SQL of the ratings: the one transaction that records a rating, completes the trip (trip_completed → completed,
// with its trip_events row) and moves the partner's score; and the newest commented ratings for the home page.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { TRIP_USER_STATUS } from '../../../shared/contract/trips';
import type { Db } from '../../db/client';
import { ticketRatings, tickets, transportPartners, tripEvents } from '../../db/schema';
import { tripStateOf } from '../trips/trip-state';

export type RatedTicket = typeof tickets.$inferSelect;

export interface RatingWrite {
  ticketId: number;
  stars: number;
  comment: string;
  lang: string;
  at: Date;
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
        // The running mean over the partner's ratings (its seeded score counts as rating_count earlier ratings).
        const [partner] = await tx
          .update(transportPartners)
          .set({
            rating: sql`round(((${transportPartners.rating} * ${transportPartners.ratingCount} + ${write.stars}) / (${transportPartners.ratingCount} + 1))::numeric, 2)`,
            ratingCount: sql`${transportPartners.ratingCount} + 1`,
          })
          .where(eq(transportPartners.id, ticket.partnerId))
          .returning({ rating: transportPartners.rating, ratingCount: transportPartners.ratingCount });
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
