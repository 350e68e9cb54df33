// The public pages' HTML rendered by the app's own components (dist/ssr/entry-server.js, built from
// src/app/entry-server.tsx), put inside the shell's <div id="root"> with the queries it shows as a JSON script, so the
// page paints before its scripts run and the app hydrates it. Only public routes that look the same to every visitor
// are rendered (RENDERED_ROUTES); the renderer never sees a cookie. Each rendered page is kept CONTENT_TTL_MS in a
// bounded map, like the content it shows, and only while the content revision is the one it was rendered under.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLandingRoute } from '../../shared/domain/landing-routes';
import { matchLivePath } from '../../shared/domain/live-routes';
import { STATE_SCRIPT_ID } from '../../shared/domain/page-state';
import type { RouteName } from '../../shared/domain/route-table';
import { CONTENT_TTL_MS, STATIC_PAGE_ROUTES } from './seo-content';
import { setInlinedStyles, type InlinedPage } from './inline-styles';
import type { ShellRenderer } from './static-files';

/** What dist/ssr/entry-server.js exports (the app's side is src/app/entry-server.tsx; the two never import each other). */
export interface RenderedPage {
  html: string;
  state: unknown;
  /** The lazy parts shown, by source path (the build manifest's keys). */
  parts: Array<{ source: string; preload: boolean }>;
}

export interface PageRenderer {
  renderPage(url: string): Promise<RenderedPage>;
  setApiTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
}

/** Public pages whose content is the same for everyone: home, the price list's frame, content and landing pages. */
const ROUTES = new Set<RouteName>(['home', 'price-list', 'blog', 'news', 'faqs']);

export function isRenderedRoute(name: RouteName): boolean {
  return ROUTES.has(name) || STATIC_PAGE_ROUTES[name] !== undefined || isLandingRoute(name);
}

/** The built renderer, when the build made one (`npm run build`); without it pages are served as before. */
export async function loadPageRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** JSON inside a <script> element: `<` escaped, so no text of the content can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Head links for a page's lazy parts: `(parts) => '<link …>'`. */
export type PartLinks = (parts: RenderedPage['parts']) => string;

/**
 * The links of the lazy parts' styles and scripts, from the client build's manifest (dist/client/.vite/manifest.json):
 * each part's chunk and the chunks it imports, less what index.html loads anyway (its entry and the app the entry
 * imports). No manifest: no links.
 */
export function partLinks(staticDir: string): PartLinks {
  const file = join(staticDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const walk = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) walk(next, seen);
  };
  const initial = new Set<string>();
  walk('index.html', initial);
  // The entry (src/app/boot.ts) imports the app after the first paint; index.html links the app's styles and
  // preloads its scripts already.
  for (const app of manifest['index.html']?.dynamicImports ?? []) walk(app, initial);
  const loaded = new Set([...initial].flatMap((key) => [manifest[key]?.file, ...(manifest[key]?.css ?? [])]));
  return (parts) => {
    const styles = new Set<string>();
    const scripts = new Set<string>();
    for (const { source, preload } of parts) {
      const chunks = new Set<string>();
      walk(source, chunks);
      for (const key of chunks) {
        const chunk = manifest[key] as ManifestChunk;
        for (const css of chunk.css ?? []) if (!loaded.has(css)) styles.add(css);
        if (preload && !loaded.has(chunk.file)) scripts.add(chunk.file);
      }
    }
    return [
      ...[...styles].map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
      // Low priority, as index.html's preloads of the app: the scripts run after the first paint (src/app/boot.ts), so
      // their download must not hold it.
      ...[...scripts].map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${href}">`),
    ].join('');
  };
}

/** The shell with the parts' links in its head, the rendered markup in its root and the state script after it. */
export function injectPage(document: string, page: RenderedPage, links: PartLinks = () => ''): string {
  const root = '<div id="root"></div>';
  const at = document.indexOf(root);
  const headEnd = document.indexOf('</head>');
  if (at < 0 || headEnd < 0 || headEnd > at) return document;
  const state = `<script type="application/json" id="${STATE_SCRIPT_ID}">${scriptJson(page.state)}</script>`;
  return (
    `${document.slice(0, headEnd)}${links(page.parts)}${document.slice(headEnd, at)}` +
    `<div id="root">${page.html}</div>${state}${document.slice(at + root.length)}`
  );
}

/** Rendered pages kept at once (one per page, language and query string). */
export const RENDERED_PAGES_MAX = 500;

/**
 * Wraps the shell renderer (the SEO head): a page of RENDERED_ROUTES answered 200 also gets its HTML. A render that
 * fails leaves the shell as it was (the app renders in the browser, as before) and is reported.
 */
export function withRenderedPage(
  shell: ShellRenderer,
  renderer: PageRenderer,
  {
    now = Date.now,
    revision = () => Promise.resolve(''),
    links,
    inline,
    onError,
  }: {
    now?: () => number;
    /** The content revision (content module): a page rendered under an older one is rendered again. */
    revision?: () => Promise<string>;
    links?: PartLinks;
    /** Puts the page's stylesheets in its head (inline-styles.ts); without it they stay links. */
    inline?: (html: string) => InlinedPage;
    onError?(error: unknown): void;
  } = {},
): ShellRenderer {
  const pages = new Map<string, { at: number; rev: string; page: Promise<RenderedPage> }>();
  const rendered = async (url: string) => {
    const rev = await revision();
    const at = now();
    const hit = pages.get(url);
    if (hit && hit.rev === rev && at - hit.at < CONTENT_TTL_MS) return hit.page;
    const page = renderer.renderPage(url);
    pages.delete(url);
    pages.set(url, { at, rev, page });
    if (pages.size > RENDERED_PAGES_MAX) pages.delete(pages.keys().next().value as string);
    page.catch(() => pages.delete(url));
    return page;
  };
  return async (c, template) => {
    const result = await shell(c, template);
    const match = matchLivePath(c.req.path);
    if (result.status !== 200 || !match || !isRenderedRoute(match.name)) return result;
    const url = new URL(c.req.url);
    try {
      const html = injectPage(result.html, await rendered(url.pathname + url.search), links);
      if (!inline) return { ...result, html };
      const page = inline(html);
      setInlinedStyles(c, page.hashes);
      return { ...result, html: page.html };
    } catch (error) {
      onError?.(error);
      return result;
    }
  };
}
