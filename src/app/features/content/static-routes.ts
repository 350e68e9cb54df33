// Which static page each static content route shows (routes/static-pages.tsx renders it, routes/server-loaders.ts loads
// it for the server's render).
import type { StaticPageKey } from '../../../shared/contract/content';
import type { RouteName } from '../../../shared/domain/route-table';

export const STATIC_ROUTE_PAGES = {
  complaints: 'complaints',
  'corporate-customer': 'corporateCustomer',
  'privacy-policy': 'privacyPolicy',
  'transport-policy': 'transportPolicy',
  'instructions-for-use': 'userGuide',
  jobs: 'jobs',
  'about-us': 'aboutUs',
} as const satisfies Partial<Record<RouteName, StaticPageKey>>;

export type StaticRouteName = keyof typeof STATIC_ROUTE_PAGES;
