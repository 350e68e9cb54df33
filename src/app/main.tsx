import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { langFromPath } from '../shared/domain/route-table';
import { configQueries } from './lib/config-queries';
import { captureInstallPrompt, followManifestLink } from './features/pwa/install-prompt';
import { captureAffiliateVisit, followAffiliateLifetime } from './lib/affiliate';
import { applyLanguage, loadLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { setRecaptchaSiteKeySource } from './lib/recaptcha';
import { initStore } from './lib/store';
import { Providers } from './providers';
import { createAppRouter } from './router';
import './styles.css';

const startLang = langFromPath(window.location.pathname);
captureInstallPrompt();

// The encrypted local store is read into memory first (a few small records; it never rejects and falls back
// to memory only), so every synchronous read during render sees what this browser kept; an English path's
// messages load alongside (a failure leaves the default language).
void Promise.all([initStore(), loadLanguage(startLang).catch(() => {})]).then(() => {
  applyLanguage(startLang);
  // spec 6: a partner's link (?utm_domain=…&aff_sid=…) is stored and leaves the address bar before the router reads it.
  captureAffiliateVisit();
  const queryClient = createQueryClient();
  followAffiliateLifetime(queryClient, configQueries.system().queryKey);
  // spec 7 recaptcha: the site key an operator configured (site keys), read when a guarded call is made.
  setRecaptchaSiteKeySource(async () => (await queryClient.ensureQueryData(configQueries.siteKeys())).recaptcha_site_key);
  const router = createAppRouter();
  followManifestLink(router.history);
  // The registration's code (and workbox-window) is fetched beside the first-load script, not in it; it registers the
  // worker after the page's own loading (features/pwa/sw-register.ts).
  import('./features/pwa/sw-register')
    .then(({ registerServiceWorker }) => registerServiceWorker(queryClient, router.history))
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
  const root = document.getElementById('root');
  if (root) {
    const app = (
      <StrictMode>
        <Providers queryClient={queryClient}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>
    );
    // issue 22: a page the server rendered (its state script follows the root) is hydrated by lib/ssr-state.ts, which
    // the page's head preloads; should that chunk not load, the app renders over the server's HTML as elsewhere.
    if (document.getElementById('vivu-ssr-state')) {
      import('./lib/ssr-state')
        .then(({ hydratePage }) => hydratePage(root, app, queryClient, router))
        .catch(() => createRoot(root).render(app));
    } else {
      createRoot(root).render(app);
    }
  }
});
