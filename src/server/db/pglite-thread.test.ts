// A data folder's database on its own thread answers Drizzle as the in-process PGlite does (rows, types, refusals,
// transactions), and leaves the server's thread free while it works.
import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { isUniqueViolation } from './errors';

let dir: string;
let threaded: Database;
let inProcess: Database;

const TABLE = sql`create table trip (
  id serial primary key,
  code text not null unique,
  at timestamptz not null default '2026-11-30 08:00:00+07',
  day date,
  price numeric(12, 0),
  stops jsonb,
  tags text[],
  photo bytea,
  big bigint
)`;
const ROW = sql`insert into trip (code, day, price, stops, tags, photo, big)
  values ('VV1', '2026-12-01', 1250000, '{"from":"Nội Bài","seats":[1,2]}', '{a,b}', '\\x0102ff', 9007199254740993)`;

/** The rows of a statement's result (Drizzle types the driver's result as its own). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-thread-'));
  [threaded, inProcess] = await Promise.all([openDatabase({ pgliteDir: dir }), openDatabase({ memory: true })]);
  for (const database of [threaded, inProcess]) {
    await database.db.execute(TABLE);
    await database.db.execute(ROW);
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([threaded?.close(), inProcess?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('a data folder on its own thread', () => {
  it('answers the same rows and types as the in-process database', async () => {
    const read = (database: Database) => database.db.execute(sql`select * from trip`);
    const [mine, theirs] = await Promise.all([read(threaded), read(inProcess)]);
    expect(rowsOf(mine)).toEqual(rowsOf(theirs));
    // Timestamps and dates stay PostgreSQL's text, as Drizzle asks; bytea is bytes.
    expect(rowsOf(mine)[0]).toMatchObject({ at: '2026-11-30 01:00:00+00', day: '2026-12-01', stops: { from: 'Nội Bài' } });
    expect(rowsOf(mine)[0]?.photo).toBeInstanceOf(Uint8Array);
  });

  it('hands back a refusal with its SQLSTATE and index, as the in-process database does', async () => {
    const refused = (database: Database) =>
      database.db.execute(sql`insert into trip (code) values ('VV1')`).then(
        () => ({}) as { cause?: object },
        (e: { cause?: object }) => e,
      );
    const [mine, theirs] = await Promise.all([refused(threaded), refused(inProcess)]);
    expect(isUniqueViolation(mine, 'trip_code_key')).toBe(true);
    const fields = ['code', 'constraint', 'detail', 'table', 'severity', 'message'] as const;
    const pick = (error: { cause?: object }) =>
      Object.fromEntries(fields.map((key) => [key, (error.cause as Record<string, unknown>)[key]]));
    expect(pick(mine)).toEqual(pick(theirs));
    // The session goes on after a refusal.
    expect(rowsOf(await threaded.db.execute(sql`select count(*)::int as n from trip`))).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that ends, rolls back one that throws, and keeps other statements out of it', async () => {
    const failed = threaded.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into trip (code) values ('VV2')`);
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    const committed = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into trip (code) values ('VV3')`);
      // A statement sent from outside meanwhile waits for the commit: it is not run inside this transaction.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.execute(sql`insert into trip (code) values ('VV4')`);
      return 'done';
    });
    const outside = threaded.db.execute(sql`select code from trip order by code`);
    expect(await failed).toEqual(new Error('changed my mind'));
    expect(await committed).toBe('done');
    expect(rowsOf(await outside).map((row) => row.code)).toEqual(['VV1', 'VV3', 'VV4']);
  });

  it('rolls a nested savepoint back alone', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into trip (code) values ('VV5')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into trip (code) values ('VV6')`);
          inner.rollback();
        })
        .catch(() => {});
    });
    const codes = rowsOf(await threaded.db.execute(sql`select code from trip where code in ('VV5', 'VV6')`));
    expect(codes).toEqual([{ code: 'VV5' }]);
  });

  it("leaves the server's thread free while a statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    // About a second of the database's work: on the server's own thread, no timer would fire until it ended.
    await threaded.db.execute(sql`select count(*) from generate_series(1, 3000000) as n where n % 7 = 0`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
