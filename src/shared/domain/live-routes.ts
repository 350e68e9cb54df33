// The routes of the table that have a screen today. The server answers their paths (both languages) with
// the app and status 200, every other path with the app's not-found page and 404; the app's screen list
// must match (src/app/routes/screens.test.ts). Each issue that adds a screen adds its name here.
import { matchPath, type RouteMatch, type RouteName } from './route-table';

export const LIVE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'home',
  'account',
  'blog',
  'news',
  'faqs',
  'complaints',
  'corporate-customer',
  'privacy-policy',
  'transport-policy',
  'instructions-for-use',
  'jobs',
  'about-us',
  'business-partners',
  'transport-partners',
  'become-partner',
  'price-list',
  'airport-noibai',
  'airport-lienkhuong',
  'airport-phuquoc',
  'airport-danang',
  'airport-camranh',
  'airport',
  'long-distance',
  'travel',
  'hourly-booking-price',
  'billing-detail',
  'hourly-booking-info',
  'booking-success',
  'hourly-booking-success',
  'ticket-detail',
  'payment-result',
  'ticket-manage',
  'partner-console',
  'driver-trip',
  'partner-set-password',
  'business-account',
  'contact',
  'desk',
]);

export function matchLivePath(pathname: string): RouteMatch | null {
  const match = matchPath(pathname);
  return match && LIVE_ROUTES.has(match.name) ? match : null;
}
