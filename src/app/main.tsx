import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { STATE_SCRIPT_ID } from '../shared/domain/page-state';
import { langFromPath, matchPath } from '../shared/domain/route-table';
import { captureInstallPrompt, followManifestLink } from './features/pwa/install-prompt';
import { hasAffiliateParams } from './lib/affiliate-link';
import { applyLanguage, loadLanguage } from './lib/i18n';
import { loadQueryRuntime, loadQueryRuntimeWhenIdle, takeServerState } from './lib/query-loader';
import { initStore } from './lib/store';
import { yieldToMain } from './lib/yield';
import { Providers } from './providers';
import { createAppRouter } from './router';
import './styles.css';

const startLang = langFromPath(window.location.pathname);
captureInstallPrompt();
// A page the server rendered carries its queries in a state script after the root; they are taken now, before
// anything can start the query runtime, which puts them in its client.
const rendered = document.getElementById(STATE_SCRIPT_ID) !== null;
const serverState = takeServerState();
// A server-rendered page other than home shows a lazy screen that queries, whose hydration waits for the query runtime:
// it starts now, beside the first script, as it did before home stopped waiting for it.
if (rendered && matchPath(window.location.pathname)?.name !== 'home') void loadQueryRuntime().catch(() => {});

// The encrypted local store is read into memory first (a few small records; it never rejects and falls back
// to memory only), so every synchronous read during render sees what this browser kept; an English path's
// messages load alongside (a failure leaves the default language).
// spec 6: a partner's link (?utm_domain=…&aff_sid=…) loads the referral code alongside too (only then).
const referral = hasAffiliateParams(window.location.search)
  ? import('./lib/affiliate').catch((error: unknown) => console.warn('The partner referral could not be kept', error))
  : undefined;
void Promise.all([initStore(), loadLanguage(startLang).catch(() => {}), referral]).then(async ([, , affiliate]) => {
  applyLanguage(startLang);
  // spec 6: the referral is stored and leaves the address bar before the router reads it.
  affiliate?.captureAffiliateVisit();
  // The store's decryption and the language ran in this task; the router is built in the next one.
  await yieldToMain();
  const router = createAppRouter({ serverHtml: rendered });
  followManifestLink(router.history);
  // The registration's code (and workbox-window) is fetched beside the first-load script, not in it; it registers the
  // worker after the page's own loading (features/pwa/sw-register.ts).
  import('./features/pwa/sw-register')
    .then(({ registerServiceWorker }) => registerServiceWorker(router.history))
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
  const root = document.getElementById('root');
  if (root) {
    const app = (queryClient?: QueryClient) => (
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>
    );
    // A page the server rendered is hydrated by lib/ssr-state.ts, which the page's head preloads, without
    // waiting for the query runtime unless its screen queries (the providers take its client when it arrives); should
    // that chunk not load, the app renders over the server's HTML as elsewhere.
    if (rendered) {
      import('./lib/ssr-state')
        .then(({ hydratePage }) => hydratePage(root, app, serverState, router))
        .catch(() => createRoot(root).render(app()));
    } else {
      createRoot(root).render(app());
    }
  }
  // TanStack Query and the persisted cache after the first paint (lib/query-loader.ts).
  loadQueryRuntimeWhenIdle();
});
