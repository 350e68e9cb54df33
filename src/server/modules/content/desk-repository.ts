// SQL of the desk's content area: each kind's items paged and filtered (title or key in either language, published,
// unpublished, with a draft) with their drafts beside them, an item's live texts in both languages, the drafts, and
// the writes of publishing (the draft's texts into the item's own row) and unpublishing (the row's `active`).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ContentBlock } from '../../../shared/contract/content';
import type { DeskContentKind, DeskContentTexts } from '../../../shared/contract/desk-content';
import { searchText } from '../../../shared/domain/search-text';
import type { Db } from '../../db/client';
import {
  contentDrafts,
  contentFaqCategories,
  contentFaqQuestions,
  contentLandingPages,
  contentPosts,
  contentRevision,
  contentStaticPages,
} from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** An item as the list and the editor name it, with what its page paths are made of. */
export interface DeskContentRow {
  key: string;
  titleVi: string;
  titleEn: string;
  group: string;
  active: boolean;
  /** The route-table name of the page that shows it, and its slugs ('' when the path has none). */
  routeName: string;
  slugVi: string;
  slugEn: string;
  draftSavedAt: Date | null;
}

export type DraftRow = typeof contentDrafts.$inferSelect;

export interface ListFilter {
  search: string;
  status: string;
  offset: number;
  limit: number;
}

const postsEn = alias(contentPosts, 'content_posts_en');
const EMPTY = sql<string>`''`;

/** About 200 words a minute, at least one (the seed's rule). */
const readingMinutes = (text: string) => Math.max(1, Math.round(text.split(/\s+/).filter(Boolean).length / 200));
const blocksText = (body: ContentBlock[]) => body.map((b) => (b.type === 'ul' ? b.items.join(' ') : b.text)).join(' ');

