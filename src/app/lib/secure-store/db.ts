// The Dexie (IndexedDB) database behind the local store: one table per kind of entry, every row encrypted.
// Only the id (the entry key), the expiry and the table are plaintext.
// The one module that imports Dexie. The lint boundary names src/app/lib/offline-db.ts for it; this file
// list puts the store under secure-store/, so the exception is made here (rename or widen the rule, see report).
import Dexie, { type Table } from 'dexie';

export const DB_NAME = 'vivu';

export interface SealedRow {
  id: string;
  iv: Uint8Array<ArrayBuffer>;
  /** AES-GCM ciphertext of the entry's JSON. */
  data: ArrayBuffer;
  /** Expiry time (ms), null: kept until removed. */
  exp: number | null;
}

export interface KeyRow {
  id: string;
  /** The master key itself (structured clone keeps it non-extractable). */
  key: CryptoKey;
}

export const ENTRY_TABLES = ['workingTicket', 'tickets', 'drivers', 'priceLists', 'history', 'user', 'settings'] as const;
export type EntryTable = (typeof ENTRY_TABLES)[number];

export const MASTER_KEY_ID = 'master';
/** The id the persisted TanStack Query cache is saved under, in its own table. */
export const QUERY_CACHE_TABLE = 'queryCache';

export class VivuDb extends Dexie {
  workingTicket!: Table<SealedRow, string>;
  tickets!: Table<SealedRow, string>;
  drivers!: Table<SealedRow, string>;
  priceLists!: Table<SealedRow, string>;
  history!: Table<SealedRow, string>;
  user!: Table<SealedRow, string>;
  settings!: Table<SealedRow, string>;
  queryCache!: Table<SealedRow, string>;
  keys!: Table<KeyRow, string>;

  constructor() {
    super(DB_NAME);
    this.version(1).stores({
      workingTicket: 'id',
      tickets: 'id',
      drivers: 'id',
      priceLists: 'id',
      history: 'id',
      user: 'id',
      settings: 'id',
      queryCache: 'id',
      keys: 'id',
    });
  }
}

/** Deletes the whole database (tests). */
export function deleteDatabase(): Promise<void> {
  return Dexie.delete(DB_NAME);
}

/** Keys of the working booking (features/booking/ticket.ts, use-booking-flow.ts). */
const WORKING_TICKET_KEYS = new Set(['ticket', 'hourly-ticket', 'pending-booking']);
/** Price-list pages (features/pricing/stored-lists.ts) and filters (features/pricing/filters.ts). */
const PRICE_LIST_KEYS = new Set(['price-pages', 'hourly-price-pages', 'price-filters', 'hourly-price-filters']);

/** Which table an entry key lives in. Anything not listed (language, session id, drafts…) is a setting. */
export function tableFor(key: string): EntryTable {
  if (key.startsWith('ticket:')) return 'tickets';
  if (key.startsWith('driver:')) return 'drivers';
  if (WORKING_TICKET_KEYS.has(key)) return 'workingTicket';
  if (PRICE_LIST_KEYS.has(key)) return 'priceLists';
  if (key === 'tickets') return 'history'; // features/booking/history.ts: the recent bookings
  if (key === 'user') return 'user';
  return 'settings';
}
