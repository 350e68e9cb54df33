// SQL of the settings table: the served settings, and the server secrets that other modules keep there.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export interface SettingValue {
  key: string;
  grp: string;
  value: unknown;
}

export function createConfigRepository(db: Db) {
  return {
    async all(): Promise<SettingValue[]> {
      // Read as JSON text and parsed here once: the drivers parse jsonb and Drizzle then parses a string value again,
      // which turned a digit string (a bank BIN, an account number) into a number, or lost its digits.
      const rows = await db
        .select({ key: settings.key, grp: settings.grp, json: sql<string>`${settings.value}::text` })
        .from(settings);
      return rows.map(({ key, grp, json }) => ({ key, grp, value: JSON.parse(json) as unknown }));
    },

    /** A server secret's row: `candidate` is written when the key has none (the first writer wins), then read back. */
    async secret(key: string, group: string, candidate: string): Promise<unknown> {
      await db.insert(settings).values({ key, grp: group, value: candidate }).onConflictDoNothing({ target: settings.key });
      const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return row?.value;
    },
  };
}

export type ConfigRepository = ReturnType<typeof createConfigRepository>;
