// Which routes of the table have a screen, and which component renders it. Later issues add their screens
// here; the side menu and footer show a link only once its screen is registered.
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { RouteName } from '../../shared/domain/route-table';
import { HomeRoute } from './home';

/** Issue 8: the eight landing routes share one lazily loaded screen (features/landing). */
const LandingRoute = lazyRouteComponent(() => import('../features/landing/components/landing-page'), 'LandingRoute');

export const SCREENS: Partial<Record<RouteName, RouteComponent>> = {
  home: HomeRoute,
  account: lazyRouteComponent(() => import('./account'), 'AccountRoute'),
  blog: lazyRouteComponent(() => import('./blog'), 'BlogRoute'),
  news: lazyRouteComponent(() => import('./news'), 'NewsRoute'),
  faqs: lazyRouteComponent(() => import('./faqs'), 'FaqsRoute'),
  complaints: lazyRouteComponent(() => import('./static-pages'), 'ComplaintsRoute'),
  'corporate-customer': lazyRouteComponent(() => import('./static-pages'), 'CorporateCustomerRoute'),
  'privacy-policy': lazyRouteComponent(() => import('./static-pages'), 'PrivacyPolicyRoute'),
  'transport-policy': lazyRouteComponent(() => import('./static-pages'), 'TransportPolicyRoute'),
  'instructions-for-use': lazyRouteComponent(() => import('./static-pages'), 'InstructionsForUseRoute'),
  jobs: lazyRouteComponent(() => import('./static-pages'), 'JobsRoute'),
  'about-us': lazyRouteComponent(() => import('./static-pages'), 'AboutUsRoute'),
  'business-partners': lazyRouteComponent(() => import('./partners'), 'BusinessPartnersRoute'),
  'transport-partners': lazyRouteComponent(() => import('./partners'), 'TransportPartnersRoute'),
  'become-partner': lazyRouteComponent(() => import('./partners'), 'BecomePartnerRoute'),
  'price-list': lazyRouteComponent(() => import('./price-list'), 'PriceListRoute'),
  'airport-noibai': LandingRoute,
  'airport-lienkhuong': LandingRoute,
  'airport-phuquoc': LandingRoute,
  'airport-danang': LandingRoute,
  'airport-camranh': LandingRoute,
  airport: LandingRoute,
  'long-distance': LandingRoute,
  travel: LandingRoute,
  'hourly-booking-price': lazyRouteComponent(() => import('./hourly-booking-price'), 'HourlyBookingPriceRoute'),
  'billing-detail': lazyRouteComponent(() => import('./billing-detail'), 'BillingDetailRoute'),
  'hourly-booking-info': lazyRouteComponent(() => import('./hourly-booking-info'), 'HourlyBookingInfoRoute'),
  'booking-success': lazyRouteComponent(() => import('./booking-success'), 'BookingSuccessRoute'),
  'hourly-booking-success': lazyRouteComponent(() => import('./hourly-booking-success'), 'HourlyBookingSuccessRoute'),
  'ticket-detail': lazyRouteComponent(() => import('./ticket-detail'), 'TicketDetailRoute'),
  'ticket-manage': lazyRouteComponent(() => import('./ticket-manage'), 'TicketManageRoute'),
  'partner-console': lazyRouteComponent(() => import('./partner-console'), 'PartnerConsoleRoute'),
};

export function hasScreen(name: RouteName): boolean {
  return SCREENS[name] !== undefined;
}
