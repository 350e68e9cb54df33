// A value read from the database at most every `ttlMs` and shared by every request meanwhile; a failed read
// is not kept, so the next request tries again. Used for the settings and the fare catalogue.
export interface Cached<T> {
  get(): Promise<T>;
  invalidate(): void;
}

export function cached<T>(load: () => Promise<T>, ttlMs: number, now: () => number = Date.now): Cached<T> {
  let entry: { at: number; value: Promise<T> } | null = null;
  return {
    get() {
      const at = now();
      if (!entry || at - entry.at > ttlMs) {
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
