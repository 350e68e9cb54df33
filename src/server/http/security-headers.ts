// Security headers on every response. A document (and every other answer that is not JSON: scripts, styles, images,
// the sandbox gateway's page) gets the full set: a CSP that allows scripts from this origin only, plus the tag manager's,
// the maps host and recaptcha's when (and only when) they are configured, and the map tiles' host among the images
// when MAP_TILE_URL is set; nothing inline, no plugins, no framing. A JSON answer gets the headers that act on it
// (OWASP's REST Security Cheat Sheet): no page is ever built from it, so the page's policy, referrer, permissions and
// opener headers would only be bytes to write.
import type { MiddlewareHandler } from 'hono';
import { inlinedStyles } from './inline-styles';

export interface ThirdParties {
  tagManager: boolean;
  maps: boolean;
  recaptcha?: boolean;
  /** The map tiles' origin (MAP_TILE_URL's) when a tile source is configured: it joins img-src. */
  tiles?: string;
}

const TAG_MANAGER = ['https://www.googletagmanager.com'];
const TAG_MANAGER_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const MAPS = ['https://maps.googleapis.com'];
/** reCAPTCHA v3: its script from www.google.com (which loads more from www.gstatic.com) and its hidden frame. */
const RECAPTCHA = ['https://www.google.com', 'https://www.gstatic.com'];
const RECAPTCHA_FRAME = ['https://www.google.com'];
const MAPS_CONNECT = ['https://maps.googleapis.com', 'https://places.googleapis.com'];

export function buildCsp(third: ThirdParties): string {
  const script = [
    "'self'",
    ...(third.tagManager ? TAG_MANAGER : []),
    ...(third.maps ? MAPS : []),
    ...(third.recaptcha ? RECAPTCHA : []),
  ];
  const connect = [
    "'self'",
    ...(third.tagManager ? TAG_MANAGER_CONNECT : []),
    ...(third.maps ? MAPS_CONNECT : []),
    ...(third.recaptcha ? RECAPTCHA : []),
  ];
  const frames = [...(third.tagManager ? TAG_MANAGER : []), ...(third.recaptcha ? RECAPTCHA_FRAME : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    // A rendered page's own inlined styles are added by their hashes (withStyleHashes).
    "style-src 'self'",
    // Photos and avatars may come from any https host; the map tiles' origin is named, which also lets an http
    // localhost tile server (a developer's, the browser tests') draw.
    `img-src 'self' data: blob: https:${third.tiles ? ` ${third.tiles}` : ''}`,
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${frames.length ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join('; ');
}

/** The policy with the page's inlined styles allowed by their hashes (inline-styles.ts). */
export function withStyleHashes(csp: string, hashes: string[]): string {
  if (!hashes.length) return csp;
  return csp.replace("style-src 'self'", `style-src 'self' ${hashes.map((hash) => `'${hash}'`).join(' ')}`);
}

// hono's permissions-policy format, built once: camera=(), microphone=(), geolocation=(self), payment=(self), usb=().
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=(self), usb=()';

/** The headers every answer carries whatever the settings (hono's secureHeaders defaults with ours over them). */
const FIXED_HEADERS: [string, string][] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

/**
 * A JSON answer's headers: nothing may run or be framed if it is opened as a page, it is not sniffed as another type,
 * not read by another site's page (no-cors), and HTTPS is kept.
 */
const API_HEADERS: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  // The same values as a page's, taken from its set.
  ...FIXED_HEADERS.filter(([name]) =>
    ['Cross-Origin-Resource-Policy', 'Strict-Transport-Security', 'X-Content-Type-Options', 'X-Frame-Options'].includes(name),
  ),
];

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;

/** Whether an answer of this content type gets the JSON set (API_HEADERS) rather than the document's. */
export function isJsonAnswer(contentType: string | null): boolean {
  return contentType !== null && JSON_TYPE.test(contentType);
}

/**
 * The header values are built once per settings snapshot (`settings` answers the same promise while its
 * snapshot lives), so a request neither waits for the settings nor builds a string; they are set on the answer's own
 * headers, since `c.header()` after the handler would copy the whole response.
 */
export function securityHeaders<S>(
  settings: () => Promise<S>,
  thirdParties: (snapshot: S | null) => ThirdParties,
): MiddlewareHandler {
  const cache = new Map<string, string>();
  const cspOf = (third: ThirdParties) => {
    const cacheKey = `${third.tagManager}:${third.maps}:${Boolean(third.recaptcha)}:${third.tiles ?? ''}`;
    let csp = cache.get(cacheKey);
    if (!csp) {
      csp = buildCsp(third);
      cache.set(cacheKey, csp);
    }
    return csp;
  };
  let built: { source: Promise<S>; csp: string } | null = null;
  const rebuild = async (source: Promise<S>): Promise<string> => {
    const snapshot = await source.catch(() => null);
    const csp = cspOf(thirdParties(snapshot));
    // A failed read is not kept: the next request reads the settings again.
    if (snapshot !== null) built = { source, csp };
    return csp;
  };
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (isJsonAnswer(headers.get('Content-Type'))) {
      for (const [name, value] of API_HEADERS) headers.set(name, value);
      return;
    }
    const source = settings();
    const csp = built?.source === source ? built.csp : await rebuild(source);
    for (const [name, value] of FIXED_HEADERS) headers.set(name, value);
    headers.delete('X-Powered-By');
    headers.set('Content-Security-Policy', withStyleHashes(csp, inlinedStyles(c)));
  };
}
