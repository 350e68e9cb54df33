// Query factories for place search and place details (spec 7). Failures are only logged (spec 7): the
// address box then shows no suggestions rather than an error.
import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../../../shared/domain/route-table';
import type { Suggestion } from '../../../shared/contract/places';
import { PLACES_PATHS } from '../../../shared/contract/places-constants';
import type { SearchKeyword } from '../../../shared/domain/fold-text';

// The schemas load beside the first request (not with the home route's first load).
const contract = () => import('../../../shared/contract/places');
import { apiGet } from '../../lib/api-client';

const MINUTE = 60_000;

export const placeQueries = {
  autocomplete: (query: string, lang: Lang, sessiontoken: string) =>
    // The session token only groups a real geocoder's billing; the answer does not depend on it.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({
      queryKey: ['places', 'autocomplete', lang, query.trim().toLowerCase()],
      queryFn: async ({ signal }): Promise<Suggestion[]> => {
        try {
          return (
            await apiGet(PLACES_PATHS.autocomplete, {
              query: { query, lang, sessiontoken },
              schema: () => contract().then((module) => module.autocompleteResponseSchema),
              signal,
            })
          ).data;
        } catch (error) {
          if (!(error instanceof DOMException)) console.warn('place search failed', error);
          throw error;
        }
      },
      staleTime: 5 * MINUTE,
      retry: false,
    }),
  detail: (placeId: string, lang: Lang) =>
    queryOptions({
      queryKey: ['places', 'detail', lang, placeId],
      queryFn: async ({ signal }): Promise<Suggestion> =>
        (
          await apiGet(PLACES_PATHS.placeDetail, {
            query: { place_id: placeId, lang },
            schema: () => contract().then((module) => module.placeResponseSchema),
            signal,
          })
        ).result,
      staleTime: 24 * 60 * MINUTE,
    }),
  /**
   * spec 7 get_exchange_keyword: what people type for the busiest places ("tsn", "sb noi bai") and what to search
   * instead; kept `cacheMinutes` (spec 9: 30, from the system config). A failure is only logged (spec 7): the search
   * then looks for what was typed.
   */
  keywords: (lang: Lang, cacheMinutes: number) =>
    queryOptions({
      queryKey: ['places', 'keywords', lang],
      queryFn: async ({ signal }): Promise<SearchKeyword[]> => {
        try {
          return (
            await apiGet(PLACES_PATHS.exchangeKeyword, {
              query: { lang },
              schema: () => import('../../../shared/contract/places').then((module) => module.exchangeKeywordResponseSchema),
              signal,
            })
          ).data;
        } catch (error) {
          if (!(error instanceof DOMException)) console.warn('search keywords failed', error);
          throw error;
        }
      },
      staleTime: cacheMinutes * MINUTE,
      gcTime: cacheMinutes * MINUTE,
      retry: false,
    }),
};
