// The idle timer of spec 4 and 9: after `timeoutMs` without the passenger touching the page it calls onIdle once.
// Activity stops the count at once; the count starts again only after `debounceMs` without activity (the spec's
// 500 ms debounce), so a stream of pointer moves costs one timer, not one per event.

/** What counts as the passenger being there. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;

export interface IdleTimerOptions {
  timeoutMs: number;
  debounceMs: number;
  onIdle(): void;
  /** Where activity is listened for (the window). */
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** Starts counting now; returns the stop. */
export function startIdleTimer({ timeoutMs, debounceMs, onIdle, target }: IdleTimerOptions): () => void {
  let idle: ReturnType<typeof setTimeout> | null = null;
  let debounce: ReturnType<typeof setTimeout> | null = null;
  let fired = false;

  const count = () => {
    idle = setTimeout(() => {
      idle = null;
      fired = true;
      stop();
      onIdle();
    }, timeoutMs);
  };
  const onActivity = () => {
    if (fired) return;
    if (idle !== null) {
      clearTimeout(idle);
      idle = null;
    }
    if (debounce !== null) clearTimeout(debounce);
    debounce = setTimeout(() => {
      debounce = null;
      count();
    }, debounceMs);
  };
  function stop() {
    if (idle !== null) clearTimeout(idle);
    if (debounce !== null) clearTimeout(debounce);
    idle = null;
    debounce = null;
    for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity);
  }

  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, { passive: true } as AddEventListenerOptions);
  count();
  return stop;
}
