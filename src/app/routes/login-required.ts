import type { RouteName } from '../../shared/domain/route-table';

/** spec 2: account and ticket-manage redirect to home when no stored user exists. */
export const LOGIN_REQUIRED: ReadonlySet<RouteName> = new Set<RouteName>(['account', 'ticket-manage']);
