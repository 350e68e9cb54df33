// issue 22: a page the server rendered (src/app/entry-server.tsx) is hydrated, not rendered again: its queries go into
// the cache first (the JSON script after the root, src/server/http/page-render.ts), the matched route's lazy screen is
// loaded, then React hydrates inside a transition, so the work is cut into slices that leave the main thread free
// between them. Loaded only for such a page (src/app/main.tsx), whose head preloads it beside the first script.
import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { configQueries } from './config-queries';
import { setConfigAnswer } from './config-store';

export const STATE_SCRIPT_ID = 'vivu-ssr-state';

/** Hydrates the server's HTML in `root` with its queries, once the router has loaded the page (its lazy screen too). */
export async function hydratePage(root: HTMLElement, app: ReactNode, queryClient: QueryClient, router: AnyRouter) {
  const script = document.getElementById(STATE_SCRIPT_ID);
  script?.remove();
  hydrate(queryClient, JSON.parse(script?.textContent ?? '{}'));
  // The first paint's configuration (lib/config-store.ts) is what the server rendered with, not what this device kept
  // from an earlier visit, or the hydration would not match.
  const system = queryClient.getQueryData(configQueries.system().queryKey);
  const siteKeys = queryClient.getQueryData(configQueries.siteKeys().queryKey);
  if (system) setConfigAnswer('system', system);
  if (siteKeys) setConfigAnswer('siteKeys', siteKeys);
  await router.load();
  // The server's router renders its matches without the client's Suspense wrappers; a router marked as hydrating
  // server HTML renders the same tree (@tanstack/react-router Matches and Match read `router.ssr`).
  router.ssr = { manifest: undefined };
  // Where hydration starts, for the long-task check (tests/e2e/server-render.spec.ts).
  performance.mark('vivu-hydrate');
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
