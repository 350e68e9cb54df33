import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteDatabase, ENTRY_TABLES, MASTER_KEY_ID, VivuDb, tableFor, type SealedRow } from './secure-store/db';
import type * as ReadModule from './secure-store/read';
import { readStoredRows } from './secure-store/read';
import {
  clearUserData,
  flushStore,
  initStore,
  listEntries,
  readEntry,
  removeEntry,
  resetStoreForTests,
  storeBackend,
  stripMarkup,
  subscribeToStore,
  writeEntry,
} from './store';

vi.mock('./secure-store/read', async (importOriginal) => {
  const real = await importOriginal<typeof ReadModule>();
  return { ...real, readStoredRows: vi.fn(real.readStoredRows) };
});

/** A gate a slow disk waits at until the test opens it. */
function hold(): { held: Promise<void>; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/** Runs `start` with setTimeout faked and moves the clock `ms` on, so a limit of the store passes at once. */
async function pastLimit<T>(start: () => Promise<T>, ms: number): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const started = start();
    await vi.advanceTimersByTimeAsync(ms);
    return await started;
  } finally {
    vi.useRealTimers();
  }
}

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** What a new page load sees: memory forgotten, the database read again. */
async function reload(now?: number) {
  await resetStoreForTests();
  await initStore(now);
}

/** What is on disk once the store's background opening of Dexie is done (deletions, legacy entries). */
async function rawRows(): Promise<Array<SealedRow & { table: string }>> {
  await storeBackend();
  const db = new VivuDb();
  await db.open();
  const rows = await Promise.all(
    [...ENTRY_TABLES, 'queryCache' as const].map(async (table) =>
      (await db.table<SealedRow, string>(table).toArray()).map((row) => ({ ...row, table })),
    ),
  );
  db.close();
  return rows.flat();
}

const PASSENGER = { fullname: 'Nguyễn Thị Lan', phone: '0912345678', email: 'lan.nguyen@example.vn', token: 'tok-1' };

/**
 * A saved ticket and language on disk, then a page load whose read of the disk is held past the store's 3 s limit:
 * the store has started without them. Answers the gate that lets the read finish.
 */
async function startOnSlowDisk(): Promise<{ release: () => void }> {
  await initStore();
  writeEntry('ticket:AAA111', { contact: PASSENGER.phone });
  writeEntry('language', 'en', null);
  await reload();
  await resetStoreForTests();
  const real = (await vi.importActual<typeof ReadModule>('./secure-store/read')).readStoredRows;
  const disk = hold();
  vi.mocked(readStoredRows).mockImplementationOnce(async () => {
    await disk.held;
    return real();
  });
  await pastLimit(() => initStore(), 3000);
  return disk;
}

