import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, isServerReachable, probeServer, subscribeReachability } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whether the server can be reached', () => {
  it('is unreachable once a request cannot reach it, and reachable again only when a probe gets through', async () => {
    const changes: boolean[] = [];
    const stop = subscribeReachability(() => changes.push(isServerReachable()));
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiGet('/api/passenger/notify_new_booking')).rejects.toMatchObject({ status: 0 });
    expect(isServerReachable()).toBe(false);

    // A content answer the service worker gives from its cache proves nothing: only /api/health does.
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 'success', data: {} }), { status: 200 })),
    );
    await apiGet('/api/passenger/get_system_configs');
    expect(isServerReachable()).toBe(false);
    const health = vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 'success', status: 'ok' })));
    vi.stubGlobal('fetch', health);
    expect(await probeServer()).toBe(true);
    expect(health).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));
    expect(isServerReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    stop();
  });

  it('does not take an aborted request for a lost connection', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(apiGet('/api/x')).rejects.not.toBeInstanceOf(ApiError);
    expect(isServerReachable()).toBe(true);
  });
});
