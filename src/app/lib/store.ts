// The local store of spec 3: JSON entries with an expiry (7 days by default), markup stripped on save, kept
// encrypted in IndexedDB (Dexie, see secure-store/). The API stays synchronous for the modules that read it during
// render: initStore() reads and decrypts every live entry into memory before the first render, with plain IndexedDB
// (secure-store/read.ts; a read slower than OPEN_TIMEOUT_MS joins memory when it comes); Dexie then opens in the
// background (its own chunk, not in the first load) for writes, deletions and other tabs' changes. Reads come from
// memory; writes update memory at once and are encrypted and saved in the background, one key at a time, once Dexie
// is open, however long it takes to open.
// Without IndexedDB or WebCrypto (private mode, old browsers) the store lives in memory only.
import { SYSTEM_CONFIG_DEFAULTS } from '../../shared/domain/system-config';
import { createMasterKey, cryptoAvailable, open, seal } from './secure-store/crypto';
import type { VivuDb } from './secure-store/db';
import { readStoredRows, type StoredRows } from './secure-store/read';
import { MASTER_KEY_ID, tableFor, type EntryTable, type SealedRow } from './secure-store/schema';

const LEGACY_PREFIX = 'vivu:';
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long initStore waits for IndexedDB before the first render goes on without it (the rows join when read). */
const OPEN_TIMEOUT_MS = 3000;
/** The longest flushStore holds up a page that leaves (the payment gateway) for a database slow to open. */
const FLUSH_LIMIT_MS = 5000;
/** What withTimeout answers for a read of the disk slower than OPEN_TIMEOUT_MS. */
const LATE = Symbol('late');
/** The longest the database waits for the browser to be idle before it opens. */
const OPEN_AFTER_MS = 2000;
const CHANNEL = 'vivu-store';

interface Entry {
  /** The value as JSON (a fresh copy on every read, as with localStorage). */
  json: string;
  exp: number | null;
}

export interface Backend {
  db: VivuDb;
  master: CryptoKey;
}

const memory = new Map<string, Entry>();
/** Keys written or removed before initStore finished: what is on disk must not overwrite them. */
const touchedEarly = new Set<string>();
const chains = new Map<string, Promise<void>>();
const listeners = new Set<(key: string) => void>();
const clearHooks = new Set<() => void>();
let backend: Backend | null = null;
let ready: Promise<void> | null = null;
/** The background opening of Dexie that initStore starts (tests wait for it). */
let connecting: Promise<void> | null = null;
/** True once the disk has been read into memory (or found unreadable). */
let loaded = false;
/** The user's data was cleared (logout) before the disk was read: those rows, read late, are dropped. */
let clearedEarly = false;
let settle: (found: Backend | null) => void = () => {};
/** Resolves with the backend when initStore is done; saves queued before that wait for it. */
let settled = newSettled();

function newSettled(): Promise<Backend | null> {
  return new Promise((resolve) => {
    settle = resolve;
  });
}
let channel: BroadcastChannel | null = null;

/** Removes HTML tags from every string inside `value` (spec 3: markup is stripped on save). */
export function stripMarkup<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/<[^>]*>/g, '') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => stripMarkup(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripMarkup(v)])) as T;
  }
  return value;
}

function legacyStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function parse<T>(entry: Entry): T | null {
  try {
    return JSON.parse(entry.json) as T;
  } catch {
    return null;
  }
}

function notify(key: string): void {
  listeners.forEach((listener) => listener(key));
}

const canEncrypt = () => typeof indexedDB !== 'undefined' && cryptoAvailable();

