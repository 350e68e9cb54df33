// "HTML that paints first": a public page's document carries its content rendered by the app's own
// components (src/app/entry-server.tsx, the module the build puts in dist/ssr), in the page's language, with the
// queries it shows in a JSON script; a post's title cannot open a script; private pages stay an empty shell.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../../src/app/entry-server';
import { SEED_BLOG_POSTS } from '../../../src/server/db/content-data/blog';
import { SEED_FAQ } from '../../../src/server/db/content-data/faq';
import { SEED_LANDING_PAGES } from '../../../src/server/db/content-data/landing';
import { contentPosts } from '../../../src/server/db/schema';
import { STATE_SCRIPT_ID } from '../../../src/shared/domain/page-state';
import vi from '../../../src/app/locales/vi.json';
import en from '../../../src/app/locales/en.json';
import { createTestApp, type TestApp } from '../helpers/app';

const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <title>Vivu</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/app.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The app's styles, which a rendered page carries in its head. */
const APP_CSS = '.hero{color:#0f766e}';

/** A title that would end the state script and run its own, if either were written unescaped. */
const HOSTILE_TITLE = 'Nội Bài </script><script>window.owned = 1</script> <!--';
/** What is served of it: its text (content is plain text, every tag and script dropped as it is read). */
const HOSTILE_TITLE_TEXT = 'Nội Bài';

let dir: string;
let t: TestApp;
const post = SEED_BLOG_POSTS[0]!;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-ssr-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'app.css'), APP_CSS);
  t = await createTestApp({ staticDir: dir, pageRenderer: entryServer });
  await t.db.database.db
    .update(contentPosts)
    .set({ title: HOSTILE_TITLE })
    .where(and(eq(contentPosts.slug, post.vi.slug), eq(contentPosts.lang, 'vi')));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A page's document: its root's markup as text (tags dropped, entities decoded), its scripts and its state. */
async function page(path: string) {
  const res = await t.app.request(path);
  const html = await res.text();
  const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(html)?.[1] ?? '';
  const text = root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const stateText = new RegExp(`<script type="application/json" id="${STATE_SCRIPT_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
  const state = stateText ? (JSON.parse(stateText) as { queries: Array<{ queryKey: unknown[] }> }) : null;
  return { res, html, root, text, state, scripts: html.match(/<script\b/g)?.length ?? 0 };
}

describe('server-rendered pages', () => {
  it('renders home in Vietnamese with the booking form and the settings it read', async () => {
    const { res, html, text, state } = await page('/');
    expect(res.status).toBe(200);
    expect(html).toContain('<html lang="vi"');
    expect(text).toContain(vi.home.heading);
    for (const label of [vi.booking.pick, vi.booking.drop, vi.booking.time]) expect(text).toContain(label);
    expect(text).not.toContain(en.home.heading);
    expect(state?.queries.map((query) => query.queryKey)).toContainEqual(['config', 'site-keys']);
  });

  it('renders home in English on /en', async () => {
    const { html, text, state } = await page('/en');
    expect(html).toContain('<html lang="en"');
    expect(text).toContain(en.home.heading);
    for (const label of [en.booking.pick, en.booking.drop, en.booking.time]) expect(text).toContain(label);
    expect(text).not.toContain(vi.home.heading);
    expect(state).not.toBeNull();
  });

  it('renders a blog post with its text from the content, and its title only as text', async () => {
    const { text, html, scripts, state } = await page(`/blog/${post.vi.slug}`);
    expect(text).toContain(HOSTILE_TITLE_TEXT);
    expect(text).toContain(post.vi.summary);
    // The shell's one module script and the state script: the title opened none.
    expect(scripts).toBe(2);
    expect(html).not.toContain('window.owned');
    expect(JSON.stringify(state)).toContain(HOSTILE_TITLE_TEXT);
    expect(JSON.stringify(state)).not.toContain('window.owned');
  });

  it('renders the FAQ with its questions, in each language', async () => {
    const question = SEED_FAQ[0]!;
    const viPage = await page('/cau-hoi-thuong-gap');
    expect(viPage.text).toContain(vi.routes.faqs);
    expect(viPage.text).toContain(question.questionVi);
    const enPage = await page('/en/faqs');
    expect(enPage.text).toContain(en.routes.faqs);
    expect(enPage.text).toContain(question.questionEn);
    expect(enPage.text).not.toContain(question.questionVi);
  });

  it('renders a landing page with its title from the content', async () => {
    const landing = SEED_LANDING_PAGES.find((row) => row.key === 'airport-noibai')!;
    expect((await page('/san-bay/taxi-noi-bai')).text).toContain(landing.titleVi);
    expect((await page('/en/airport/noi-bai-taxi')).text).toContain(landing.titleEn);
  });

  it('leaves a private page, and an unknown post, to the browser', async () => {
    for (const path of ['/quan-ly-ma-ve', '/blog/no-such-post']) {
      const { html, res } = await page(path);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(STATE_SCRIPT_ID);
      // Its styles stay a link, and its policy allows no inline style.
      expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css">');
      expect(html).not.toContain('<style>');
      expect(res.headers.get('content-security-policy')).toContain("style-src 'self';");
    }
  });

  it("carries its styles in its head, allowed by their hash in the page's own policy", async () => {
    const { html, res } = await page('/');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<style>${APP_CSS}</style>`);
    // The link stays, for no medium: it never applies, and the app's loader sees the styles are there.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/app.css" media="not all">');
    const hash = createHash('sha256').update(APP_CSS).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
  });
});
