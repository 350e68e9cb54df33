// The side menu and footer of spec 2, as data. An entry shows once its screen (or dialog) exists, so the
// menu never links to a page that is not there (docs/decisions.md).
import type { RouteName } from '../../../shared/domain/route-table';

export const AIRPORT_ROUTES = [
  'airport-noibai',
  'airport-lienkhuong',
  'airport-phuquoc',
  'airport-danang',
  'airport-camranh',
] as const satisfies readonly RouteName[];
export const PARTNER_ROUTES = [
  'business-partners',
  'transport-partners',
  'become-partner',
  'corporate-customer',
  'business-account',
] as const satisfies readonly RouteName[];
export const POLICY_ROUTES = [
  'transport-policy',
  'complaints',
  'privacy-policy',
  'instructions-for-use',
  'faqs',
] as const satisfies readonly RouteName[];
export const EXPLORE_ROUTES = ['about-us', 'contact', 'news', 'jobs'] as const satisfies readonly RouteName[];

/** Dialog entries of the side menu; a feature that owns the dialog passes its opener. */
export interface MenuActions {
  quickBooking?: () => void;
  login?: () => void;
  searchTicket?: () => void;
}

export type IsAvailable = (name: RouteName) => boolean;
