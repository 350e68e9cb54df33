// The desk's content area: every editorial item (static pages, FAQ categories and questions, news and blog posts,
// landing pages) listed, opened with both languages side by side, saved as a draft, previewed as its page shows it,
// published and unpublished. Every message is an i18n key of the desk_content section.
import { contentBodySchema } from './content';
import { successSchema } from './envelope';
import { langSchema } from './lang';
import { yup } from './yup';

export const DESK_CONTENT_KINDS = ['page', 'faq_category', 'faq', 'news', 'blog', 'landing'] as const;
export type DeskContentKind = (typeof DESK_CONTENT_KINDS)[number];

/** What each kind has besides its title (an FAQ question's title is the question, its body the answer). */
export const DESK_CONTENT_FIELDS: Record<DeskContentKind, { summary: boolean; body: boolean; unpublish: boolean }> = {
  page: { summary: true, body: true, unpublish: false },
  faq_category: { summary: false, body: false, unpublish: false },
  faq: { summary: false, body: true, unpublish: true },
  news: { summary: true, body: true, unpublish: true },
  blog: { summary: true, body: true, unpublish: true },
  landing: { summary: true, body: true, unpublish: true },
};

/** Items per page of the list. */
export const DESK_CONTENT_PAGE_SIZE = 20;
export const DESK_CONTENT_TITLE_MAX = 300;
export const DESK_CONTENT_SUMMARY_MAX = 1000;
/** Blocks in one body, and characters in one block's text. */
export const DESK_CONTENT_BLOCKS_MAX = 200;
export const DESK_CONTENT_TEXT_MAX = 5000;

export const DESK_CONTENT_STATUSES = ['published', 'unpublished', 'draft'] as const;

export const DESK_CONTENT_ERROR_KEYS = {
  /** 400: a title is blank (after cleaning). */
  title: 'desk_content.errors.title',
  /** 400: a body has no block (after cleaning). */
  body: 'desk_content.errors.body',
  /** 400: a text is longer than its limit, with params {max}. */
  tooLong: 'desk_content.errors.too_long',
  /** 400: a list filter or kind that is not one. */
  filter: 'desk_content.errors.filter',
  /** 404: no item of that kind and key. */
  notFound: 'desk_content.errors.not_found',
  /** 409: publishing an item that has no draft. */
  noDraft: 'desk_content.errors.no_draft',
  /** 409: static pages and FAQ categories are always on the site (their routes need them). */
  cannotUnpublish: 'desk_content.errors.cannot_unpublish',
  /** 400: a slug that is not lower-case words of a-z and 0-9 joined by '-', or longer than its limit. */
  slug: 'desk_content.errors.slug',
  /** 409: another post of the same kind and language has that slug. */
  slugTaken: 'desk_content.errors.slug_taken',
  /** 409: a published post keeps its address (links to it are out in the world). */
  slugLocked: 'desk_content.errors.slug_locked',
  /** 400: no category of that kind with that key. */
  category: 'desk_content.errors.category',
  /** 400: not one of the images the site has for posts. */
  image: 'desk_content.errors.image',
  /** 400: an image is chosen and its text for people who cannot see it is blank. */
  imageAlt: 'desk_content.errors.image_alt',
} as const;

export const DESK_CONTENT_PATHS = {
  /** GET (content): kind, search, status, page → a page of items. */
  list: '/api/desk/content',
  /** GET (content): kind, key → the item, live and draft, in both languages. */
  item: '/api/desk/content/item',
  /** POST (content): kind, key, vi, en → the draft, cleaned; the site is unchanged. */
  draft: '/api/desk/content/draft',
  /** GET (content): kind, key, lang → the draft as its page shows it (the live text when there is no draft). */
  preview: '/api/desk/content/preview',
  /** POST (content): kind, key → the draft is the live text. */
  publish: '/api/desk/content/publish',
  /** POST (content): kind, key → the item leaves the site (kept, with its texts). */
  unpublish: '/api/desk/content/unpublish',
  /** GET (content): the FAQ and blog categories and the posts' images, for the new-item form. */
  options: '/api/desk/content/options',
  /** POST (content): kind, category, vi, en, slugs, image → a new unpublished item with its first draft. */
  create: '/api/desk/content/create',
  /** POST (content): kind, key, slugs, image → a post's address and image, until it is first published. */
  postDetails: '/api/desk/content/post-details',
} as const;

const E = DESK_CONTENT_ERROR_KEYS;
const kindSchema = yup
  .string()
  .oneOf([...DESK_CONTENT_KINDS], { key: E.filter })
  .required({ key: E.filter });
const keySchema = yup.string().trim().required({ key: E.notFound }).max(200, { key: E.notFound });

export const deskContentListQuerySchema = yup.object({
  kind: kindSchema,
  /** Words of the title or the key, either language. */
  search: yup.string().trim().max(100, { key: E.filter }).default(''),
  status: yup
    .string()
    .oneOf(['', ...DESK_CONTENT_STATUSES], { key: E.filter })
    .default(''),
  page: yup.number().typeError({ key: E.filter }).integer().min(1).max(100_000).default(1),
});
export type DeskContentListQuery = yup.InferType<typeof deskContentListQuerySchema>;