/** Opens the database (Dexie, loaded now) and the master key, or null when this browser cannot keep encrypted data. */
async function openBackend(): Promise<Backend | null> {
  if (!canEncrypt()) return null;
  let db: VivuDb;
  try {
    const { VivuDb: Database } = await import('./secure-store/db');
    db = new Database();
  } catch {
    return null; // the chunk could not load (offline before the worker cached it): memory only this visit
  }
  try {
    await db.open();
    // Made before the transaction (WebCrypto is not IndexedDB work and would let it commit); another tab may win.
    const fresh = await createMasterKey();
    const master = await db.transaction('rw', db.keys, async () => {
      const existing = await db.keys.get(MASTER_KEY_ID);
      if (existing) return existing.key;
      await db.keys.add({ id: MASTER_KEY_ID, key: fresh });
      return fresh;
    });
    return { db, master };
  } catch {
    db.close();
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** Rows to delete once Dexie is open: expired, tampered or moved ones. */
type DeadRows = Array<{ name: EntryTable; ids: string[] }>;

/** Decrypts the rows read at start into memory; answers the ones to delete. Rows read `late` are announced. */
async function loadRows({ master, tables }: StoredRows, now: number, late = false): Promise<DeadRows> {
  return Promise.all(
    tables.map(async ({ name, rows }) => {
      const ids: string[] = [];
      await Promise.all(
        rows.map(async (row) => {
          if (row.exp !== null && row.exp <= now) return void ids.push(row.id);
          if (clearedEarly && isUserData(row.id)) return void ids.push(row.id);
          const json = await open(master, row.id, row);
          if (json === null) return void ids.push(row.id); // tampered or moved: dropped, never thrown
          if (touchedEarly.has(row.id)) return;
          memory.set(row.id, { json, exp: row.exp });
          if (late) notify(row.id);
        }),
      );
      return { name, ids };
    }),
  );
}

/**
 * Reads the entries the localStorage store left under 'vivu:' into memory (at start); answers every legacy
 * storage key and the entry keys taken, which are saved in this store and removed from localStorage once it opens.
 */
function readLegacy(now: number): { stored: string[]; taken: string[] } {
  const storage = legacyStorage();
  const stored: string[] = [];
  const taken: string[] = [];
  if (!storage) return { stored, taken };
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(LEGACY_PREFIX)) stored.push(key);
  }
  for (const item of stored) {
    const key = item.slice(LEGACY_PREFIX.length);
    try {
      const entry = JSON.parse(storage.getItem(item) ?? '') as { v?: unknown; exp?: number | null };
      const exp = typeof entry.exp === 'number' ? entry.exp : null;
      if ((exp === null || exp > now) && !memory.has(key) && !touchedEarly.has(key)) {
        memory.set(key, { json: JSON.stringify(stripMarkup(entry.v ?? null)), exp });
        taken.push(key);
      }
    } catch {
      // a corrupt legacy entry is dropped
    }
  }
  return { stored, taken };
}

/** The encrypted store is open: the legacy entries taken are saved there, and every legacy copy is removed. */
function finishLegacy(legacy: { stored: string[]; taken: string[] }): void {
  const storage = legacyStorage();
  for (const key of legacy.taken) if (memory.has(key)) schedule(key);
  // Without IndexedDB this is never called and the plaintext copies stay: removing them would lose the data.
  for (const item of legacy.stored) storage?.removeItem(item);
}

function listenToOtherTabs(): void {
  if (typeof BroadcastChannel === 'undefined' || channel) return;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ key?: unknown }>) => {
    const key = event.data?.key;
    if (typeof key === 'string') void reloadFromDisk(key);
  };
}

/** Another tab changed `key`: read its record again. A write of ours still on its way wins. */
async function reloadFromDisk(key: string): Promise<void> {
  if (!backend || chains.has(key)) return;
  const { db, master } = backend;
  const row = await db.table<SealedRow, string>(tableFor(key)).get(key);
  const json = row && (row.exp === null || row.exp > Date.now()) ? await open(backend.master, key, row) : null;
  if (chains.has(key) || backend?.master !== master) return;
  if (json === null || !row) memory.delete(key);
  else memory.set(key, { json, exp: row.exp });
  notify(key);
}

