// The router's own paths: one route per route name, `/<lang>/<name>/<params…>`, whatever its vi and en slugs. The
// router's `rewrite` (router.tsx) turns the address bar's path into this internal one as it reads it, and back as it
// writes it, through the one route table: the browser's URLs are the table's, in both languages.
import type { RouteLink } from '../../shared/domain/route-search';
import {
  isLang,
  isRouteName,
  matchPath,
  pathFor,
  ROUTE_TABLE,
  type Lang,
  type RouteName,
  type RouteParams,
} from '../../shared/domain/route-table';

/**
 * A path outside the table is kept under this prefix, so that no route matches it (a route's second segment is its
 * name, never `-`): the router shows its not-found page, and writes the path back as it came.
 */
const OUTSIDE = '/-/-';

/** The params of a route's path, in order, and whether the last one may be left out. */
function paramsOf(name: RouteName): Array<{ key: string; optional: boolean }> {
  return (ROUTE_TABLE[name].vi as string)
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({ key: segment.replace(/^:|\?$/g, ''), optional: segment.endsWith('?') }));
}

/** Our table writes `:param` and `:param?`; TanStack Router writes `$param` and `{-$param}`. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)\?/g, '{-$$$1}').replace(/:([A-Za-z]+)/g, '$$$1');
}

/** The router's path of a route: its language, its name, then its params as the table writes them. */
export function internalPattern(name: RouteName): string {
  return toRouterPath(
    ['', ':lang', name, ...paramsOf(name).map(({ key, optional }) => `:${key}${optional ? '?' : ''}`)].join('/'),
  );
}

/** The address bar's path (encoded, as URL.pathname has it) as the router's internal one. */
export function toInternalPath(pathname: string): string {
  const match = matchPath(pathname);
  if (!match) return OUTSIDE + pathname;
  const values = paramsOf(match.name)
    .map(({ key }) => match.params[key])
    .filter((value): value is string => value !== undefined && value !== '');
  return ['', match.lang, match.name, ...values.map(encodeURIComponent)].join('/');
}

/** The router's internal path as the address bar shows it: the route table's path in the route's language. */
export function toPublicPath(pathname: string): string {
  if (pathname.startsWith(OUTSIDE + '/')) return pathname.slice(OUTSIDE.length);
  const [, lang, name, ...values] = pathname.split('/');
  if (!isLang(lang) || name === undefined || !isRouteName(name)) return pathname;
  const params: Record<string, string> = {};
  const keys = paramsOf(name);
  if (values.length > keys.length) return pathname;
  try {
    keys.forEach(({ key }, index) => {
      const value = values[index];
      if (value !== undefined && value !== '') params[key] = decodeURIComponent(value);
    });
  } catch {
    return pathname;
  }
  return pathFor(name, lang, params);
}

/** The public path of a router location (`state.location`, a `beforeLoad`'s `location`). */
export function publicPathname(location: { pathname: string }): string {
  return toPublicPath(location.pathname);
}

/** The internal path of route `name` in `lang`, params filled in: for a route known only at run time. */
export function internalPath(name: RouteName, lang: Lang, params?: RouteParams): string {
  return toInternalPath(pathFor(name, lang, params));
}

/**
 * A navigation built by a shared link builder (shared/domain/route-search.ts, ticket-result-link.ts), whose route and
 * search the builder fixes, on its internal path.
 */
export function routerLink(link: RouteLink): { to: string; search: Record<string, never> } {
  return { to: toInternalPath(link.to), search: link.search as Record<string, never> };
}
