// Which routes of the table have a screen, and which component renders it. Later issues add their screens
// here; the side menu and footer show a link only once its screen is registered.
// withMessages makes each loader fail with a ChunkLoadError (failed, or not loaded within 120 s; lib/lazy-load.ts),
// which the router's error component shows with a retry (components/ui/load-error.tsx, spec 8).
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { RouteName } from '../../shared/domain/route-table';
import { withMessages } from '../lib/i18n';
import { HomeRoute } from './home';

/** The eight landing routes share one lazily loaded screen (features/content/landing). */
const LandingRoute = lazyRouteComponent(
  withMessages(() => import('../features/content/landing/components/landing-page')),
  'LandingRoute',
);

export const SCREENS: Partial<Record<RouteName, RouteComponent>> = {
  home: HomeRoute,
  account: lazyRouteComponent(
    withMessages(() => import('./account')),
    'AccountRoute',
  ),
  blog: lazyRouteComponent(
    withMessages(() => import('./blog')),
    'BlogRoute',
  ),
  news: lazyRouteComponent(
    withMessages(() => import('./news')),
    'NewsRoute',
  ),
  faqs: lazyRouteComponent(
    withMessages(() => import('./faqs')),
    'FaqsRoute',
  ),
  complaints: lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'ComplaintsRoute',
  ),
  'corporate-customer': lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'CorporateCustomerRoute',
  ),
  'privacy-policy': lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'PrivacyPolicyRoute',
  ),
  'transport-policy': lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'TransportPolicyRoute',
  ),
  'instructions-for-use': lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'InstructionsForUseRoute',
  ),
  jobs: lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'JobsRoute',
  ),
  contact: lazyRouteComponent(
    withMessages(() => import('./contact')),
    'ContactRoute',
  ),
  'about-us': lazyRouteComponent(
    withMessages(() => import('./static-pages')),
    'AboutUsRoute',
  ),
  'business-partners': lazyRouteComponent(
    withMessages(() => import('./partners')),
    'BusinessPartnersRoute',
  ),
  'transport-partners': lazyRouteComponent(
    withMessages(() => import('./partners')),
    'TransportPartnersRoute',
  ),
  'become-partner': lazyRouteComponent(
    withMessages(() => import('./partners')),
    'BecomePartnerRoute',
  ),
  'price-list': lazyRouteComponent(
    withMessages(() => import('./price-list')),
    'PriceListRoute',
  ),
  'airport-noibai': LandingRoute,
  'airport-lienkhuong': LandingRoute,
  'airport-phuquoc': LandingRoute,
  'airport-danang': LandingRoute,
  'airport-camranh': LandingRoute,
  airport: LandingRoute,
  'long-distance': LandingRoute,
  travel: LandingRoute,
  'hourly-booking-price': lazyRouteComponent(
    withMessages(() => import('./hourly-booking-price')),
    'HourlyBookingPriceRoute',
  ),
  'billing-detail': lazyRouteComponent(
    withMessages(() => import('./billing-detail')),
    'BillingDetailRoute',
  ),
  'hourly-booking-info': lazyRouteComponent(
    withMessages(() => import('./hourly-booking-info')),
    'HourlyBookingInfoRoute',
  ),
  'booking-success': lazyRouteComponent(
    withMessages(() => import('./booking-success')),
    'BookingSuccessRoute',
  ),
  'hourly-booking-success': lazyRouteComponent(
    withMessages(() => import('./hourly-booking-success')),
    'HourlyBookingSuccessRoute',
  ),
  'payment-result': lazyRouteComponent(
    withMessages(() => import('./payment-result')),
    'PaymentResultRoute',
  ),
  'ticket-detail': lazyRouteComponent(
    withMessages(() => import('./ticket-detail')),
    'TicketDetailRoute',
  ),
  'ticket-manage': lazyRouteComponent(
    withMessages(() => import('./ticket-manage')),
    'TicketManageRoute',
  ),
  'partner-console': lazyRouteComponent(
    withMessages(() => import('./partner-console')),
    'PartnerConsoleRoute',
  ),
  'driver-trip': lazyRouteComponent(
    withMessages(() => import('./driver-trip')),
    'DriverTripRoute',
  ),
  'partner-set-password': lazyRouteComponent(
    withMessages(() => import('./partner-set-password')),
    'PartnerSetPasswordRoute',
  ),
  'business-account': lazyRouteComponent(
    withMessages(() => import('./business-account')),
    'BusinessAccountRoute',
  ),
  desk: lazyRouteComponent(
    withMessages(() => import('./desk')),
    'DeskRoute',
  ),
};

export function hasScreen(name: RouteName): boolean {
  return SCREENS[name] !== undefined;
}
