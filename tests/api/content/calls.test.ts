// The content calls over HTTP, in both languages: blog categories, paged posts (6 per page, the next page
// or -1), posts and news by slug (the other-language slug for the language switch, a foreign slug answering the
// translation, 404 with its key), news search with and without Vietnamese marks, FAQ, static pages by the spec's ids,
// landing pages with their route and the pricing engine's fares, featured posts, popular routes (whose components
// open a real price list), media and environmental impact (its texts; the figures from tickets: tests/api/content/live-figures.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_PAGE_SIZE,
  CONTENT_ERROR_KEYS,
  CONTENT_PATHS,
  NO_MORE_PAGES,
  STATIC_PAGE_IDS,
  blogCategoriesResponseSchema,
  faqCategoriesResponseSchema,
  faqQuestionsResponseSchema,
  featuredPostsResponseSchema,
  homepageImpactResponseSchema,
  homepageMediaResponseSchema,
  landingPageResponseSchema,
  popularChunksResponseSchema,
  postDetailResponseSchema,
  postListResponseSchema,
  staticPageResponseSchema,
  type ContentBlock,
} from '../../../src/shared/contract/content';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { PLACES_PATHS, placeResponseSchema } from '../../../src/shared/contract/places';
import { PRICING_PATHS, priceListResponseSchema, type PriceOption } from '../../../src/shared/contract/pricing';
import { LANGS, matchPath, type Lang } from '../../../src/shared/domain/route-table';
import { SEED_BLOG_POSTS } from '../../../src/server/db/content-data/blog';
import { LEGACY_IMPACT_METHODS_EN, SEED_IMPACT } from '../../../src/server/db/content-data/home';
import { SEED_LANDING_PAGES } from '../../../src/server/db/content-data/landing';
import { SEED_NEWS } from '../../../src/server/db/content-data/news';
import { seedContent } from '../../../src/server/db/seed-content';
import { contentImpactFigures, contentPosts } from '../../../src/server/db/schema';
import { inTwoDays } from '../helpers/booking';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CACHE = 'public, no-cache';
/** The home's sections the desk does not edit. */
const HOME_CACHE = 'public, max-age=300';

async function get(path: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const res = await t.app.request(qs ? `${path}?${qs}` : path);
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as unknown };
}

async function notFound(path: string, query: Record<string, string | number>, key: string) {
  const res = await get(path, query);
  expect(res.status).toBe(404);
  expect(failureSchema.validateSync(res.body).message).toBe(key);
  expect(res.cache).toBe('no-store');
}

/** Written in the language: common words of it, none of the other's (English keeps Vietnamese place names). */
function writtenIn(lang: Lang, text: string): boolean {
  const vi = / (và|của|bạn|được|các|cho) /.test(` ${text} `);
  const en = / (the|and|you|your|of|to) /i.test(` ${text} `);
  return lang === 'vi' ? vi && !/ (the|your) /i.test(` ${text} `) : en && !vi;
}
const textOf = (body: ContentBlock[]) => body.map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text)).join(' ');
const blogCount = SEED_BLOG_POSTS.length;

describe('content seed', () => {
  it('runs again without error and adds nothing (idempotent)', async () => {
    const before = await t.db.database.db.select().from(contentPosts);
    await seedContent(t.db.database.db);
    const after = await t.db.database.db.select().from(contentPosts);
    expect(after.length).toBe(before.length);
    expect(blogCount).toBeGreaterThan(BLOG_PAGE_SIZE);
  });
});

describe('impact texts of the first seed', () => {
  it('are replaced by the computed figures’ method texts; a row an editor changed is kept', async () => {
    const db = t.db.database.db;
    await db
      .update(contentImpactFigures)
      .set({ value: 236000, methodEn: LEGACY_IMPACT_METHODS_EN.car_km_avoided! })
      .where(eq(contentImpactFigures.key, 'car_km_avoided'));
    await db
      .update(contentImpactFigures)
      .set({ methodEn: 'Edited by the team.' })
      .where(eq(contentImpactFigures.key, 'shared_seat_km'));
    await seedContent(db);
    const rows = new Map((await db.select().from(contentImpactFigures)).map((row) => [row.key, row]));
    const seeded = SEED_IMPACT.find((figure) => figure.key === 'car_km_avoided')!;
    expect(rows.get('car_km_avoided')).toMatchObject({ value: 0, methodEn: seeded.methodEn, methodVi: seeded.methodVi });
    expect(rows.get('shared_seat_km')?.methodEn).toBe('Edited by the team.');
    const original = SEED_IMPACT.find((figure) => figure.key === 'shared_seat_km')!;
    await db
      .update(contentImpactFigures)
      .set({ methodEn: original.methodEn })
      .where(eq(contentImpactFigures.key, 'shared_seat_km'));
  });
});

