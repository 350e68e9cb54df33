// spec 8: a code-split chunk (a lazy screen, dialog or home section, with its messages) that fails to load,
// or has not loaded within CHUNK_LOAD_TIMEOUT_MS, raises a ChunkLoadError, which the load-error view shows in the
// user's language with a retry (src/app/components/ui/load-error.tsx). No React here: i18n.ts wraps every lazy
// loader with it (withMessages).
//
// A retry calls the loader again, i.e. import() of the same URL. Some browsers keep a failed module fetch in their
// module map, so such a retry fails without a request (whatwg/html#6768): Debian's Chromium 150 does; Chromium 156
// and current Firefox and WebKit fetch it again (tests/e2e/chunk-load-error.spec.ts tells which it runs on). So a
// retry first fetches the failed chunk itself (its URL is in the error): reachable, the import must load, and if it
// fails anyway the browser is keeping the failure, and the page reloads (expectImportToLoad). Where a retry fails
// again while the browser is online (or a deployment removed the chunk), the next retry reloads the page
// (retryFailedBefore).

import { SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';

/**
 * spec 8: a code-split chunk that has not loaded within this time raises a load error. A constant of the build (the
 * configuration may not have loaded either when a chunk is wanted), the spec's default kept with the others.
 */
export const CHUNK_LOAD_TIMEOUT_MS = SYSTEM_CONFIG_DEFAULTS.chunk_load_timeout_ms;

export type ChunkLoadFailure = 'failed' | 'timeout';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  /** The chunkLoader that raised it, so that a retry's history is kept per chunk. */
  loader?: object;

  constructor(
    readonly reason: ChunkLoadFailure,
    cause?: unknown,
  ) {
    super(
      reason === 'timeout'
        ? `A code-split chunk did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`
        : `A code-split chunk did not load: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Runs a dynamic-import loader once: resolves with its module, or rejects with a ChunkLoadError when the loader
 * rejects or has not settled within CHUNK_LOAD_TIMEOUT_MS. Any rejection counts: the module could not be loaded.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), CHUNK_LOAD_TIMEOUT_MS);
    Promise.resolve()
      .then(load)
      .then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(isChunkLoadError(error) ? error : new ChunkLoadError('failed', error));
        },
      );
  });
}

/**
 * The loaders (chunkLoader) whose retry was made and that have not loaded since. Kept per loader: another chunk that
 * loads meanwhile (a section, the messages) says nothing of the failed one.
 */
const retried = new WeakSet<object>();
/** The loaders whose failed chunk answered a fetch just now: if their import fails again, only a reload loads it. */
const reloadIfImportFails = new WeakSet<object>();
/** The key of a failure no chunkLoader raised (a retry of any other error). */
const OTHER_FAILURE = {};

/** The loader that raised a chunk error, as chunkLoader marked it. */
const loaderOf = (error: unknown): object => (isChunkLoadError(error) && error.loader) || OTHER_FAILURE;

/** The script URL a failed dynamic import names (Chromium and Firefox put it in their message), else null. */
export function failedChunkUrl(error: unknown): string | null {
  const cause = error instanceof ChunkLoadError ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause ?? '');
  return /(https?:\/\/[^\s'"]+?\.js)(?![\w.-])/.exec(message)?.[1] ?? null;
}

/** The retry's fetch of the failed chunk got it: the next failure of its import is the browser keeping the old one. */
export function expectImportToLoad(error: unknown): void {
  reloadIfImportFails.add(loaderOf(error));
}

/**
 * Called when the passenger asks to retry the failure `error`: true when an earlier retry of the same chunk has failed
 * too (it has not loaded since), when the view reloads the page instead of trying the same import once more.
 */
export function retryFailedBefore(error: unknown): boolean {
  const key = loaderOf(error);
  const before = retried.has(key);
  retried.add(key);
  return before;
}

/** A loader for React.lazy or lazyRouteComponent that fails with a ChunkLoadError (loadChunk); each call tries anew. */
export function chunkLoader<T>(load: () => Promise<T>): () => Promise<T> {
  const key = {};
  return () =>
    loadChunk(load).then(
      (module) => {
        retried.delete(key);
        reloadIfImportFails.delete(key);
        return module;
      },
      (error: unknown) => {
        // The innermost loader that failed names the failure: its own success ends the retry's history.
        if (isChunkLoadError(error)) error.loader ??= key;
        if (!reloadIfImportFails.has(key) || typeof window === 'undefined') throw error;
        // The chunk is there but this browser will not import it again: a reload loads it; nothing shows meanwhile.
        reloadIfImportFails.delete(key);
        window.location.reload();
        return new Promise<T>(() => {});
      },
    );
}
