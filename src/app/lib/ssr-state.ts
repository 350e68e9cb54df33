// A page the server rendered (src/app/entry-server.tsx) is hydrated, not rendered again. Its queries were taken
// from the state script at start (lib/query-loader.ts takeServerState) for the query runtime; the configuration the
// server rendered with is put back first, the matched route's lazy screen is loaded, then React hydrates inside a
// transition, so the work is cut into slices that leave the main thread free between them. Hydration does not wait for
// the query runtime (TanStack Query, Dexie and the restore of the persisted cache): nothing it hydrates queries, and the
// lazy parts that do (the home sections) keep the server's HTML until the runtime and their chunk have loaded.
// Loaded only for such a page (src/app/main.tsx), whose head preloads it beside the first script.
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { startTransition, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { announceHydration } from './early-presses';
import { holdNavigationsUntilHydrated } from './hydration-gate';
import { configQueries } from './config-queries';
import { loadedQueryClient } from './query-loader';
import { setConfigAnswer, type ConfigAnswers } from './config-store';
import { yieldToMain } from './yield';

interface DehydratedQueries {
  queries?: Array<{ queryKey?: unknown; state?: { data?: unknown } }>;
}

/** The data of one query of the server's state, found by its key. */
function serverAnswer<T>(state: unknown, queryKey: readonly unknown[]): T | undefined {
  const key = JSON.stringify(queryKey);
  const query = (state as DehydratedQueries | undefined)?.queries?.find((entry) => JSON.stringify(entry.queryKey) === key);
  return query?.state?.data as T | undefined;
}

/**
 * Hydrates the server's HTML in `root`, once the router has loaded the page (its lazy screen too). `app` renders the
 * tree with the query client it is given: a lazy screen that queries waited for the runtime as it loaded (withMessages),
 * and hydrates with its client; home hydrates before the runtime has loaded, and takes its client when it arrives.
 */
export async function hydratePage(
  root: HTMLElement,
  app: (queryClient: QueryClient | undefined) => ReactNode,
  state: unknown,
  router: AnyRouter,
) {
  // The first paint's configuration (lib/config-store.ts) is what the server rendered with, not what this device kept
  // from an earlier visit, or the hydration would not match.
  const system = serverAnswer<ConfigAnswers['system']>(state, configQueries.system().queryKey);
  const siteKeys = serverAnswer<ConfigAnswers['siteKeys']>(state, configQueries.siteKeys().queryKey);
  if (system) setConfigAnswer('system', system);
  if (siteKeys) setConfigAnswer('siteKeys', siteKeys);
  await router.load();
  // The server's router renders its matches without the client's Suspense wrappers; a router marked as hydrating
  // server HTML renders the same tree (@tanstack/react-router Matches and Match read `router.ssr`).
  router.ssr = { manifest: undefined };
  // The route's loading ran in the task that started it: hydration begins in a task of its own.
  await yieldToMain();
  // Where hydration starts, for the long-task check (tests/e2e/server-render.spec.ts).
  performance.mark('vivu-hydrate');
  // A link pressed before the screen has hydrated waits for it (lib/hydration-gate.ts).
  holdNavigationsUntilHydrated(router.history);
  startTransition(() => {
    hydrateRoot(root, app(loadedQueryClient()));
  });
  // The presses kept before now go to their buttons: React hydrates what they touch at once (lib/early-presses.ts).
  announceHydration();
}
