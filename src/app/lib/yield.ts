// Start-up work cut into tasks, so that the main thread can paint and answer a tap between them (no long task
// over 50 ms on a slowed phone): the browser's scheduler.yield() where it has one (the continuation runs before other
// queued tasks), a new task otherwise.
interface YieldingScheduler {
  yield(): Promise<void>;
}

/** Resolves in a new task, after the browser has had a chance to handle input and paint. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
