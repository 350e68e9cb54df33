import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPaymentPolling, type PollTargets } from './use-payment-check';

function targets() {
  const connection = new EventTarget();
  const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return { connection, page } satisfies PollTargets;
}

describe('startPaymentPolling', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks at once, then every interval, with the clock every second', () => {
    const ask = vi.fn();
    const tick = vi.fn();
    const stop = startPaymentPolling({ ask, tick, intervalMs: 3000, targets: targets() });
    expect(ask).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9000);
    expect(ask).toHaveBeenCalledTimes(4);
    expect(tick).toHaveBeenCalledTimes(9);
    stop();
    vi.advanceTimersByTime(9000);
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('asks at once when the connection returns, and restarts the interval from there', () => {
    const ask = vi.fn();
    const tick = vi.fn();
    const found = targets();
    const stop = startPaymentPolling({ ask, tick, intervalMs: 3000, targets: found });
    vi.advanceTimersByTime(1000);
    found.connection.dispatchEvent(new Event('online'));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(tick).toHaveBeenLastCalledWith(1000);
    vi.advanceTimersByTime(2999);
    expect(ask).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(ask).toHaveBeenCalledTimes(3);
    stop();
    found.connection.dispatchEvent(new Event('online'));
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('asks at once when the page becomes visible again, not when it is hidden', () => {
    const ask = vi.fn();
    const found = targets();
    const stop = startPaymentPolling({ ask, tick: vi.fn(), intervalMs: 3000, targets: found });
    found.page.visibilityState = 'hidden';
    found.page.dispatchEvent(new Event('visibilitychange'));
    expect(ask).toHaveBeenCalledTimes(1);
    found.page.visibilityState = 'visible';
    found.page.dispatchEvent(new Event('visibilitychange'));
    expect(ask).toHaveBeenCalledTimes(2);
    stop();
  });

  it('keeps the deadline: the clock it gives is the real time, not time since the last wake-up', () => {
    const tick = vi.fn();
    const found = targets();
    const stop = startPaymentPolling({ ask: vi.fn(), tick, intervalMs: 3000, targets: found });
    vi.setSystemTime(200_000); // a long sleep (hidden tab, no connection) without timers firing
    found.connection.dispatchEvent(new Event('online'));
    expect(tick).toHaveBeenLastCalledWith(200_000);
    stop();
  });
});
