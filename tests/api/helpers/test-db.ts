// A fresh, migrated and seeded database per test file, copied from the run's template: in-memory PGlite, or
// (TEST_DB=postgres) a new database on the TEST_DATABASE_URL server, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { inArray } from 'drizzle-orm';
import { settings } from '../../../src/server/db/schema';
import { withDatabase } from './database-templates';

export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  database: Database;
  /** A URL of the same database, for tests that need a second connection (PostgreSQL only). */
  url?: string;
  cleanup(): Promise<void>;
}

/**
 * Tickets are night bookings when they are *created* inside the night window (22:00–06:00 Vietnam time), so a test
 * that books at the wall-clock time would change behaviour with the hour it runs at. Test databases therefore get
 * an empty night window unless `seededNightWindow` is asked for; the night flow is tested with an injected clock
 * over the seeded window (tests/api/booking/night-flow.test.ts).
 */
const DAY_ONLY = '00:00';

export async function createTestDatabase(options: { seed?: boolean; seededNightWindow?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  // The run's templates (tests/api/helpers/database-templates.ts): migrated, and seeded unless asked not to.
  const templates = inject('databaseTemplates');
  const template = options.seed === false ? templates.migrated : templates.seeded;
  if (TEST_DB === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL;
    if (!admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `vivu_test_${randomBytes(6).toString('hex')}`;
    const sql = postgres(admin, { max: 1, onnotice: () => {} });
    await sql.unsafe(`create database ${name} template ${template}`);
    await sql.end();
    url = withDatabase(admin, name);
    database = await openDatabase({ databaseUrl: url, maxConnections: 5 });
    drop = async () => {
      const sql = postgres(admin, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists ${name} with (force)`);
      await sql.end();
    };
  } else {
    database = await openDatabase({ memory: true, dataDir: new Blob([readFileSync(template)]) });
  }
  // A no-op on a template (its migrations are recorded), and proof that it is the current schema.
  await database.migrate();
  if (options.seed !== false && !options.seededNightWindow) {
    await database.db
      .update(settings)
      .set({ value: DAY_ONLY })
      .where(inArray(settings.key, ['night_booking_start', 'night_booking_end']));
  }
  return {
    database,
    url,
    async cleanup() {
      await database.close();
      await drop();
    },
  };
}

/**
 * Writes the run's migrated and seeded template into `folder` as a server's PGlite data folder, for the tests of a
 * server process whose subject is not its first migration (that one is tested from an empty folder): a start on it
 * only checks the migrations and the seed, about 4 CPU-seconds where an empty folder takes about 11.
 */
export async function seededPgliteFolder(folder: string): Promise<void> {
  if (TEST_DB !== 'pglite') throw new Error("a PGlite folder is made from a PGlite run's template (TEST_DB=pglite)");
  const pglite = new PGlite(folder, { loadDataDir: new Blob([readFileSync(inject('databaseTemplates').seeded)]) });
  await pglite.waitReady;
  await pglite.close();
}
