import { createRoute, createRouter, type ParsedLocation, type RouteComponent, type RouterHistory } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LANGS, ROUTE_TABLE, matchPath, type RouteName } from '../shared/domain/route-table';
import { searchValidator } from '../shared/domain/route-search';
import { RouteLoadError } from './components/ui/load-error';
import { pushPageView } from './lib/analytics';
import { screenHydrated } from './lib/hydration-gate';
import { rootRoute } from './routes/root';
import { SCREENS } from './routes/screens';

/** Our table writes `:param` and `:param?`; TanStack Router writes `$param` and `{-$param}`. */
export function toRouterPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)\?/g, '{-$$$1}').replace(/:([A-Za-z]+)/g, '$$$1');
}

/** A screen that says when it has committed: a page's hydration is done then (lib/hydration-gate.ts). */
function saysWhenShown(Screen: RouteComponent): RouteComponent {
  function Shown() {
    useEffect(screenHydrated, []);
    return <Screen />;
  }
  // The router preloads a lazy screen's code through it.
  return Object.assign(Shown, { preload: Screen.preload });
}

function buildRoutes() {
  return (Object.keys(SCREENS) as RouteName[]).flatMap((name) => {
    const screen = SCREENS[name];
    const component = screen && saysWhenShown(screen);
    // A route that reads its search parses it once, here; its screen reads the typed result (lib/use-route-search).
    const validateSearch = searchValidator(name);
    return LANGS.map((lang) =>
      createRoute({ getParentRoute: () => rootRoute, path: toRouterPath(ROUTE_TABLE[name][lang]), component, validateSearch }),
    );
  });
}

/**
 * spec 2 and decisions.md: a new path starts at its top, and a page reached with Back or Forward where the passenger
 * left it (the router's scroll restoration); a change of the query string alone (a filter) keeps the scroll. The page
 * the app starts on keeps it too: the browser placed it, and a passenger may have scrolled the server's HTML before the
 * app ran, which a jump back to the top would undo. (The browser only: on the server the option would render
 * the router's inline scroll script, which the CSP refuses.)
 */
function placesScroll(): (options: { location: ParsedLocation }) => boolean {
  let shownPath: string | null = null;
  return ({ location }) => {
    const previous = shownPath;
    shownPath = location.pathname;
    return previous !== null && previous !== location.pathname;
  };
}

/** `history`: the browser's by default; the server's renderer passes a memory history of the requested URL. */
export function createAppRouter(history?: RouterHistory) {
  const inBrowser = typeof window !== 'undefined';
  const router = createRouter({
    history,
    routeTree: rootRoute.addChildren(buildRoutes()),
    defaultPreload: 'intent',
    notFoundMode: 'root',
    // spec 8: a lazy screen whose chunk did not load (or any other error of a screen), with a retry.
    defaultErrorComponent: RouteLoadError,
    scrollRestoration: inBrowser ? placesScroll() : false,
  });
  // The server's renderer scrolls nothing and reports no page view.
  if (!inBrowser) return router;
  // The router keeps a page's position for Back from the scroll events it saw, and it starts listening with the app: a
  // scroll made on the server's HTML before the app ran is told to it once the first page has rendered.
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    if (window.scrollX || window.scrollY) document.dispatchEvent(new Event('scroll'));
  });
  // spec 2: each navigation reports a page view (the router scrolls: placesScroll).
  router.subscribe('onResolved', ({ toLocation }) => {
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
