// The desk's settings calls (src/shared/contract/desk-settings.ts), each with the desk session's Bearer token.
import { queryOptions } from '@tanstack/react-query';
import {
  DESK_SETTINGS_PATHS,
  deskSettingListResponseSchema,
  deskSettingResponseSchema,
  type DeskSettingKey,
} from '../../../shared/contract/desk-settings';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const settingCalls = {
  change: async (token: string, key: DeskSettingKey, value: string) =>
    (await apiPost(DESK_SETTINGS_PATHS.change, { key, value }, { headers: bearer(token), schema: deskSettingResponseSchema }))
      .data,
};

export const settingQueries = {
  list: (token: string) =>
    queryOptions({
      queryKey: ['desk', token, 'settings'],
      queryFn: async ({ signal }) =>
        (await apiGet(DESK_SETTINGS_PATHS.list, { headers: bearer(token), schema: deskSettingListResponseSchema, signal })).data,
      retry: false,
    }),
};
