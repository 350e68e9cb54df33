// The server's renderer: a public page rendered to HTML with the app's own components, so it paints before
// the scripts run, with the query data it shows (for the client to hydrate, lib/ssr-state.ts). Built apart from the
// client (`vite build --ssr`, into dist/ssr) and imported by the server at start (src/server/http/page-render.ts),
// whose own handler answers the page's API calls in-process (setApiTransport). Nobody is signed in here: no cookie,
// no stored ticket or user ever reaches this code, so what it renders is the same for every visitor.
import { QueryClient, dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { loadLanguage, loadMoreMessages } from './lib/i18n';
import { configQueries } from './lib/config-queries';
import { setConfigAnswer } from './lib/config-store';
import { renderingOnServer } from './lib/query-loader';
import { publicPathname } from './lib/route-paths';
import { Providers } from './providers';
import { HYDRATION_SOURCE, SCREEN_SOURCES } from './routes/screen-sources';
import { matchPath } from '../shared/domain/route-table';
import { createAppRouter } from './router';

export { setApiTransport } from './lib/api-client';

export interface RenderedPage {
  /** The markup for inside `<div id="root">`. */
  html: string;
  /** The queries the page showed, for the client's cache before it hydrates. */
  state: DehydratedState;
  /**
   * The sources of the lazy parts it shows (routes/screen-sources.ts): their styles go in the head; their scripts are
   * preloaded too, except home's sections, which stay out of the home page's first load.
   */
  parts: Array<{ source: string; preload: boolean }>;
}

/**
 * The queries the server's page shows: what every visitor sees alike (settings, content, landing pages, the home
 * page's sections), which its route's loaders fetch before the render. Not the live booking count (it would be stale in
 * a cached page), and never a passenger's, partner's or price search's data: those are fetched by the browser after
 * hydration.
 */
function isPublicQuery(query: Query): boolean {
  const [root, second] = query.queryKey as unknown[];
  if (root === 'home') return second !== 'live-count';
  return root === 'config' || root === 'content' || root === 'landing';
}

renderingOnServer();

/** Every message of both languages, loaded once: a render switches language synchronously (rootRoute's beforeLoad). */
const messagesReady = loadMoreMessages().then(() => Promise.all([loadLanguage('vi'), loadLanguage('en')]));

/** Renders happen one at a time: the language is i18next's (one instance), set by each render's route. */
let queue: Promise<unknown> = Promise.resolve();

/** A query cache's fetches for one render: no retries (a failing call leaves the page's own placeholder). */
function serverQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
}

/** A render that has not finished by then is given up: the page is served without its HTML (page-render.ts). */
const RENDER_TIMEOUT_MS = 5000;

/** What a render to HTML is told to its watchers: the page, and the public queries it asked for without data. */
export interface RenderSeen {
  url: string;
  /** The hashes of the public queries the render read while none of its route's loaders had loaded them. */
  unloaded: string[];
}

/** Who is told of each render of a page to HTML: a test holds each public page to one render, with its data. */
const renderWatchers = new Set<(seen: RenderSeen) => void>();

/** Calls `watcher` at each render of a page to HTML; returns its removal. */
export function watchRenders(watcher: (seen: RenderSeen) => void): () => void {
  renderWatchers.add(watcher);
  return () => renderWatchers.delete(watcher);
}

/** The page's tree rendered to HTML; its watchers are told of each render (watchRenders). */
async function toHtml(element: React.ReactElement, url: string, queryClient: QueryClient): Promise<string> {
  let failure: unknown = null;
  // prerender waits for every lazy part (the route's screen, a home section) instead of leaving its fallback. Every
  // boundary is written in place (no progressive chunks): those would need inline scripts, which the CSP refuses.
  const { prelude } = await prerenderToNodeStream(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError: (error) => {
      failure ??= error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  // A part that threw (or timed out) would be left for the browser to render, a hydration error there: no HTML then.
  const unloaded = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && isPublicQuery(query))
    .map((query) => query.queryHash);
  for (const watcher of renderWatchers) watcher({ url, unloaded });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Buffer.concat(chunks).toString('utf8');
}

async function render(url: string): Promise<RenderedPage> {
  await messagesReady;
  const queryClient = serverQueryClient();
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient: () => Promise.resolve(queryClient), onServer: true, hydratesServerHtml: () => false },
  });
  // The configuration the first paint reads without queries (lib/config-store.ts), the served one: the same for every
  // visitor, so the one store of this process holds it; the browser takes it from the state before it hydrates. The
  // route's loaders fetch the rest of what the page shows (routes/server-loaders.ts) meanwhile.
  const [system, siteKeys] = await Promise.all([
    queryClient.fetchQuery(configQueries.system()),
    queryClient.fetchQuery(configQueries.siteKeys()),
    router.load(),
  ]);
  setConfigAnswer('system', system);
  setConfigAnswer('siteKeys', siteKeys);
  // A call that failed is rendered as not yet answered, as the browser's first render (which hydrates it) has it.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  // One render, with the data the loaders brought.
  const html = await toHtml(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
    url,
    queryClient,
  );
  const name = matchPath(publicPathname(router.state.location))?.name;
  const source = name ? SCREEN_SOURCES[name] : undefined;
  const parts = [{ source: HYDRATION_SOURCE, preload: true }];
  if (source) parts.push({ source, preload: name !== 'home' });
  return { html, state: dehydrate(queryClient), parts };
}

/** The page at `url` (a path with its query string) as HTML, with the queries it shows. */
export function renderPage(url: string): Promise<RenderedPage> {
  const next = queue.then(() => render(url));
  queue = next.catch(() => undefined);
  return next;
}
