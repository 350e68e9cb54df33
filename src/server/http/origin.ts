import type { Context } from 'hono';

/** The site's origin for links sent out (PUBLIC_URL when the server sits behind a proxy), else the request's own. */
export function originOf(c: Context, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : new URL(c.req.url).origin;
}
