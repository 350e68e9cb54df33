// Building blocks of the reliability fuzzer (tests/api/server/contract-fuzz.test.ts): malformed values and requests
// derived from a contract's yup schema (its describe()), the checks every answer must pass, and a snapshot of every
// table's rows so a test can prove that nothing was written.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { AnyObject, ObjectSchema } from 'yup';
import type { Db } from '../../../src/server/db/client';
import { failureSchema } from '../../../src/shared/contract/envelope';

/** What describe() says of a field, as far as the fuzzer reads it. */
export interface FieldDesc {
  type: string;
  optional?: boolean;
  nullable?: boolean;
  oneOf?: unknown[];
  tests?: { name?: string; params?: Record<string, unknown> }[];
  default?: unknown;
  fields?: Record<string, FieldDesc>;
  innerType?: FieldDesc;
}

export type Target = 'query' | 'json';

export interface RouteInput {
  target: Target;
  schema: ObjectSchema<AnyObject>;
}

export interface FuzzRequest {
  method: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: Record<string, string>;
  body?: string;
  /** What kind of malformation this is, for the failure message. */
  kind: string;
}

const MISSING = Symbol('missing');

function param(desc: FieldDesc, test: string, name: string): number | undefined {
  const value = desc.tests?.find((candidate) => candidate.name === test)?.params?.[name];
  return typeof value === 'number' ? value : undefined;
}

// Junk values of every JSON type.

/** Nested arrays and objects `depth` levels deep, as JSON text (built without recursion). */
export function deepJson(depth: number): string {
  let text = '"bottom"';
  for (let level = 0; level < depth; level += 1) text = level % 2 ? `[${text}]` : `{"a":${text}}`;
  return text;
}

const KB100 = 100 * 1024;
export const hugeString = fc.constantFrom('a', 'é', '𝕏', '<', '0', ' ').map((unit) => unit.repeat(KB100 / unit.length));

export const unicodeJunk = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    '\uFFFF',
    '\uD800',
    '\u202Eevil',
    '𝕍𝕚𝕧𝕦',
    'Ａｂｃ',
    'null',
    'undefined',
    'NaN',
    '-0',
    '1e309',
    '0x10',
    ' ',
    '%00',
    "' OR 1=1 --",
    '${7*7}',
    '{{7*7}}',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'Nguyễn Văn An',
  ),
);

/** Objects whose keys reach for the prototype (made by JSON.parse, so `__proto__` is an own key). */
export const protoObject = fc
  .constantFrom(
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"__proto__":null}',
    '{"toString":"x","valueOf":1,"hasOwnProperty":2}',
  )
  .map((text) => JSON.parse(text) as unknown);

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2)),
  fc.integer().map(String),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(null),
  fc.boolean(),
  hugeString,
  unicodeJunk,
  fc.integer({ min: 20, max: 400 }).map((depth) => JSON.parse(deepJson(depth)) as unknown),
  protoObject,
);

// Plausible values: what a form would send for a field, so validation gets past it and reaches the poisoned one.

