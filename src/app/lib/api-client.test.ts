import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiEvents,
  apiGet,
  isServerReachable,
  probeAfterReconnect,
  probeServer,
  subscribeReachability,
} from './api-client';

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

  it('after a reconnect, asks again after 1, 2 and 4 s while the network is not yet carrying requests', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
      await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 0 });
      expect(isServerReachable()).toBe(false);
      // The first two tries fail (the network has just come back), the third gets through, 3 s after the event.
      const health = vi
        .fn()
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'))
        .mockResolvedValue(new Response(JSON.stringify({ code: 'success', status: 'ok' })));
      vi.stubGlobal('fetch', health);
      const done = probeAfterReconnect();
      await vi.advanceTimersByTimeAsync(999);
      expect(health).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(health).toHaveBeenCalledTimes(2);
      expect(isServerReachable()).toBe(false);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await done).toBe(true);
      expect(health).toHaveBeenCalledTimes(3);
      expect(isServerReachable()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('probes 1, 2, 4 and 8 s after a failure, then every 15 s, and starts again at 1 s once through', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', {});
    try {
      const failing = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
      vi.stubGlobal('fetch', failing);
      await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 0 });
      const probesAt = async (ms: number) => {
        const before = failing.mock.calls.length;
        await vi.advanceTimersByTimeAsync(ms - 1);
        expect(failing.mock.calls.length).toBe(before);
        await vi.advanceTimersByTimeAsync(1);
        expect(failing.mock.calls.length).toBe(before + 1);
      };
      for (const ms of [1000, 2000, 4000, 8000, 15_000, 15_000]) await probesAt(ms);
      const health = vi.fn().mockResolvedValue(new Response(JSON.stringify({ code: 'success', status: 'ok' })));
      vi.stubGlobal('fetch', health);
      await vi.advanceTimersByTimeAsync(15_000);
      expect(isServerReachable()).toBe(true);
      // Lost again: the first probe comes after 1 s again.
      vi.stubGlobal('fetch', failing);
      await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 0 });
      await probesAt(1000);
      vi.stubGlobal('fetch', health);
      expect(await probeServer()).toBe(true);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it("reads the probe's answer to its end, so that its request closes and the page counts as loaded", async () => {
    const answer = new Response(JSON.stringify({ code: 'success', status: 'ok' }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer));
    expect(await probeServer()).toBe(true);
    expect(answer.bodyUsed).toBe(true);
  });

  it('does not take an aborted request for a lost connection', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(apiGet('/api/x')).rejects.not.toBeInstanceOf(ApiError);
    expect(isServerReachable()).toBe(true);
  });
});

describe('apiEvents', () => {
  const streamOf = (...chunks: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    });

  it('reads events split anywhere across chunks, skipping comments, and settles when the stream ends', async () => {
    const fetch = vi.fn().mockResolvedValue(
      new Response(streamOf('event: tick', 'et\ndata: {"a":', '1}\n\n: keep-alive\n\ndata: line one\ndata: two\n\n'), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const events: [string, string][] = [];
    await apiEvents('/api/passenger/ticket_events', {
      query: { ticket_code: 'VV1' },
      headers: { 'X-Ticket-Key': 'k' },
      onEvent: (name, data) => events.push([name, data]),
    });
    expect(events).toEqual([
      ['ticket', '{"a":1}'],
      ['message', 'line one\ntwo'],
    ]);
    expect(fetch).toHaveBeenCalledWith(
      '/api/passenger/ticket_events?ticket_code=VV1',
      expect.objectContaining({ headers: { 'X-Ticket-Key': 'k', accept: 'text/event-stream' } }),
    );
  });

  it('asks /api/health before calling the app offline when a stream cannot be opened (a proxy cutting it)', async () => {
    const fetch = vi.fn((path: string) =>
      path === '/api/health'
        ? Promise.resolve(new Response(JSON.stringify({ code: 'success', status: 'ok' })))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(apiEvents('/api/passenger/ticket_events', { onEvent: () => {} })).rejects.toMatchObject({ status: 0 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/health', expect.anything()));
    expect(isServerReachable()).toBe(true);
  });

  it("rejects with the server's message when the stream is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'booking.errors.ticket_not_found' }), { status: 404 })),
    );
    await expect(apiEvents('/x', { onEvent: () => {} })).rejects.toMatchObject({
      status: 404,
      key: 'booking.errors.ticket_not_found',
    });
  });
});
