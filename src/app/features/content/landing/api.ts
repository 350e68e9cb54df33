// The landing pages' call (issue 8, spec 7 home/get_landing_page): by key for the routes without a slug
// (`airport-noibai`, `airport`…), by slug (and kind) for the others, in the page's language.
import { queryOptions } from '@tanstack/react-query';
import {
  CONTENT_PATHS,
  landingPageResponseSchema,
  type LandingKind,
  type LandingPage,
} from '../../../../shared/contract/content';
import type { Lang, RouteName } from '../../../../shared/domain/route-table';
import { apiGet } from '../../../lib/api-client';

/** The landing routes of the route table and the kind of page each shows. */
export const LANDING_ROUTES = {
  'airport-noibai': 'airport',
  'airport-lienkhuong': 'airport',
  'airport-phuquoc': 'airport',
  'airport-danang': 'airport',
  'airport-camranh': 'airport',
  airport: 'airport',
  'long-distance': 'long_distance',
  travel: 'travel',
} as const satisfies Partial<Record<RouteName, LandingKind>>;
export type LandingRouteName = keyof typeof LANDING_ROUTES;

export function isLandingRoute(name: string): name is LandingRouteName {
  return Object.prototype.hasOwnProperty.call(LANDING_ROUTES, name);
}

export interface LandingLookup {
  /** The route name when the path has no slug, else ''. */
  key: string;
  slug: string;
  kind: LandingKind;
}

/** What to ask for a landing path: its slug when it has one, else the route's own page (its key). */
export function landingLookup(name: LandingRouteName, slug: string | undefined): LandingLookup {
  const kind = LANDING_ROUTES[name];
  return slug ? { key: '', slug, kind } : { key: name, slug: '', kind };
}

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
