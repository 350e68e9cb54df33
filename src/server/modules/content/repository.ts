// SQL of the editorial content: posts by kind, language and slug, paged lists with the news search over the
// folded search text, FAQ, static pages, landing pages and the home sections' rows.
import { and, asc, count, desc, eq, inArray, like, ne, or, type SQL } from 'drizzle-orm';
import type { Lang } from '../../../shared/domain/route-table';
import type { LandingKind, PostKind } from '../../../shared/contract/content';
import type { Db } from '../../db/client';
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
} from '../../db/schema';

export type PostRow = typeof contentPosts.$inferSelect & { categoryNameVi: string | null; categoryNameEn: string | null };
export type LandingRow = typeof contentLandingPages.$inferSelect;

export interface PostListQuery {
  kind: PostKind;
  lang: Lang;
  categoryKey?: string;
  /** A LIKE pattern over the search text (shared/domain/search-text.ts). */
  pattern?: string | null;
  offset: number;
  limit: number;
}

export function createContentRepository(db: Db) {
  const selectPosts = () =>
    db
      .select({
        post: contentPosts,
        categoryNameVi: contentBlogCategories.nameVi,
        categoryNameEn: contentBlogCategories.nameEn,
      })
      .from(contentPosts)
      .leftJoin(contentBlogCategories, eq(contentBlogCategories.key, contentPosts.categoryKey));

  const toPost = (row: {
    post: typeof contentPosts.$inferSelect;
    categoryNameVi: string | null;
    categoryNameEn: string | null;
  }): PostRow => ({
    ...row.post,
    categoryNameVi: row.categoryNameVi,
    categoryNameEn: row.categoryNameEn,
  });

  function listWhere(query: Omit<PostListQuery, 'offset' | 'limit'>): SQL | undefined {
    const conditions: SQL[] = [
      eq(contentPosts.kind, query.kind),
      eq(contentPosts.lang, query.lang),
      eq(contentPosts.active, true),
    ];
    if (query.categoryKey) conditions.push(eq(contentPosts.categoryKey, query.categoryKey));
    if (query.pattern) conditions.push(like(contentPosts.searchText, query.pattern));
    return and(...conditions);
  }

  return {
    async blogCategories() {
      return db.select().from(contentBlogCategories).orderBy(asc(contentBlogCategories.sort));
    },

    /** Active posts per blog category in a language. */
    async postCounts(lang: Lang): Promise<Map<string, number>> {
      const rows = await db
        .select({ key: contentPosts.categoryKey, n: count() })
        .from(contentPosts)
        .where(and(eq(contentPosts.kind, 'blog'), eq(contentPosts.lang, lang), eq(contentPosts.active, true)))
        .groupBy(contentPosts.categoryKey);
      return new Map(rows.filter((r) => r.key !== null).map((r) => [r.key as string, r.n]));
    },

    async listPosts(query: PostListQuery): Promise<{ rows: PostRow[]; total: number }> {
      const where = listWhere(query);
      const [rows, [total]] = await Promise.all([
        selectPosts()
          .where(where)
          .orderBy(desc(contentPosts.publishedAt), desc(contentPosts.id))
          .offset(query.offset)
          .limit(query.limit),
        db.select({ n: count() }).from(contentPosts).where(where),
      ]);
      return { rows: rows.map(toPost), total: total?.n ?? 0 };
    },

    async postBySlug(kind: PostKind, lang: Lang, slug: string): Promise<PostRow | null> {
      const [row] = await selectPosts()
        .where(
          and(
            eq(contentPosts.kind, kind),
            eq(contentPosts.lang, lang),
            eq(contentPosts.slug, slug),
            eq(contentPosts.active, true),
          ),
        )
        .limit(1);
      return row ? toPost(row) : null;
    },

    async postByTranslation(kind: PostKind, translationKey: string, lang: Lang): Promise<PostRow | null> {
      const [row] = await selectPosts()
        .where(
          and(
            eq(contentPosts.kind, kind),
            eq(contentPosts.lang, lang),
            eq(contentPosts.translationKey, translationKey),
            eq(contentPosts.active, true),
          ),
        )
        .limit(1);
      return row ? toPost(row) : null;
    },

    /** Newest posts of the same kind and language other than `exclude`; the same category first when given. */
    async related(kind: PostKind, lang: Lang, excludeKey: string, categoryKey: string | null, limit: number): Promise<PostRow[]> {
      const base = and(
        eq(contentPosts.kind, kind),
        eq(contentPosts.lang, lang),
        eq(contentPosts.active, true),
        ne(contentPosts.translationKey, excludeKey),
      );
      const rows = await selectPosts()
        .where(base)
        .orderBy(desc(contentPosts.publishedAt), desc(contentPosts.id))
        .limit(limit + 10);
      const posts = rows.map(toPost);
      const same = posts.filter((p) => categoryKey !== null && p.categoryKey === categoryKey);
      const rest = posts.filter((p) => !(categoryKey !== null && p.categoryKey === categoryKey));
      return [...same, ...rest].slice(0, limit);
    },

    async featured(lang: Lang, limit: number): Promise<PostRow[]> {
      const rows = await selectPosts()
        .where(
          and(
            eq(contentPosts.kind, 'blog'),
            eq(contentPosts.lang, lang),
            eq(contentPosts.featured, true),
            eq(contentPosts.active, true),
          ),
        )
        .orderBy(desc(contentPosts.publishedAt), desc(contentPosts.id))
        .limit(limit);
      return rows.map(toPost);
    },

    /** News slugs in a language by translation key (media items lead to them). */
    async newsSlugs(lang: Lang, keys: string[]): Promise<Map<string, string>> {
      if (!keys.length) return new Map();
      const rows = await db
        .select({ key: contentPosts.translationKey, slug: contentPosts.slug })
        .from(contentPosts)
        .where(
          and(
            eq(contentPosts.kind, 'news'),
            eq(contentPosts.lang, lang),
            eq(contentPosts.active, true),
            inArray(contentPosts.translationKey, keys),
          ),
        );
      return new Map(rows.map((r) => [r.key, r.slug]));
    },

    async faqCategories() {
      return db.select().from(contentFaqCategories).orderBy(asc(contentFaqCategories.sort));
    },

    async faqQuestions(categoryKey?: string) {
      const where = categoryKey
        ? and(eq(contentFaqQuestions.active, true), eq(contentFaqQuestions.categoryKey, categoryKey))
        : eq(contentFaqQuestions.active, true);
      return db
        .select({ question: contentFaqQuestions })
        .from(contentFaqQuestions)
        .innerJoin(contentFaqCategories, eq(contentFaqCategories.key, contentFaqQuestions.categoryKey))
        .where(where)
        .orderBy(asc(contentFaqCategories.sort), asc(contentFaqQuestions.sort), asc(contentFaqQuestions.id))
        .then((rows) => rows.map((r) => r.question));
    },

    async staticPage(id: number) {
      const [row] = await db.select().from(contentStaticPages).where(eq(contentStaticPages.id, id)).limit(1);
      return row ?? null;
    },

    /** By key, or by a slug of either language (the requested language's first). */
    async landing(by: { key?: string; slug?: string; lang: Lang }): Promise<LandingRow | null> {
      if (by.key) {
        const [row] = await db
          .select()
          .from(contentLandingPages)
          .where(and(eq(contentLandingPages.key, by.key), eq(contentLandingPages.active, true)))
          .limit(1);
        return row ?? null;
      }
      if (!by.slug) return null;
      const rows = await db
        .select()
        .from(contentLandingPages)
        .where(
          and(
            eq(contentLandingPages.active, true),
            or(eq(contentLandingPages.slugVi, by.slug), eq(contentLandingPages.slugEn, by.slug)),
          ),
        );
      const own = (row: LandingRow) => (by.lang === 'en' ? row.slugEn : row.slugVi) === by.slug;
      return rows.find(own) ?? rows[0] ?? null;
    },

    async landingSiblings(kind: LandingKind) {
      return db
        .select({
          key: contentLandingPages.key,
          routeName: contentLandingPages.routeName,
          slugVi: contentLandingPages.slugVi,
          slugEn: contentLandingPages.slugEn,
          titleVi: contentLandingPages.titleVi,
          titleEn: contentLandingPages.titleEn,
        })
        .from(contentLandingPages)
        .where(and(eq(contentLandingPages.kind, kind), eq(contentLandingPages.active, true)))
        .orderBy(asc(contentLandingPages.sort), asc(contentLandingPages.key));
    },

    async popularChunks() {
      return db
        .select()
        .from(contentPopularChunks)
        .where(eq(contentPopularChunks.active, true))
        .orderBy(asc(contentPopularChunks.sort), asc(contentPopularChunks.id));
    },

    async media() {
      return db
        .select()
        .from(contentMedia)
        .where(eq(contentMedia.active, true))
        .orderBy(asc(contentMedia.sort), asc(contentMedia.id));
    },

    async impact() {
      return db.select().from(contentImpactFigures).orderBy(asc(contentImpactFigures.sort));
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
