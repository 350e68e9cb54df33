// The Dexie (IndexedDB) database behind the local store: one table per kind of entry, every row encrypted.
// Only the id (the entry key), the expiry and the table are plaintext.
// The one module that imports Dexie. The lint boundary names src/app/lib/offline-db.ts for it; this file
// list puts the store under secure-store/, so the exception is made here (rename or widen the rule, see report).
import Dexie, { type Table } from 'dexie';
import { DB_NAME, type KeyRow, type SealedRow } from './schema';

export {
  ALL_TABLES,
  DB_NAME,
  ENTRY_TABLES,
  MASTER_KEY_ID,
  QUERY_CACHE_TABLE,
  tableFor,
  type EntryTable,
  type KeyRow,
  type SealedRow,
} from './schema';

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
