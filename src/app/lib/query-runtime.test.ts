// The query runtime as a server-rendered page starts it: the page's own answers go into its client before
// its observers subscribe, so nothing the page came with is fetched again.
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SITE_KEY_DEFAULTS, SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import { configQueries } from './config-queries';
import { configAnswer } from './config-store';
import { startQueryRuntime } from './query-runtime';
import { initStore } from './store';

/** A fetch that answers nothing and records what was asked. */
function stubFetch() {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(String(url));
    return Promise.reject(new TypeError('no network in this test'));
  });
  return asked;
}

// The persisted cache is read from the store (memory only here: no IndexedDB in node).
beforeAll(() => initStore());

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('startQueryRuntime', () => {
  // First: what it keeps (the store is memory only here, shared by the tests) must not answer for the server.
  it('without a server state, asks the server for the configuration', async () => {
    const asked = stubFetch();
    const { queryClient } = await startQueryRuntime();
    await vi.waitFor(() =>
      expect(asked.map((url) => new URL(url, 'http://x').pathname).sort()).toEqual([
        '/api/home/get_key_values',
        '/api/passenger/get_system_configs',
      ]),
    );
    queryClient.unmount();
  });

  it("puts a server-rendered page's configuration in its client and the config store, and fetches none of it", async () => {
    const asked = stubFetch();
    const server = new QueryClient();
    const system = { ...SYSTEM_CONFIG_DEFAULTS, max_passengers: 7 };
    const siteKeys = { ...SITE_KEY_DEFAULTS, recaptcha_site_key: 'served-key' };
    server.setQueryData(configQueries.system().queryKey, system);
    server.setQueryData(configQueries.siteKeys().queryKey, siteKeys);
    // As the page carries it: JSON in a script.
    const state: unknown = JSON.parse(JSON.stringify(dehydrate(server)));

    const { queryClient } = await startQueryRuntime(state);
    expect(queryClient.getQueryData(configQueries.system().queryKey)).toEqual(system);
    expect(configAnswer('system')).toEqual(system);
    expect(configAnswer('siteKeys')).toEqual(siteKeys);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
    queryClient.unmount();
  });

  it("hydrates with the server's answers even over a newer one this browser kept", async () => {
    stubFetch();
    const kept = { ...SITE_KEY_DEFAULTS, recaptcha_site_key: 'kept-later' };
    const first = await startQueryRuntime();
    first.queryClient.setQueryData(configQueries.siteKeys().queryKey, kept, { updatedAt: Date.now() });
    // Kept by the persister (its saves are throttled to one a second), as a later visit finds it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    first.queryClient.unmount();
    const server = new QueryClient();
    const rendered = { ...SITE_KEY_DEFAULTS, recaptcha_site_key: 'rendered-earlier' };
    server.setQueryData(configQueries.siteKeys().queryKey, rendered, { updatedAt: Date.now() - 60_000 });
    const state: unknown = JSON.parse(JSON.stringify(dehydrate(server)));
    const { queryClient } = await startQueryRuntime(state);
    expect(queryClient.getQueryData(configQueries.siteKeys().queryKey)).toEqual(rendered);
    queryClient.unmount();
  });
});
