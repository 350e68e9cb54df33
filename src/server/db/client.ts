// The only place that opens a database connection: PGlite (embedded PostgreSQL in a folder, on a thread of its own
// (pglite-thread.ts), or in memory for tests) by default, a PostgreSQL server when a URL is given. All behind one
// Drizzle type.
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres, { type Sql } from 'postgres';
import { asksOnlyText, textParsers } from './pglite-text';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies the pending migrations; safe to call from several servers at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** An in-memory PGlite only: its data folder as a tar archive, which `{ memory: true, dataDir }` opens again. */
  dump?(): Promise<Blob>;
}

/**
 * `memory` opens an in-memory PGlite; with `dataDir` it starts from that dump of a data folder (PGlite's
 * `dumpDataDir`) instead of an empty cluster, which skips initdb.
 */
export type DatabaseOptions =
  { databaseUrl: string; maxConnections?: number } | { pgliteDir: string } | { memory: true; dataDir?: Blob };

/** Migrations sit beside this file in the sources and beside the bundle (dist/server/migrations). */
const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * A data folder's PGlite starts with a buffer pool of 16 MB instead of PostgreSQL's 128 MB: the embedded database is
 * one process's and its pages sit in the operating system's file cache anyway, while the pool's pages stayed resident.
 * Measured on a restarted server, idle: about 408 MB of memory with 128 MB, 258-267 with 16 MB, and queries no slower
 * (settings, ticket and content reads and an update, 1,500 of them: 2.8-3.0 s either way). The tests' in-memory
 * databases keep PostgreSQL's default.
 */
const PGLITE_START = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A new data folder's cluster is made (PostgreSQL's initdb) by a short-lived process of its own: initdb's WebAssembly
 * instance, some 500 MB, stayed with a server that ran it itself (924 MB of memory after a first start, 368 MB with
 * initdb apart); a worker thread gave back only part of it.
 */
async function createClusterApart(folder: string): Promise<void> {
  if (existsSync(join(folder, 'PG_VERSION'))) return;
  const code = `const [folder, pglite, start] = process.argv.slice(1);
    const { PGlite } = await import(pglite);
    const db = new PGlite(folder, { startParams: JSON.parse(start) });
    await db.waitReady;
    await db.close();`;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', code, folder, pglite, JSON.stringify(PGLITE_START)],
      (error, _stdout, stderr) =>
        error ? reject(new Error(`initdb of ${folder} failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

/** An arbitrary constant: servers starting together take turns to migrate. */
const MIGRATION_LOCK_ID = 4_826_001;

/**
 * Every statement with parameters is a prepared statement. Drizzle asks postgres.js for an unnamed one
 * unless the query was given a name with `.prepare()`, and postgres.js then sends each such statement in two round
 * trips (Parse and Describe, wait for the parameters' types, then Bind and Execute): a booking's eleven statements
 * made twenty-two round trips. A prepared statement is described once per connection (postgres.js keeps it by its
 * text and parameter types), then costs one round trip. Statements without parameters keep the simple protocol.
 * Transactions and savepoints hand drizzle a client of their own, which is wrapped the same way.
 */
function preparing(client: Sql): Sql {
  return new Proxy(client, {
    get(target, property) {
      if (property === 'unsafe')
        return (query: string, params: unknown = [], options: object = {}) =>
          Array.isArray(params)
            ? target.unsafe(query, params as never, { ...options, prepare: true })
            : target.unsafe(query, [], { ...(params as object), prepare: true });
      const value: unknown = Reflect.get(target, property, target);
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function')
        return (...args: unknown[]) => {
          const body = args.pop() as (client: Sql) => unknown;
          return (value as (...all: unknown[]) => unknown).call(target, ...args, (inner: Sql) => body(preparing(inner)));
        };
      return value;
    },
  });
}

function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !asksOnlyText(options.parsers)) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

type Queries = Pick<PGlite, 'query'> | Pick<Transaction, 'query'>;

/**
 * A PGlite opened with Drizzle's text parsers (pglite-text.ts), or one of its transactions, whose statements are sent
 * without them.
 */
function sendingNoTextParsers<T extends Queries>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      // PGlite keeps its state in private fields: its methods run on the object itself, never on this proxy.
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function') return value;
      if (property === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          (value as PGlite['query']).call(object, query, params, withoutTextParsers(options));
      if (property === 'transaction')
        return <R>(callback: (tx: Transaction) => Promise<R>) =>
          (value as PGlite['transaction']).call(object, (tx: Transaction) => callback(sendingNoTextParsers(tx)));
      return (value as (...args: unknown[]) => unknown).bind(object);
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connection: { application_name: 'vivu' },
    });
    const db = drizzlePostgres(preparing(client), { schema }) as unknown as Db;
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
  if ('pgliteDir' in options) {
    await createClusterApart(options.pgliteDir);
    const thread = await PgliteThread.open(options.pgliteDir, PGLITE_START);
    // Drizzle's PGlite driver calls query, exec and transaction, which the thread's client answers alike.
    const client = thread as unknown as PGlite;
    return {
      kind: 'pglite',
      db: drizzlePglite(client, { schema }) as unknown as Db,
      async migrate() {
        await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS });
      },
      close: () => thread.close(),
    };
  }
  const client = new PGlite({ ...(options.dataDir ? { loadDataDir: options.dataDir } : {}), parsers: textParsers() });
  await client.waitReady;
  const drizzleClient = sendingNoTextParsers(client);
  const db = drizzlePglite(drizzleClient, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await migratePglite(drizzlePglite(drizzleClient), { migrationsFolder: MIGRATIONS });
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
