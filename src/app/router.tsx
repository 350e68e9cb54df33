import {
  createRoute,
  createRouter,
  type LocationRewrite,
  type ParsedLocation,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { matchPath, type RouteName } from '../shared/domain/route-table';
import { searchValidator, type NoSearch, type SearchOfRoute } from '../shared/domain/route-search';
import { RouteLoadError } from './components/ui/load-error';
import { pushPageView } from './lib/analytics';
import { publicPathname, toInternalPath, toPublicPath } from './lib/route-paths';
import { screenHydrated } from './lib/hydration-gate';
import { loadQueryRuntime } from './lib/query-loader';
import type { RouteContext } from './lib/route-context';
import type { LoaderMatch } from './routes/loaders';
import { rootRoute } from './routes/root';
import { SCREENS } from './routes/screens';

/** A screen that says when it has committed: a page's hydration is done then (lib/hydration-gate.ts). */
function saysWhenShown(Screen: RouteComponent): RouteComponent {
  function Shown() {
    useEffect(screenHydrated, []);
    return <Screen />;
  }
  // The router preloads a lazy screen's code through it.
  return Object.assign(Shown, { preload: Screen.preload });
}

/** A route that reads no search takes none from a link (its URL keeps whatever it carries, unread). */
function readsNoSearch(): NoSearch {
  return {};
}

/** The routes whose screens' data the browser's loaders fetch first (routes/loaders.ts BROWSER_LOADERS). */
const LOADED_IN_BROWSER: ReadonlySet<RouteName> = new Set<RouteName>([
  'price-list',
  'hourly-booking-price',
  'booking-success',
  'hourly-booking-success',
  'ticket-detail',
]);

/**
 * Route `name`'s loader: on the server, the public pages' (routes/server-loaders.ts); in the browser, those of
 * LOADED_IN_BROWSER (routes/loaders.ts). Their code loads with the first navigation that needs it, not with the app.
 */
function loadRoute(name: RouteName, match: LoaderMatch): Promise<void> | undefined {
  if (match.context.onServer) return import('./routes/server-loaders').then((loaders) => loaders.loadOnServer(name, match));
  if (LOADED_IN_BROWSER.has(name)) return import('./routes/loaders').then((loaders) => loaders.loadInBrowser(name, match));
  return undefined;
}

/**
 * The route of `name` on its internal path (lib/route-paths.ts internalPattern; router.test.ts checks they agree). A
 * route that reads its search parses it once, here; its screen reads the typed result (lib/use-route-search). Its
 * loader (loadRoute) fills the query client before its screen renders.
 */
function route<N extends RouteName, P extends string>(name: N, path: P) {
  const screen = SCREENS[name];
  const validateSearch = (searchValidator(name) ?? readsNoSearch) as (raw: Record<string, unknown>) => SearchOfRoute<N>;
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: screen && saysWhenShown(screen),
    validateSearch,
    loader: ({ params, location, context }) =>
      loadRoute(name, { params: params as LoaderMatch['params'], search: location.search, context }),
  });
}

