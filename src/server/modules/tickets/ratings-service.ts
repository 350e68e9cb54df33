// Ratings: the passenger who proves a ticket is theirs (the code with the phone or e-mail it was
// booked with, or the owner's token, as get_ticket_info) rates its completed trip once; the home page reads the
// newest commented ratings with the passenger's name shortened.
import type { CustomerRating, RateTicket, RateTicketRequest } from '../../../shared/contract/tickets';
import { RATING_ERROR_KEYS } from '../../../shared/contract/tickets';
import { tripStateOf } from './trip-state';
import { refuse, type Refusal } from '../../http/refusal';
import type { RatingsRepository } from './ratings-repository';

export type RatingRefusal = Refusal<404 | 409>;

export interface RatingsServiceDeps {
  repository: RatingsRepository;
  now: () => Date;
}

/** "Nguyễn Văn An" → "An N.": the given name and the family name's initial, enough to be real, not to identify. */
export function shortName(fullname: string): string {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const given = words[words.length - 1] ?? '';
  if (words.length === 1) return given;
  return `${given} ${Array.from(words[0] ?? '')[0] ?? ''}.`;
}

/** The place name of an address: its first comma-separated part ("Sân bay Nội Bài, Sóc Sơn, Hà Nội" → "Sân bay Nội Bài"). */
export const placeName = (address: string): string => address.split(',')[0]?.trim() ?? '';

export function createRatingsService({ repository, now }: RatingsServiceDeps) {
  return {
    /** Rates a ticket whose ownership the route proved (the tickets module's ticket access). */
    async rate(
      ticket: Parameters<typeof tripStateOf>[0] & { id: number; code: string },
      input: RateTicketRequest,
    ): Promise<{ ok: true; data: RateTicket } | RatingRefusal> {
      if (tripStateOf(ticket) !== 'trip_completed') return refuse(409, RATING_ERROR_KEYS.notRateable);
      const result = await repository.rate({
        ticketId: ticket.id,
        stars: input.stars,
        comment: input.comment,
        lang: input.lang,
        at: now(),
      });
      if (!result) return refuse(409, RATING_ERROR_KEYS.notRateable);
      return {
        ok: true,
        data: {
          ticket_code: ticket.code,
          stars: result.rating.stars,
          comment: result.rating.comment,
          created_at: result.rating.createdAt.toISOString(),
          partner_rating: result.partner.rating,
          partner_rating_count: result.partner.ratingCount,
        },
      };
    },

    async customerRatings(limit: number): Promise<CustomerRating[]> {
      const rows = await repository.newestCommented(limit);
      return rows.map((row) => ({
        id: row.id,
        name: shortName(row.fullname),
        stars: row.stars,
        comment: row.comment,
        partner_name: row.partnerName,
        route: [placeName(row.pickAddress), placeName(row.dropAddress)].filter(Boolean).join(' → '),
        created_at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
