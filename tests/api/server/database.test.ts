// The database foundation: migrations and the seed are safe to apply at every start (the PGlite folder's lock is
// tested beside it, src/server/db/lock.test.ts, and by the server process, tests/api/server/process.test.ts).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../src/shared/domain/system-config';
import type { Db } from '../../../src/server/db/client';
import { settings } from '../../../src/server/db/schema';
import { applyOverrides, MAP_KEY, seed } from '../../../src/server/db/seed';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

describe('migrations and seed', () => {
  it('apply again without error or duplicates', async () => {
    const before = await t.database.db.select().from(settings);
    await t.database.migrate();
    await seed(t.database.db);
    const after = await t.database.db.select().from(settings);
    expect(after).toHaveLength(before.length);
    expect(after.length).toBeGreaterThan(Object.keys(SYSTEM_CONFIG_DEFAULTS).length);
  });

  it('the seed keeps what an operator changed', async () => {
    await t.database.db.update(settings).set({ value: 240 }).where(eq(settings.key, 'sharing_time_limit'));
    await seed(t.database.db);
    const [row] = await t.database.db.select().from(settings).where(eq(settings.key, 'sharing_time_limit'));
    expect(row?.value).toBe(240);
  });

  it('environment overrides replace the stored value', async () => {
    await applyOverrides(t.database.db, { googleMapsApiKey: 'key-1', gtmId: 'GTM-ABCD123', blogUrl: undefined });
    const rows = await t.database.db.select().from(settings);
    expect(rows.find((row) => row.key === MAP_KEY)?.value).toBe('key-1');
    expect(rows.find((row) => row.key === 'gtm_id')?.value).toBe('GTM-ABCD123');
    expect(rows.find((row) => row.key === 'blog_url')?.value).toBe('https://blog.vivu.vn');
  });

  it('SETTINGS_OVERRIDES sets existing settings and creates none', async () => {
    await applyOverrides(t.database.db, {
      googleMapsApiKey: undefined,
      gtmId: undefined,
      blogUrl: undefined,
      settings: { payment_check_max_ms: 20_000, no_such_setting: 1 },
    });
    const rows = await t.database.db.select().from(settings);
    expect(rows.find((row) => row.key === 'payment_check_max_ms')?.value).toBe(20_000);
    expect(rows.find((row) => row.key === 'no_such_setting')).toBeUndefined();
  });

  it('several servers can migrate one PostgreSQL database at once', async () => {
    if (!t.url) {
      // PGlite has one process by design (the folder lock below); nothing concurrent to check.
      expect(t.database.kind).toBe('pglite');
      return;
    }
    const { openDatabase } = await import('../../../src/server/db/client');
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: t.url!, maxConnections: 2 })));
    await Promise.all(others.map((db) => db.migrate()));
    await Promise.all(others.map((db) => db.close()));
  });

  it('runs a statement with parameters as one prepared statement per connection, in a transaction too', async () => {
    const read = (db: Pick<Db, 'select'>, key: string) =>
      db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    if (!t.url) {
      // PGlite is in the process: no round trips to save; the same statements answer the same.
      expect(t.database.kind).toBe('pglite');
      const inside = await t.database.db.transaction((tx) => read(tx, 'sharing_time_limit'));
      expect(inside).toEqual(await read(t.database.db, 'sharing_time_limit'));
      return;
    }
    const { openDatabase } = await import('../../../src/server/db/client');
    // One connection, so every statement below is on it.
    const one = await openDatabase({ databaseUrl: t.url, maxConnections: 1 });
    try {
      await read(one.db, 'sharing_time_limit');
      await read(one.db, 'bill_percent_cost');
      const inside = await one.db.transaction((tx) => read(tx, 'sharing_time_limit'));
      expect(inside).toEqual(await read(one.db, 'sharing_time_limit'));
      // Unnamed statements (drizzle's default) are not kept; a prepared one is, with how often it ran.
      const kept = (await one.db.execute(
        sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like ${'%from "settings" where%'}`,
      )) as unknown as { runs: number }[];
      expect([...kept].map((row) => row.runs)).toEqual([4]);
    } finally {
      await one.close();
    }
  });
});
