// A value read from the database at most every `ttlMs` and shared by every request meanwhile; a failed read
// is not kept, so the next request tries again. Used for the settings and the fare catalogue.
export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/**
 * `ttlMs` may be a function: read at each get, for a lifetime the configuration sets (spec 9). `now` is the owner's
 * clock (an app's injected one, so a test moves time instead of sleeping through a lifetime).
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number | (() => number), now: () => number = Date.now): Cached<T> {
  const lifetime = typeof ttlMs === 'function' ? ttlMs : () => ttlMs;
  let entry: { at: number; value: Promise<T> } | null = null;
  return {
    get() {
      const at = now();
      const ttl = lifetime();
      // A lifetime of 0 keeps nothing, and a clock set back (a test's) reads again: neither waits on the clock.
      if (!entry || ttl <= 0 || at < entry.at || at - entry.at > ttl) {
        const value = load();
        entry = { at, value };
        value.catch(() => {
          if (entry?.value === value) entry = null;
        });
      }
      return entry.value;
    },
    invalidate() {
      entry = null;
    },
  };
}
