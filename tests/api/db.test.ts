// The database foundation: migrations and the seed are safe to apply at every start; the PGlite folder lock.
import { eq } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CONFIG_DEFAULTS } from '../../src/shared/domain/system-config';
import { DataDirLockedError, lockDataDir } from '../../src/server/db/lock';
import { settings } from '../../src/server/db/schema';
import { applyOverrides, MAP_KEY, seed } from '../../src/server/db/seed';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

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
    const { openDatabase } = await import('../../src/server/db/client');
    const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: t.url!, maxConnections: 2 })));
    await Promise.all(others.map((db) => db.migrate()));
    await Promise.all(others.map((db) => db.close()));
  });
});

describe('the data folder lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vivu-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the owner pid and removes the file on release', () => {
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
  });

  it('refuses a second owner while the first is alive, naming the folder and the pid', () => {
    const lock = lockDataDir(dir);
    const parent = process.ppid; // a live process other than us
    expect(() => lockDataDir(dir, parent)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, parent)).toThrow(new RegExp(`${dir}.*process ${process.pid}`));
    lock.release();
  });

  it('takes over a lock left by a dead process', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(join(dir, 'pglite.lock'), `${dead}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock with unreadable content', () => {
    writeFileSync(join(dir, 'pglite.lock'), 'garbage');
    const lock = lockDataDir(dir);
    lock.release();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
  });
});
