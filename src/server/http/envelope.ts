// Writers of the response envelope of spec 7: { code, message, data } plus the call's extra fields, with an
// HTTP status that matches. `message` is an i18n key on errors (docs/decisions.md).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldError } from '../../shared/contract/envelope';
import type { Refusal } from './refusal';

export function ok<T>(c: Context, data: T, extra: Record<string, unknown> = {}, status: ContentfulStatusCode = 200) {
  return c.json({ code: 'success' as const, message: '', data, ...extra }, status);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: FieldError[]) {
  return c.json({ code: 'error' as const, message, data: null, ...(errors ? { errors } : {}) }, status);
}

/** A service's refusal: its key, as a field error too when it names a field or has params (a form shows it there). */
export function refused(c: Context, refusal: Refusal) {
  return fail(
    c,
    refusal.status,
    refusal.message,
    refusal.field || refusal.params
      ? [{ field: refusal.field ?? '', message: refusal.message, ...(refusal.params ? { params: refusal.params } : {}) }]
      : undefined,
  );
}
