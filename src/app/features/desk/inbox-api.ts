// The inbox's calls (src/shared/contract/desk-inbox.ts), each with the desk session's token as a Bearer header: the
// list (filtered and paged on the server), one item, and the actions that answer with the item as it now is.
import { queryOptions } from '@tanstack/react-query';
import {
  INBOX_PATHS,
  inboxItemResponseSchema,
  inboxPageResponseSchema,
  type InboxAnswerInput,
  type InboxListQuery,
} from '../../../shared/contract/desk-inbox';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const post = async (token: string, path: string, body: object) =>
  (await apiPost(path, body, { headers: bearer(token), schema: inboxItemResponseSchema })).data;

export const inboxCalls = {
  take: (token: string, id: number) => post(token, INBOX_PATHS.take, { id }),
  answer: (token: string, input: InboxAnswerInput) => post(token, INBOX_PATHS.answer, input),
  close: (token: string, id: number, note: string) => post(token, INBOX_PATHS.close, { id, note }),
  reopen: (token: string, id: number, note: string) => post(token, INBOX_PATHS.reopen, { id, note }),
};

export const inboxQueries = {
  all: (token: string) => ['desk', token, 'inbox'] as const,
  list: (token: string, filters: InboxListQuery) =>
    queryOptions({
      queryKey: ['desk', token, 'inbox', 'list', filters],
      queryFn: async ({ signal }) =>
        (
          await apiGet(INBOX_PATHS.list, {
            headers: bearer(token),
            query: { ...filters },
            schema: inboxPageResponseSchema,
            signal,
          })
        ).data,
      retry: false,
      // The clocks move: the list is read again every minute while it is shown.
      refetchInterval: 60_000,
    }),
  item: (token: string, id: number) =>
    queryOptions({
      queryKey: ['desk', token, 'inbox', 'item', id],
      queryFn: async ({ signal }) =>
        (await apiGet(INBOX_PATHS.item, { headers: bearer(token), query: { id }, schema: inboxItemResponseSchema, signal })).data,
      retry: false,
    }),
};
