// SQL of the desk's settings: the stored rows of the settings the desk shows, and one row locked, then written.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: whatever the caller's write runs in. */
export type Executor = Db | Tx;

export interface StoredSetting {
  key: string;
  grp: string;
  value: unknown;
  updatedAt: Date;
}

// Read as JSON text and parsed here, as the config repository does (a digit string must stay a string).
const columns = {
  key: settings.key,
  grp: settings.grp,
  json: sql<string>`${settings.value}::text`,
  updatedAt: settings.updatedAt,
};
const parsed = ({ json, ...row }: { key: string; grp: string; json: string; updatedAt: Date }): StoredSetting => ({
  ...row,
  value: JSON.parse(json) as unknown,
});

export function createDeskSettingsRepository(db: Db) {
  return {
    db,

    async rows(keys: string[]): Promise<StoredSetting[]> {
      return (await db.select(columns).from(settings).where(inArray(settings.key, keys))).map(parsed);
    },

    /** The stored row of `key`, locked until `tx` ends (null when never stored). */
    async lock(tx: Executor, key: string): Promise<StoredSetting | null> {
      const [row] = await tx.select(columns).from(settings).where(eq(settings.key, key)).for('update');
      return row ? parsed(row) : null;
    },

    async write(tx: Executor, row: { key: string; grp: string; value: string | number; at: Date }): Promise<void> {
      await tx
        .insert(settings)
        .values({ key: row.key, grp: row.grp, value: row.value, updatedAt: row.at })
        .onConflictDoUpdate({ target: settings.key, set: { value: row.value, grp: row.grp, updatedAt: row.at } });
    },
  };
}

export type DeskSettingsRepository = ReturnType<typeof createDeskSettingsRepository>;
