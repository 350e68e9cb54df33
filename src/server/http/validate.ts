// Request validation with the contract's yup schemas: the same objects the forms use. A failure answers 400
// with one entry per field (its dotted path and an i18n message key); the handler gets the cast value.
import type { Context, MiddlewareHandler } from 'hono';
import type { AnyObject, ObjectSchema } from 'yup';
import { ValidationError } from 'yup';
import { ERROR_KEYS, type FieldError } from '../../shared/contract/envelope';
import { toMessageRef } from '../../shared/contract/yup';
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
export function validate<S extends ObjectSchema<AnyObject>>(
  target: Target,
  schema: S,
): MiddlewareHandler<{ Variables: { input: S['__outputType'] } }> {
  return async (c, next) => {
    const input = await readInput(c, target);
    if (!input.ok) return fail(c, 400, ERROR_KEYS.badJson);
    if (input.value === null || typeof input.value !== 'object' || Array.isArray(input.value))
      return fail(c, 400, ERROR_KEYS.badJson);
    try {
      const value = await schema.validate(input.value, { abortEarly: false, stripUnknown: true });
      c.set('input', value);
    } catch (error) {
      if (error instanceof ValidationError) return fail(c, 400, ERROR_KEYS.validation, toFieldErrors(error));
      throw error;
    }
    await next();
  };
}
