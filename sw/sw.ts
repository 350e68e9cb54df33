/// <reference lib="webworker" />
// Vivu's service worker: precaches the app shell and every route's code, and answers navigations to any
// route (vi or en) with the cached shell so the app opens without a connection. Runtime caching of content,
// push and notification clicks arrive with the offline and trip-lifecycle issues.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// API, hub and payment pages are never answered from the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/hub\//] }));

// The page asks a waiting worker to take over only when the user accepts the update (no reload mid-booking).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
