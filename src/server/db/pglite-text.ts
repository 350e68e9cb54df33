// Drizzle's PGlite driver keeps timestamps, dates, intervals and their arrays (and numeric arrays) as PostgreSQL's
// text: it hands every statement parsers for these types that return the text as it came. Handed per statement,
// PGlite merges them with its own on each one, and a small statement took 2-4 times as long (a warm `select $1::int`:
// 400-640 µs against 145-155 µs with the same parsers set up once, when the database is opened). So the embedded
// database is opened with these parsers, and a statement that asks for no others is sent without any: the answer is
// the same text (client.ts, and the database's thread, pglite-thread.ts). pglite-text.test.ts checks that Drizzle's
// parsers are still these, and still the identity.

/** The types Drizzle's PGlite driver keeps as text: timestamp, timestamptz, interval, date, and the arrays. */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);

/** Parsers that keep Drizzle's text types as text, for opening a PGlite. */
export function textParsers(): Record<number, (value: string) => string> {
  return Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => value]));
}

/** Whether a statement's parsers are among the ones the database was opened with (then it needs none of its own). */
export function asksOnlyText(parsers: object | undefined): boolean {
  return !parsers || Object.keys(parsers).every((oid) => TEXT_TYPES.has(Number(oid)));
}
