import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../query-client';
import { clearUserData, initStore, resetStoreForTests } from '../store';
import { deleteDatabase, VivuDb } from './db';
import { QUERY_CACHE_KEY, queryCacheStorage, queryPersistOptions, shouldPersistQuery } from './query-persister';

afterEach(async () => {
  await resetStoreForTests();
  await deleteDatabase();
});

async function rawCacheBytes(): Promise<Buffer> {
  const db = new VivuDb();
  await db.open();
  const rows = await db.queryCache.toArray();
  db.close();
  return Buffer.concat(rows.flatMap((row) => [Buffer.from(row.id), Buffer.from(row.iv), Buffer.from(row.data)]));
}

function fillCache(queryClient: QueryClient) {
  queryClient.setQueryData(['config', 'system'], { bill_percent_cost: 10 });
  queryClient.setQueryData(['booking', 'ticket', 'VV123', 'lan.nguyen@example.vn', 'vi'], { code: 'VV123' });
  queryClient.setQueryData(['booking', 'pay-methods'], [{ id: 1, name: 'Thẻ' }]);
  queryClient.setQueryData(['me', 7, 'tok-1', 'balance', 'vi'], { balance: 50000 });
  // A failed query: never persisted.
  const failed = queryClient.getQueryCache().build(queryClient, { queryKey: ['places', 'airports', 'vi'] });
  failed.setState({ status: 'error', error: new Error('offline'), fetchStatus: 'idle' });
}

describe('query cache persistence', () => {
  it('round-trips through the encrypted adapter', async () => {
    await initStore();
    await queryCacheStorage.setItem(QUERY_CACHE_KEY, JSON.stringify({ secret: 'Nguyễn Thị Lan 0912345678' }));
    expect(JSON.parse((await queryCacheStorage.getItem(QUERY_CACHE_KEY))!)).toEqual({ secret: 'Nguyễn Thị Lan 0912345678' });
    const bytes = await rawCacheBytes();
    expect(bytes.includes(Buffer.from('0912345678'))).toBe(false);
    await resetStoreForTests();
    await initStore();
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toContain('0912345678');
    await queryCacheStorage.removeItem(QUERY_CACHE_KEY);
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
  });

  it('persists successful queries only, never account, ticket or payment ones', async () => {
    await initStore();
    const options = queryPersistOptions();
    const source = new QueryClient();
    fillCache(source);
    await persistQueryClientSave({ queryClient: source, ...options });
    const saved = JSON.parse((await queryCacheStorage.getItem(QUERY_CACHE_KEY))!) as {
      buster: string;
      clientState: { queries: Array<{ queryKey: unknown[] }> };
    };
    expect(saved.buster).toBe(options.buster);
    expect(saved.clientState.queries.map((query) => query.queryKey)).toEqual([['config', 'system']]);
    expect((await rawCacheBytes()).includes(Buffer.from('lan.nguyen'))).toBe(false);

    const restored = new QueryClient();
    await persistQueryClientRestore({ queryClient: restored, ...options });
    expect(restored.getQueryData(['config', 'system'])).toEqual({ bill_percent_cost: 10 });
    expect(restored.getQueryData(['me', 7, 'tok-1', 'balance', 'vi'])).toBeUndefined();
    expect(restored.getQueryData(['booking', 'pay-methods'])).toBeUndefined();
    expect(restored.getQueryData(['booking', 'ticket', 'VV123', 'lan.nguyen@example.vn', 'vi'])).toBeUndefined();
  });

  it('tells which queries may be kept', () => {
    const query = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
      shouldPersistQuery({ queryKey, state: { status } as never });
    expect(query(['pricing', 'list', { a: 1 }])).toBe(true);
    expect(query(['pricing', 'list', { a: 1 }], 'error')).toBe(false);
    expect(query(['pricing', 'list', { a: 1 }], 'pending')).toBe(false);
    expect(query(['me', 1, 't', 'history', 'vi'])).toBe(false);
    expect(query(['booking', 'pay-methods'])).toBe(false);
    expect(query(['booking', 'ticket', 'VVABC123', '0912345678', 'vi'])).toBe(false);
    expect(query(['partner', 'staff-token', 'tickets', 'driver_pending', 'vi'])).toBe(false);
    expect(query(['driver-trip', 'link-secret', 'vi'])).toBe(false);
    expect(query(['desk', 'desk-token', 'numbers', { from: '2026-11-01', to: '2026-11-29' }])).toBe(false);
    expect(query(['desk', 'desk-token', 'inbox', 'list'])).toBe(false);
    expect(query(['payments', 'transfer-status', 'VVABC123', null, '0912345678', null])).toBe(false);
    expect(query(['something-new', 1])).toBe(false);
    expect(query(['booking', 'range-time', '2026-11-29T08:00', 1, 'vi'])).toBe(true);
    expect(query(['places', 'detail', 'vi', 'p-1'])).toBe(true);
    expect(query(['home', 'popular', 'vi'])).toBe(true);
    expect(query(['content', 'page', 'vi', 'about'])).toBe(true);
    expect(query(['cancel', 'reasons', 'vi'])).toBe(true);
  });

  it('logout removes the persisted cache and the user queries', async () => {
    await initStore();
    const queryClient = createQueryClient();
    fillCache(queryClient);
    await persistQueryClientSave({ queryClient, ...queryPersistOptions() });
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).not.toBeNull();
    clearUserData();
    expect(await queryCacheStorage.getItem(QUERY_CACHE_KEY)).toBeNull();
    expect(queryClient.getQueryData(['booking', 'ticket', 'VV123', 'lan.nguyen@example.vn', 'vi'])).toBeUndefined();
    expect(queryClient.getQueryData(['config', 'system'])).toEqual({ bill_percent_cost: 10 });
  });
});
