// The desk's promotion calls (src/shared/contract/desk-promotions.ts), each with the desk session's Bearer token.
import { queryOptions } from '@tanstack/react-query';
import {
  DESK_PROMOTION_PATHS,
  deskPromotionPageResponseSchema,
  deskPromotionResponseSchema,
  type DeskPromotionCreateInput,
  type DeskPromotionQuery,
  type DeskPromotionUpdateInput,
} from '../../../shared/contract/desk-promotions';
import { apiGet, apiPost } from '../../lib/api-client';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = async (token: string, path: string, body: object) =>
  (await apiPost(path, body, { headers: bearer(token), schema: deskPromotionResponseSchema })).data;

export const promotionCalls = {
  create: (token: string, input: DeskPromotionCreateInput) => post(token, DESK_PROMOTION_PATHS.create, input),
  update: (token: string, input: DeskPromotionUpdateInput) => post(token, DESK_PROMOTION_PATHS.update, input),
  pause: (token: string, id: number) => post(token, DESK_PROMOTION_PATHS.pause, { id }),
  resume: (token: string, id: number) => post(token, DESK_PROMOTION_PATHS.resume, { id }),
};

export const promotionQueries = {
  all: (token: string) => ['desk', token, 'promotions'] as const,
  page: (token: string, filters: DeskPromotionQuery) =>
    queryOptions({
      queryKey: [...promotionQueries.all(token), filters],
      queryFn: async ({ signal }) =>
        (
          await apiGet(DESK_PROMOTION_PATHS.list, {
            headers: bearer(token),
            query: { ...filters },
            schema: deskPromotionPageResponseSchema,
            signal,
          })
        ).data,
      retry: false,
    }),
};
