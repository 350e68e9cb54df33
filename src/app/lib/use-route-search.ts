import { useRouterState, useSearch } from '@tanstack/react-router';
import type { RouteSearch, SearchRouteName } from '../../shared/domain/route-search';
import { matchPath } from '../../shared/domain/route-table';

/**
 * The URL parameters of route `name`, as its validateSearch parsed them (router.tsx); `leaving` once the router has
 * moved on (a route renders once more with the next location before it unmounts, and must not react to it).
 */
export function useRouteSearch<N extends SearchRouteName>(name: N): { search: RouteSearch<N>; leaving: boolean } {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const search = useSearch({ strict: false }) as RouteSearch<N>;
  return { search, leaving: matchPath(pathname)?.name !== name };
}
