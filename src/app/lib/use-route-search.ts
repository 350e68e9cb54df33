import { useRouterState } from '@tanstack/react-router';
import { matchPath, type RouteName } from '../../shared/domain/route-table';

/**
 * The URL parameters while the location is still on route `name`; `leaving` once the router has moved on
 * (a route renders once more with the next location before it unmounts, and must not react to it).
 */
export function useRouteSearch(name: RouteName): { search: Record<string, unknown>; leaving: boolean } {
  const location = useRouterState({ select: (state) => state.location });
  return { search: location.search as Record<string, unknown>, leaving: matchPath(location.pathname)?.name !== name };
}
