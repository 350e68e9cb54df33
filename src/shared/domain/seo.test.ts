import { describe, expect, it } from 'vitest';
import { LANGS, ROUTE_TABLE, type RouteName } from './route-table';
import { headTags, pageTitle, shortDescription } from './seo';
import { SEO_TEXTS, notFoundMeta, routeMeta } from './seo-texts';

const ORIGIN = 'https://vivu.vn';

describe('SEO texts', () => {
  it.each(Object.keys(ROUTE_TABLE) as RouteName[])('%s has a title and a short description in both languages', (name) => {
    for (const lang of LANGS) {
      const text = SEO_TEXTS[name][lang];
      expect(text.title.length).toBeGreaterThan(3);
      expect(pageTitle(text.title).length).toBeLessThanOrEqual(80);
      expect(text.description.length).toBeGreaterThan(20);
      expect(text.description.length).toBeLessThanOrEqual(160);
    }
    expect(SEO_TEXTS[name].vi.title).not.toBe(SEO_TEXTS[name].en.title);
  });
});

describe('pageTitle and shortDescription', () => {
  it('adds the brand once', () => {
    expect(pageTitle('Câu hỏi thường gặp')).toBe('Câu hỏi thường gặp – Vivu');
    expect(pageTitle('Vivu – Đặt xe')).toBe('Vivu – Đặt xe');
    expect(pageTitle('  ')).toBe('Vivu');
  });

  it('cuts a long text at a word with an ellipsis', () => {
    const long = 'một '.repeat(80);
    const cut = shortDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('một…')).toBe(true);
    expect(shortDescription(' ngắn\n gọn ')).toBe('ngắn gọn');
  });
});

describe('routeMeta and headTags', () => {
  const find = (tags: ReturnType<typeof headTags>, key: string, value: string) => tags.filter((tag) => tag.attrs[key] === value);

  it('a public route: canonical, both alternates, x-default on the Vietnamese page, Open Graph', () => {
    const tags = headTags(routeMeta('faqs', 'en'), ORIGIN);
    expect(tags[0]).toEqual({ tag: 'title', attrs: {}, text: 'Frequently asked questions – Vivu' });
    expect(find(tags, 'rel', 'canonical')[0]?.attrs.href).toBe(`${ORIGIN}/en/faqs`);
    expect(find(tags, 'hreflang', 'vi')[0]?.attrs.href).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(find(tags, 'hreflang', 'en')[0]?.attrs.href).toBe(`${ORIGIN}/en/faqs`);
    expect(find(tags, 'hreflang', 'x-default')[0]?.attrs.href).toBe(`${ORIGIN}/cau-hoi-thuong-gap`);
    expect(find(tags, 'property', 'og:url')[0]?.attrs.content).toBe(`${ORIGIN}/en/faqs`);
    expect(find(tags, 'property', 'og:locale')[0]?.attrs.content).toBe('en_US');
    expect(find(tags, 'name', 'robots')[0]?.attrs.content).toBe('index,follow');
  });

  it('a private route is noindex without canonical, alternates or og:url', () => {
    const tags = headTags(routeMeta('ticket-detail', 'vi', { code: 'AB12', phone: '0912345678' }), ORIGIN);
    expect(find(tags, 'name', 'robots')[0]?.attrs.content).toBe('noindex,nofollow');
    expect(find(tags, 'rel', 'canonical')).toEqual([]);
    expect(find(tags, 'rel', 'alternate')).toEqual([]);
    expect(find(tags, 'property', 'og:url')).toEqual([]);
    expect(JSON.stringify(tags)).not.toContain('0912345678');
  });

  it('a price list is noindex but keeps its canonical; a content slug knows only its own path', () => {
    expect(routeMeta('price-list', 'vi')).toMatchObject({ robots: 'noindex,follow', path: '/dat-xe' });
    expect(routeMeta('blog', 'en', { slug: 'x' }).alternates).toEqual({ en: '/en/blog/x' });
    const tags = headTags(routeMeta('blog', 'en', { slug: 'x' }), ORIGIN);
    expect(find(tags, 'hreflang', 'x-default')).toEqual([]);
  });

  it('the not-found page is noindex', () => {
    expect(notFoundMeta('en')).toMatchObject({ title: 'Page not found', robots: 'noindex,nofollow', path: null });
  });
});