/** One route per name of the route table; its vi and en paths are the rewrite's (routerRewrite). */
export const routeTree = rootRoute.addChildren([
  route('home', '/$lang/home'),
  route('account', '/$lang/account'),
  route('ticket-manage', '/$lang/ticket-manage'),
  route('price-list', '/$lang/price-list'),
  route('hourly-booking-price', '/$lang/hourly-booking-price'),
  route('billing-detail', '/$lang/billing-detail'),
  route('hourly-booking-info', '/$lang/hourly-booking-info'),
  route('booking-success', '/$lang/booking-success'),
  route('hourly-booking-success', '/$lang/hourly-booking-success'),
  route('ticket-detail', '/$lang/ticket-detail/$code/$phone'),
  route('payment-result', '/$lang/payment-result'),
  route('blog', '/$lang/blog/{-$slug}'),
  route('about-us', '/$lang/about-us'),
  route('news', '/$lang/news/{-$slug}'),
  route('jobs', '/$lang/jobs'),
  route('business-partners', '/$lang/business-partners'),
  route('transport-partners', '/$lang/transport-partners'),
  route('corporate-customer', '/$lang/corporate-customer'),
  route('transport-policy', '/$lang/transport-policy'),
  route('complaints', '/$lang/complaints'),
  route('privacy-policy', '/$lang/privacy-policy'),
  route('instructions-for-use', '/$lang/instructions-for-use'),
  route('faqs', '/$lang/faqs'),
  route('become-partner', '/$lang/become-partner'),
  route('airport-noibai', '/$lang/airport-noibai/{-$slug}'),
  route('airport-lienkhuong', '/$lang/airport-lienkhuong/{-$slug}'),
  route('airport-phuquoc', '/$lang/airport-phuquoc/{-$slug}'),
  route('airport-danang', '/$lang/airport-danang/{-$slug}'),
  route('airport-camranh', '/$lang/airport-camranh/{-$slug}'),
  route('airport', '/$lang/airport/{-$slug}'),
  route('long-distance', '/$lang/long-distance/$slug'),
  route('travel', '/$lang/travel/$slug'),
  route('partner-console', '/$lang/partner-console'),
  route('driver-trip', '/$lang/driver-trip/$token'),
  route('partner-set-password', '/$lang/partner-set-password'),
  route('business-account', '/$lang/business-account'),
  route('desk', '/$lang/desk'),
  route('contact', '/$lang/contact'),
]);

/**
 * The address bar shows the route table's paths, in both languages; the router reads and writes its internal ones
 * (lib/route-paths.ts).
 */
export const routerRewrite: LocationRewrite = {
  input: ({ url }) => {
    url.pathname = toInternalPath(url.pathname);
    return url;
  },
  output: ({ url }) => {
    url.pathname = toPublicPath(url.pathname);
    return url;
  },
};

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

/** The browser's loaders fill the query runtime's client, loaded for the first loader that needs it. */
function browserContext(serverHtml: boolean): { context: RouteContext; firstPageShown(): void } {
  let overServerHtml = serverHtml;
  return {
    context: {
      queryClient: () => loadQueryRuntime().then((runtime) => runtime.queryClient),
      onServer: false,
      hydratesServerHtml: () => overServerHtml,
    },
    firstPageShown: () => {
      overServerHtml = false;
    },
  };
}

/**
 * `history`: the browser's by default; the server's renderer passes a memory history of the requested URL and its
 * `context` (its query client). `serverHtml`: the browser's first page is the server's HTML, to be hydrated.
 */
export function createAppRouter({
  history,
  context,
  serverHtml = false,
}: { history?: RouterHistory; context?: RouteContext; serverHtml?: boolean } = {}) {
  const inBrowser = typeof window !== 'undefined';
  const browser = browserContext(serverHtml);
  const router = createRouter({
    history,
    routeTree,
    context: context ?? browser.context,
    rewrite: routerRewrite,
    defaultPreload: 'intent',
    notFoundMode: 'root',
    // spec 8: a lazy screen whose chunk did not load (or any other error of a screen), with a retry.
    defaultErrorComponent: RouteLoadError,
    scrollRestoration: inBrowser ? placesScroll() : false,
  });
  // The server's renderer scrolls nothing and reports no page view.
  if (!inBrowser) return router;
  const unsubscribeFirst = router.subscribe('onResolved', () => {
    unsubscribeFirst();
    browser.firstPageShown();
  });
  // The router keeps a page's position for Back from the scroll events it saw, and it starts listening with the app: a
  // scroll made on the server's HTML before the app ran is told to it once the first page has rendered.
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe();
    if (window.scrollX || window.scrollY) document.dispatchEvent(new Event('scroll'));
  });
  // spec 2: each navigation reports a page view (the router scrolls: placesScroll).
  router.subscribe('onResolved', ({ toLocation }) => {
    const pathname = publicPathname(toLocation);
    const match = matchPath(pathname);
    pushPageView({
      page_path: pathname,
      page_location: window.location.href,
      page_title: document.title,
      page_language: match?.lang ?? (pathname.startsWith('/en') ? 'en' : 'vi'),
      route_name: match?.name ?? 'not-found',
    });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