/** Opens Dexie (once wanted: databaseWanted); deletes the dead rows and takes over the legacy entries once open. */
async function connect(dead: DeadRows, legacy: { stored: string[]; taken: string[] }): Promise<void> {
  // However slow (a busy phone), the opening is awaited: the saves queued meanwhile wait for it rather than being
  // lost for the visit; flushStore bounds how long a page that leaves waits for them.
  const found = await openBackend();
  if (found) {
    backend = found;
    // Done before the open store is announced (storeBackend), so what is on disk then is clean.
    await Promise.all(
      dead.map(({ name, ids }) => (ids.length ? found.db.table<SealedRow, string>(name).bulkDelete(ids) : 0)),
    ).catch(() => {});
    finishLegacy(legacy);
    listenToOtherTabs();
  }
  settle(backend);
}

/**
 * The database (Dexie, its creation on a first visit, the master key) opens once the browser is idle after
 * the start, at the latest after OPEN_AFTER_MS, or at once at the first write or read of it (the query runtime's
 * restore of the persisted cache: a screen that queries waits for it): the first render and the hydration come first.
 */
let openDatabase: () => void = () => {};
const databaseWanted = new Promise<void>((resolve) => (openDatabase = resolve));

/**
 * Loads every live entry into memory; main.tsx awaits it before the first render. Never rejects: without
 * IndexedDB (or if it takes too long) the app runs on memory only. Dexie opens afterwards (connect).
 */
export function initStore(now = Date.now()): Promise<void> {
  ready ??= (async () => {
    let dead: Promise<DeadRows> = Promise.resolve([]);
    const reading = canEncrypt() ? readStoredRows().catch(() => null) : Promise.resolve(null);
    const stored = await withTimeout<StoredRows | null | typeof LATE>(reading, OPEN_TIMEOUT_MS, LATE);
    if (stored === LATE) {
      // A slow disk: the first render goes on from memory. The rows join it when read, under what this visit
      // wrote meanwhile (touchedEarly), and every screen reading them is told.
      dead = reading
        .then((late) => (late ? loadRows(late, Date.now(), true) : []))
        .catch(() => [])
        .finally(() => {
          loaded = true;
        });
    } else {
      if (stored) dead = Promise.resolve(await loadRows(stored, now).catch(() => []));
      loaded = true;
    }
    const legacy = readLegacy(now);
    if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(openDatabase, { timeout: OPEN_AFTER_MS });
    else openDatabase();
    connecting = databaseWanted.then(async () => connect(await dead, legacy)).catch(() => settle(null));
  })();
  return ready;
}

async function persist(key: string): Promise<void> {
  const found = await settled;
  if (!found) return;
  const table = found.db.table<SealedRow, string>(tableFor(key));
  // The newest value when this turn comes: the last write wins, intermediate ones are skipped.
  const entry = memory.get(key);
  if (entry) {
    const { iv, data } = await seal(found.master, key, entry.json);
    if (memory.get(key) !== entry) return; // written again meanwhile: the next turn saves that
    await table.put({ id: key, iv, data, exp: entry.exp });
  } else {
    await table.delete(key);
  }
  channel?.postMessage({ key });
}

/** Queues the save of `key`'s current state after the saves already queued for it. */
function schedule(key: string): void {
  if (!loaded) touchedEarly.add(key);
  // A write opens the database at once: nothing kept waits for the browser to be idle.
  openDatabase();
  const next = (chains.get(key) ?? Promise.resolve())
    .then(() => persist(key))
    .catch(() => {
      // quota exceeded or the database went away: the value stays in memory for this visit
    });
  chains.set(key, next);
  void next.then(() => {
    if (chains.get(key) === next) chains.delete(key);
  });
}

function isLive(entry: Entry, now: number): boolean {
  return entry.exp === null || entry.exp > now;
}

/** Drops an expired entry quietly (called during render: no notification). */
function expire(key: string): void {
  memory.delete(key);
  schedule(key);
}

export function readEntry<T>(key: string, now = Date.now()): T | null {
  const entry = memory.get(key);
  if (!entry) return null;
  if (!isLive(entry, now)) {
    expire(key);
    return null;
  }
  return parse<T>(entry);
}

const DEFAULT_EXPIRY_MS = SYSTEM_CONFIG_DEFAULTS.local_store_expiry_days * DAY_MS;
let localExpiryMs = DEFAULT_EXPIRY_MS;

