// The persisted TanStack Query cache: createAsyncStoragePersister over an adapter that keeps the cache
// encrypted in the store's `queryCache` table like every other entry. It is read only when the provider restores
// the cache, so it is not loaded into the store's memory at start. Account data (['me', …]) and payment queries
// are never written, nor failed or pending queries.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query } from '@tanstack/react-query';
import type { AsyncStorage, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { version } from '../../../../package.json';
import { SYSTEM_CONFIG_BOUNDS } from '../../../shared/domain/system-config';
import { localStoreExpiryMs, storeBackend } from '../store';
import { open, seal } from './crypto';
import { QUERY_CACHE_TABLE, type SealedRow } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
export const QUERY_CACHE_KEY = 'query-cache';
/**
 * The restore's outer bound: the longest local store expiry an operator may set. Each write's own expiry (the
 * configured local_store_expiry_days, known only once the configuration is read) is the row's `exp`.
 */
export const QUERY_CACHE_MAX_AGE = SYSTEM_CONFIG_BOUNDS.local_store_expiry_days[1] * DAY_MS;
/** A new app version drops the persisted cache (its shapes may have changed). */
export const QUERY_CACHE_BUSTER = version;

/** Without IndexedDB the cache lives for this visit only. */
const fallback = new Map<string, string>();
const chains = new Map<string, Promise<void>>();

function queued(key: string, work: () => Promise<void>): Promise<void> {
  const next = (chains.get(key) ?? Promise.resolve()).then(work).catch(() => {
    // quota exceeded or the database went away: the cache is only a speed-up
  });
  chains.set(key, next);
  void next.then(() => {
    if (chains.get(key) === next) chains.delete(key);
  });
  return next;
}

/** The storage the persister writes to: encrypted rows of the `queryCache` table. */
export const queryCacheStorage: AsyncStorage<string> = {
  async getItem(key) {
    await chains.get(key);
    const found = await storeBackend();
    if (!found) return fallback.get(key) ?? null;
    const table = found.db.table<SealedRow, string>(QUERY_CACHE_TABLE);
    const row = await table.get(key);
    if (!row) return null;
    const text = row.exp === null || row.exp > Date.now() ? await open(found.master, key, row) : null;
    if (text === null) await table.delete(key);
    return text;
  },
  setItem(key, value) {
    return queued(key, async () => {
      const found = await storeBackend();
      if (!found) return void fallback.set(key, value);
      const { iv, data } = await seal(found.master, key, value);
      await found.db
        .table<SealedRow, string>(QUERY_CACHE_TABLE)
        .put({ id: key, iv, data, exp: Date.now() + localStoreExpiryMs() });
    });
  },
  removeItem(key) {
    return queued(key, async () => {
      fallback.delete(key);
      const found = await storeBackend();
      await found?.db.table<SealedRow, string>(QUERY_CACHE_TABLE).delete(key);
    });
  },
};

/**
 * Only public lookups are kept on the device: the site's settings, places, prices, the home page's and the pages'
 * content, the cancellation reasons and the pickup times. Everything else (an account, a ticket, a payment, the partner
 * console, the driver's trip, the desk) stays in memory: it names people or carries a token, and a persisted copy
 * would come back stale after a cancellation or a payment. A ticket's offline copy is the saved ticket
 * (lib/saved-tickets.ts). A new kind of query is private until it is added here.
 */
const PUBLIC_QUERY_ROOTS: ReadonlySet<unknown> = new Set(['config', 'places', 'pricing', 'home', 'content', 'landing', 'cancel']);

export function isPrivateQueryKey(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] === 'booking') return queryKey[1] !== 'range-time';
  return !PUBLIC_QUERY_ROOTS.has(queryKey[0]);
}

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && !isPrivateQueryKey(query.queryKey);
}

export function queryPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createAsyncStoragePersister({ storage: queryCacheStorage, key: QUERY_CACHE_KEY, throttleTime: 1000 }),
    maxAge: QUERY_CACHE_MAX_AGE,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false },
  };
}

/** Logout: the persisted cache goes (the client's own user queries are removed by the caller's hook). */
export function clearPersistedQueryCache(): Promise<void> {
  return queryCacheStorage.removeItem(QUERY_CACHE_KEY) as Promise<void>;
}
