// hono's compress, decided on the answer's own headers: `c.header()` after the handler copies the whole
// response, which cost more than the rest of a small call; the answer is handed to hono's compress only when the
// client accepts an encoding, so an answer nobody can decode is never copied, and a compressible one still says Vary.
import type { MiddlewareHandler } from 'hono';
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

/**
 * Answers under 1 KB are sent as they are: gzip saves nothing worth having on a body that fits one TCP segment (its
 * own header and trailer are 18 bytes), and each compression takes a turn on libuv's small thread pool, where it
 * would wait behind the password hashes of a burst of logins.
 */
export const COMPRESS_THRESHOLD = 1024;
const THRESHOLD = COMPRESS_THRESHOLD;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

export function compressAccepted(): MiddlewareHandler {
  const gzip = compress({ threshold: THRESHOLD });
  const done = async () => {};
  return async (c, next) => {
    // A JSON answer has no Content-Length until the adapter writes it, so its size is noted where it is serialised:
    // a small one announces its length (exact, and never changed since it is never compressed) and is skipped below.
    const sized = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
      const text = JSON.stringify(object);
      const bytes = Buffer.byteLength(text);
      const small = bytes < THRESHOLD ? { 'Content-Length': String(bytes) } : {};
      return (c.body as (...args: unknown[]) => Response)(text, arg, {
        'Content-Type': 'application/json',
        ...headers,
        ...small,
      });
    };
    c.json = sized as typeof c.json;
    await next();
    const headers = c.res.headers;
    const length = headers.get('Content-Length');
    const type = headers.get('Content-Type');
    if (
      c.res.status === 206 ||
      c.req.method === 'HEAD' ||
      headers.has('Content-Encoding') ||
      headers.has('Transfer-Encoding') ||
      (length && Number(length) < THRESHOLD) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')
    )
      return;
    // The answer depends on Accept-Encoding whether or not this client sent one (as hono's compress says).
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary)))
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (c.req.header('Accept-Encoding')) await gzip(c, done);
  };
}
