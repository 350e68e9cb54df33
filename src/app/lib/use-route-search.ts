import { useRouterState, useSearch, type AnyRouter } from '@tanstack/react-router';
import type { RouteSearch, SearchRouteName } from '../../shared/domain/route-search';
import { matchPath } from '../../shared/domain/route-table';
import { publicPathname } from './route-paths';

/**
 * The URL parameters of route `name`, as its validateSearch parsed them (router.tsx); `leaving` once the router has
 * moved on (a route renders once more with the next location before it unmounts, and must not react to it).
 */
export function useRouteSearch<N extends SearchRouteName>(name: N): { search: RouteSearch<N>; leaving: boolean } {
  const pathname = useRouterState({ select: (state) => publicPathname(state.location) });
  const search = useSearch<AnyRouter, undefined, false>({ strict: false }) as RouteSearch<N>;
  return { search, leaving: matchPath(pathname)?.name !== name };
}