function plausible(desc: FieldDesc): fc.Arbitrary<unknown> {
  const choices = (desc.oneOf ?? []).filter((value) => value !== undefined && value !== null);
  if (choices.length) return fc.constantFrom(...choices);
  switch (desc.type) {
    case 'string': {
      const max = Math.min(param(desc, 'max', 'max') ?? 40, 40);
      return fc.oneof(
        fc.string({ minLength: Math.min(param(desc, 'min', 'min') ?? 0, max), maxLength: max }),
        fc.stringMatching(/^09\d{8}$/),
        fc.constantFrom('vi', 'en', 'VT1234AB', 'a@example.com', '14:00 25/12/2026'),
      );
    }
    case 'number': {
      const min = param(desc, 'min', 'min') ?? -10;
      const max = param(desc, 'max', 'max') ?? 1_000_000;
      // Bounds that are not whole numbers (a latitude's) call for fractions in between.
      return Number.isInteger(min) && Number.isInteger(max)
        ? fc.integer({ min, max })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'date':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'object':
      return plausibleObject(desc.fields ?? {});
    case 'array':
      return fc.array(desc.innerType ? plausible(desc.innerType) : fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleObject(fields: Record<string, FieldDesc>): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(fields).map(
    ([name, desc]) => [name, fc.oneof({ weight: 4, arbitrary: plausible(desc) }, junkValue, fc.constant(MISSING))] as const,
  );
  return fc.tuple(...entries.map(([, arb]) => arb)).map((values) => {
    const out: Record<string, unknown> = {};
    values.forEach((value, index) => {
      const name = entries[index]?.[0];
      if (name !== undefined && value !== MISSING) out[name] = value;
    });
    return out;
  });
}

/** Values the field's own schema refuses: its constraints read from describe(), broken one at a time. */
function poisons(desc: FieldDesc, target: Target): fc.Arbitrary<unknown>[] {
  const out: fc.Arbitrary<unknown>[] = [];
  if (desc.optional === false && desc.default === undefined) out.push(fc.constant(MISSING));
  if (!desc.nullable && target === 'json') out.push(fc.constant(null));
  const choices = desc.oneOf ?? [];
  if (choices.length) out.push(fc.constantFrom('zz-not-a-choice', 987_654_321, -3).filter((value) => !choices.includes(value)));
  const max = param(desc, 'max', 'max');
  const min = param(desc, 'min', 'min');
  switch (desc.type) {
    case 'string':
      if (max !== undefined && max < KB100) out.push(fc.constant('x'.repeat(max + 1)));
      if (target === 'json') out.push(fc.constantFrom({}, [[]], { nested: { deeper: true } }));
      // Text no database keeps as sent, inside an otherwise plausible value (a NUL once answered 500). A
      // query string cannot carry a lone surrogate (it is sent as U+FFFD), so it gets the NULs only.
      out.push(
        target === 'json'
          ? fc.constantFrom('Nguy\u0000ễn', '\u0000', 'An \uD800 B', '\uDC00', 'a@b.vn\u0000', '0912\u0000345678')
          : fc.constantFrom('Nguy\u0000ễn', '\u0000', 'a@b.vn\u0000', '0912\u0000345678'),
      );
      break;
    case 'number':
      out.push(fc.constantFrom('abc', 'NaN?', '1,5', '١٢٣'));
      if (min !== undefined) out.push(fc.constant(min - 1));
      if (max !== undefined) out.push(fc.constant(max + 1));
      // Past a database integer (2^31 - 1) and past exact doubles: ids and counts without a max reach the queries.
      else out.push(fc.constantFrom(2 ** 31, 1e20, 3e109));
      if (desc.tests?.some((test) => test.name === 'integer')) out.push(fc.constant(1.5 + Math.max(min ?? 0, 0)));
      if (target === 'json') out.push(fc.constantFrom({}, [1, 2]));
      break;
    case 'boolean':
      out.push(fc.constantFrom('maybe', 'yes please'));
      if (target === 'json') out.push(fc.constantFrom({}, [true]));
      break;
    case 'date':
      out.push(fc.constantFrom('not a date', '2026-13-45'));
      break;
    case 'object':
      out.push(target === 'json' ? fc.constantFrom(42, 'text', [1]) : fc.constantFrom('{not json', '42'));
      break;
    case 'array':
      out.push(target === 'json' ? fc.constantFrom(42, { a: 1 }) : fc.constant('[not json'));
      if (max !== undefined && max < 1000) out.push(fc.constant(Array.from({ length: max + 1 }, () => ({}))));
      break;
    default:
      break;
  }
  return out;
}

/** Every (dotted path, poison) pair of a schema, nested objects included. */
function poisonSites(fields: Record<string, FieldDesc>, target: Target, prefix: string[] = []) {
  const sites: { path: string[]; value: fc.Arbitrary<unknown> }[] = [];
  for (const [name, desc] of Object.entries(fields)) {
    const path = [...prefix, name];
    for (const value of poisons(desc, target)) sites.push({ path, value });
    if (desc.type === 'object' && desc.fields && target === 'json') sites.push(...poisonSites(desc.fields, target, path));
  }
  return sites;
}

function setAt(object: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return object;
  const copy = { ...object };
  if (rest.length === 0) {
    if (value === MISSING) delete copy[head];
    else copy[head] = value;
    return copy;
  }
  const child = copy[head];
  copy[head] = setAt(
    child && typeof child === 'object' && !Array.isArray(child) ? (child as Record<string, unknown>) : {},
    rest,
    value,
  );
  return copy;
}

const toQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function queryString(values: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) params.append(key, toQueryValue(value));
  return params.toString();
}

/** The text a JSON body is sent as; own `__proto__` keys survive JSON.stringify. */
const jsonText = (value: unknown) => JSON.stringify(value) ?? 'null';

const extraKeys = fc.dictionary(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'user_id', 'status', 'admin', 'is_admin', 'x'),
  junkValue,
  { maxKeys: 2 },
);

/** A copy without the keys that name Object.prototype members: unknown keys, which validation drops. */
function withoutPrototypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPrototypeKeys);
  if (!value || typeof value !== 'object') return value;
  const names = new Set(Object.getOwnPropertyNames(Object.prototype));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !names.has(key))
      .map(([key, item]) => [key, withoutPrototypeKeys(item)]),
  );
}

