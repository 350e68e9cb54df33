// Which routes of the table have a screen, and which component renders it. Later issues add their screens
// here; the side menu and footer show a link only once its screen is registered.
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { RouteName } from '../../shared/domain/route-table';
import { HomeRoute } from './home';

export const SCREENS: Partial<Record<RouteName, RouteComponent>> = {
  home: HomeRoute,
  account: lazyRouteComponent(() => import('./account'), 'AccountRoute'),
  'price-list': lazyRouteComponent(() => import('./price-list'), 'PriceListRoute'),
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
