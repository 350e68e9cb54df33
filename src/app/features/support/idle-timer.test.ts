import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from './idle-timer';

describe('startIdleTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(timeoutMs = 5000, debounceMs = 500) {
    const target = new EventTarget();
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs, debounceMs, onIdle, target });
    return { target, onIdle, stop, act: (name = 'pointermove') => target.dispatchEvent(new Event(name)) };
  }

  it('calls onIdle once after the time-out without activity', () => {
    const { onIdle } = setup();
    vi.advanceTimersByTime(4999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity stops the count, which starts again 500 ms after the last activity', () => {
    const { onIdle, act } = setup();
    vi.advanceTimersByTime(4000);
    act();
    vi.advanceTimersByTime(400);
    act('keydown');
    // 4,000 + 400 + 5,400: without the reset it would have fired at 5,000.
    vi.advanceTimersByTime(5400);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('a stream of activity longer than the time-out never fires', () => {
    const { onIdle, act } = setup(1000, 500);
    for (let i = 0; i < 50; i += 1) {
      act();
      vi.advanceTimersByTime(100);
    }
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('stop ends the count and the listening', () => {
    const { onIdle, stop, act } = setup();
    stop();
    act();
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});
