// The ticket's calls after its booking (spec 7; contract src/shared/contract/tickets.ts). The cancellation: a cancel
// token proving ownership (the ticket's phone or e-mail, plus the owner's token when signed in), the cancellation, the
// reasons list in the page's language and the feedback that follows. The passenger's rating of a completed trip,
// proven the same way.
import { queryOptions } from '@tanstack/react-query';
import { TICKET_KEY_HEADER } from '../../../shared/contract/booking';
import {
  CANCEL_PATHS,
  TICKET_LOOKUP_PATHS,
  ticketInfoResponseSchema,
  RATING_PATHS,
  rateTicketResponseSchema,
  cancelResultResponseSchema,
  cancelTokenResponseSchema,
  feedbackResponseSchema,
  whyCancelListResponseSchema,
  type CancelReasonId,
} from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet, apiPost } from '../../lib/api-client';
import type { StoredUser } from '../../lib/session';

/**
 * The ticket lookup (get_ticket_info). Its query key keeps the 'booking' prefix it was first stored under: the query
 * cache persisted on passengers' phones, and its sign-out clearing (lib/query-client.ts), know tickets by that key.
 */
export const ticketQueries = {
  /** `key`: the ticket's access key when this device booked it; a lookup with it is not counted against the address. */
  info: (code: string, contact: string, lang: Lang, key?: string) =>
    queryOptions({
      queryKey: ['booking', 'ticket', code, contact, lang, key ?? null],
      queryFn: async ({ signal }) =>
        (
          await apiGet(TICKET_LOOKUP_PATHS.ticketInfo, {
            query: { ticket_code: code, lang, ...(contact.includes('@') ? { email: contact } : { phone_number: contact }) },
            headers: key ? { [TICKET_KEY_HEADER]: key } : undefined,
            schema: ticketInfoResponseSchema,
            signal,
          })
        ).data,
      staleTime: 30_000,
    }),
};

/** The ticket-detail route's second parameter: an e-mail when it holds '@', else a phone. */
export function contactParams(contact: string): { email: string } | { phone_number: string } {
  return contact.includes('@') ? { email: contact } : { phone_number: contact };
}

export const cancelQueries = {
  reasons: (lang: Lang) =>
    queryOptions({
      queryKey: ['cancel', 'reasons', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CANCEL_PATHS.whyCancelList, { query: { lang }, schema: whyCancelListResponseSchema, signal })).data,
      staleTime: 60 * 60_000,
    }),
};

export const cancelCalls = {
  generateToken: (code: string, contact: string, user: Pick<StoredUser, 'id' | 'token'> | null, lang: Lang) =>
    apiPost(
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: code, ...contactParams(contact), ...(user ? { token: user.token, user_id: user.id } : {}), lang },
      { schema: cancelTokenResponseSchema },
    ),
  cancel: (code: string, cancelToken: string, lang: Lang) =>
    apiPost(
      CANCEL_PATHS.cancelBooking,
      { ticket_code: code, cancel_token: cancelToken, lang },
      { schema: cancelResultResponseSchema },
    ),
  feedback: (code: string, cancelToken: string, reasonId: CancelReasonId, note: string, lang: Lang) =>
    apiPost(
      CANCEL_PATHS.feedbackWhyCancel,
      { ticket_code: code, cancel_token: cancelToken, reason_id: reasonId, note, lang },
      { schema: feedbackResponseSchema },
    ),
};

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
