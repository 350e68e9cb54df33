// The desk's Tickets area calls (src/shared/contract/desk-tickets.ts), each with the desk session's token.
import { queryOptions } from '@tanstack/react-query';
import {
  DESK_TICKETS_PATHS,
  deskPartnersResponseSchema,
  deskTicketActionResponseSchema,
  deskTicketPageResponseSchema,
  deskTimelineResponseSchema,
  type DeskRefundPaidInput,
  type DeskTicketMoveInput,
  type DeskTicketReasonInput,
  type DeskTicketSearch,
} from '../../../shared/contract/desk-tickets';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** An action's call: the ticket as it is after it. */
const act = async (path: string, token: string, input: object) =>
  (await apiPost(path, input, { headers: bearer(token), schema: deskTicketActionResponseSchema })).data;

export const deskTicketCalls = {
  refund: (token: string, input: DeskRefundPaidInput) => act(DESK_TICKETS_PATHS.refund, token, input),
  cancel: (token: string, input: DeskTicketReasonInput) => act(DESK_TICKETS_PATHS.cancel, token, input),
  move: (token: string, input: DeskTicketMoveInput) => act(DESK_TICKETS_PATHS.move, token, input),
  resend: (token: string, input: DeskTicketReasonInput) => act(DESK_TICKETS_PATHS.resend, token, input),
};

export const deskTicketQueries = {
  all: (token: string) => ['desk', token, 'tickets'] as const,
  search: (token: string, query: DeskTicketSearch) =>
    queryOptions({
      queryKey: ['desk', token, 'tickets', 'search', query],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_TICKETS_PATHS.search, {
            headers: bearer(token),
            query: { ...query },
            schema: deskTicketPageResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
  partners: (token: string) =>
    queryOptions({
      queryKey: ['desk', token, 'tickets', 'partners'],
      queryFn: async ({ signal }) =>
        (await apiGet(DESK_TICKETS_PATHS.partners, { headers: bearer(token), schema: deskPartnersResponseSchema, signal })).data,
      retry: false,
      staleTime: 5 * 60_000,
    }),
  timeline: (token: string, code: string) =>
    queryOptions({
      queryKey: ['desk', token, 'tickets', 'timeline', code],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_TICKETS_PATHS.timeline, {
            headers: bearer(token),
            query: { code },
            schema: deskTimelineResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
};
