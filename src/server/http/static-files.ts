// Serves the built PWA from memory: hashed assets cached for a year, the document, the service worker and
// the manifest revalidated on every load, brotli or gzip files chosen by Accept-Encoding, and the SPA
// document for every route of the table in both languages (404 with the same document for other paths). With a
// `shell` renderer (the SEO head, seo-head.ts) a page path gets the document with its own head instead: each distinct
// variant is compressed once and kept in memory (SHELL_VARIANTS_MAX); /index.html itself stays the precompressed file.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

interface StaticFile {
  body: Uint8Array;
  br?: Uint8Array;
  gz?: Uint8Array;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const DAY = 'public, max-age=86400';
/** Files whose names do not change between releases and must be checked on every load. */
const ALWAYS_FRESH = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/manifest-en.webmanifest', '/registerSW.js']);

function cacheControlFor(urlPath: string): string {
  if (ALWAYS_FRESH.has(urlPath)) return REVALIDATE;
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  // workbox-<hash>.js sits at the root but is named by its content too.
  if (/^\/workbox-[0-9a-f]{8}\.js$/.test(urlPath)) return IMMUTABLE;
  return DAY;
}

function walk(dir: string): string[] {
  // Not served: the build's own records (dist/client/.vite, the manifest the page renderer reads).
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = walk(root);
  const present = new Set(all);
  for (const full of all) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const urlPath = '/' + relative(root, full).split(sep).join('/');
    const body = readFileSync(full);
    files.set(urlPath, {
      body,
      br: present.has(`${full}.br`) ? readFileSync(`${full}.br`) : undefined,
      gz: present.has(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined,
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cacheControl: cacheControlFor(urlPath),
    });
  }
  return files;
}

function accepts(header: string | undefined, coding: string): boolean {
  if (!header) return false;
  return header
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.trim().split(';');
      if (name?.trim() !== coding) return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return q === undefined || Number(q.slice(2)) > 0;
    });
}

/** A page's document: its status and the HTML of index.html (`template`) with the page's own head. */
export type ShellRenderer = (c: Context, template: string) => Promise<{ status: 200 | 404; html: string }>;

interface StaticOptions {
  /** True for a path of the route table (either language): it gets the document with 200, others 404. */
  isAppPath(path: string): boolean;
  /** Renders the document of a page path (status included); without it, or when it fails, the plain document. */
  shell?: ShellRenderer;
  /** Where a failing renderer is reported. */
  onShellError?(error: unknown): void;
}

/** Distinct documents kept compressed in memory (one per page and language, content pages included). */
export const SHELL_VARIANTS_MAX = 500;

function documentVariant(html: string): StaticFile {
  const body = Buffer.from(html, 'utf8');
  return {
    body,
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } }),
    gz: gzipSync(body, { level: 6 }),
    type: TYPES['.html'] as string,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    cacheControl: REVALIDATE,
  };
}

/** The compressed variants by their HTML, the oldest dropped first. */
function variantCache() {
  const variants = new Map<string, StaticFile>();
  return (html: string): StaticFile => {
    const hit = variants.get(html);
    if (hit) {
      variants.delete(html);
      variants.set(html, hit);
      return hit;
    }
    const made = documentVariant(html);
    variants.set(html, made);
    if (variants.size > SHELL_VARIANTS_MAX) variants.delete(variants.keys().next().value as string);
    return made;
  };
}

/**
 * Browser tests only (tests/e2e/pwa.spec.ts): with VIVU_TEST_SW_MARKER=1, a request for /sw.js carrying the cookie
 * `vivu-sw-marker=<token>` gets the worker with a trailing comment naming the token, i.e. "the next release", so the
 * browser's own update check finds a new worker (Playwright cannot route the worker script's update fetch).
 * Never set in production; without the variable the cookie is ignored.
 */
function swTestMarker(enabled: boolean, path: string, cookie: string | undefined): string | null {
  if (!enabled || path !== '/sw.js' || !cookie) return null;
  return /(?:^|;\s*)vivu-sw-marker=([a-z0-9-]{1,32})(?:;|$)/.exec(cookie)?.[1] ?? null;
}

export function serveStatic(files: Map<string, StaticFile>, options: StaticOptions): MiddlewareHandler {
  const document = files.get('/index.html');
  const template = document ? Buffer.from(document.body).toString('utf8') : '';
  const variant = variantCache();
  const markerEnabled = process.env.VIVU_TEST_SW_MARKER === '1';
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    const marker = swTestMarker(markerEnabled, path, c.req.header('cookie'));
    const markedFile = marker ? files.get(path) : undefined;
    if (marker && markedFile) {
      const body = new Uint8Array(Buffer.concat([markedFile.body, Buffer.from(`\n// test marker ${marker}\n`)]));
      c.header('Content-Type', markedFile.type);
      c.header('Cache-Control', REVALIDATE);
      if (c.req.method === 'HEAD') return c.body(null, 200);
      return c.body(body, 200);
    }
    let file = files.get(path);
    let status: 200 | 404 = 200;
    if (!file) {
      const last = path.slice(path.lastIndexOf('/') + 1);
      // A missing file (anything with an extension) is a plain 404; a page path gets the app.
      if (last.includes('.') || !document) return next();
      file = document;
      status = options.isAppPath(path) ? 200 : 404;
      if (options.shell) {
        try {
          const page = await options.shell(c, template);
          file = variant(page.html);
          status = page.status;
        } catch (error) {
          options.onShellError?.(error);
        }
      }
    }
    c.header('Content-Type', file.type);
    c.header('Cache-Control', file === document ? REVALIDATE : file.cacheControl);
    c.header('ETag', file.etag);
    c.header('Vary', 'Accept-Encoding');
    if (status === 200 && c.req.header('if-none-match') === file.etag) return c.body(null, 304);
    const acceptEncoding = c.req.header('accept-encoding');
    let body = file.body;
    if (file.br && accepts(acceptEncoding, 'br')) {
      body = file.br;
      c.header('Content-Encoding', 'br');
    } else if (file.gz && accepts(acceptEncoding, 'gzip')) {
      body = file.gz;
      c.header('Content-Encoding', 'gzip');
    }
    c.header('Content-Length', String(body.byteLength));
    if (c.req.method === 'HEAD') return c.body(null, status);
    return c.body(body as Uint8Array<ArrayBuffer>, status);
  };
}
