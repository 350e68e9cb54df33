import { hostname, networkInterfaces } from 'node:os';
import type { Context } from 'hono';

/** The site's origin for links sent out (PUBLIC_URL when the server sits behind a proxy), else the request's own. */
export function originOf(c: Context, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : new URL(c.req.url).origin;
}

/** PUBLIC_URL's origin, or undefined when it is unset or not a URL. */
export function publicOrigin(publicUrl: string | undefined): string | undefined {
  const trimmed = publicUrl?.trim();
  return trimmed && URL.canParse(trimmed) ? new URL(trimmed).origin : undefined;
}

/** IPv6 hosts come bracketed in a URL ("[::1]"); the interfaces list them bare. */
const bare = (host: string) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * Whether a request's host is this machine, the only hosts a server without PUBLIC_URL can prove are its own:
 * loopback names and addresses, the machine's name, and its interfaces' addresses (a phone on the same network).
 */
export function isOwnHost(host: string): boolean {
  const name = bare(host);
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name)) return true;
  const machine = hostname().toLowerCase();
  if (name === machine || name === `${machine}.local`) return true;
  return Object.values(networkInterfaces()).some((addresses) => (addresses ?? []).some((entry) => bare(entry.address) === name));
}

/**
 * The origin the messages of a booking made by this request link to: PUBLIC_URL's when it is set; else the request's
 * own when its host is this machine's; else null (the messages use the server's fallback origin). The Host header is
 * written by the client: a host the server cannot prove its own would let a script put its site into a message sent
 * to someone else's phone.
 */
export function linkOriginOf(c: Context, publicUrl?: string): string | null {
  const configured = publicOrigin(publicUrl);
  if (configured) return configured;
  const url = new URL(c.req.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return isOwnHost(url.hostname) ? url.origin : null;
}

/** The origin of links when neither PUBLIC_URL nor a trusted request origin is known: this server on its port. */
export function fallbackLinkOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PORT ?? 8080);
  return Number.isInteger(port) && port > 0 && port !== 80 ? `http://localhost:${port}` : 'http://localhost';
}