/** PostgreSQL's integer: a number field without a max of its own holds an id or a count, stored as one. */
const DB_INTEGER_MAX = 2_147_483_647;

function fitsTheDatabase(desc: FieldDesc, value: unknown): boolean {
  if (desc.type === 'number')
    return typeof value !== 'number' || param(desc, 'max', 'max') !== undefined || Math.abs(value) <= DB_INTEGER_MAX;
  if (desc.type === 'object' && desc.fields && value && typeof value === 'object')
    return Object.entries(desc.fields).every(([name, field]) => fitsTheDatabase(field, (value as Record<string, unknown>)[name]));
  if (desc.type === 'array' && desc.innerType && Array.isArray(value)) {
    const inner = desc.innerType;
    return value.every((item) => fitsTheDatabase(inner, item));
  }
  return true;
}

/** Whether a request value is well-formed: the contract's schema takes it, and its numbers fit the database. */
function isValid(schema: ObjectSchema<AnyObject>, value: unknown): boolean {
  try {
    const cast: unknown = schema.validateSync(withoutPrototypeKeys(value), { abortEarly: true, stripUnknown: true });
    return fitsTheDatabase(schema.describe() as FieldDesc, cast);
  } catch {
    return false;
  }
}

/** A structured request the schema refuses: plausible fields with one constraint broken (and junk keys added). */
export function poisonedRequest(method: string, input: RouteInput): fc.Arbitrary<FuzzRequest> | null {
  const description = input.schema.describe({ value: {} }) as { fields?: Record<string, FieldDesc> };
  const fields = description.fields ?? {};
  const sites = poisonSites(fields, input.target);
  if (!sites.length) return null;
  return fc
    .tuple(plausibleObject(fields), fc.constantFrom(...sites), extraKeys)
    .chain(([base, site, extra]) =>
      site.value.map((poison) => ({ ...(JSON.parse(jsonText(extra)) as object), ...setAt(base, site.path, poison) })),
    )
    .map((value): { value: Record<string, unknown>; sent: unknown } => {
      if (input.target === 'json') return { value, sent: value };
      // A query string carries strings only: validate what the server will read.
      const sent = Object.fromEntries(new URLSearchParams(queryString(value)));
      return { value, sent };
    })
    .filter(({ sent }) => !isValid(input.schema, sent))
    .map(({ value }): FuzzRequest =>
      input.target === 'json'
        ? { method, query: '', headers: { 'content-type': 'application/json' }, body: jsonText(value), kind: 'schema (json)' }
        : { method, query: queryString(value), headers: {}, kind: 'schema (query)' },
    );
}

