// Editorial content: blog and news posts, FAQ, static pages, landing pages and the home sections' data.
// Posts are one row per language (a translation key links a post to its other-language version, so the language
// switch finds the other slug); the small lists keep both languages in one row (text_vi/text_en, as cancel_reasons).
// Bodies are JSON arrays of blocks (src/shared/contract/content.ts), never HTML.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { ContentBlock } from '../../../shared/contract/content';
import type { DeskContentTexts } from '../../../shared/contract/desk-content';

/** Blog categories (get_blog_category). */
export const contentBlogCategories = pgTable('content_blog_categories', {
  key: text('key').primaryKey(),
  sort: integer('sort').notNull(),
  slugVi: text('slug_vi').notNull().unique(),
  slugEn: text('slug_en').notNull().unique(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionVi: text('description_vi').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
});

/** Blog posts and news items, one row per language. */
export const contentPosts = pgTable(
  'content_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'blog' | 'news'. */
    kind: text('kind').notNull(),
    lang: text('lang').notNull(),
    slug: text('slug').notNull(),
    /** The same for a post's versions in both languages. */
    translationKey: text('translation_key').notNull(),
    /** Blog: a content_blog_categories key; news: null. */
    categoryKey: text('category_key').references(() => contentBlogCategories.key),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: jsonb('body').$type<ContentBlock[]>().notNull(),
    image: text('image').notNull().default(''),
    imageAlt: text('image_alt').notNull().default(''),
    author: text('author').notNull().default(''),
    source: text('source').notNull().default(''),
    readingMinutes: smallint('reading_minutes').notNull().default(1),
    featured: boolean('featured').notNull().default(false),
    /** Title, summary and text folded (lower case, no marks, đ→d) for the news search. */
    searchText: text('search_text').notNull().default(''),
    /** Set at the post's first publish (its date on the site); null while a post made at the desk was never published. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    unique('content_posts_slug').on(t.kind, t.lang, t.slug),
    unique('content_posts_translation').on(t.kind, t.translationKey, t.lang),
    index('content_posts_list').on(t.kind, t.lang, t.publishedAt),
  ],
);

/** FAQ categories (get_faq_categories). */
export const contentFaqCategories = pgTable('content_faq_categories', {
  key: text('key').primaryKey(),
  sort: integer('sort').notNull(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
});

/** FAQ questions (get_faq_questions); the answer is blocks in each language. */
export const contentFaqQuestions = pgTable('content_faq_questions', {
  id: integer('id').primaryKey(),
  categoryKey: text('category_key')
    .notNull()
    .references(() => contentFaqCategories.key),
  sort: integer('sort').notNull(),
  questionVi: text('question_vi').notNull(),
  questionEn: text('question_en').notNull(),
  answerVi: jsonb('answer_vi').$type<ContentBlock[]>().notNull(),
  answerEn: jsonb('answer_en').$type<ContentBlock[]>().notNull(),
  active: boolean('active').notNull().default(true),
});

/** Static pages by the spec's ids (get_static_page): policies, user guide, jobs, about us. */
export const contentStaticPages = pgTable('content_static_pages', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  /** The route-table name of the page that shows it. */
  routeName: text('route_name').notNull(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  summaryVi: text('summary_vi').notNull().default(''),
  summaryEn: text('summary_en').notNull().default(''),
  bodyVi: jsonb('body_vi').$type<ContentBlock[]>().notNull(),
  bodyEn: jsonb('body_en').$type<ContentBlock[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Airport, long-distance and travel landing pages (get_landing_page), each for one route of the gazetteer. */
export const contentLandingPages = pgTable(
  'content_landing_pages',
  {
    key: text('key').primaryKey(),
    /** 'airport' | 'long_distance' | 'travel'. */
    kind: text('kind').notNull(),
    routeName: text('route_name').notNull(),
    sort: integer('sort').notNull(),
    slugVi: text('slug_vi').notNull().unique(),
    slugEn: text('slug_en').notNull().unique(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    summaryVi: text('summary_vi').notNull(),
    summaryEn: text('summary_en').notNull(),
    bodyVi: jsonb('body_vi').$type<ContentBlock[]>().notNull(),
    bodyEn: jsonb('body_en').$type<ContentBlock[]>().notNull(),
    /** Gazetteer place ids (`airport:HAN`, `ward:00070`, `place:P00007`…). */
    pickPlaceId: text('pick_place_id').notNull(),
    dropPlaceId: text('drop_place_id').notNull(),
    /** 1 airport, 3 inter-province (spec 1 booking types). */
    dimensionId: smallint('dimension_id').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('content_landing_pages_kind').on(t.kind, t.sort)],
);

/** Popular routes of the home page (get_popular_chunks). */
export const contentPopularChunks = pgTable('content_popular_chunks', {
  id: integer('id').primaryKey(),
  sort: integer('sort').notNull(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  pickPlaceId: text('pick_place_id').notNull(),
  dropPlaceId: text('drop_place_id').notNull(),
  dimensionId: smallint('dimension_id').notNull(),
  active: boolean('active').notNull().default(true),
});

/** The home page's media section (get_homepage_media). */
export const contentMedia = pgTable('content_media', {
  id: integer('id').primaryKey(),
  sort: integer('sort').notNull(),
  /** 'press_release' | 'photo' | 'video'. */
  kind: text('kind').notNull(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  captionVi: text('caption_vi').notNull().default(''),
  captionEn: text('caption_en').notNull().default(''),
  image: text('image').notNull().default(''),
  imageAltVi: text('image_alt_vi').notNull().default(''),
  imageAltEn: text('image_alt_en').notNull().default(''),
  /** The translation key of the news item it leads to, if any. */
  newsKey: text('news_key'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  active: boolean('active').notNull().default(true),
});

/** The home page's environmental impact figures (get_homepage_impact_environmental), with how each is computed. */
export const contentImpactFigures = pgTable('content_impact_figures', {
  key: text('key').primaryKey(),
  sort: integer('sort').notNull(),
  value: real('value').notNull(),
  unitVi: text('unit_vi').notNull().default(''),
  unitEn: text('unit_en').notNull().default(''),
  labelVi: text('label_vi').notNull(),
  labelEn: text('label_en').notNull(),
  methodVi: text('method_vi').notNull(),
  methodEn: text('method_en').notNull(),
  /** ISO dates of the period the figures cover. */
  periodStart: text('period_start').notNull(),
  periodEnd: text('period_end').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The desk's drafts: one per item (kind and key as the desk names them), both languages' texts, cleaned when saved.
 * The site never reads them; publishing copies a draft into the item's own row and deletes it.
 */
export const contentDrafts = pgTable(
  'content_drafts',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    texts: jsonb('texts').$type<DeskContentTexts>().notNull(),
    savedById: integer('saved_by_id'),
    savedByEmail: text('saved_by_email').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * One row (id 1): a number raised by every publish and unpublish, in its transaction. The servers' caches of content
 * (the SEO heads, the rendered pages) keep an entry only while the number is the one it was made under.
 */
export const contentRevision = pgTable('content_revision', {
  id: smallint('id').primaryKey(),
  revision: integer('revision').notNull().default(0),
});
