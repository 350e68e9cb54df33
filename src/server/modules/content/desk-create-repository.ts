// SQL of the desk's new items: the form's choices (FAQ and blog categories, the images posts already use), a new FAQ
// question or a new post's two language rows (inactive, undated), and a post's address and image. The unique indexes
// keep the slugs unique per kind and language; the service turns their refusal into the contract's 409.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DeskContentPost, DeskContentTexts } from '../../../shared/contract/desk-content';
import type { Lang } from '../../../shared/domain/route-table';
import { searchText } from '../../../shared/domain/search-text';
import { contentBlogCategories, contentFaqCategories, contentFaqQuestions, contentPosts } from '../../db/schema';
import type { Executor } from './desk-repository';

export type PostKind = 'news' | 'blog';

export interface NewPost {
  kind: PostKind;
  categoryKey: string | null;
  texts: DeskContentTexts;
  slugs: Record<Lang, string>;
  image: string;
  imageAlt: Record<Lang, string>;
}

const blocksText = (texts: DeskContentTexts[Lang]) =>
  [texts.title, texts.summary, ...texts.body.map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text))].join(' ');

export function createDeskCreateRepository() {
  return {
    async faqCategories(tx: Executor) {
      return tx
        .select({ key: contentFaqCategories.key, name_vi: contentFaqCategories.nameVi, name_en: contentFaqCategories.nameEn })
        .from(contentFaqCategories)
        .orderBy(asc(contentFaqCategories.sort));
    },

    async blogCategories(tx: Executor) {
      return tx
        .select({ key: contentBlogCategories.key, name_vi: contentBlogCategories.nameVi, name_en: contentBlogCategories.nameEn })
        .from(contentBlogCategories)
        .orderBy(asc(contentBlogCategories.sort));
    },

    /** The distinct images of the posts, in order of their addresses. */
    async images(tx: Executor): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ image: contentPosts.image })
        .from(contentPosts)
        .where(ne(contentPosts.image, ''))
        .orderBy(asc(contentPosts.image));
      return rows.map((row) => row.image);
    },

    /** The translation key of the post of that kind and language at that slug, or null. */
    async slugOwner(tx: Executor, kind: PostKind, lang: Lang, slug: string): Promise<string | null> {
      const [row] = await tx
        .select({ key: contentPosts.translationKey })
        .from(contentPosts)
        .where(and(eq(contentPosts.kind, kind), eq(contentPosts.lang, lang), eq(contentPosts.slug, slug)));
      return row?.key ?? null;
    },

    /** A new FAQ question, last of its category and off the site; its key is the new id. */
    async insertFaq(tx: Executor, categoryKey: string, texts: DeskContentTexts): Promise<string> {
      const [row] = await tx
        .insert(contentFaqQuestions)
        .values({
          id: sql`(select coalesce(max(${contentFaqQuestions.id}), 0) + 1 from ${contentFaqQuestions})`,
          categoryKey,
          sort: sql`(select coalesce(max(${contentFaqQuestions.sort}), 0) + 1 from ${contentFaqQuestions} where ${contentFaqQuestions.categoryKey} = ${categoryKey})`,
          questionVi: texts.vi.title,
          questionEn: texts.en.title,
          answerVi: texts.vi.body,
          answerEn: texts.en.body,
          active: false,
        })
        .returning({ id: contentFaqQuestions.id });
      return String(row!.id);
    },

    /** A new post's two rows, off the site and undated (the first publish dates it); its key is made here. */
    async insertPost(tx: Executor, post: NewPost): Promise<string> {
      const key = `${post.kind}-${randomUUID()}`;
      await tx.insert(contentPosts).values(
        (['vi', 'en'] as const).map((lang) => ({
          kind: post.kind,
          lang,
          slug: post.slugs[lang],
          translationKey: key,
          categoryKey: post.categoryKey,
          title: post.texts[lang].title,
          summary: post.texts[lang].summary,
          body: post.texts[lang].body,
          image: post.image,
          imageAlt: post.imageAlt[lang],
          author: '',
          source: 'Vivu',
          searchText: searchText(blocksText(post.texts[lang])),
          publishedAt: null,
          active: false,
        })),
      );
      return key;
    },

    /** A post's address, image and date, or null for no such post. */
    async postDetails(tx: Executor, kind: PostKind, key: string): Promise<DeskContentPost | null> {
      const rows = await tx
        .select()
        .from(contentPosts)
        .where(and(eq(contentPosts.kind, kind), eq(contentPosts.translationKey, key)));
      const vi = rows.find((r) => r.lang === 'vi');
      const en = rows.find((r) => r.lang === 'en');
      const first = vi ?? en;
      if (!first) return null;
      const dated = rows.map((r) => r.publishedAt).find((at) => at !== null);
      return {
        slug_vi: vi?.slug ?? '',
        slug_en: en?.slug ?? '',
        image: first.image,
        image_alt_vi: vi?.imageAlt ?? '',
        image_alt_en: en?.imageAlt ?? '',
        published_at: dated ? dated.toISOString() : null,
      };
    },

    async setPostDetails(
      tx: Executor,
      kind: PostKind,
      key: string,
      details: { slugs: Record<Lang, string>; image: string; imageAlt: Record<Lang, string> },
    ): Promise<void> {
      for (const lang of ['vi', 'en'] as const)
        await tx
          .update(contentPosts)
          .set({ slug: details.slugs[lang], image: details.image, imageAlt: details.imageAlt[lang] })
          .where(and(eq(contentPosts.kind, kind), eq(contentPosts.translationKey, key), eq(contentPosts.lang, lang)));
    },
  };
}

export type DeskCreateRepository = ReturnType<typeof createDeskCreateRepository>;
