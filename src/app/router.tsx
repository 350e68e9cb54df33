import { createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { LANGS, ROUTE_TABLE, matchPath, type RouteName } from '../shared/domain/route-table';
import { searchValidator } from '../shared/domain/route-search';
import { RouteLoadError } from './components/ui/load-error';
import { pushPageView } from './lib/analytics';
import { rootRoute } from './routes/root';
import { SCREENS } from './routes/screens';

/** Our table writes `:param` and `:param?`; TanStack Router writes `$param` and `{-$param}`. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)\?/g, '{-$$$1}').replace(/:([A-Za-z]+)/g, '$$$1');
}

function buildRoutes() {
  return (Object.keys(SCREENS) as RouteName[]).flatMap((name) => {
    const component = SCREENS[name];
    // A route that reads its search parses it once, here; its screen reads the typed result (lib/use-route-search).
    const validateSearch = searchValidator(name);
    return LANGS.map((lang) =>
      createRoute({ getParentRoute: () => rootRoute, path: toRouterPath(ROUTE_TABLE[name][lang]), component, validateSearch }),
    );
  });
}

/** `history`: the browser's by default; the server's renderer passes a memory history of the requested URL. */
export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    history,
    routeTree: rootRoute.addChildren(buildRoutes()),
    defaultPreload: 'intent',
    notFoundMode: 'root',
    // spec 8, issue 10: a lazy screen whose chunk did not load (or any other error of a screen), with a retry.
    defaultErrorComponent: RouteLoadError,
    scrollRestoration: false,
  });
  // spec 2: scroll returns to top on each location change, and each navigation reports a page view.
  router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (typeof window === 'undefined') return;
    if (pathChanged) window.scrollTo(0, 0);
    const match = matchPath(toLocation.pathname);
    pushPageView({
      page_path: toLocation.pathname,
      page_location: window.location.href,
      page_title: document.title,
      page_language: match?.lang ?? (toLocation.pathname.startsWith('/en') ? 'en' : 'vi'),
      route_name: match?.name ?? 'not-found',
    });
  });
  return router;
}
