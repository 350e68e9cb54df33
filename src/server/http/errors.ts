// The last word on every failure: unknown paths, wrong methods, oversized bodies and thrown errors all
// answer with the envelope and an i18n key, never a stack trace or an HTML page.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ERROR_KEYS } from '../../shared/contract/envelope';
import { ServerBusy } from './busy';
import { fail } from './envelope';

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(fields ? `${message} ${JSON.stringify(fields)}` : message),
  error: (message, fields) => console.error(fields ? `${message} ${JSON.stringify(fields)}` : message),
};

export function handleError(log: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ServerBusy) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return fail(c, 503, ERROR_KEYS.serverBusy);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 413) return fail(c, 413, ERROR_KEYS.tooLarge);
      if (status < 500) return fail(c, status, status === 404 ? ERROR_KEYS.notFound : ERROR_KEYS.validation);
    }
    // The database driver's own error is the cause of the ORM's "Failed query" one: log both.
    const cause =
      error.cause instanceof Error ? error.cause.message : error.cause === undefined ? undefined : String(error.cause);
    log.error('request failed', { method: c.req.method, path: c.req.path, error: error.stack ?? String(error), cause });
    return fail(c, 500, ERROR_KEYS.serverBusy);
  };
}

/** 405 with an Allow header for a known path asked with another method, 404 otherwise. */
export function handleNotFound(app: { routes: { path: string; method: string }[] }) {
  return (c: Context) => {
    const methods = new Set(
      app.routes.filter((route) => route.path === c.req.path && route.method !== 'ALL').map((route) => route.method),
    );
    if (methods.size) {
      if (methods.has('GET')) methods.add('HEAD');
      c.header('Allow', [...methods].sort().join(', '));
      return fail(c, 405, ERROR_KEYS.methodNotAllowed);
    }
    return fail(c, 404, ERROR_KEYS.notFound);
  };
}
