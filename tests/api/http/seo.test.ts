// SEO as crawlers see it: the HTML shell of a live route carries its title, description, canonical, hreflang
// alternates (vi, en, x-default) and Open Graph tags without running the app; a blog post's come from the content; an
// unknown slug is the not-found page (404, noindex); private routes are noindex; sitemap.xml lists both languages with
// alternates and the content pages, never a private route; robots.txt keeps crawlers out of the API and private pages.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_BLOG_POSTS } from '../../../src/server/db/content-data/blog';
import { SEO_TEXTS } from '../../../src/shared/domain/seo-texts';
import { createTestApp, type TestApp } from '../helpers/app';

// The shape of the built index.html: a generic title and a description written over several lines.
const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <title>Vivu – Đặt xe sân bay, đường dài, thuê xe theo giờ</title>
    <meta
      name="description"
      content="Đặt xe đưa đón sân bay."
    />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body><div id="root"></div></body>
</html>
`;

const ORIGIN = 'http://localhost';

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-seo-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The shell of a path, parsed just enough to read its head tags. */
async function shell(path: string, init?: RequestInit) {
  const res = await t.app.request(path, init);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const attr = (pattern: RegExp) => {
    const found = pattern.exec(head)?.[1];
    return found === undefined ? null : decode(found);
  };
  return {
    res,
    html,
    head,
    lang: attr(/<html lang="([^"]*)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    titles: head.match(/<title>/g)?.length ?? 0,
    descriptions: head.match(/name="description"/g)?.length ?? 0,
    description: attr(/<meta name="description" content="([^"]*)"/),
    robots: attr(/<meta name="robots" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    alternate: (lang: string) => attr(new RegExp(`<link rel="alternate" hreflang="${lang}" href="([^"]*)"`)),
    og: (property: string) => attr(new RegExp(`<meta property="og:${property}" content="([^"]*)"`)),
  };
}

