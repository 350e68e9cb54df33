// Request validation with the contract's yup schemas: the same objects the forms use. A failure answers 400
// with one entry per field (its dotted path and an i18n message key); the handler gets the cast value.
import type { Context, MiddlewareHandler } from 'hono';
import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';
import { ERROR_KEYS, type FieldError } from '../../shared/contract/envelope';
import { toMessageRef } from '../../shared/contract/yup';
import { isStorableText, TEXT_KEY } from '../../shared/contract/yup-text';
import { fail } from './envelope';

type Target = 'query' | 'json';

export function toFieldErrors(error: ValidationError): FieldError[] {
  const leaves = error.inner.length ? error.inner : [error];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const leaf of leaves) {
    const field = leaf.path ?? '';
    if (seen.has(field)) continue; // the first message of a field is enough
    seen.add(field);
    const { key, params } = toMessageRef(leaf.errors[0] ?? leaf.message);
    out.push(params ? { field, message: key, params } : { field, message: key });
  }
  return out;
}

/**
 * Keys naming Object.prototype members (`constructor`, `toString`, `__proto__`…): yup looks a schema's fields up by
 * the request's keys on a plain object, so such a key reaches the prototype and throws. No contract field has one.
 */
const PROTOTYPE_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Removes those keys from every object of a request, without recursion (a deeply nested body must not overflow). */
export function withoutPrototypeKeys<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (PROTOTYPE_KEYS.has(key)) delete record[key];
      else pending.push(record[key]);
    }
  }
  return value;
}

/** PostgreSQL's integer, the type of every id and count column. */
const DB_INTEGER_MAX = 2_147_483_647;

interface Described {
  type: string;
  tests?: { name?: string }[];
  fields?: Record<string, Described>;
  innerType?: Described;
}

const descriptions = new WeakMap<object, Described>();

/**
 * Numbers past a database integer in fields whose schema sets no max of its own (an id, a count): refused as a max
 * would refuse them, before a query compares them with an integer column and the database throws.
 */
function pastDatabaseIntegers(desc: Described, value: unknown, path: string, out: FieldError[]): void {
  if (desc.type === 'number') {
    const bounded = desc.tests?.some((test) => test.name === 'max');
    if (!bounded && typeof value === 'number' && Math.abs(value) > DB_INTEGER_MAX)
      out.push({ field: path, message: 'validation.max', params: { max: DB_INTEGER_MAX } });
    return;
  }
  if (desc.type === 'object' && desc.fields && value && typeof value === 'object')
    for (const [name, field] of Object.entries(desc.fields))
      pastDatabaseIntegers(field, (value as Record<string, unknown>)[name], path ? `${path}.${name}` : name, out);
  if (desc.type === 'array' && desc.innerType && Array.isArray(value)) {
    const inner = desc.innerType;
    value.forEach((item, index) => pastDatabaseIntegers(inner, item, `${path}[${index}]`, out));
  }
}

/**
 * Text the database could not keep as sent (a NUL, a lone surrogate) in any field of the cast value, also one whose
 * schema is not a string (a mixed or JSON field): the contract's string schemas refuse it already; this is the net
 * under the fields that are not strings. Iterative, like withoutPrototypeKeys.
 */
function unstorableText(value: unknown, out: FieldError[]): void {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length && out.length < 20) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (!isStorableText(item)) out.push({ field: path, message: TEXT_KEY });
    } else if (Array.isArray(item)) item.forEach((entry, index) => pending.push([entry, `${path}[${index}]`]));
    else if (item && typeof item === 'object')
      for (const [key, entry] of Object.entries(item as Record<string, unknown>)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) out.push({ field: at, message: TEXT_KEY });
        pending.push([entry, at]);
      }
  }
}

/**
 * Validates a request value with a contract schema: the cast value, or the 400 answer. A transform that cannot read
 * a value of the wrong type (a string's trim() given an array) throws a TypeError: that is the input's fault too.
 */
export async function validateValue<S extends ObjectSchema<AnyObject>>(
  c: Context,
  schema: S,
  value: unknown,
): Promise<{ ok: true; value: S['__outputType'] } | { ok: false; response: Response }> {
  try {
    const cast = await schema.validate(withoutPrototypeKeys(value), { abortEarly: false, stripUnknown: true });
    let described = descriptions.get(schema);
    if (!described) descriptions.set(schema, (described = schema.describe() as Described));
    const tooLarge: FieldError[] = [];
    pastDatabaseIntegers(described, cast, '', tooLarge);
    unstorableText(cast, tooLarge);
    if (tooLarge.length) return { ok: false, response: fail(c, 400, ERROR_KEYS.validation, tooLarge) };
    return { ok: true, value: cast };
  } catch (error) {
    if (error instanceof ValidationError)
      return { ok: false, response: fail(c, 400, ERROR_KEYS.validation, toFieldErrors(error)) };
    if (error instanceof TypeError) return { ok: false, response: fail(c, 400, ERROR_KEYS.validation) };
    throw error;
  }
}

async function readInput(c: Context, target: Target): Promise<{ ok: true; value: unknown } | { ok: false }> {
  if (target === 'query') return { ok: true, value: c.req.query() };
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) return { ok: false };
  try {
    return { ok: true, value: await c.req.json() };
  } catch {
    return { ok: false };
  }
}

/** Validates the query string or the JSON body; the handler reads the result with `c.get('input')`. */
/** What each validate() middleware checks: the routes' inputs, read from the app itself (the contract fuzzer's). */
const inputs = new WeakMap<object, { target: Target; schema: ObjectSchema<AnyObject> }>();

/** The target and schema a validate() middleware checks, or undefined for any other handler. */
export function validatedInput(handler: unknown): { target: Target; schema: ObjectSchema<AnyObject> } | undefined {
  return typeof handler === 'function' ? inputs.get(handler) : undefined;
}

export function validate<S extends ObjectSchema<AnyObject>>(
  target: Target,
  schema: S,
): MiddlewareHandler<{ Variables: { input: S['__outputType'] } }> {
  const middleware: MiddlewareHandler<{ Variables: { input: S['__outputType'] } }> = async (c, next) => {
    const input = await readInput(c, target);
    if (!input.ok) return fail(c, 400, ERROR_KEYS.badJson);
    if (input.value === null || typeof input.value !== 'object' || Array.isArray(input.value))
      return fail(c, 400, ERROR_KEYS.badJson);
    const checked = await validateValue(c, schema, input.value);
    if (!checked.ok) return checked.response;
    c.set('input', checked.value);
    await next();
  };
  inputs.set(middleware, { target, schema });
  return middleware;
}
