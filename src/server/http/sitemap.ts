// sitemap.xml and robots.txt, generated from the route table and the content: every live, indexable route
// in both languages with its hreflang alternates (and x-default, the Vietnamese page), every post, news item and
// landing page of a live route; private routes never. robots.txt disallows the service paths and the private routes
// and points to the sitemap. Absolute URLs use PUBLIC_URL when it is set (production: the site's public address),
// else the origin of the request (the host the client asked for).
import { Hono, type Context } from 'hono';
import { LIVE_ROUTES } from '../../shared/domain/live-routes';
import { DEFAULT_LANG, LANGS, ROUTE_TABLE, pathFor, type Lang, type RouteName } from '../../shared/domain/route-table';
import { PRIVATE_ROUTES, isIndexable } from '../../shared/domain/seo';
import { API_BASE, HUB_BASE } from '../../shared/contract/envelope';
import type { SeoContent } from './seo-content';

/** Both files change with the content at most this often (the content API's cache time). */
const CACHE = 'public, max-age=300';

/** PUBLIC_URL ("https://vivu.vn") when set, else the request's own scheme and host. */
export function siteOrigin(c: Context, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PUBLIC_URL?.trim();
  if (configured) return new URL(configured).origin;
  return new URL(c.req.url).origin;
}

interface SitemapEntry {
  path: string;
  alternates: Partial<Record<Lang, string>>;
  lastmod?: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A route's path needs a param it does not have (`:slug` without `?`): only its content pages are listed. */
function needsParams(name: RouteName): boolean {
  return LANGS.some((lang) => /\/:[A-Za-z]+(?:\/|$)/.test(ROUTE_TABLE[name][lang]));
}

/** One entry per page and language: each lists every language's path of the page, itself included. */
export function sitemapEntries(
  routes: Iterable<RouteName>,
  content: Array<{ route: RouteName; alternates: Partial<Record<Lang, string>>; updated: string }>,
): SitemapEntry[] {
  const entries: SitemapEntry[] = [];
  const perLanguage = (alternates: Partial<Record<Lang, string>>, lastmod?: string) => {
    for (const lang of LANGS) {
      const path = alternates[lang];
      if (path) entries.push({ path, alternates, lastmod });
    }
  };
  const live = new Set(routes);
  for (const name of live) {
    if (!isIndexable(name) || needsParams(name)) continue;
    perLanguage(Object.fromEntries(LANGS.map((lang) => [lang, pathFor(name, lang)])));
  }
  const listed = new Set(entries.map((entry) => entry.path));
  for (const page of content) {
    if (!live.has(page.route)) continue;
    const fresh = Object.values(page.alternates).some((path) => !listed.has(path));
    if (fresh) perLanguage(page.alternates, page.updated ? page.updated.slice(0, 10) : undefined);
  }
  return entries;
}

export function renderSitemap(entries: SitemapEntry[], origin: string): string {
  const urls = entries.map(({ path, alternates, lastmod }) => {
    const links = LANGS.filter((lang) => alternates[lang]).map(
      (lang) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + alternates[lang])}"/>`,
    );
    const fallback = alternates[DEFAULT_LANG];
    if (fallback && links.length > 1) {
      links.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + fallback)}"/>`);
    }
    return [
      '  <url>',
      `    <loc>${escapeXml(origin + path)}</loc>`,
      ...(lastmod ? [`    <lastmod>${lastmod}</lastmod>`] : []),
      ...links,
      '  </url>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** The path of a private route up to its first param (ticket-detail: "/chi-tiet-ma-ve/"). */
function disallowedPath(pattern: string): string {
  const param = pattern.indexOf('/:');
  return param < 0 ? pattern : pattern.slice(0, param + 1);
}

export function renderRobots(origin: string): string {
  const private_ = [...PRIVATE_ROUTES].flatMap((name) => LANGS.map((lang) => disallowedPath(ROUTE_TABLE[name][lang])));
  const disallow = [`${API_BASE}/`, `${HUB_BASE}/`, ...new Set(private_)];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapRoutes(content: SeoContent, env: NodeJS.ProcessEnv = process.env) {
  const routes = new Hono();
  routes.get('/sitemap.xml', async (c) => {
    const entries = sitemapEntries(LIVE_ROUTES, await content.all());
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', CACHE);
    return c.body(renderSitemap(entries, siteOrigin(c, env)));
  });
  routes.get('/robots.txt', (c) => {
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('Cache-Control', CACHE);
    return c.body(renderRobots(siteOrigin(c, env)));
  });
  return routes;
}
