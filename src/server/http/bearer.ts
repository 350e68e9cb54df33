import type { Context } from 'hono';

/** The token of the body, else of an `Authorization: Bearer` header. */
export function bearer(c: Context, bodyToken: string | undefined): string | undefined {
  if (bodyToken) return bodyToken;
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}