/** spec 9 local_store_expiry_days from the served configuration (root.tsx): entries written from now on live so long. */
export function setLocalStoreExpiryDays(days: number): void {
  localExpiryMs = days * DAY_MS;
}

/** How long an entry written now is kept: the configured local store expiry (7 days by default). */
export function localStoreExpiryMs(): number {
  return localExpiryMs;
}

/** Saves `value`; `ttlMs` null keeps it until removed, default is the configured local store expiry (7 days). */
export function writeEntry(key: string, value: unknown, ttlMs: number | null = localExpiryMs): void {
  const json = JSON.stringify(stripMarkup(value)) ?? 'null';
  memory.set(key, { json, exp: ttlMs === null ? null : Date.now() + ttlMs });
  schedule(key);
  notify(key);
}

export function removeEntry(key: string): void {
  const had = memory.delete(key);
  schedule(key);
  if (had) notify(key);
}

/** Every live entry whose key starts with `prefix` (expired ones are dropped), keyed by the rest of the key. */
export function listEntries<T>(prefix: string, now = Date.now()): Array<{ key: string; value: T }> {
  const found: Array<{ key: string; value: T }> = [];
  for (const [key, entry] of [...memory]) {
    if (!key.startsWith(prefix)) continue;
    if (!isLive(entry, now)) {
      expire(key);
      continue;
    }
    const value = parse<T>(entry);
    if (value !== null) found.push({ key: key.slice(prefix.length), value });
  }
  return found;
}

/** Resolves when every save and removal queued so far is on disk (tests; before leaving for the payment gateway). */
export async function flushStore(): Promise<void> {
  const flushed = (async () => {
    while (chains.size) await Promise.all([...chains.values()]);
  })();
  await withTimeout(flushed, FLUSH_LIMIT_MS, undefined);
}

/** Tells `listener` which key changed, in this tab or (through BroadcastChannel) another. Returns the unsubscribe. */
export function subscribeToStore(listener: (key: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Keys of the user's own data that logout removes; language, session id, search draft and price lists stay.
 * 'passenger-details': the name, phone and e-mail kept from the last booking (features/booking/billing.ts).
 */
const USER_DATA_KEYS = ['user', 'tickets', 'ticket', 'hourly-ticket', 'pending-booking', 'billing-draft', 'passenger-details'];
const USER_DATA_PREFIXES = ['ticket:', 'driver:', 'partner:'];

function isUserData(key: string): boolean {
  return USER_DATA_KEYS.includes(key) || USER_DATA_PREFIXES.some((prefix) => key.startsWith(prefix));
}

/** Something else to clear on logout (the persisted query cache registers itself here). */
export function onClearUserData(hook: () => void): () => void {
  clearHooks.add(hook);
  return () => {
    clearHooks.delete(hook);
  };
}

/** Logout: removes the user record, saved tickets, drivers, history, the working ticket, the billing draft, the kept
 * passenger details and the persisted query cache; keeps the language and the price lists. */
export function clearUserData(): void {
  if (!loaded) clearedEarly = true;
  const keys = [...memory.keys()].filter(isUserData);
  for (const key of new Set([...keys, ...USER_DATA_KEYS])) removeEntry(key);
  clearHooks.forEach((hook) => hook());
}

/** The open database, for the query-cache persister and tests (null: memory only); asked for, it opens at once. */
export function storeBackend(): Promise<Backend | null> {
  openDatabase();
  return settled;
}

/** Tests only: forgets everything in memory and closes the database, as a new page load would. */
export async function resetStoreForTests(): Promise<void> {
  if (!loaded) settle(null);
  await connecting;
  connecting = null;
  await flushStore();
  backend?.db.close();
  channel?.close();
  channel = null;
  backend = null;
  ready = null;
  loaded = false;
  clearedEarly = false;
  settled = newSettled();
  memory.clear();
  localExpiryMs = DEFAULT_EXPIRY_MS;
  touchedEarly.clear();
  clearHooks.clear();
}
