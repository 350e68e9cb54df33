// The local store's IndexedDB layout without Dexie: names, row shapes and which table an entry key lives in. The
// store reads its rows at start with plain IndexedDB (read.ts), so Dexie (db.ts) loads after the first render
//; both follow this layout.
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

/** Every table, as db.ts declares them (version 1). */
export const ALL_TABLES = [...ENTRY_TABLES, QUERY_CACHE_TABLE, 'keys'] as const;

/** Keys of the working booking (features/booking/booking-draft.ts, pending-booking.ts). */
const WORKING_TICKET_KEYS = new Set(['ticket', 'hourly-ticket', 'pending-booking']);
/** Price-list pages (features/pricing/price-list-links.ts) and filters (features/pricing/filters.ts). */
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
