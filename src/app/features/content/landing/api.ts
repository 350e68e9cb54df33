// The landing pages' call (spec 7 home/get_landing_page): by key for the routes without a slug
// (`airport-noibai`, `airport`…), by slug (and kind) for the others, in the page's language.
import { queryOptions } from '@tanstack/react-query';
import { CONTENT_PATHS, landingPageResponseSchema, type LandingPage } from '../../../../shared/contract/content';
import type { LandingLookup } from '../../../../shared/domain/landing-routes';
import type { Lang } from '../../../../shared/domain/route-table';
import { apiGet } from '../../../lib/api-client';

const MINUTE = 60_000;

export const landingQueries = {
  page: (lang: Lang, lookup: LandingLookup) =>
    queryOptions({
      queryKey: ['landing', lang, lookup.key, lookup.slug, lookup.kind],
      queryFn: async ({ signal }): Promise<LandingPage> =>
        (
          await apiGet(CONTENT_PATHS.landingPage, {
            query: { lang, key: lookup.key || undefined, slug: lookup.slug || undefined, kind: lookup.kind },
            schema: landingPageResponseSchema,
            signal,
          })
        ).data,
      staleTime: 10 * MINUTE,
      retry: (count, error) => count < 2 && !(error instanceof Error && /not_found/.test(error.message)),
    }),
};
