// issue 22: a page the server rendered (src/app/entry-server.tsx) is hydrated, not rendered again: its queries go into
// the cache first (the JSON script after the root, src/server/http/page-render.ts), the matched route's lazy screen is
// loaded, then React hydrates inside a transition, so the work is cut into slices that leave the main thread free
// between them. A page served without HTML (a private route, or a server without the renderer) is rendered as before.
import { hydrate, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

const STATE_SCRIPT_ID = 'vivu-ssr-state';

/** Puts the server's queries into the cache; true when the page came with the server's HTML. */
export function takeServerState(queryClient: QueryClient): boolean {
  const script = document.getElementById(STATE_SCRIPT_ID);
  if (!script) return false;
  script.remove();
  try {
    hydrate(queryClient, JSON.parse(script.textContent ?? ''));
  } catch {
    return false;
  }
  return true;
}

/** Hydrates the server's HTML once the router has loaded the page (its lazy screen included), else renders. */
export async function mountApp(root: HTMLElement, app: ReactNode, serverRendered: boolean, router: AnyRouter) {
  if (!serverRendered || !root.firstElementChild) {
    createRoot(root).render(app);
    return;
  }
  await router.load();
  // The server's router renders its matches without the client's Suspense wrappers; a router marked as hydrating
  // server HTML renders the same tree (@tanstack/react-router Matches and Match read `router.ssr`).
  router.ssr = { manifest: undefined };
  startTransition(() => {
    hydrateRoot(root, app);
  });
}