afterEach(async () => {
  await resetStoreForTests();
  await deleteDatabase();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('local store', () => {
  it('keeps entries across a page load', async () => {
    await initStore();
    writeEntry('user', PASSENGER);
    writeEntry('language', 'en', null);
    expect(readEntry('user')).toEqual(PASSENGER); // at once, before it is saved
    await reload();
    expect(readEntry('user')).toEqual(PASSENGER);
    expect(readEntry('language')).toBe('en');
  });

  it('returns a fresh copy on every read', async () => {
    await initStore();
    writeEntry('search-draft', { chair: 1 });
    readEntry<{ chair: number }>('search-draft')!.chair = 9;
    expect(readEntry('search-draft')).toEqual({ chair: 1 });
  });

  it('stores nothing in plaintext but the key and the expiry', async () => {
    await initStore();
    writeEntry('user', PASSENGER);
    writeEntry('billing-draft', { companyName: 'Công ty Lan', phone: PASSENGER.phone, email: PASSENGER.email });
    writeEntry('ticket:VV123', { contact: PASSENGER.email, fullname: PASSENGER.fullname });
    await flushStore();
    const rows = await rawRows();
    expect(rows.map((row) => [row.table, row.id]).sort()).toEqual([
      ['settings', 'billing-draft'],
      ['tickets', 'ticket:VV123'],
      ['user', 'user'],
    ]);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['data', 'exp', 'id', 'iv', 'table']);
      expect(row.iv.byteLength).toBe(12);
      const bytes = Buffer.concat([Buffer.from(row.iv), Buffer.from(row.data)]);
      for (const secret of [PASSENGER.fullname, 'Lan', PASSENGER.phone, '912345678', PASSENGER.email, 'example.vn']) {
        expect(bytes.includes(Buffer.from(secret, 'utf8'))).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
      }
    }
  });

  it('drops a record copied to another id instead of opening it', async () => {
    await initStore();
    writeEntry('ticket:AAA111', { contact: PASSENGER.phone });
    await flushStore();
    const db = new VivuDb();
    await db.open();
    const row = (await db.tickets.get('ticket:AAA111'))!;
    await db.tickets.put({ ...row, id: 'ticket:BBB222' });
    db.close();
    await reload();
    expect(readEntry('ticket:BBB222')).toBeNull();
    expect(readEntry('ticket:AAA111')).toEqual({ contact: PASSENGER.phone });
    expect((await rawRows()).map((stored) => stored.id)).toEqual(['ticket:AAA111']);
  });

  it('keeps a non-extractable master key in the keys table', async () => {
    await initStore();
    await storeBackend(); // Dexie opens after the first render and makes the key
    const db = new VivuDb();
    await db.open();
    const rows = await db.keys.toArray();
    db.close();
    expect(rows).toHaveLength(1);
    const key = rows[0]!.key;
    expect(rows[0]!.id).toBe(MASTER_KEY_ID);
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key.extractable).toBe(false);
    expect(key.algorithm.name).toBe('HKDF');
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('strips markup from every string on save (spec 3)', async () => {
    await initStore();
    writeEntry('note', { name: '<b>Lan</b>', list: ['<script>alert(1)</script>ok'], n: 3 });
    expect(readEntry('note')).toEqual({ name: 'Lan', list: ['alert(1)ok'], n: 3 });
    await reload();
    expect(readEntry('note')).toEqual({ name: 'Lan', list: ['alert(1)ok'], n: 3 });
    expect(stripMarkup('Đón ở <i>sảnh</i> A')).toBe('Đón ở sảnh A');
  });

  it('expires entries after 7 days by default, on read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T00:00:00Z'));
    await initStore();
    writeEntry('recent', 42);
    vi.setSystemTime(new Date('2026-11-07T23:59:00Z'));
    expect(readEntry('recent')).toBe(42);
    vi.setSystemTime(new Date('2026-11-08T00:00:01Z'));
    expect(readEntry('recent')).toBeNull();
    await flushStore();
    expect(await rawRows()).toEqual([]);
  });

  it('drops expired records when the store opens', async () => {
    await initStore();
    writeEntry('ticket:OLD', 1, 1000);
    writeEntry('ticket:NEW', 2, 60_000);
    await reload(Date.now() + 2000);
    expect(listEntries('ticket:')).toEqual([{ key: 'NEW', value: 2 }]);
    expect((await rawRows()).map((row) => row.id)).toEqual(['ticket:NEW']);
  });

  it('keeps entries without expiry until removed', async () => {
    await initStore();
    writeEntry('language', 'en', null);
    expect(readEntry('language', Date.now() + 365 * 24 * 3600_000)).toBe('en');
    removeEntry('language');
    expect(readEntry('language')).toBeNull();
    await reload();
    expect(readEntry('language')).toBeNull();
  });

  it('saves the last write of a key', async () => {
    await initStore();
    writeEntry('search-draft', 'a');
    writeEntry('search-draft', 'b');
    removeEntry('search-draft');
    writeEntry('search-draft', 'c');
    await reload();
    expect(readEntry('search-draft')).toBe('c');
  });

  it('lists live entries by prefix', async () => {
    await initStore();
    writeEntry('ticket:A1', { n: 1 });
    writeEntry('ticket:B2', { n: 2 });
    writeEntry('ticket:C3', { n: 3 }, 1000);
    writeEntry('tickets', [1, 2]);
    const later = Date.now() + 2000;
    expect(listEntries('ticket:', later).sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'A1', value: { n: 1 } },
      { key: 'B2', value: { n: 2 } },
    ]);
    expect(readEntry('ticket:C3')).toBeNull(); // dropped by the listing
  });

  it('moves the old localStorage entries in once and removes them there', async () => {
    const storage = new MemoryStorage();
    storage.setItem('vivu:language', JSON.stringify({ v: 'en', exp: null }));
    storage.setItem('vivu:user', JSON.stringify({ v: { ...PASSENGER, fullname: '<b>Lan</b>' }, exp: Date.now() + 60_000 }));
    storage.setItem('vivu:tickets', JSON.stringify({ v: [1], exp: Date.now() - 1 }));
    storage.setItem('vivu:broken', '{not json');
    storage.setItem('other-app', 'kept');
    vi.stubGlobal('localStorage', storage);
    await initStore();
    expect(readEntry('language')).toBe('en');
    expect(readEntry('user')).toEqual({ ...PASSENGER, fullname: 'Lan' });
    expect(readEntry('tickets')).toBeNull();
    expect(readEntry('broken')).toBeNull();
    // The plaintext copies go once the encrypted store is open (after the first render).
    await storeBackend();
    expect(storage.length).toBe(1);
    expect(storage.getItem('other-app')).toBe('kept');
    await reload();
    expect(readEntry('language')).toBe('en');
    expect((await rawRows()).map((row) => `${row.table}/${row.id}`).sort()).toEqual(['settings/language', 'user/user']);
  });

  it('clears the user data on logout but keeps the language and the price lists', async () => {
    await initStore();
    const keep = ['language', 'price-pages', 'hourly-price-pages', 'price-filters', 'hourly-price-filters', 'session-id'];
    const gone = ['user', 'tickets', 'ticket', 'hourly-ticket', 'pending-booking', 'billing-draft', 'ticket:X1', 'driver:7'];
    for (const key of [...keep, ...gone]) writeEntry(key, key);
    clearUserData();
    for (const key of gone) expect(readEntry(key)).toBeNull();
    await reload();
    for (const key of keep) expect(readEntry(key)).toBe(key);
    for (const key of gone) expect(readEntry(key)).toBeNull();
  });

  it('maps every key in use to its table', () => {
    expect(
      Object.fromEntries(
        [
          'ticket',
          'hourly-ticket',
          'pending-booking',
          'ticket:VV1',
          'driver:3',
          'price-pages',
          'hourly-price-pages',
          'price-filters',
          'hourly-price-filters',
          'tickets',
          'user',
          'language',
          'session-id',
          'search-draft',
          'booking-type',
          'billing-draft',
        ].map((key) => [key, tableFor(key)]),
      ),
    ).toEqual({
      ticket: 'workingTicket',
      'hourly-ticket': 'workingTicket',
      'pending-booking': 'workingTicket',
      'ticket:VV1': 'tickets',
      'driver:3': 'drivers',
      'price-pages': 'priceLists',
      'hourly-price-pages': 'priceLists',
      'price-filters': 'priceLists',
      'hourly-price-filters': 'priceLists',
      tickets: 'history',
      user: 'user',
      language: 'settings',
      'session-id': 'settings',
      'search-draft': 'settings',
      'booking-type': 'settings',
      'billing-draft': 'settings',
    });
  });

  it('keeps what was written before the store opened', async () => {
    await initStore();
    writeEntry('booking-type', 'old', null);
    await resetStoreForTests();
    writeEntry('booking-type', 'new', null);
    await initStore();
    expect(readEntry('booking-type')).toBe('new');
    await reload();
    expect(readEntry('booking-type')).toBe('new');
  });

  it('reads the rows at start without creating a database that does not exist', async () => {
    expect(await readStoredRows()).toBeNull();
    expect((await indexedDB.databases()).map((db) => db.name)).not.toContain('vivu');
    await initStore();
    writeEntry('ticket:AAA111', { contact: PASSENGER.phone });
    await flushStore();
    const stored = await readStoredRows();
    expect(stored?.master).toBeInstanceOf(CryptoKey);
    expect(stored?.tables.find((table) => table.name === 'tickets')?.rows.map((row) => row.id)).toEqual(['ticket:AAA111']);
  });

  it('renders from memory when the disk is slow to read, then takes the rows in under what was written meanwhile', async () => {
    const disk = await startOnSlowDisk();
    expect(readEntry('ticket:AAA111')).toBeNull(); // not read yet: the first render goes on without it
    writeEntry('language', 'vi', null); // chosen on this visit: newer than the disk
    const seen: string[] = [];
    const stop = subscribeToStore((key) => seen.push(key));
    disk.release();
    await vi.waitFor(() => expect(readEntry('ticket:AAA111')).toEqual({ contact: PASSENGER.phone }));
    stop();
    expect(seen).toContain('ticket:AAA111');
    expect(readEntry('language')).toBe('vi');
    await flushStore();
    await reload();
    expect(readEntry('language')).toBe('vi');
  });

  it('drops the user data read late when the user logged out before it came', async () => {
    const disk = await startOnSlowDisk();
    clearUserData();
    disk.release();
    await vi.waitFor(() => expect(readEntry('language')).toBe('en'));
    expect(readEntry('ticket:AAA111')).toBeNull();
    await reload();
    expect(readEntry('ticket:AAA111')).toBeNull();
    expect((await rawRows()).map((row) => row.id)).not.toContain('ticket:AAA111');
  });

  it('keeps the saves of a visit whose database is slow to open', async () => {
    const database = hold();
    const open = VivuDb.prototype.open;
    const slow = vi.spyOn(VivuDb.prototype, 'open').mockImplementation(function (this: VivuDb) {
      return open.call(this).then(async (db) => {
        await database.held;
        return db;
      });
    });
    await initStore();
    writeEntry('user', PASSENGER);
    // A page that leaves waits for the saves FLUSH_LIMIT_MS at most, and is not held by a database that never opens.
    await pastLimit(() => flushStore(), 5000);
    database.release();
    await flushStore();
    slow.mockRestore();
    await reload();
    expect(readEntry('user')).toEqual(PASSENGER);
  });

  it('runs from memory when IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    await initStore();
    writeEntry('language', 'en', null);
    expect(readEntry('language')).toBe('en');
    await flushStore();
  });

  it('tells subscribers which key changed', async () => {
    await initStore();
    const seen: string[] = [];
    const stop = subscribeToStore((key) => seen.push(key));
    writeEntry('user', PASSENGER);
    removeEntry('user');
    removeEntry('user'); // nothing left to remove: no news
    stop();
    writeEntry('language', 'vi');
    expect(seen).toEqual(['user', 'user']);
  });

  it('hears about writes in another tab', async () => {
    await initStore();
    vi.resetModules();
    const other = await import('./store');
    await other.initStore();
    const heard = new Promise<string>((resolve) => {
      const stop = subscribeToStore((key) => {
        stop();
        resolve(key);
      });
    });
    other.writeEntry('user', PASSENGER);
    await other.flushStore();
    expect(await heard).toBe('user');
    expect(readEntry('user')).toEqual(PASSENGER);
    other.removeEntry('user');
    await other.flushStore();
    await vi.waitFor(() => expect(readEntry('user')).toBeNull());
    await other.resetStoreForTests();
  });
});
