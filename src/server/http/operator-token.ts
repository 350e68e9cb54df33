// The operator's API calls (OPERATOR_API_TOKEN) made before or beside the desk: the joining's decisions and the desk's
// first logins while a server holds the data folder. Without a token, and with a wrong one, such a call answers
// exactly like an unknown route. The token is compared in constant time (both sides hashed first, so their lengths
// say nothing).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_KEYS } from '../../shared/contract/envelope';
import { bearer } from './bearer';
import { fail } from './envelope';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the operator token, in time independent of where they differ. */
export function isOperatorToken(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined && expected.length > 0;
}

/** The check in front of an operator call: the Bearer token must be `expected`, else 404 as an unknown route. */
export const operatorOnly =
  (expected: string): MiddlewareHandler =>
  async (c: Context, next) => {
    if (!isOperatorToken(bearer(c, undefined), expected)) return fail(c, 404, ERROR_KEYS.notFound);
    await next();
  };
