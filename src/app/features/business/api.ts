// The business partner's calls (src/shared/contract/leads.ts): login with the e-mailed password, the credit and its
// newest entries, a top-up (answers the card gateway's page) and a top-up's state after the gateway sent the browser
// back. Every call but login carries the business token as a Bearer header; the query keys start with 'partner'
// (a business partner is a partner), so they are never persisted with the query cache, and hold the token, so a
// new session never reads another one's cache.
import { queryOptions } from '@tanstack/react-query';
import {
  businessLoginResponseSchema,
  businessLogoutResponseSchema,
  creditResponseSchema,
  topUpResponseSchema,
  topUpStatusResponseSchema,
} from '../../../shared/contract/business';
import type { Lang } from '../../../shared/domain/route-table';
import { apiPost } from '../../lib/api-client';
import { BUSINESS_PATHS } from '../../../shared/contract/business';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const businessQueries = {
  credit: (token: string) =>
    queryOptions({
      queryKey: ['partner', 'business', token, 'credit'],
      queryFn: async ({ signal }) =>
        (await apiPost(BUSINESS_PATHS.credit, {}, { headers: bearer(token), schema: creditResponseSchema, signal })).data,
      staleTime: 0,
      retry: false,
    }),
  topUp: (token: string, ref: string) =>
    queryOptions({
      queryKey: ['partner', 'business', token, 'top-up', ref],
      queryFn: async ({ signal }) =>
        (
          await apiPost(
            BUSINESS_PATHS.topUpStatus,
            { ref },
            { headers: bearer(token), schema: topUpStatusResponseSchema, signal },
          )
        ).data,
      retry: false,
    }),
};

export const businessCalls = {
  login: async (input: { email: string; password: string }) =>
    (await apiPost(BUSINESS_PATHS.login, input, { schema: businessLoginResponseSchema })).data,
  /** Ends the session on the server (a copied token is refused from then on). */
  logout: async (token: string) =>
    apiPost(BUSINESS_PATHS.logout, {}, { headers: bearer(token), schema: businessLogoutResponseSchema }),
  topUp: async (token: string, amount: number, lang: Lang) =>
    (await apiPost(BUSINESS_PATHS.topUp, { amount, lang }, { headers: bearer(token), schema: topUpResponseSchema })).data,
};
