import {
  createRoute,
  createRouter,
  lazyFn,
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
import type { StaticRouteName } from './features/content/static-routes';
import type { LandingRouteName } from '../shared/domain/landing-routes';
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

/** A route's loader (routes/loaders.ts, routes/server-loaders.ts): it fills the query client its screen reads. */
type Loader<N extends RouteName> = (match: LoaderMatch<SearchOfRoute<N>>) => Promise<void>;

/**
 * The route of `name` on its internal path (lib/route-paths.ts internalPattern; router.test.ts checks they agree). A
 * route that reads its search parses it once, here; its screen reads the typed result (lib/use-route-search). A route
 * with a loader loads its data before its screen renders, with its search as the loader's dependency.
 */
function route<N extends RouteName, P extends string>(name: N, path: P, loader?: Loader<N>) {
  const screen = SCREENS[name];
  const validateSearch = (searchValidator(name) ?? readsNoSearch) as (raw: Record<string, unknown>) => SearchOfRoute<N>;
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    component: screen && saysWhenShown(screen),
    validateSearch,
    ...(loader && {
      loaderDeps: ({ search }: { search: SearchOfRoute<N> }) => ({ search }),
      loader: ({ params, deps, context }: { params: object; deps: { search: SearchOfRoute<N> }; context: RouteContext }) =>
        loader({ params: params as LoaderMatch['params'], search: deps.search, context }),
    }),
  });
}

// The loaders' code loads with the first navigation that needs it, not with the app.
const loaders = () => import('./routes/loaders');
const serverLoaders = () => import('./routes/server-loaders');

/** A loader of the pages the server renders with their data: it runs there only (and its code loads there only). */
function onServer<N extends RouteName>(load: (module: Awaited<ReturnType<typeof serverLoaders>>) => Loader<N>): Loader<N> {
  return async (match) => {
    if (match.context.onServer) await load(await serverLoaders())(match);
  };
}

const staticPage = (name: StaticRouteName) => onServer((module) => module.staticPageLoader(name));
const landing = (name: LandingRouteName) => onServer((module) => module.landingLoader(name));

/** One route per name of the route table; its vi and en paths are the rewrite's (routerRewrite). */
export const routeTree = rootRoute.addChildren([
  route('home', '/$lang/home'),
  route('account', '/$lang/account'),
  route('ticket-manage', '/$lang/ticket-manage'),
  route('price-list', '/$lang/price-list', lazyFn(loaders, 'loadPriceList')),
  route('hourly-booking-price', '/$lang/hourly-booking-price', lazyFn(loaders, 'loadHourlyPriceList')),
  route('billing-detail', '/$lang/billing-detail'),
  route('hourly-booking-info', '/$lang/hourly-booking-info'),
  route('booking-success', '/$lang/booking-success', lazyFn(loaders, 'loadBookingSuccess')),
  route('hourly-booking-success', '/$lang/hourly-booking-success', lazyFn(loaders, 'loadHourlyBookingSuccess')),
  route('ticket-detail', '/$lang/ticket-detail/$code/$phone', lazyFn(loaders, 'loadTicketDetail')),
  route('payment-result', '/$lang/payment-result'),
  route(
    'blog',
    '/$lang/blog/{-$slug}',
    onServer((module) => module.loadBlog),
  ),
  route('about-us', '/$lang/about-us', staticPage('about-us')),
  route(
    'news',
    '/$lang/news/{-$slug}',
    onServer((module) => module.loadNews),
  ),
  route('jobs', '/$lang/jobs', staticPage('jobs')),
  route('business-partners', '/$lang/business-partners'),
  route('transport-partners', '/$lang/transport-partners'),
  route('corporate-customer', '/$lang/corporate-customer', staticPage('corporate-customer')),
  route('transport-policy', '/$lang/transport-policy', staticPage('transport-policy')),
  route('complaints', '/$lang/complaints', staticPage('complaints')),
  route('privacy-policy', '/$lang/privacy-policy', staticPage('privacy-policy')),
  route('instructions-for-use', '/$lang/instructions-for-use', staticPage('instructions-for-use')),
  route(
    'faqs',
    '/$lang/faqs',
    onServer((module) => module.loadFaqs),
  ),
  route('become-partner', '/$lang/become-partner'),
  route('airport-noibai', '/$lang/airport-noibai/{-$slug}', landing('airport-noibai')),
  route('airport-lienkhuong', '/$lang/airport-lienkhuong/{-$slug}', landing('airport-lienkhuong')),
  route('airport-phuquoc', '/$lang/airport-phuquoc/{-$slug}', landing('airport-phuquoc')),
  route('airport-danang', '/$lang/airport-danang/{-$slug}', landing('airport-danang')),
  route('airport-camranh', '/$lang/airport-camranh/{-$slug}', landing('airport-camranh')),
  route('airport', '/$lang/airport/{-$slug}', landing('airport')),
  route('long-distance', '/$lang/long-distance/$slug', landing('long-distance')),
  route('travel', '/$lang/travel/$slug', landing('travel')),
  route('partner-console', '/$lang/partner-console'),
  route('business-account', '/$lang/business-account'),
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
