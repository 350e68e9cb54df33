// The landing routes of the route table and the kind of page each shows: one map for the app's landing
// screen and the server's SEO head. A path without a slug shows the route's own page (its key), else the slug's page.
import type { LandingKind } from '../contract/content';
import type { RouteName } from './route-table';

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
