// The server renders each public page once: its route's loaders fetch what it shows before the one render to HTML
// (src/app/entry-server.tsx), for every route the server renders, in both languages, with and without a slug.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../../src/app/entry-server';
import { SEED_BLOG_POSTS } from '../../../src/server/db/content-data/blog';
import { SEED_LANDING_PAGES } from '../../../src/server/db/content-data/landing';
import { SEED_NEWS } from '../../../src/server/db/content-data/news';
import { isRenderedRoute } from '../../../src/server/http/page-render';
import { isLandingRoute } from '../../../src/shared/domain/landing-routes';
import { LANGS, ROUTE_TABLE, pathFor, type Lang, type RouteName } from '../../../src/shared/domain/route-table';
import { createTestApp, type TestApp } from '../helpers/app';

const INDEX = `<!doctype html>
<html lang="vi">
  <head><meta charset="UTF-8" /><title>Vivu</title></head>
  <body><div id="root"></div></body>
</html>
`;

/** The public pages of a route in a language: its own path, and a page of each kind its slug can name. */
function pagesOf(name: RouteName, lang: Lang): string[] {
  const pattern: string = ROUTE_TABLE[name][lang];
  if (!pattern.includes(':slug')) return [pathFor(name, lang)];
  const slugs: string[] = [];
  if (name === 'blog') slugs.push(SEED_BLOG_POSTS[0]![lang].slug);
  else if (name === 'news') slugs.push(SEED_NEWS[0]![lang].slug);
  else if (isLandingRoute(name)) {
    const page = SEED_LANDING_PAGES.find((row) => row.routeName === name && row.key !== name);
    if (page) slugs.push(lang === 'vi' ? page.slugVi : page.slugEn);
  }
  const own = pattern.endsWith('?') ? [pathFor(name, lang)] : [];
  return [...own, ...slugs.map((slug) => pathFor(name, lang, { slug }))];
}

const PUBLIC_ROUTES = (Object.keys(ROUTE_TABLE) as RouteName[]).filter(isRenderedRoute);
const PAGES = PUBLIC_ROUTES.flatMap((name) => LANGS.flatMap((lang) => pagesOf(name, lang)));

let dir: string;
let t: TestApp;
const renders = new Map<string, number>();
const unloaded = new Map<string, string[]>();
let unwatch: () => void;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-ssr-count-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  t = await createTestApp({ staticDir: dir, pageRenderer: entryServer });
  unwatch = entryServer.watchRenders((seen) => {
    renders.set(seen.url, (renders.get(seen.url) ?? 0) + 1);
    unloaded.set(seen.url, [...(unloaded.get(seen.url) ?? []), ...seen.unloaded]);
  });
});
afterAll(async () => {
  unwatch();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('server renders', () => {
  it('covers every public route of the table, in both languages', () => {
    expect(PUBLIC_ROUTES).toEqual(expect.arrayContaining(['home', 'price-list', 'blog', 'news', 'faqs', 'about-us', 'travel']));
    for (const name of PUBLIC_ROUTES) for (const lang of LANGS) expect(pagesOf(name, lang).length).toBeGreaterThan(0);
    expect(PAGES.filter((path) => path.includes('/blog/') || path.includes('/du-lich/')).length).toBeGreaterThan(1);
  });

  it.each(PAGES)('renders %s once, with the data it shows', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<div id="root"></div>');
    expect(renders.get(path)).toBe(1);
    // Every public query the render read was there: none was left for a second render to show.
    expect(unloaded.get(path)).toEqual([]);
  });
});
