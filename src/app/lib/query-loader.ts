// TanStack Query, its encrypted persister and the restore of the persisted cache are not part of the first
// load. The first paint reads the configuration from lib/config-store.ts; the query runtime (lib/query-runtime.ts)
// loads when the browser is idle after the first paint, or at the first use that needs it (a lazy screen, dialog or
// section waits for it with its messages: withMessages in lib/i18n.ts), whichever comes first. Once loaded, the
// providers hand its client to every component below them (providers.tsx).
import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { STATE_SCRIPT_ID } from '../../shared/domain/page-state';
import { chunkLoader } from './lazy-load';
import type { QueryRuntime } from './query-runtime';
import { whenIdle } from './use-when-idle';

const importRuntime = chunkLoader(() => import('./query-runtime'));

let serverState: unknown;

/**
 * Takes the queries a server-rendered page was rendered with out of its state script (none elsewhere). They
 * go into the runtime's client when it starts, after the persisted cache and before anything reads or fetches them,
 * so the page's own answers are neither fetched again nor replaced by older kept ones. Called at start, before the
 * runtime can load.
 */
export function takeServerState(): unknown {
  const script = document.getElementById(STATE_SCRIPT_ID);
  if (!script) return undefined;
  script.remove();
  try {
    serverState = JSON.parse(script.textContent ?? '');
  } catch {
    serverState = undefined;
  }
  return serverState;
}

let pending: Promise<QueryRuntime> | null = null;
let loaded: QueryRuntime | null = null;
const listeners = new Set<() => void>();

/**
 * The query runtime, loaded and started once (the persisted cache restored before it resolves). A failed load is
 * a ChunkLoadError and is tried again at the next call.
 */
export function loadQueryRuntime(): Promise<QueryRuntime> {
  pending ??= importRuntime()
    .then((module) => module.startQueryRuntime(serverState))
    .then(
      (runtime) => {
        loaded = runtime;
        for (const listener of listeners) listener();
        return runtime;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  return pending;
}

/** Set by the server's renderer (entry-server.tsx), which brings its own query client for each page. */
let onServer = false;
export function renderingOnServer(): void {
  onServer = true;
}

/** What a lazy part waits for before it mounts: the runtime in the browser, nothing on the server. */
export function queryRuntimeReady(): Promise<unknown> {
  return onServer ? Promise.resolve() : loadQueryRuntime();
}

/** Starts loading the runtime once the browser is idle after the first paint (at the latest after `timeoutMs`). */
export function loadQueryRuntimeWhenIdle(timeoutMs = 2000): void {
  whenIdle(() => void loadQueryRuntime().catch(() => {}), timeoutMs);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The runtime's client if it has loaded, else undefined (read once: the hook below follows its arrival). */
export const loadedQueryClient = (): QueryClient | undefined => loaded?.queryClient;

/** The runtime's client once it has loaded (and the persisted cache is restored), else undefined. */
export function useLoadedQueryClient(): QueryClient | undefined {
  // A server render and the hydration have none: components that query are lazy and come after it.
  return useSyncExternalStore(subscribe, loadedQueryClient, () => undefined);
}
