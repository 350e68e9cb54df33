// When the payment check asks the server (spec 4: it polls payment/check_status for up to 300,000 ms): at once,
// then every `intervalMs`; and at once again when the connection returns (`online`) or the page becomes visible
// again (a hidden tab's timers are throttled), so a result reached meanwhile shows within a moment. The deadline
// is not this module's business: the booking machine keeps it, counted from the start.

export interface PollTargets {
  /** Fires `online` (the window). */
  connection: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Fires `visibilitychange` and tells visibilityState (the document). */
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string };
}

export interface PollOptions {
  /** One request to the server; a failure must be handled by the caller (it never stops the polling). */
  ask(): void;
  /** The clock: called every `clockMs` and on each wake-up, with the time. */
  tick(at: number): void;
  intervalMs: number;
  clockMs?: number;
  now?: () => number;
  targets?: PollTargets;
}

export function startPaymentPolling({ ask, tick, intervalMs, clockMs = 1000, now = Date.now, targets }: PollOptions): () => void {
  const found: PollTargets | null = targets ?? (typeof window === 'undefined' ? null : { connection: window, page: document });
  let poll: ReturnType<typeof setInterval> | null = null;
  const restartInterval = () => {
    if (poll !== null) clearInterval(poll);
    poll = setInterval(ask, intervalMs);
  };
  /** Asks now and starts the interval again from here (no second request right behind this one). */
  const wake = () => {
    tick(now());
    ask();
    restartInterval();
  };
  const onVisible = () => {
    if (found?.page.visibilityState === 'visible') wake();
  };
  ask();
  restartInterval();
  const clock = setInterval(() => tick(now()), clockMs);
  found?.connection.addEventListener('online', wake);
  found?.page.addEventListener('visibilitychange', onVisible);
  return () => {
    if (poll !== null) clearInterval(poll);
    clearInterval(clock);
    found?.connection.removeEventListener('online', wake);
    found?.page.removeEventListener('visibilitychange', onVisible);
  };
}