export const deskContentRefSchema = yup.object({ kind: kindSchema, key: keySchema });
export type DeskContentRef = yup.InferType<typeof deskContentRefSchema>;
export const deskContentPreviewQuerySchema = deskContentRefSchema.shape({ lang: langSchema });

const max = (n: number) => ({ key: E.tooLong, params: { max: n } });

/** One language of an item as the editor sends it: text may hold anything; the server keeps only plain text. */
export const deskContentTextSchema = yup.object({
  title: yup.string().trim().required({ key: E.title }).max(DESK_CONTENT_TITLE_MAX, max(DESK_CONTENT_TITLE_MAX)),
  summary: yup.string().trim().max(DESK_CONTENT_SUMMARY_MAX, max(DESK_CONTENT_SUMMARY_MAX)).default(''),
  body: contentBodySchema
    .max(DESK_CONTENT_BLOCKS_MAX, max(DESK_CONTENT_BLOCKS_MAX))
    .test('text-max', max(DESK_CONTENT_TEXT_MAX), (blocks) =>
      (blocks ?? []).every((b) => (b.type === 'ul' ? b.items.join('') : b.text).length <= DESK_CONTENT_TEXT_MAX),
    )
    .default([]),
});
export type DeskContentText = yup.InferType<typeof deskContentTextSchema>;

export const deskContentDraftSchema = deskContentRefSchema.shape({
  vi: deskContentTextSchema.required({ key: E.title }),
  en: deskContentTextSchema.required({ key: E.title }),
});
export type DeskContentDraftInput = yup.InferType<typeof deskContentDraftSchema>;

// Responses.

const textSchema = yup.object({
  title: yup.string().defined(),
  summary: yup.string().defined(),
  body: contentBodySchema,
});
export const deskContentTextsSchema = yup.object({ vi: textSchema.required(), en: textSchema.required() });
export type DeskContentTexts = yup.InferType<typeof deskContentTextsSchema>;

export const deskContentSummarySchema = yup.object({
  kind: yup.string().oneOf(DESK_CONTENT_KINDS).required(),
  key: yup.string().required(),
  title_vi: yup.string().defined(),
  title_en: yup.string().defined(),
  /** FAQ question: its category's key; blog post: its category's; landing page: airport, long_distance, travel. */
  group: yup.string().defined(),
  published: yup.boolean().required(),
  /** A draft is waiting to be published. */
  has_draft: yup.boolean().required(),
  /** ISO date-time of the draft's last save, or null. */
  draft_saved_at: yup.string().nullable().defined(),
  /** The page paths on the site, vi and en ('' for an item shown on a page of others, as an FAQ category). */
  path_vi: yup.string().defined(),
  path_en: yup.string().defined(),
});
export type DeskContentSummary = yup.InferType<typeof deskContentSummarySchema>;

export const deskContentPageSchema = yup.object({
  items: yup.array(deskContentSummarySchema.required()).required(),
  page: yup.number().integer().required(),
  pages: yup.number().integer().required(),
  total: yup.number().integer().required(),
});
export type DeskContentPage = yup.InferType<typeof deskContentPageSchema>;
export const deskContentPageResponseSchema = successSchema(deskContentPageSchema.required());

/** A news or blog post's address, image and date. */
export const deskContentPostSchema = yup.object({
  slug_vi: yup.string().defined(),
  slug_en: yup.string().defined(),
  /** The image's address, or '' for none. */
  image: yup.string().defined(),
  image_alt_vi: yup.string().defined(),
  image_alt_en: yup.string().defined(),
  /** ISO date-time of the first publish (the post's date on the site), or null while it has never been published. */
  published_at: yup.string().nullable().defined(),
});
export type DeskContentPost = yup.InferType<typeof deskContentPostSchema>;

export const deskContentItemSchema = deskContentSummarySchema.shape({
  /** News and blog posts: their address, image and date; null for the other kinds. */
  post: deskContentPostSchema.nullable().defined(),
  live: deskContentTextsSchema.required(),
  draft: deskContentTextsSchema.nullable().defined(),
  /** Who saved the draft (e-mail), or ''. */
  draft_saved_by: yup.string().defined(),
});
export type DeskContentItem = yup.InferType<typeof deskContentItemSchema>;
export const deskContentItemResponseSchema = successSchema(deskContentItemSchema.required());

/** The page's text in one language as the site would show it: cleaned exactly as the public calls clean it. */
export const deskContentPreviewSchema = textSchema.shape({
  kind: yup.string().oneOf(DESK_CONTENT_KINDS).required(),
  lang: langSchema.required(),
  /** The page that shows it, for "open the page". */
  path: yup.string().defined(),
  /** Whether it shows the draft (false: no draft, the live text). */
  draft: yup.boolean().required(),
});
export type DeskContentPreview = yup.InferType<typeof deskContentPreviewSchema>;
export const deskContentPreviewResponseSchema = successSchema(deskContentPreviewSchema.required());
