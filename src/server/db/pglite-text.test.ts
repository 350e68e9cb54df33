// The embedded database is opened with the parsers Drizzle hands each statement (pglite-text.ts): they must still be
// these types, each the identity, or the database would answer other values than Drizzle asked for.
import { sql } from 'drizzle-orm';
import { pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { asksOnlyText, DRIZZLE_TEXT_TYPES } from './pglite-text';

const trip = pgTable('trip', { id: serial('id').primaryKey(), at: timestamp('at', { withTimezone: true, mode: 'string' }) });

/** A client that records the options of each statement Drizzle sends, and answers no rows. */
function recorder() {
  const seen: { parsers?: Record<number, (value: string) => unknown>; rowMode?: string }[] = [];
  const client = {
    query: (_sql: string, _params: unknown[], options: (typeof seen)[number]) => {
      seen.push(options);
      return Promise.resolve({ rows: [], fields: [], affectedRows: 0 });
    },
  };
  return { client, seen };
}

describe("Drizzle's text parsers", () => {
  it('are the types the database is opened with, each returning the text as it came', async () => {
    const { client, seen } = recorder();
    const db = drizzle(client as never);
    await db.execute(sql`select 1`);
    await db.select().from(trip);
    expect(seen.map((options) => options.rowMode)).toEqual(['object', 'array']);
    for (const options of seen) {
      expect(
        Object.keys(options.parsers ?? {})
          .map(Number)
          .sort(),
      ).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(options.parsers ?? {})) {
        expect(parse('2026-11-30 08:00:00+07')).toBe('2026-11-30 08:00:00+07');
        expect(parse('{"1 day",02:00:00}')).toBe('{"1 day",02:00:00}');
      }
      expect(asksOnlyText(options.parsers)).toBe(true);
    }
  });

  it('are told apart from parsers of other types, which a statement keeps', () => {
    expect(asksOnlyText(undefined)).toBe(true);
    expect(asksOnlyText({ 1114: String, 1184: String })).toBe(true);
    expect(asksOnlyText({ 1114: String, 1700: Number })).toBe(false);
  });
});