describe.each(LANGS)('blog in %s', (lang: Lang) => {
  it('lists the categories with their post counts, cacheable', async () => {
    const res = await get(CONTENT_PATHS.blogCategories, { lang });
    expect(res.status).toBe(200);
    expect(res.cache).toBe(CACHE);
    const { items } = blogCategoriesResponseSchema.validateSync(res.body).data;
    expect(items.map((c) => c.key)).toEqual(['airport', 'travel', 'tips']);
    expect(items.reduce((sum, c) => sum + c.post_count, 0)).toBe(blogCount);
    if (lang === 'vi') expect(items[0]!.name).toBe('Đi sân bay');
    else expect(items[0]!.name).toBe('Airport transfers');
  });

  it('pages the posts 6 at a time, newest first, page -1 at the end', async () => {
    const first = postListResponseSchema.validateSync((await get(CONTENT_PATHS.listPosts, { lang })).body).data;
    expect(first.items).toHaveLength(BLOG_PAGE_SIZE);
    expect(first.per_page).toBe(BLOG_PAGE_SIZE);
    expect(first.total).toBe(blogCount);
    expect(first.page).toBe(2);
    const times = first.items.map((p) => p.published_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = postListResponseSchema.validateSync((await get(CONTENT_PATHS.listPosts, { lang, page: 2 })).body).data;
    expect(second.items).toHaveLength(blogCount - BLOG_PAGE_SIZE);
    expect(second.page).toBe(NO_MORE_PAGES);
    const slugs = [...first.items, ...second.items].map((p) => p.slug);
    expect(new Set(slugs).size).toBe(blogCount);
    const beyond = postListResponseSchema.validateSync((await get(CONTENT_PATHS.listPosts, { lang, page: 3 })).body).data;
    expect(beyond.items).toEqual([]);
    expect(beyond.page).toBe(NO_MORE_PAGES);
    for (const post of first.items) {
      expect(post.kind).toBe('blog');
      expect(matchPath(post.path)).toMatchObject({ name: 'blog', lang, params: { slug: post.slug } });
    }
  });

  it('filters by a category slug of the language; an unknown slug is 404', async () => {
    const categories = blogCategoriesResponseSchema.validateSync((await get(CONTENT_PATHS.blogCategories, { lang })).body).data
      .items;
    const travel = categories.find((c) => c.key === 'travel')!;
    const list = postListResponseSchema.validateSync(
      (await get(CONTENT_PATHS.listPosts, { lang, category: travel.slug })).body,
    ).data;
    expect(list.total).toBe(travel.post_count);
    expect(list.items.every((p) => p.category_key === 'travel')).toBe(true);
    await notFound(CONTENT_PATHS.listPosts, { lang, category: 'no-such-category' }, CONTENT_ERROR_KEYS.categoryNotFound);
  });

  it('answers a post by slug with its body, the other language’s slug and related posts', async () => {
    const seeded = SEED_BLOG_POSTS.find((p) => p.key === 'noi-bai-guide')!;
    const otherLang: Lang = lang === 'vi' ? 'en' : 'vi';
    const res = await get(CONTENT_PATHS.blogPost, { lang, slug: seeded[lang].slug });
    expect(res.status).toBe(200);
    expect(res.cache).toBe(CACHE);
    const post = postDetailResponseSchema.validateSync(res.body).data;
    expect(post.title).toBe(seeded[lang].title);
    expect(post.body.length).toBeGreaterThan(3);
    expect(post.body.some((b) => b.type === 'h2')).toBe(true);
    expect(post.body.some((b) => b.type === 'ul')).toBe(true);
    expect(textOf(post.body)).not.toMatch(/lorem|ipsum|<[a-z]/i);
    expect(writtenIn(lang, textOf(post.body))).toBe(true);
    expect(post.alternate).toEqual({
      lang: otherLang,
      slug: seeded[otherLang].slug,
      path: otherLang === 'en' ? `/en/blog/${seeded.en.slug}` : `/blog/${seeded.vi.slug}`,
    });
    expect(post.related.length).toBe(3);
    expect(post.related.map((r) => r.slug)).not.toContain(post.slug);
    expect(post.related[0]!.category_key).toBe('airport');
  });

  it('answers the translation for a slug of the other language (the switch keeps the path’s slug)', async () => {
    const seeded = SEED_BLOG_POSTS.find((p) => p.key === 'shared-rides')!;
    const foreign = seeded[lang === 'vi' ? 'en' : 'vi'].slug;
    const post = postDetailResponseSchema.validateSync((await get(CONTENT_PATHS.blogPost, { lang, slug: foreign })).body).data;
    expect(post.slug).toBe(seeded[lang].slug);
    expect(post.title).toBe(seeded[lang].title);
  });

  it('answers 404 with its key for an unknown slug, and 400 without a slug', async () => {
    await notFound(CONTENT_PATHS.blogPost, { lang, slug: 'no-such-post' }, CONTENT_ERROR_KEYS.postNotFound);
    const res = await get(CONTENT_PATHS.blogPost, { lang });
    expect(res.status).toBe(400);
    expect(failureSchema.validateSync(res.body).message).toBe(ERROR_KEYS.validation);
  });

  it('lists the featured posts, newest first, within the limit', async () => {
    const res = await get(CONTENT_PATHS.featuredPosts, { lang });
    expect(res.cache).toBe(CACHE);
    const { items } = featuredPostsResponseSchema.validateSync(res.body).data;
    const featured = SEED_BLOG_POSTS.filter((p) => p.featured).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    expect(items.map((p) => p.slug)).toEqual(featured.slice(0, 4).map((p) => p[lang].slug));
    const two = featuredPostsResponseSchema.validateSync((await get(CONTENT_PATHS.featuredPosts, { lang, limit: 2 })).body).data;
    expect(two.items).toHaveLength(2);
  });
});

describe.each(LANGS)('news in %s', (lang: Lang) => {
  it('lists the news of 2026, newest first', async () => {
    const res = await get(CONTENT_PATHS.newses, { lang });
    expect(res.cache).toBe(CACHE);
    const list = postListResponseSchema.validateSync(res.body).data;
    expect(list.total).toBe(SEED_NEWS.length);
    expect(list.page).toBe(NO_MORE_PAGES);
    expect(list.items[0]!.slug).toBe(SEED_NEWS.find((n) => n.key === 'offline-app')![lang].slug);
    for (const item of list.items) {
      expect(item.published_at.startsWith('2026-')).toBe(true);
      expect(item.source).toBe('Vivu');
      expect(matchPath(item.path)).toMatchObject({ name: 'news', lang, params: { slug: item.slug } });
    }
  });

  it('searches ignoring case and Vietnamese marks', async () => {
    const search = async (text: string) =>
      postListResponseSchema
        .validateSync((await get(CONTENT_PATHS.newses, { lang, search: text })).body)
        .data.items.map((i) => i.slug)
        .sort();
    const withMarks = await search('Nội Bài');
    expect(withMarks.length).toBeGreaterThan(0);
    expect(withMarks.length).toBeLessThan(SEED_NEWS.length);
    expect(await search('noi bai')).toEqual(withMarks);
    expect(await search('NOI BAI')).toEqual(withMarks);
    const expected = SEED_NEWS.filter((n) => {
      const text = `${n[lang].title} ${n[lang].summary} ${n[lang].body}`.normalize('NFC');
      return text.includes('Nội Bài');
    }).map((n) => n[lang].slug);
    expect(withMarks).toEqual(expected.sort());
    expect(await search('phú quốc cam ranh')).toEqual([SEED_NEWS.find((n) => n.key === 'new-airports')![lang].slug]);
    expect(await search('zzzz không có')).toEqual([]);
  });

  it('answers a news item by slug with the other language for sharing and switching; unknown is 404', async () => {
    const seeded = SEED_NEWS.find((n) => n.key === 'online-payments')!;
    const item = postDetailResponseSchema.validateSync(
      (await get(CONTENT_PATHS.news, { lang, slug: seeded[lang].slug })).body,
    ).data;
    expect(item.kind).toBe('news');
    expect(item.title).toBe(seeded[lang].title);
    expect(item.alternate?.slug).toBe(seeded[lang === 'vi' ? 'en' : 'vi'].slug);
    expect(item.alternate?.path).toBe(lang === 'vi' ? `/en/press/${seeded.en.slug}` : `/bao-chi/${seeded.vi.slug}`);
    await notFound(CONTENT_PATHS.news, { lang, slug: 'no-such-news' }, CONTENT_ERROR_KEYS.newsNotFound);
    // A blog slug is not a news slug.
    await notFound(CONTENT_PATHS.news, { lang, slug: SEED_BLOG_POSTS[0]![lang].slug }, CONTENT_ERROR_KEYS.newsNotFound);
  });
});

describe.each(LANGS)('FAQ in %s', (lang: Lang) => {
  it('lists at least 4 categories with at least 3 questions each', async () => {
    const res = await get(CONTENT_PATHS.faqCategories, { lang });
    expect(res.cache).toBe(CACHE);
    const { items } = faqCategoriesResponseSchema.validateSync(res.body).data;
    expect(items.map((c) => c.key)).toEqual(['booking', 'payment', 'cancellation', 'account']);
    for (const category of items) expect(category.question_count).toBeGreaterThanOrEqual(3);
  });

  it('answers the questions of one category or all of them; an unknown category is 404', async () => {
    const all = faqQuestionsResponseSchema.validateSync((await get(CONTENT_PATHS.faqQuestions, { lang })).body).data.items;
    expect(all.length).toBeGreaterThanOrEqual(12);
    const payment = faqQuestionsResponseSchema.validateSync(
      (await get(CONTENT_PATHS.faqQuestions, { lang, category: 'payment' })).body,
    ).data.items;
    expect(payment.length).toBeGreaterThanOrEqual(3);
    expect(payment.every((q) => q.category_key === 'payment')).toBe(true);
    expect(textOf(payment.flatMap((q) => q.answer))).toMatch(lang === 'vi' ? /Tiền mặt/ : /Cash/);
    expect(writtenIn(lang, textOf(all.flatMap((q) => q.answer)))).toBe(true);
    await notFound(CONTENT_PATHS.faqQuestions, { lang, category: 'nope' }, CONTENT_ERROR_KEYS.categoryNotFound);
  });
});

describe.each(LANGS)('static pages in %s', (lang: Lang) => {
  const expected: Record<keyof typeof STATIC_PAGE_IDS, string> = {
    complaints: 'complaints',
    corporateCustomer: 'corporate-customer',
    privacyPolicy: 'privacy-policy',
    transportPolicy: 'transport-policy',
    userGuide: 'instructions-for-use',
    jobs: 'jobs',
    aboutUs: 'about-us',
  };

  it.each(Object.entries(STATIC_PAGE_IDS))('answers %s by its id', async (key, id) => {
    const res = await get(CONTENT_PATHS.staticPage, { lang, id });
    expect(res.status).toBe(200);
    expect(res.cache).toBe(CACHE);
    const page = staticPageResponseSchema.validateSync(res.body).data;
    expect(page.id).toBe(id);
    expect(page.key).toBe(key);
    expect(page.route_name).toBe(expected[key as keyof typeof STATIC_PAGE_IDS]);
    expect(matchPath(page.path)).toMatchObject({ name: page.route_name, lang });
    expect(page.body.length).toBeGreaterThan(2);
    expect(writtenIn(lang, textOf(page.body))).toBe(true);
  });

  it('keeps the privacy policy true to what the app stores', async () => {
    const page = staticPageResponseSchema.validateSync(
      (await get(CONTENT_PATHS.staticPage, { lang, id: STATIC_PAGE_IDS.privacyPolicy })).body,
    ).data;
    const text = textOf(page.body);
    expect(text).toMatch(/AES-GCM/);
    expect(text).toMatch(/SMS/);
    expect(text).toMatch(lang === 'vi' ? /không nhận và không lưu dữ liệu thẻ/ : /never receives or stores card data/);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    await notFound(CONTENT_PATHS.staticPage, { lang, id: 999 }, CONTENT_ERROR_KEYS.pageNotFound);
    expect((await get(CONTENT_PATHS.staticPage, { lang, id: 'abc' })).status).toBe(400);
  });
});

describe.each(LANGS)('landing pages in %s', (lang: Lang) => {
  it.each(SEED_LANDING_PAGES.map((p) => [p.key, p] as const))('%s answers its route, fares and path', async (_key, seeded) => {
    const byKey = await get(CONTENT_PATHS.landingPage, { lang, key: seeded.key });
    expect(byKey.status).toBe(200);
    expect(byKey.cache).toBe(CACHE);
    const page = landingPageResponseSchema.validateSync(byKey.body).data;
    expect(page.kind).toBe(seeded.kind);
    expect(page.route_name).toBe(seeded.routeName);
    expect(page.slug).toBe(lang === 'vi' ? seeded.slugVi : seeded.slugEn);
    expect(page.title).toBe(lang === 'vi' ? seeded.titleVi : seeded.titleEn);
    const match = matchPath(page.path);
    expect(match).toMatchObject({ name: seeded.routeName, lang });
    expect(matchPath(page.alternate!.path)).toMatchObject({ name: seeded.routeName, lang: lang === 'vi' ? 'en' : 'vi' });
    expect(page.route.pick.address_component.place_id).toBe(seeded.pick);
    expect(page.route.drop.address_component.place_id).toBe(seeded.drop);
    expect(page.route.dimension_id).toBe(seeded.dimensionId);
    expect(page.fares.length).toBeGreaterThan(0);
    expect(page.distance_km).toBeGreaterThan(0);
    expect(page.siblings.every((s) => s.key !== seeded.key && matchPath(s.path) !== null)).toBe(true);
    // The same page by its slug.
    const bySlug = landingPageResponseSchema.validateSync(
      (await get(CONTENT_PATHS.landingPage, { lang, slug: page.slug })).body,
    ).data;
    expect(bySlug.key).toBe(seeded.key);
  });

  it('prices the fares with the pricing engine: each is the cheapest offer of the price list for the same route', async () => {
    const page = landingPageResponseSchema.validateSync(
      (await get(CONTENT_PATHS.landingPage, { lang, key: 'airport-noibai' })).body,
    ).data;
    const items: PriceOption[] = [];
    for (let next = 1; next !== NO_MORE_PAGES;) {
      const res = await get(PRICING_PATHS.priceList, {
        lang,
        depart_time: page.fares_depart_time,
        dimension_id: page.route.dimension_id,
        pick_address: page.route.pick.address,
        pick_address_component: JSON.stringify(page.route.pick.address_component),
        drop_address: page.route.drop.address,
        drop_address_component: JSON.stringify(page.route.drop.address_component),
        page: next,
      });
      expect(res.status).toBe(200);
      const data = priceListResponseSchema.validateSync(res.body).data;
      items.push(...data.items);
      next = data.page;
    }
    for (const fare of page.fares) {
      const offers = items.filter((i) => !i.hide && i.vehicle_id === fare.vehicle_id && i.ride_method_id === fare.ride_method_id);
      expect(offers).toHaveLength(fare.offers);
      expect(fare.price_from).toBe(Math.min(...offers.map((o) => o.merged)));
    }
    expect(page.fares.some((f) => f.ride_method_id === 2)).toBe(true);
  });

  it('answers the translation for the other language’s slug; 404 for an unknown slug or another kind', async () => {
    const halong = SEED_LANDING_PAGES.find((p) => p.key === 'long-hanoi-halong')!;
    const foreign = lang === 'vi' ? halong.slugEn : halong.slugVi;
    const page = landingPageResponseSchema.validateSync(
      (await get(CONTENT_PATHS.landingPage, { lang, slug: foreign, kind: 'long_distance' })).body,
    ).data;
    expect(page.slug).toBe(lang === 'vi' ? halong.slugVi : halong.slugEn);
    await notFound(CONTENT_PATHS.landingPage, { lang, slug: 'no-such-route' }, CONTENT_ERROR_KEYS.landingNotFound);
    await notFound(CONTENT_PATHS.landingPage, { lang, slug: halong.slugVi, kind: 'travel' }, CONTENT_ERROR_KEYS.landingNotFound);
    const res = await get(CONTENT_PATHS.landingPage, { lang });
    expect(res.status).toBe(400);
    expect(failureSchema.validateSync(res.body).errors?.[0]?.message).toBe(CONTENT_ERROR_KEYS.slugOrKey);
  });
});

describe.each(LANGS)('home sections in %s', (lang: Lang) => {
  it('popular routes carry valid components that open a prefilled price list', async () => {
    const res = await get(CONTENT_PATHS.popularChunks, { lang });
    expect(res.cache).toBe(HOME_CACHE);
    const { items } = popularChunksResponseSchema.validateSync(res.body).data;
    expect(items.length).toBeGreaterThanOrEqual(6);
    for (const chunk of items) {
      expect(chunk.price_from).toBeGreaterThan(0);
      // The place id gives the same component back (the price-list URL carries only the ids).
      for (const end of [chunk.pick, chunk.drop]) {
        const detail = placeResponseSchema.validateSync(
          (await get(PLACES_PATHS.placeDetail, { lang, place_id: end.address_component.place_id })).body,
        );
        expect(detail.result.address_component).toEqual(end.address_component);
        expect(detail.result.address).toBe(end.address);
      }
    }
    const first = items[0]!;
    const prices = await get(PRICING_PATHS.priceList, {
      lang,
      depart_time: inTwoDays('10:00'),
      dimension_id: first.dimension_id,
      pick_address: first.pick.address,
      pick_address_component: JSON.stringify(first.pick.address_component),
      drop_address: first.drop.address,
      drop_address_component: JSON.stringify(first.drop.address_component),
    });
    expect(prices.status).toBe(200);
    expect(priceListResponseSchema.validateSync(prices.body).data.items.length).toBeGreaterThan(0);
    expect(items.map((i) => i.title).join(' ')).toMatch(lang === 'vi' ? /TP\.HCM/ : /Ho Chi Minh City/);
  });

  it('media items lead to our own news pages in the language', async () => {
    const res = await get(CONTENT_PATHS.homepageMedia, { lang });
    expect(res.cache).toBe(HOME_CACHE);
    const { items } = homepageMediaResponseSchema.validateSync(res.body).data;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(matchPath(item.path)).toMatchObject({ name: 'news', lang });
      const slug = matchPath(item.path)!.params.slug!;
      expect((await get(CONTENT_PATHS.news, { lang, slug })).status).toBe(200);
    }
  });

  it('environmental impact has no figures before any trip is completed (tests/api/content/live-figures.test.ts completes some)', async () => {
    const res = await get(CONTENT_PATHS.homepageImpact, { lang });
    expect(res.cache).toBe(HOME_CACHE);
    const data = homepageImpactResponseSchema.validateSync(res.body).data;
    expect(data.items).toEqual([]);
    expect(data.period_start <= data.period_end).toBe(true);
    // The texts shown with the computed figures: each says how it is computed; the CO₂ one names its factor.
    const rows = await t.db.database.db.select().from(contentImpactFigures);
    expect(rows.map((row) => row.key).sort()).toEqual([
      'car_km_avoided',
      'co2_kg_avoided',
      'shared_seat_km',
      'shared_share_percent',
    ]);
    for (const row of rows) expect((lang === 'vi' ? row.methodVi : row.methodEn).length).toBeGreaterThan(30);
    const co2 = rows.find((row) => row.key === 'co2_kg_avoided')!;
    expect(lang === 'vi' ? co2.methodVi : co2.methodEn).toMatch(lang === 'vi' ? /0,17 kg CO₂/ : /0\.17 kg CO₂/);
  });
});
