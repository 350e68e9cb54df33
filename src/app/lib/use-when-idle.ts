// What the first paint does not need starts once the browser is idle after it (at the latest after
// `timeoutMs`), not with the first-load script.
import { startTransition, useEffect, useState } from 'react';

/** Calls `run` once the browser is idle after mount; returns the cancel for an effect's cleanup. */
export function whenIdle(run: () => void, timeoutMs = 5000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, Math.min(timeoutMs, 2000));
  return () => clearTimeout(timer);
}

/**
 * False until the browser has been idle once after the component's first paint. What it mounts then renders as a
 * transition, in slices that leave the main thread free (a layout's whole tree re-renders with it).
 */
export function useWhenIdle(timeoutMs = 5000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => (idle ? undefined : whenIdle(() => startTransition(() => setIdle(true)), timeoutMs)), [idle, timeoutMs]);
  return idle;
}
