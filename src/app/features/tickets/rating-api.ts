// The passenger's rating of a completed trip (contract src/shared/contract/ratings.ts): proven like
// the other ticket calls, with the phone or e-mail of the ticket-detail route plus the owner's token when signed in.
import { RATING_PATHS, rateTicketResponseSchema } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { apiPost } from '../../lib/api-client';
import type { StoredUser } from '../../lib/session';

export interface RatingInput {
  stars: number;
  comment: string;
}

export const ratingCalls = {
  rate: (code: string, contact: string, user: Pick<StoredUser, 'token'> | null, input: RatingInput, lang: Lang) =>
    apiPost(
      RATING_PATHS.rateTicket,
      {
        ticket_code: code,
        ...(contact ? { contact } : {}),
        ...(user ? { token: user.token } : {}),
        stars: input.stars,
        comment: input.comment.trim(),
        lang,
      },
      { schema: rateTicketResponseSchema },
    ),
};
