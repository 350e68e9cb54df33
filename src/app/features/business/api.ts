// The business partner's session and calls. The calls (src/shared/contract/leads.ts): login with the e-mailed
// password, the credit and its newest entries, a top-up (answers the card gateway's page) and a top-up's state after
// the gateway sent the browser back. Every call but login carries the business token as a Bearer header; the query keys start with 'partner'
// (a business partner is a partner), so they are never persisted with the query cache, and hold the token, so a
// new session never reads another one's cache.
import { queryOptions } from '@tanstack/react-query';
import {
  BUSINESS_PATHS,
  businessLoginResponseSchema,
  businessLogoutResponseSchema,
  creditResponseSchema,
  topUpResponseSchema,
  topUpStatusResponseSchema,
} from '../../../shared/contract/business';
import type { Lang } from '../../../shared/domain/route-table';
import { apiPost } from '../../lib/api-client';
import { storedSession } from '../../lib/stored-session';

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

// The business partner's session, apart from the passenger's account and the transport partner's console: the token
// and the company, kept in the encrypted local store under 'partner:business' (7 days, as every entry). A passenger
// logout clears it too ('partner:' is one of the store's user-data prefixes), so a shared phone keeps no business
// session behind.
// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'partner:business': BusinessSession;
  }
}

export interface BusinessSession {
  token: string;
  companyName: string;
  email: string;
}

const session = storedSession<BusinessSession>('partner:business');

export const getBusinessSession = session.get;
export const saveBusinessSession = session.save;
export const clearBusinessSession = session.clear;
/** The signed-in business partner's session, re-rendering on sign-in and sign-out (also from another tab). */
export const useBusinessSession = session.useSession;
/** A 401 on a business call (expired or unknown token): the session goes and the login says why. */
export const endBusinessSessionIfUnauthorized = session.endIfUnauthorized;
/** The last session ended on a 401 rather than a sign-out (the login then says why). */
export const businessSessionExpired = session.expired;
