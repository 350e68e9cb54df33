// The editorial content (texts in ./content-data): blog, news, FAQ, static pages, landing pages and the
// home sections. Idempotent like seed(): every row is inserted with ON CONFLICT DO NOTHING, so an editor's change in
// the database survives restarts.
import { and, eq } from 'drizzle-orm';
import { searchText } from '../../shared/domain/search-text';
import type { Db } from './client';
import { blocks, blocksText } from './content-data/blocks';
import { SEED_BLOG_CATEGORIES, SEED_BLOG_POSTS, type SeedPost } from './content-data/blog';
import { SEED_FAQ, SEED_FAQ_CATEGORIES } from './content-data/faq';
import { IMPACT_PERIOD, LEGACY_IMPACT_METHODS_EN, SEED_IMPACT, SEED_MEDIA, SEED_POPULAR_CHUNKS } from './content-data/home';
import { SEED_LANDING_PAGES } from './content-data/landing';
import { SEED_NEWS } from './content-data/news';
import { SEED_STATIC_PAGES } from './content-data/pages';
import {
  contentBlogCategories,
  contentFaqCategories,
  contentFaqQuestions,
  contentImpactFigures,
  contentLandingPages,
  contentMedia,
  contentPopularChunks,
  contentPosts,
  contentStaticPages,
} from './schema';

/** About 200 words a minute, at least one. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 200));
}

function postRows(kind: 'blog' | 'news', posts: SeedPost[]): (typeof contentPosts.$inferInsert)[] {
  return posts.flatMap((post) =>
    (['vi', 'en'] as const).map((lang) => {
      const text = post[lang];
      const body = blocks(text.body);
      const plain = `${text.title} ${text.summary} ${blocksText(body)}`;
      return {
        kind,
        lang,
        slug: text.slug,
        translationKey: post.key,
        categoryKey: post.category,
        title: text.title,
        summary: text.summary,
        body,
        author: post.author[lang],
        source: post.source,
        readingMinutes: readingMinutes(plain),
        featured: post.featured,
        searchText: searchText(plain),
        publishedAt: new Date(post.publishedAt),
      };
    }),
  );
}

export async function seedContent(db: Db): Promise<void> {
  await db
    .insert(contentBlogCategories)
    .values([...SEED_BLOG_CATEGORIES])
    .onConflictDoNothing();
  await db
    .insert(contentPosts)
    .values([...postRows('blog', SEED_BLOG_POSTS), ...postRows('news', SEED_NEWS)])
    .onConflictDoNothing();
  await db
    .insert(contentFaqCategories)
    .values([...SEED_FAQ_CATEGORIES])
    .onConflictDoNothing();
  await db
    .insert(contentFaqQuestions)
    .values(
      SEED_FAQ.map((faq) => ({
        id: faq.id,
        categoryKey: faq.category,
        sort: faq.sort,
        questionVi: faq.questionVi,
        questionEn: faq.questionEn,
        answerVi: blocks(faq.answerVi),
        answerEn: blocks(faq.answerEn),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(contentStaticPages)
    .values(
      SEED_STATIC_PAGES.map((page) => ({
        ...page,
        bodyVi: blocks(page.bodyVi),
        bodyEn: blocks(page.bodyEn),
        updatedAt: new Date(page.updatedAt),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(contentLandingPages)
    .values(
      SEED_LANDING_PAGES.map(({ pick, drop, ...page }) => ({
        ...page,
        pickPlaceId: pick,
        dropPlaceId: drop,
        bodyVi: blocks(page.bodyVi),
        bodyEn: blocks(page.bodyEn),
      })),
    )
    .onConflictDoNothing();
  await db.insert(contentPopularChunks).values(SEED_POPULAR_CHUNKS).onConflictDoNothing();
  await db
    .insert(contentMedia)
    .values(SEED_MEDIA.map((item) => ({ ...item, publishedAt: new Date(item.publishedAt) })))
    .onConflictDoNothing();
  await db
    .insert(contentImpactFigures)
    .values(SEED_IMPACT.map((figure) => ({ ...figure, periodStart: IMPACT_PERIOD.start, periodEnd: IMPACT_PERIOD.end })))
    .onConflictDoNothing();
  // The impact figures are computed from tickets now: rows still holding the first seed's texts (and its typed-in
  // values) get the new method texts. A row an editor has changed keeps its texts.
  for (const figure of SEED_IMPACT) {
    const legacy = LEGACY_IMPACT_METHODS_EN[figure.key];
    if (!legacy) continue;
    await db
      .update(contentImpactFigures)
      .set({ value: 0, methodVi: figure.methodVi, methodEn: figure.methodEn, updatedAt: new Date() })
      .where(and(eq(contentImpactFigures.key, figure.key), eq(contentImpactFigures.methodEn, legacy)));
  }
}
