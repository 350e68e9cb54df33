/// <reference lib="webworker" />
// Vivu's service worker: precaches the app shell and every route's code, answers navigations to any route of the
// table (vi or en) with the cached shell so the app opens without a connection, keeps the desk's published texts
// network-first, other content calls (configuration, pay methods, airport suggestions…) stale-while-revalidate and
// images cache-first. Personal and
// payment calls are never cached (sw/cache-rules.ts). Web Push: a ticket's news shows a notification in the ticket's
// language and a click opens or focuses that ticket (sw/push.ts).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { WARMED_AT_INSTALL, isAppNavigation, isContentCall, isEditorialCall, isNeverCached } from './cache-rules';
import { installPushHandlers } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

const DAY_S = 24 * 60 * 60;
/** A network slower than this answers a published text from the cache (the passenger still reads something). */
const EDITORIAL_NETWORK_SECONDS = 4;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first worker controls the open page at once (so a first visit already works offline); a new version still
// waits until the passenger accepts it (SKIP_WAITING below), and only then claims the pages.
clientsClaim();

// Navigations: only paths of the route table get the shell; /api (payment gateway pages), /hub and unknown paths
// go to the network (the server answers those with its 404 page).
const shell = createHandlerBoundToURL('/index.html');
registerRoute(({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, self.location.origin), shell);

// The desk's published texts: from the network while there is one (a publish shows at once), else the answer last
// loaded, kept 7 days. Registered before the content route below, which would answer them stale first.
registerRoute(
  ({ request, url }) => isEditorialCall(request, url, self.location.origin),
  new NetworkFirst({
    cacheName: 'vivu-editorial',
    networkTimeoutSeconds: EDITORIAL_NETWORK_SECONDS,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: 7 * DAY_S, maxEntries: 60, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

// Content GET calls: answered from the cache at once and refreshed behind it, kept 7 days.
const content = new StaleWhileRevalidate({
  cacheName: 'vivu-content',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxAgeSeconds: 7 * DAY_S, maxEntries: 60, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ request, url }) => isContentCall(request, url, self.location.origin), content, 'GET');

// The configuration goes into that cache as the worker installs (as the page asks for it: JSON), through the same
// strategy and its expiration; without a connection then, the install goes on and the page's own calls fill it later.
self.addEventListener('install', (event) => {
  const warmed = WARMED_AT_INSTALL.map((path) => {
    const [response, done] = content.handleAll({
      event,
      request: new Request(path, { headers: { accept: 'application/json' } }),
    });
    response.catch(() => undefined);
    return done.catch(() => undefined);
  });
  event.waitUntil(Promise.all(warmed));
});

// This origin's images not in the precache (fleet photos and the like): cache first, 30 days, a bounded number. An
// image from another host (the map's tiles, an avatar) is left to the browser: the worker's own fetch would be held to
// the CSP's connect-src, which names this origin only, where the page's image is held to img-src, which allows it.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin && !isNeverCached(url),
  new CacheFirst({
    cacheName: 'vivu-images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxAgeSeconds: 30 * DAY_S, maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
  'GET',
);

// Everything else (every POST, personal and payment calls, /hub) has no route: the browser's own network fetch.

installPushHandlers(self);

// The page asks a waiting worker to take over only when the user accepts the update (no reload mid-booking).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
