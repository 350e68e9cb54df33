// Vitest's global setup for the API tests: one migrated and one migrated-and-seeded database, made once per run,
// from which every test file makes its own. On PGlite they are data-folder dumps that each file opens in memory (a
// fresh PGlite runs initdb, about 3 s of CPU, then the migrations and the seed); on PostgreSQL they are template
// databases that `create database … template` copies.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../src/server/db/client';
import { seed } from '../../../src/server/db/seed';

/** Where each test file starts from: dump files (PGlite) or template database names (PostgreSQL). */
export interface DatabaseTemplates {
  migrated: string;
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The admin URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'vivu-pglite-templates-'));
  const templates = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  const database = await openDatabase({ memory: true });
  try {
    const keep = async (file: string) => writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.migrate();
    await keep(templates.migrated);
    await seed(database.db);
    await keep(templates.seeded);
  } finally {
    await database.close();
  }
  return { templates, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplates(admin: string): Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }> {
  const prefix = `vivu_template_${randomBytes(4).toString('hex')}`;
  const templates = { migrated: `${prefix}_migrated`, seeded: `${prefix}_seeded` };
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  const remove = async () => {
    for (const name of Object.values(templates)) await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.end();
  };
  try {
    // The seeded template is the migrated one copied, then seeded: each is built on its own database, closed before
    // it is copied (a template must have no connection).
    await sql.unsafe(`create database ${templates.migrated}`);
    const migrated = await openDatabase({ databaseUrl: withDatabase(admin, templates.migrated), maxConnections: 1 });
    await migrated.migrate();
    await migrated.close();
    await sql.unsafe(`create database ${templates.seeded} template ${templates.migrated}`);
    const seeded = await openDatabase({ databaseUrl: withDatabase(admin, templates.seeded), maxConnections: 1 });
    await seed(seeded.db);
    await seeded.close();
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

/** One run's templates and how many projects still use them (api and api-alone share them). */
interface SharedTemplates {
  made: Promise<{ templates: DatabaseTemplates; remove(): Promise<void> }>;
  users: number;
}
/** On the vitest process's globalThis: each project loads this file apart, and they all share the templates. */
const SHARED = Symbol.for('vivu.api-database-templates');
const sharedScope = globalThis as { [SHARED]?: SharedTemplates };

/** Makes the run's templates once for every project that asks, and removes them when the last one is done. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const admin = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === 'postgres' && !admin) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const shared = (sharedScope[SHARED] ??= {
    made: process.env.TEST_DB === 'postgres' ? postgresTemplates(admin!) : pgliteTemplates(),
    users: 0,
  });
  shared.users += 1;
  const { templates, remove } = await shared.made;
  project.provide('databaseTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    if (sharedScope[SHARED] === shared) delete sharedScope[SHARED];
    await remove();
  };
}
