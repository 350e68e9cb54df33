// The desk's content calls (src/shared/contract/desk-content.ts), each with the desk session's token.
import { queryOptions } from '@tanstack/react-query';
import {
  DESK_CONTENT_PATHS,
  deskContentItemResponseSchema,
  deskContentPageResponseSchema,
  deskContentPreviewResponseSchema,
  type DeskContentDraftInput,
  type DeskContentKind,
  type DeskContentListQuery,
} from '../../../shared/contract/desk-content';
import {
  deskContentOptionsResponseSchema,
  type DeskContentCreateInput,
  type DeskContentPostDetailsInput,
} from '../../../shared/contract/desk-content-create';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface DeskContentRefValue {
  kind: DeskContentKind;
  key: string;
}

export const deskContentCalls = {
  saveDraft: async (token: string, input: DeskContentDraftInput) =>
    (await apiPost(DESK_CONTENT_PATHS.draft, input, { headers: bearer(token), schema: deskContentItemResponseSchema })).data,
  publish: async (token: string, ref: DeskContentRefValue) =>
    (await apiPost(DESK_CONTENT_PATHS.publish, ref, { headers: bearer(token), schema: deskContentItemResponseSchema })).data,
  unpublish: async (token: string, ref: DeskContentRefValue) =>
    (await apiPost(DESK_CONTENT_PATHS.unpublish, ref, { headers: bearer(token), schema: deskContentItemResponseSchema })).data,
  create: async (token: string, input: DeskContentCreateInput) =>
    (await apiPost(DESK_CONTENT_PATHS.create, input, { headers: bearer(token), schema: deskContentItemResponseSchema })).data,
  postDetails: async (token: string, input: DeskContentPostDetailsInput) =>
    (await apiPost(DESK_CONTENT_PATHS.postDetails, input, { headers: bearer(token), schema: deskContentItemResponseSchema }))
      .data,
};

export const deskContentQueries = {
  all: (token: string) => ['desk', token, 'content'] as const,
  list: (token: string, query: DeskContentListQuery) =>
    queryOptions({
      queryKey: ['desk', token, 'content', 'list', query],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_CONTENT_PATHS.list, {
            headers: bearer(token),
            query: { ...query },
            schema: deskContentPageResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
  options: (token: string) =>
    queryOptions({
      queryKey: ['desk', token, 'content', 'options'],
      queryFn: async ({ signal }) =>
        (await apiGet(DESK_CONTENT_PATHS.options, { headers: bearer(token), schema: deskContentOptionsResponseSchema, signal }))
          .data,
      retry: false,
    }),
  item: (token: string, ref: DeskContentRefValue) =>
    queryOptions({
      queryKey: ['desk', token, 'content', 'item', ref],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_CONTENT_PATHS.item, {
            headers: bearer(token),
            query: { ...ref },
            schema: deskContentItemResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
  preview: (token: string, ref: DeskContentRefValue, lang: Lang) =>
    queryOptions({
      queryKey: ['desk', token, 'content', 'preview', ref, lang],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_CONTENT_PATHS.preview, {
            headers: bearer(token),
            query: { ...ref, lang },
            schema: deskContentPreviewResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
};