/** Bodies no route may accept: not JSON, not an object, too big, too deep, or sent as another type. */
export function junkBody(method: string): fc.Arbitrary<FuzzRequest> {
  const contentType = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    '',
  );
  const text = fc.oneof(
    fc.constantFrom('', '{', '{"a":', 'null', '[]', '42', '"text"', 'true', '{"a":1}{', '\u0000', '--xyz\r\n', 'a=1&b[]=2&&='),
    fc.jsonValue({ maxDepth: 3 }).map(jsonText),
    fc.integer({ min: 1000, max: 20_000 }).map(deepJson),
    hugeString.map((big) => jsonText({ big })),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.constant('--xyz\r\nContent-Disposition: form-data; name="user[phone]"\r\n\r\n0912\r\n--xyz'),
  );
  return fc.tuple(contentType, text).map(([type, body]): FuzzRequest => ({
    method,
    query: '',
    headers: type ? { 'content-type': type } : {},
    body,
    kind: `junk body (${type || 'no type'})`,
  }));
}

/** Query strings no GET route may trip over: repeated, undecodable, prototype keys, huge or deep values. */
export function junkQuery(method: string, fields: string[]): fc.Arbitrary<FuzzRequest> {
  const key = fc.oneof(fc.constantFrom(...fields, '__proto__', 'constructor', 'toString', ''), fc.string({ maxLength: 10 }));
  const raw = fc.oneof(
    fc.constantFrom('%', '%zz', '%E0%A4%A', '&&&', '=', '==x', 'a=1&a=2&a=3', '%00=%00', '+', '?'),
    fc.dictionary(key, fc.oneof(unicodeJunk, junkValue.map(toQueryValue)), { maxKeys: 6 }).map(queryString),
    fc.tuple(key, hugeString).map(([name, big]) => `${encodeURIComponent(name)}=${encodeURIComponent(big)}`),
    fc
      .tuple(fc.constantFrom(...fields, 'x'), fc.integer({ min: 200, max: 2000 }))
      .map(([name, depth]) => queryString({ [name]: deepJson(depth) })),
  );
  return raw.map((query) => ({ method, query, headers: {}, kind: 'junk query' }));
}

/** Methods the route does not answer: 405 (or 404) with the envelope. */
export function wrongMethod(allowed: string[]): fc.Arbitrary<FuzzRequest> | null {
  const others = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'].filter((method) => !allowed.includes(method));
  if (!others.length) return null;
  return fc
    .constantFrom(...others)
    .map((method) => ({ method, query: '', headers: { 'content-type': 'application/json' }, kind: `method ${method}` }));
}

// The checks on an answer.

/** A stack frame, a source file position or a dependency path: what an unhandled error leaks. */
const LEAK = /(^|\s)at \S+ \(|\bat (file|node):|\.[cm]?[tj]sx?:\d+|node_modules|\bError: /;

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  location: string | null;
}

export function leaks(text: string): boolean {
  return LEAK.test(text);
}

/** The spec 7 envelope: code, message and data (null on errors, with the optional field errors). */
export function isEnvelope(status: number, body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  if (status >= 400) {
    try {
      failureSchema.validateSync(body, { strict: true });
      return record.data === null;
    } catch {
      return false;
    }
  }
  return record.code === 'success' && typeof record.message === 'string' && 'data' in record;
}

// The database: every table's row count and content hash.

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf(result).map((row) => String(row.table_name));
}

/** Per table: `count:md5` of its rows, so an update is seen as well as an insert or a delete. */
export async function snapshot(db: Db, tables: string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as t, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as v from "${table}" x`,
  );
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  return new Map(rowsOf(result).map((row) => [String(row.t), String(row.v)]));
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}