describe('the shell of a page', () => {
  it('a Vietnamese route carries its title, description, canonical, both alternates and Open Graph', async () => {
    const page = await shell('/cau-hoi-thuong-gap');
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.lang).toBe('vi');
    expect(page.title).toBe(`${SEO_TEXTS.faqs.vi.title} – Vivu`);
    expect(page.titles).toBe(1);
    expect(page.description).toBe(SEO_TEXTS.faqs.vi.description);
    expect(page.descriptions).toBe(1);
    expect(page.robots).toBe('index,follow');
    expect(page.canonical).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(page.alternate('vi')).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(page.alternate('en')).toBe(`${ORIGIN}/en/faqs`);
    expect(page.alternate('x-default')).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(page.og('title')).toBe(page.title);
    expect(page.og('description')).toBe(page.description);
    expect(page.og('url')).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(page.og('locale')).toBe('vi_VN');
    expect(page.og('type')).toBe('website');
    expect(page.og('image')).toBe(`${ORIGIN}/screenshots/wide-vi.png`);
    // The rest of the document is untouched.
    expect(page.head).toContain('<meta charset="UTF-8" />');
    expect(page.head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(page.html).toContain('<body><div id="root"></div></body>');
  });

  it('an English route is in English, with the same alternates', async () => {
    const page = await shell('/en');
    expect(page.res.status).toBe(200);
    expect(page.lang).toBe('en');
    expect(page.title).toBe(SEO_TEXTS.home.en.title);
    expect(page.description).toBe(SEO_TEXTS.home.en.description);
    expect(page.canonical).toBe(`${ORIGIN}/en`);
    expect(page.alternate('vi')).toBe(`${ORIGIN}/`);
    expect(page.alternate('en')).toBe(`${ORIGIN}/en`);
    expect(page.alternate('x-default')).toBe(`${ORIGIN}/`);
    expect(page.og('locale')).toBe('en_US');
    expect(page.og('locale:alternate')).toBe('vi_VN');
    expect(page.og('image')).toBe(`${ORIGIN}/screenshots/wide-en.png`);
  });

  it('a blog post takes its title and summary from the content, its alternate from its translation', async () => {
    const seeded = SEED_BLOG_POSTS.find((post) => post.key === 'noi-bai-guide')!;
    const page = await shell(`/en/blog/${seeded.en.slug}`);
    expect(page.res.status).toBe(200);
    expect(page.title).toBe(`${seeded.en.title} – Vivu`);
    expect(page.description?.startsWith(seeded.en.summary.slice(0, 40))).toBe(true);
    expect(page.canonical).toBe(`${ORIGIN}/en/blog/${seeded.en.slug}`);
    expect(page.alternate('vi')).toBe(`${ORIGIN}/blog/${seeded.vi.slug}`);
    expect(page.alternate('en')).toBe(`${ORIGIN}/en/blog/${seeded.en.slug}`);
    expect(page.og('type')).toBe('article');
    expect(page.robots).toBe('index,follow');
  });

  it('an unknown blog slug and a path outside the table are the not-found page, noindex', async () => {
    for (const path of ['/blog/khong-co-bai-nay', '/en/no-such-page']) {
      const page = await shell(path);
      expect(page.res.status, path).toBe(404);
      expect(page.robots).toBe('noindex,nofollow');
      expect(page.canonical).toBeNull();
    }
    expect((await shell('/en/no-such-page')).title).toBe('Page not found – Vivu');
  });

  it.each(['/tai-khoan', '/en/account', '/thong-tin-khach-hang', '/dat-xe-thanh-cong', '/chi-tiet-ma-ve/VV1234/0912345678'])(
    'the private page %s is noindex, with no canonical or alternates',
    async (path) => {
      const page = await shell(path);
      expect(page.res.status).toBe(200);
      expect(page.robots).toBe('noindex,nofollow');
      expect(page.canonical).toBeNull();
      expect(page.alternate('vi')).toBeNull();
      expect(page.og('url')).toBeNull();
      expect(page.head).not.toContain('0912345678');
    },
  );

  it('the partner console is noindex', async () => {
    expect((await shell('/doi-tac/bang-dieu-khien')).robots).toBe('noindex,nofollow');
  });

  it('is compressed and revalidated like the plain document, with its own ETag', async () => {
    const plain = await shell('/cau-hoi-thuong-gap');
    const br = await t.app.request('/cau-hoi-thuong-gap', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const etag = br.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect(etag).toBe(plain.res.headers.get('etag'));
    expect((await t.app.request('/cau-hoi-thuong-gap', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(etag).not.toBe((await t.app.request('/en/faqs')).headers.get('etag'));
  });

  it('absolute URLs follow the host the client asked for', async () => {
    const page = await shell('http://vivu.example/en/faqs');
    expect(page.canonical).toBe('http://vivu.example/en/faqs');
  });
});

describe('sitemap.xml', () => {
  let xml: string;
  beforeAll(async () => {
    const res = await t.app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    xml = await res.text();
  });

  const entry = (loc: string) => {
    const start = xml.indexOf(`<loc>${loc}</loc>`);
    return start < 0 ? null : xml.slice(start, xml.indexOf('</url>', start));
  };

  it('is a sitemap with hreflang alternates', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('lists a page in both languages, each with both alternates and x-default', () => {
    for (const loc of [`${ORIGIN}/cau-hoi-thuong-gap`, `${ORIGIN}/en/faqs`]) {
      const url = entry(loc);
      expect(url, loc).not.toBeNull();
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="vi" href="${ORIGIN}/cau-hoi-thuong-gap"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}/en/faqs"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/cau-hoi-thuong-gap"/>`);
    }
    expect(entry(`${ORIGIN}/`)).not.toBeNull();
    expect(entry(`${ORIGIN}/en`)).not.toBeNull();
  });

  it('lists the blog posts by their slug in each language, tied to their translation', () => {
    const seeded = SEED_BLOG_POSTS.find((post) => post.key === 'noi-bai-guide')!;
    const vi = entry(`${ORIGIN}/blog/${seeded.vi.slug}`);
    expect(vi).not.toBeNull();
    expect(vi).toContain(`hreflang="en" href="${ORIGIN}/en/blog/${seeded.en.slug}"`);
    expect(vi).toMatch(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
    expect(entry(`${ORIGIN}/en/blog/${seeded.en.slug}`)).not.toBeNull();
    expect(xml.match(/<loc>[^<]*\/blog\/[^<]+<\/loc>/g)?.length).toBe(SEED_BLOG_POSTS.length * 2);
  });

  it('lists no private page and no search result page', () => {
    for (const path of [
      '/tai-khoan',
      '/en/account',
      '/quan-ly-ma-ve',
      '/thong-tin-khach-hang',
      '/dat-xe-thanh-cong',
      '/dat-xe',
    ]) {
      expect(xml).not.toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    expect(xml).not.toMatch(/chi-tiet-ma-ve|doi-tac\/bang-dieu-khien|\/api\//);
  });
});

describe('robots.txt', () => {
  it('replaces the static file: keeps crawlers out of the API and private pages and names the sitemap', async () => {
    const res = await t.app.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of [
      '/api/',
      '/hub/',
      '/tai-khoan',
      '/en/account',
      '/thong-tin-khach-hang',
      '/dat-xe-thanh-cong',
      '/quan-ly-ma-ve',
      '/chi-tiet-ma-ve/',
      '/en/ticket/',
      '/doi-tac/bang-dieu-khien',
      '/en/partner/console',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /dat-xe');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('uses PUBLIC_URL for the sitemap address when it is set', async () => {
    const previous = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = 'https://vivu.vn/';
    try {
      const text = await (await t.app.request('/robots.txt')).text();
      expect(text).toContain('Sitemap: https://vivu.vn/sitemap.xml');
      const page = await shell('/en/faqs');
      expect(page.canonical).toBe('https://vivu.vn/en/faqs');
    } finally {
      if (previous === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = previous;
    }
  });
});
