// spec 8: a code-split chunk that fails, or has not loaded within 120 s, raises a ChunkLoadError; a retry
// calls the loader again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMessages } from './i18n';
import { queryRuntimeReady } from './query-loader';

// The query runtime (TanStack Query, the restored cache) is its own chunk: here a stand-in that each test can fail.
vi.mock('./query-loader', () => ({ queryRuntimeReady: vi.fn(() => Promise.resolve({})) }));

import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  chunkLoader,
  expectImportToLoad,
  failedChunkUrl,
  isChunkLoadError,
  loadChunk,
  retryFailedBefore,
} from './lazy-load';

/** Settles the promise into a value the test can look at without awaiting it (fake timers hold it otherwise). */
function track<T>(promise: Promise<T>) {
  const state: { status: 'pending' | 'resolved' | 'rejected'; value?: T; error?: unknown } = { status: 'pending' };
  promise.then(
    (value) => Object.assign(state, { status: 'resolved', value }),
    (error: unknown) => Object.assign(state, { status: 'rejected', error }),
  );
  return state;
}

describe('loadChunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the spec’s 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module and leaves no timer behind', async () => {
    const state = track(loadChunk(() => Promise.resolve({ Screen: 'screen' })));
    await vi.advanceTimersByTimeAsync(0);
    expect(state).toEqual({ status: 'resolved', value: { Screen: 'screen' } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a failed import into a ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: http://x/assets/faqs-1.js');
    const state = track(loadChunk(() => Promise.reject(cause)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.status).toBe('rejected');
    expect(state.error).toBeInstanceOf(ChunkLoadError);
    expect(isChunkLoadError(state.error)).toBe(true);
    expect((state.error as ChunkLoadError).reason).toBe('failed');
    expect((state.error as ChunkLoadError).cause).toBe(cause);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('turns a loader that throws at once into a ChunkLoadError too', async () => {
    const state = track(
      loadChunk(() => {
        throw new Error('boom');
      }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect((state.error as ChunkLoadError).reason).toBe('failed');
  });

  it('raises a timeout ChunkLoadError when the chunk has not loaded within 120 s, not before', async () => {
    const state = track(loadChunk(() => new Promise<never>(() => {})));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(state.status).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(state.status).toBe('rejected');
    expect(state.error).toBeInstanceOf(ChunkLoadError);
    expect((state.error as ChunkLoadError).reason).toBe('timeout');
  });

  it('keeps a chunk that loads just in time', async () => {
    const state = track(loadChunk(() => new Promise((resolve) => setTimeout(() => resolve('late'), CHUNK_LOAD_TIMEOUT_MS - 1))));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(state).toEqual({ status: 'resolved', value: 'late' });
  });
});

describe('chunkLoader', () => {
  it('tries the import again on each call, so a retry after a failure can load the chunk', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const loader = chunkLoader(load);
    await expect(loader()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(loader()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells a retry whether an earlier retry of the same chunk failed since it last loaded', async () => {
    let fail = true;
    const faqs = chunkLoader(() => (fail ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('faqs')));
    const error = await faqs().catch((caught: unknown) => caught);
    expect(retryFailedBefore(error)).toBe(false);
    // Another chunk that loads meanwhile says nothing of this one.
    await chunkLoader(() => Promise.resolve('section'))();
    expect(retryFailedBefore(await faqs().catch((caught: unknown) => caught))).toBe(true);
    const other = await chunkLoader(() => Promise.reject(new TypeError('Failed to fetch')))().catch((caught) => caught);
    expect(retryFailedBefore(other)).toBe(false);
    fail = false;
    await faqs();
    expect(retryFailedBefore(error)).toBe(false);
  });
});

describe('withMessages', () => {
  it('raises a ChunkLoadError when the screen’s chunk fails, whatever the messages do', async () => {
    const loader = withMessages(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(loader()).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'failed' });
  });

  it('gives the module once both parts are there', async () => {
    await expect(withMessages(() => Promise.resolve({ FaqsRoute: 'faqs' }))()).resolves.toEqual({ FaqsRoute: 'faqs' });
  });

  it('waits for the query runtime, and raises a ChunkLoadError when it does not load', async () => {
    let arrive: (runtime: never) => void = () => {};
    vi.mocked(queryRuntimeReady).mockImplementationOnce(() => new Promise((resolve) => (arrive = resolve)));
    let settled = false;
    const loading = withMessages(() => Promise.resolve({ FaqsRoute: 'faqs' }))().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    arrive({} as never);
    await expect(loading).resolves.toEqual({ FaqsRoute: 'faqs' });

    vi.mocked(queryRuntimeReady).mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    await expect(withMessages(() => Promise.resolve({ FaqsRoute: 'faqs' }))()).rejects.toMatchObject({
      name: 'ChunkLoadError',
      reason: 'failed',
    });
  });
});

describe('a retry where the browser keeps the failed module (whatwg/html#6768)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the failed chunk’s URL from the import error of Chromium and Firefox', () => {
    const chromium = new ChunkLoadError(
      'failed',
      new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:8181/assets/faqs-cyx_Th0Z.js'),
    );
    expect(failedChunkUrl(chromium)).toBe('http://127.0.0.1:8181/assets/faqs-cyx_Th0Z.js');
    const firefox = new ChunkLoadError(
      'failed',
      new TypeError('error loading dynamically imported module: https://vivu.vn/assets/a-b.js'),
    );
    expect(failedChunkUrl(firefox)).toBe('https://vivu.vn/assets/a-b.js');
    expect(failedChunkUrl(new ChunkLoadError('timeout'))).toBeNull();
    expect(failedChunkUrl(new ChunkLoadError('failed', new TypeError('Importing a module script failed.')))).toBeNull();
  });

  it('reloads the page when the chunk was fetched but its import fails again, and only then', async () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    const failing = chunkLoader(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x/a.js')),
    );
    const error = await failing().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(reload).not.toHaveBeenCalled();
    expectImportToLoad(error);
    // Another chunk that loads meanwhile leaves the expectation standing.
    await chunkLoader(() => Promise.resolve('section'))();
    const pending = track(failing());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(pending.status).toBe('pending');
    // The expectation is used up: the next failure is an error again.
    await expect(failing()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
