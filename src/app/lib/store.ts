// The local store of spec 3: JSON entries with an expiry (7 days by default), markup stripped on save.
// It sits on localStorage for now; the offline issue moves it to Dexie with AES-GCM encryption behind this API.
import { SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';

const PREFIX = 'vivu:';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Entry {
  v: unknown;
  exp: number | null;
}

/** Removes HTML tags from every string inside `value` (spec 3: markup is stripped on save). */
export function stripMarkup<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, '') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripMarkup(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripMarkup(v)])) as T;
  }
  return value;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode, blocked cookies): the app works without it
  }
}

export function readEntry<T>(key: string, now = Date.now()): T | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw) as Entry;
    if (entry.exp !== null && entry.exp <= now) {
      storage()?.removeItem(PREFIX + key);
      return null;
    }
    return entry.v as T;
  } catch {
    storage()?.removeItem(PREFIX + key);
    return null;
  }
}

/** Saves `value`; `ttlMs` null keeps it until removed, default is the spec's 7-day local store expiry. */
export function writeEntry(
  key: string,
  value: unknown,
  ttlMs: number | null = SYSTEM_CONFIG_DEFAULTS.local_store_expiry_days * DAY_MS,
): void {
  const entry: Entry = { v: stripMarkup(value), exp: ttlMs === null ? null : Date.now() + ttlMs };
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(entry));
  } catch {
    // quota exceeded or storage blocked: nothing is lost that the server does not also hold
  }
}

export function removeEntry(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Every live entry whose key starts with `prefix` (expired ones are dropped), keyed by the rest of the key. */
export function listEntries<T>(prefix: string, now = Date.now()): Array<{ key: string; value: T }> {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX + prefix)) keys.push(key.slice(PREFIX.length));
  }
  return keys.flatMap((key) => {
    const value = readEntry<T>(key, now);
    return value === null ? [] : [{ key: key.slice(prefix.length), value }];
  });
}
