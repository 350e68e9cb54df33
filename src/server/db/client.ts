// The only place that opens a database connection: PGlite (embedded PostgreSQL in a folder, or in memory
// for tests) by default, a PostgreSQL server when a URL is given. Both behind one Drizzle type.
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies the pending migrations; safe to call from several servers at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = { databaseUrl: string; maxConnections?: number } | { pgliteDir: string } | { memory: true };

/** Migrations sit beside this file in the sources and beside the bundle (dist/server/migrations). */
const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/** An arbitrary constant: servers starting together take turns to migrate. */
const MIGRATION_LOCK_ID = 4_826_001;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: { application_name: 'vivu' },
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async migrate() {
        // A session-level advisory lock needs one connection for the lock, the migrations and the unlock.
        const single = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
        try {
          await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
          await migratePostgres(drizzlePostgres(single), { migrationsFolder: MIGRATIONS });
        } finally {
          await single.end({ timeout: 5 });
        }
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = 'memory' in options ? new PGlite() : new PGlite(options.pgliteDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
    },
    close: () => client.close(),
  };
}