export function createDeskContentRepository(db: Db) {
  const draftJoin = (kind: DeskContentKind, key: SQL<string> | typeof contentPosts.translationKey) =>
    and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key));

  /** The list's conditions: the words in a title (either language) or the key, and the status. */
  function filterWhere(
    filter: ListFilter,
    cols: { key: SQL<string> | typeof contentPosts.translationKey; titles: Parameters<typeof ilike>[0][] },
    active: SQL | undefined,
    base?: SQL,
  ): SQL | undefined {
    const conditions: (SQL | undefined)[] = [base];
    const words = filter.search.replace(/[\\%_]/g, (ch) => `\\${ch}`);
    if (words) {
      const pattern = `%${words}%`;
      conditions.push(or(...cols.titles.map((title) => ilike(title, pattern)), ilike(cols.key, pattern)));
    }
    if (filter.status === 'published' && active) conditions.push(active);
    if (filter.status === 'unpublished') conditions.push(active ? sql`not (${active})` : sql`false`);
    if (filter.status === 'draft') conditions.push(sql`${contentDrafts.key} is not null`);
    return and(...conditions);
  }

  const total = sql<number>`cast(count(*) over () as integer)`;

  async function listPages(filter: ListFilter) {
    const key = sql<string>`cast(${contentStaticPages.id} as text)`;
    return db
      .select({
        key,
        titleVi: contentStaticPages.titleVi,
        titleEn: contentStaticPages.titleEn,
        group: contentStaticPages.key,
        active: sql<boolean>`true`,
        routeName: contentStaticPages.routeName,
        slugVi: EMPTY,
        slugEn: EMPTY,
        draftSavedAt: contentDrafts.savedAt,
        total,
      })
      .from(contentStaticPages)
      .leftJoin(contentDrafts, draftJoin('page', key))
      .where(filterWhere(filter, { key, titles: [contentStaticPages.titleVi, contentStaticPages.titleEn] }, undefined))
      .orderBy(asc(contentStaticPages.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async function listFaqCategories(filter: ListFilter) {
    const key = sql<string>`${contentFaqCategories.key}`;
    return db
      .select({
        key,
        titleVi: contentFaqCategories.nameVi,
        titleEn: contentFaqCategories.nameEn,
        group: EMPTY,
        active: sql<boolean>`true`,
        routeName: sql<string>`'faqs'`,
        slugVi: EMPTY,
        slugEn: EMPTY,
        draftSavedAt: contentDrafts.savedAt,
        total,
      })
      .from(contentFaqCategories)
      .leftJoin(contentDrafts, draftJoin('faq_category', key))
      .where(filterWhere(filter, { key, titles: [contentFaqCategories.nameVi, contentFaqCategories.nameEn] }, undefined))
      .orderBy(asc(contentFaqCategories.sort))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async function listFaq(filter: ListFilter) {
    const key = sql<string>`cast(${contentFaqQuestions.id} as text)`;
    const active = eq(contentFaqQuestions.active, true);
    return db
      .select({
        key,
        titleVi: contentFaqQuestions.questionVi,
        titleEn: contentFaqQuestions.questionEn,
        group: contentFaqQuestions.categoryKey,
        active: contentFaqQuestions.active,
        routeName: sql<string>`'faqs'`,
        slugVi: EMPTY,
        slugEn: EMPTY,
        draftSavedAt: contentDrafts.savedAt,
        total,
      })
      .from(contentFaqQuestions)
      .innerJoin(contentFaqCategories, eq(contentFaqCategories.key, contentFaqQuestions.categoryKey))
      .leftJoin(contentDrafts, draftJoin('faq', key))
      .where(filterWhere(filter, { key, titles: [contentFaqQuestions.questionVi, contentFaqQuestions.questionEn] }, active))
      .orderBy(asc(contentFaqCategories.sort), asc(contentFaqQuestions.sort), asc(contentFaqQuestions.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  /** A post is its Vietnamese row and, beside it, the English one of the same translation key. */
  async function listPosts(kind: 'news' | 'blog', filter: ListFilter) {
    const key = contentPosts.translationKey;
    const active = eq(contentPosts.active, true);
    return db
      .select({
        key: sql<string>`${contentPosts.translationKey}`,
        titleVi: contentPosts.title,
        titleEn: sql<string>`coalesce(${postsEn.title}, '')`,
        group: sql<string>`coalesce(${contentPosts.categoryKey}, '')`,
        active: contentPosts.active,
        routeName: sql<string>`cast(${kind} as text)`,
        slugVi: contentPosts.slug,
        slugEn: sql<string>`coalesce(${postsEn.slug}, '')`,
        draftSavedAt: contentDrafts.savedAt,
        total,
      })
      .from(contentPosts)
      .leftJoin(
        postsEn,
        and(eq(postsEn.kind, kind), eq(postsEn.lang, 'en'), eq(postsEn.translationKey, contentPosts.translationKey)),
      )
      .leftJoin(contentDrafts, draftJoin(kind, key))
      .where(
        filterWhere(
          filter,
          { key, titles: [contentPosts.title, postsEn.title] },
          active,
          and(eq(contentPosts.kind, kind), eq(contentPosts.lang, 'vi')),
        ),
      )
      .orderBy(desc(contentPosts.publishedAt), desc(contentPosts.id))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  async function listLanding(filter: ListFilter) {
    const key = sql<string>`${contentLandingPages.key}`;
    const active = eq(contentLandingPages.active, true);
    return db
      .select({
        key,
        titleVi: contentLandingPages.titleVi,
        titleEn: contentLandingPages.titleEn,
        group: contentLandingPages.kind,
        active: contentLandingPages.active,
        routeName: contentLandingPages.routeName,
        slugVi: contentLandingPages.slugVi,
        slugEn: contentLandingPages.slugEn,
        draftSavedAt: contentDrafts.savedAt,
        total,
      })
      .from(contentLandingPages)
      .leftJoin(contentDrafts, draftJoin('landing', key))
      .where(filterWhere(filter, { key, titles: [contentLandingPages.titleVi, contentLandingPages.titleEn] }, active))
      .orderBy(asc(contentLandingPages.kind), asc(contentLandingPages.sort), asc(contentLandingPages.key))
      .limit(filter.limit)
      .offset(filter.offset);
  }

  const toRows = (rows: (DeskContentRow & { total: number })[]) => ({
    rows: rows.map(({ total: _total, ...row }) => row),
    total: rows[0]?.total ?? 0,
  });

  async function postRows(tx: Executor, kind: 'news' | 'blog', key: string) {
    return tx
      .select()
      .from(contentPosts)
      .where(and(eq(contentPosts.kind, kind), eq(contentPosts.translationKey, key)));
  }

  const asId = (key: string) => (/^\d{1,9}$/.test(key) ? Number(key) : -1);

  async function list(kind: DeskContentKind, filter: ListFilter): Promise<{ rows: DeskContentRow[]; total: number }> {
    if (kind === 'page') return toRows(await listPages(filter));
    if (kind === 'faq_category') return toRows(await listFaqCategories(filter));
    if (kind === 'faq') return toRows(await listFaq(filter));
    if (kind === 'landing') return toRows(await listLanding(filter));
    return toRows(await listPosts(kind, filter));
  }

  return {
    db,
    list,

    /** One item as the list shows it (found by its key among the items whose key or title holds it), or null. */
    async row(kind: DeskContentKind, key: string): Promise<DeskContentRow | null> {
      const { rows } = await list(kind, { search: key, status: '', offset: 0, limit: 1000 });
      return rows.find((row) => row.key === key) ?? null;
    },

    /** The item's live texts in both languages as stored (the service cleans them), or null when there is none. */
    async live(tx: Executor, kind: DeskContentKind, key: string): Promise<DeskContentTexts | null> {
      const text = (title: string, summary: string, body: ContentBlock[]) => ({ title, summary, body });
      if (kind === 'page') {
        const [r] = await tx
          .select()
          .from(contentStaticPages)
          .where(eq(contentStaticPages.id, asId(key)));
        return r ? { vi: text(r.titleVi, r.summaryVi, r.bodyVi), en: text(r.titleEn, r.summaryEn, r.bodyEn) } : null;
      }
      if (kind === 'faq_category') {
        const [r] = await tx.select().from(contentFaqCategories).where(eq(contentFaqCategories.key, key));
        return r ? { vi: text(r.nameVi, '', []), en: text(r.nameEn, '', []) } : null;
      }
      if (kind === 'faq') {
        const [r] = await tx
          .select()
          .from(contentFaqQuestions)
          .where(eq(contentFaqQuestions.id, asId(key)));
        return r ? { vi: text(r.questionVi, '', r.answerVi), en: text(r.questionEn, '', r.answerEn) } : null;
      }
      if (kind === 'landing') {
        const [r] = await tx.select().from(contentLandingPages).where(eq(contentLandingPages.key, key));
        return r ? { vi: text(r.titleVi, r.summaryVi, r.bodyVi), en: text(r.titleEn, r.summaryEn, r.bodyEn) } : null;
      }
      const rows = await postRows(tx, kind, key);
      const vi = rows.find((r) => r.lang === 'vi');
      const en = rows.find((r) => r.lang === 'en');
      if (!vi && !en) return null;
      const of = (r: typeof vi) => (r ? text(r.title, r.summary, r.body) : text('', '', []));
      return { vi: of(vi), en: of(en) };
    },

    async draft(tx: Executor, kind: DeskContentKind, key: string): Promise<DraftRow | null> {
      const [row] = await tx
        .select()
        .from(contentDrafts)
        .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)));
      return row ?? null;
    },

    async saveDraft(tx: Executor, row: DraftRow): Promise<void> {
      await tx
        .insert(contentDrafts)
        .values(row)
        .onConflictDoUpdate({
          target: [contentDrafts.kind, contentDrafts.key],
          set: { texts: row.texts, savedById: row.savedById, savedByEmail: row.savedByEmail, savedAt: row.savedAt },
        });
    },

    async deleteDraft(tx: Executor, kind: DeskContentKind, key: string): Promise<void> {
      await tx.delete(contentDrafts).where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.key, key)));
    },

    /** The texts become the item's live ones and the item is on the site. */
    async writeLive(tx: Executor, kind: DeskContentKind, key: string, t: DeskContentTexts, at: Date): Promise<void> {
      const { vi, en } = t;
      if (kind === 'page') {
        await tx
          .update(contentStaticPages)
          .set({
            titleVi: vi.title,
            titleEn: en.title,
            summaryVi: vi.summary,
            summaryEn: en.summary,
            bodyVi: vi.body,
            bodyEn: en.body,
            updatedAt: at,
          })
          .where(eq(contentStaticPages.id, asId(key)));
      } else if (kind === 'faq_category') {
        await tx
          .update(contentFaqCategories)
          .set({ nameVi: vi.title, nameEn: en.title })
          .where(eq(contentFaqCategories.key, key));
      } else if (kind === 'faq') {
        await tx
          .update(contentFaqQuestions)
          .set({ questionVi: vi.title, questionEn: en.title, answerVi: vi.body, answerEn: en.body, active: true })
          .where(eq(contentFaqQuestions.id, asId(key)));
      } else if (kind === 'landing') {
        await tx
          .update(contentLandingPages)
          .set({
            titleVi: vi.title,
            titleEn: en.title,
            summaryVi: vi.summary,
            summaryEn: en.summary,
            bodyVi: vi.body,
            bodyEn: en.body,
            active: true,
          })
          .where(eq(contentLandingPages.key, key));
      } else {
        for (const lang of ['vi', 'en'] as const) {
          const text = t[lang];
          const plain = `${text.title} ${text.summary} ${blocksText(text.body)}`;
          await tx
            .update(contentPosts)
            .set({
              title: text.title,
              summary: text.summary,
              body: text.body,
              searchText: searchText(plain),
              readingMinutes: readingMinutes(plain),
              active: true,
              // Dated by its first publish; a later publish keeps the date.
              publishedAt: sql`coalesce(${contentPosts.publishedAt}, ${at.toISOString()}::timestamptz)`,
            })
            .where(and(eq(contentPosts.kind, kind), eq(contentPosts.translationKey, key), eq(contentPosts.lang, lang)));
        }
      }
    },

    /** The item leaves the site (its row and texts stay). Only kinds with `active`. */
    async setActive(tx: Executor, kind: 'faq' | 'news' | 'blog' | 'landing', key: string, active: boolean): Promise<void> {
      if (kind === 'faq')
        await tx
          .update(contentFaqQuestions)
          .set({ active })
          .where(eq(contentFaqQuestions.id, asId(key)));
      else if (kind === 'landing') await tx.update(contentLandingPages).set({ active }).where(eq(contentLandingPages.key, key));
      else
        await tx
          .update(contentPosts)
          .set({ active })
          .where(and(eq(contentPosts.kind, kind), eq(contentPosts.translationKey, key)));
    },

    /** Raised in every publish and unpublish's transaction. */
    async bumpRevision(tx: Executor): Promise<void> {
      await tx
        .insert(contentRevision)
        .values({ id: 1, revision: 1 })
        .onConflictDoUpdate({ target: contentRevision.id, set: { revision: sql`${contentRevision.revision} + 1` } });
    },

    async revision(): Promise<number> {
      const [row] = await db.select({ n: contentRevision.revision }).from(contentRevision).where(eq(contentRevision.id, 1));
      return row?.n ?? 0;
    },
  };
}

export type DeskContentRepository = ReturnType<typeof createDeskContentRepository>;
