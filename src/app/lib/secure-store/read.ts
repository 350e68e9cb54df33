// Reads the local store's rows at start with plain IndexedDB, so the first render needs no Dexie: the
// store decrypts them into memory, and Dexie (db.ts) opens afterwards for writes, deletions and other tabs' changes.
// Read only: a database that does not exist yet is not created here (its creation is aborted, and Dexie makes it
// with the right version and tables later).
import { DB_NAME, ENTRY_TABLES, MASTER_KEY_ID, type EntryTable, type KeyRow, type SealedRow } from './schema';

export interface StoredRows {
  master: CryptoKey;
  tables: Array<{ name: EntryTable; rows: SealedRow[] }>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openExisting(): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME);
    let created = false;
    opening.onupgradeneeded = () => {
      // No database yet: leave its creation to Dexie.
      created = true;
      opening.transaction?.abort();
    };
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = (event) => {
      if (created) {
        event.preventDefault(); // the abort above, not a failure
        resolve(null);
      } else reject(opening.error ?? new Error('IndexedDB open failed'));
    };
    opening.onblocked = () => resolve(null);
  });
}

/**
 * Every row of the entry tables and the master key, or null when there is no database, no key or a layout this
 * version does not know (then the store starts empty and Dexie sorts it out).
 */
export async function readStoredRows(): Promise<StoredRows | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await openExisting();
  if (!db) return null;
  try {
    const names = [...ENTRY_TABLES, 'keys'];
    if (names.some((name) => !db.objectStoreNames.contains(name))) return null;
    const transaction = db.transaction(names, 'readonly');
    const [keyRow, ...tables] = await Promise.all([
      request(transaction.objectStore('keys').get(MASTER_KEY_ID) as IDBRequest<KeyRow | undefined>),
      ...ENTRY_TABLES.map((name) => request(transaction.objectStore(name).getAll() as IDBRequest<SealedRow[]>)),
    ]);
    if (!keyRow) return null;
    return { master: keyRow.key, tables: ENTRY_TABLES.map((name, index) => ({ name, rows: tables[index] ?? [] })) };
  } finally {
    db.close();
  }
}
