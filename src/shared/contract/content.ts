// Editorial content: blog, news, FAQ, static pages, landing pages (airports, long-distance, travel) and the
// home sections' data (featured posts, popular routes, media, environmental impact). All calls are public GETs in
// both languages. Bodies are small structured blocks, never HTML, so the client renders them as plain React nodes.
import { BOOKING_TYPE } from '../domain/trip-search';
import { LANGS } from '../domain/route-table';
import { successSchema } from './envelope';
import { langSchema } from './lang';
import { addressComponentSchema } from './places';
import { yup } from './yup';

/** spec 7: home/* under /api/home, the unprefixed calls after get_all_driver_rand_names under /api/passenger. */
export const CONTENT_PATHS = {
  /** GET lang. Blog categories with their post counts. */
  blogCategories: '/api/home/get_blog_category',
  /** GET lang, page, category (a category slug, optional). blog_posts_per_page (BLOG_PAGE_SIZE, 6) per page. */
  listPosts: '/api/home/get_list_posts',
  /** GET lang, slug. */
  blogPost: '/api/home/get_blog_post',
  /** GET lang, page, search. As many per page as the blog. */
  newses: '/api/home/get_newses',
  /** GET lang, slug. */
  news: '/api/home/get_news',
  /** GET lang, slug or key, kind (optional). A landing page with its route and fares. */
  landingPage: '/api/home/get_landing_page',
  /** GET lang. */
  homepageMedia: '/api/home/get_homepage_media',
  /** GET lang. */
  homepageImpact: '/api/home/get_homepage_impact_environmental',
  /** GET lang, limit. */
  featuredPosts: '/api/passenger/get_featured_posts',
  /** GET lang. Popular routes, each with what a prefilled price list needs. */
  popularChunks: '/api/passenger/get_popular_chunks',
  /** GET lang, id (STATIC_PAGE_IDS). */
  staticPage: '/api/passenger/get_static_page',
  /** GET lang, category (a FAQ category key, optional). */
  faqQuestions: '/api/passenger/get_faq_questions',
  /** GET lang. */
  faqCategories: '/api/passenger/get_faq_categories',
  /** GET. The transport partners booked most in the last prev_day day(s) (spec 9 suggest-brand). */
  suggestBrands: '/api/passenger/get_suggest_brands',
} as const;

/** spec 9: blog posts per page, unless the configuration's blog_posts_per_page says otherwise (news too). */
export const BLOG_PAGE_SIZE = 6;
export const FEATURED_POSTS_DEFAULT = 4;
export const FEATURED_POSTS_MAX = 12;
export const NEWS_SEARCH_MAX = 100;
/** spec 4 convention (as the price list): `page` in an answer is the next page to ask for, or -1. */
export const NO_MORE_PAGES = -1;

/** spec 9 static page ids; jobs and about us are ours (docs/decisions.md, Content). */
export const STATIC_PAGE_IDS = {
  complaints: 237,
  corporateCustomer: 219,
  privacyPolicy: 234,
  transportPolicy: 233,
  userGuide: 511,
  jobs: 601,
  aboutUs: 602,
} as const;
export type StaticPageKey = keyof typeof STATIC_PAGE_IDS;

export const POST_KINDS = ['blog', 'news'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const LANDING_KINDS = ['airport', 'long_distance', 'travel'] as const;
export type LandingKind = (typeof LANDING_KINDS)[number];
export const MEDIA_KINDS = ['press_release', 'photo', 'video'] as const;

export const CONTENT_ERROR_KEYS = {
  /** 404: no blog post with this slug in either language. */
  postNotFound: 'content.errors.post_not_found',
  /** 404: no news item with this slug. */
  newsNotFound: 'content.errors.news_not_found',
  /** 404: no static page with this id. */
  pageNotFound: 'content.errors.page_not_found',
  /** 404: no landing page with this slug or key (or not of the kind asked for). */
  landingNotFound: 'content.errors.landing_not_found',
  /** 404: no blog or FAQ category with this slug or key. */
  categoryNotFound: 'content.errors.category_not_found',
  /** 400: get_landing_page needs a slug or a key. */
  slugOrKey: 'content.errors.slug_or_key',
} as const;

// Body blocks: the whole markup vocabulary of the content. Text is plain text (no HTML, no Markdown).

export const BLOCK_TYPES = ['p', 'h2', 'ul', 'quote'] as const;
export type ContentBlock = { type: 'p' | 'h2' | 'quote'; text: string } | { type: 'ul'; items: string[] };

export function isContentBlock(value: unknown): value is ContentBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  if (block.type === 'ul')
    return Array.isArray(block.items) && block.items.length > 0 && block.items.every((i) => typeof i === 'string' && i !== '');
  return (
    (block.type === 'p' || block.type === 'h2' || block.type === 'quote') && typeof block.text === 'string' && block.text !== ''
  );
}

export const contentBlockSchema = yup.mixed<ContentBlock>(isContentBlock).defined();
export const contentBodySchema = yup.array(contentBlockSchema.required()).required();

// Requests.

const pageSchema = yup.number().integer().min(1).max(1000).default(1);
const slugSchema = yup.string().trim().max(200);

export const langOnlyRequestSchema = yup.object({ lang: langSchema });

export const listPostsRequestSchema = yup.object({
  lang: langSchema,
  page: pageSchema,
  /** A blog category slug in the request's language; empty for every category. */
  category: slugSchema.default(''),
});
export type ListPostsRequest = yup.InferType<typeof listPostsRequestSchema>;

export const slugRequestSchema = yup.object({ lang: langSchema, slug: slugSchema.required() });

export const newsesRequestSchema = yup.object({
  lang: langSchema,
  page: pageSchema,
  /** Words of the title, summary or text; case and Vietnamese marks are ignored ("noi bai" finds "Nội Bài"). */
  search: yup.string().trim().max(NEWS_SEARCH_MAX).default(''),
});
export type NewsesRequest = yup.InferType<typeof newsesRequestSchema>;

export const featuredPostsRequestSchema = yup.object({
  lang: langSchema,
  limit: yup.number().integer().min(1).max(FEATURED_POSTS_MAX).default(FEATURED_POSTS_DEFAULT),
});

export const staticPageRequestSchema = yup.object({
  lang: langSchema,
  id: yup.number().integer().min(1).required(),
});

export const faqQuestionsRequestSchema = yup.object({
  lang: langSchema,
  /** A FAQ category key (get_faq_categories); empty for all. */
  category: yup.string().trim().max(50).default(''),
});

export const landingPageRequestSchema = yup
  .object({
    lang: langSchema,
    /** The page's slug in the request's language (routes with `:slug`). */
    slug: slugSchema.default(''),
    /** Or its key, for the routes without a slug: the route name (`airport-noibai`, `airport`…). */
    key: yup.string().trim().max(100).default(''),
    kind: yup
      .string()
      .oneOf(['', ...LANDING_KINDS] as const)
      .default(''),
  })
  .test('slug-or-key', { key: CONTENT_ERROR_KEYS.slugOrKey }, (value) => Boolean(value.slug || value.key));
export type LandingPageRequest = yup.InferType<typeof landingPageRequestSchema>;

// Responses.

/** The same item in the other language, for the language switch; null when it has no translation. */
export const alternateSchema = yup
  .object({
    lang: yup.string().oneOf(LANGS).required(),
    slug: yup.string().required(),
    /** The page path in that language (route table). */
    path: yup.string().required(),
  })
  .nullable()
  .defined();

const pagingFields = {
  /** The next page to ask for, or -1 (NO_MORE_PAGES). */
  page: yup.number().integer().required(),
  total: yup.number().integer().min(0).required(),
  per_page: yup.number().integer().min(1).required(),
};

export const blogCategorySchema = yup.object({
  key: yup.string().required(),
  slug: yup.string().required(),
  name: yup.string().required(),
  description: yup.string().defined(),
  post_count: yup.number().integer().min(0).required(),
});
export type BlogCategory = yup.InferType<typeof blogCategorySchema>;
export const blogCategoriesResponseSchema = successSchema(
  yup.object({ items: yup.array(blogCategorySchema.required()).required() }).required(),
);

export const postSummarySchema = yup.object({
  id: yup.number().integer().required(),
  kind: yup.string().oneOf(POST_KINDS).required(),
  slug: yup.string().required(),
  /** The page path in the request's language (`/blog/…`, `/en/press/…`). */
  path: yup.string().required(),
  title: yup.string().required(),
  summary: yup.string().required(),
  /** A path under /content or '' (the client shows a drawn placeholder). */
  image: yup.string().defined(),
  image_alt: yup.string().defined(),
  /** Blog: the category's key and name; news: ''. */
  category_key: yup.string().defined(),
  category_name: yup.string().defined(),
  author: yup.string().defined(),
  /** News: who published it (Vivu's newsroom for our own releases). */
  source: yup.string().defined(),
  reading_minutes: yup.number().integer().min(1).required(),
  /** ISO date-time. */
  published_at: yup.string().required(),
});
export type PostSummary = yup.InferType<typeof postSummarySchema>;

export const postListDataSchema = yup.object({ items: yup.array(postSummarySchema.required()).required(), ...pagingFields });
export type PostListData = yup.InferType<typeof postListDataSchema>;
export const postListResponseSchema = successSchema(postListDataSchema.required());

export const postDetailSchema = postSummarySchema.shape({
  body: contentBodySchema,
  alternate: alternateSchema,
  /** Up to 3 other posts of the same kind (blog: same category first), newest first. */
  related: yup.array(postSummarySchema.required()).required(),
});
export type PostDetail = yup.InferType<typeof postDetailSchema>;
export const postDetailResponseSchema = successSchema(postDetailSchema.required());

export const featuredPostsResponseSchema = successSchema(
  yup.object({ items: yup.array(postSummarySchema.required()).required() }).required(),
);

export const staticPageSchema = yup.object({
  id: yup.number().integer().required(),
  key: yup.string().required(),
  /** The route of the page in the route table (`complaints`, `privacy-policy`…). */
  route_name: yup.string().required(),
  path: yup.string().required(),
  title: yup.string().required(),
  summary: yup.string().defined(),
  body: contentBodySchema,
  /** ISO date of the last change of the text. */
  updated_at: yup.string().required(),
});
export type StaticPage = yup.InferType<typeof staticPageSchema>;
export const staticPageResponseSchema = successSchema(staticPageSchema.required());

export const faqCategorySchema = yup.object({
  key: yup.string().required(),
  name: yup.string().required(),
  question_count: yup.number().integer().min(0).required(),
});
export type FaqCategory = yup.InferType<typeof faqCategorySchema>;
export const faqCategoriesResponseSchema = successSchema(
  yup.object({ items: yup.array(faqCategorySchema.required()).required() }).required(),
);

export const faqQuestionSchema = yup.object({
  id: yup.number().integer().required(),
  category_key: yup.string().required(),
  question: yup.string().required(),
  answer: contentBodySchema,
});
export type FaqQuestion = yup.InferType<typeof faqQuestionSchema>;
export const faqQuestionsResponseSchema = successSchema(
  yup.object({ items: yup.array(faqQuestionSchema.required()).required() }).required(),
);

/** One end of a route, as the place calls answer it: enough to prefill the booking widget. */
export const routeEndSchema = yup.object({
  address: yup.string().required(),
  address_component: addressComponentSchema.required(),
});

/** A route with what a prefilled price list needs (`/dat-xe?type=…&pick=<place_id>&drop=<place_id>`). */
export const contentRouteSchema = yup.object({
  dimension_id: yup.number().oneOf([BOOKING_TYPE.airport, BOOKING_TYPE.interProvince]).required(),
  pick: routeEndSchema.required(),
  drop: routeEndSchema.required(),
});
export type ContentRoute = yup.InferType<typeof contentRouteSchema>;

/** The cheapest offer of a vehicle type and ride method on a landing page's route. */
export const landingFareSchema = yup.object({
  vehicle_id: yup.number().integer().required(),
  vehicle_name: yup.string().required(),
  vehicle_seats: yup.number().integer().min(0).required(),
  ride_method_id: yup.number().oneOf([1, 2]).required(),
  /** The lowest `merged` price (VND) among the partners offering it; a shared ride's is per seat. */
  price_from: yup.number().integer().min(0).required(),
  /** How many partners offer it. */
  offers: yup.number().integer().min(1).required(),
});
export type LandingFare = yup.InferType<typeof landingFareSchema>;

export const landingPageSchema = yup.object({
  key: yup.string().required(),
  kind: yup.string().oneOf(LANDING_KINDS).required(),
  /** The route-table route that shows it (`airport-noibai`, `long-distance`…). */
  route_name: yup.string().required(),
  slug: yup.string().required(),
  path: yup.string().required(),
  title: yup.string().required(),
  summary: yup.string().required(),
  body: contentBodySchema,
  alternate: alternateSchema,
  route: contentRouteSchema.required(),
  /** The fares for a daytime pickup tomorrow (fares_depart_time), cheapest first per vehicle and ride method. */
  fares: yup.array(landingFareSchema.required()).required(),
  fares_depart_time: yup.string().required(),
  distance_km: yup.number().min(0).required(),
  /** Other landing pages of the same kind (links), in the request's language. */
  siblings: yup
    .array(yup.object({ key: yup.string().required(), title: yup.string().required(), path: yup.string().required() }).required())
    .required(),
});
export type LandingPage = yup.InferType<typeof landingPageSchema>;
export const landingPageResponseSchema = successSchema(landingPageSchema.required());

export const popularChunkSchema = contentRouteSchema.shape({
  id: yup.number().integer().required(),
  title: yup.string().required(),
  /** The cheapest price of the route for a daytime pickup tomorrow, or null when no partner offers it. */
  price_from: yup.number().integer().min(0).nullable().defined(),
});
export type PopularChunk = yup.InferType<typeof popularChunkSchema>;
export const popularChunksResponseSchema = successSchema(
  yup.object({ items: yup.array(popularChunkSchema.required()).required() }).required(),
);

export const mediaItemSchema = yup.object({
  id: yup.number().integer().required(),
  kind: yup.string().oneOf(MEDIA_KINDS).required(),
  title: yup.string().required(),
  caption: yup.string().defined(),
  image: yup.string().defined(),
  image_alt: yup.string().defined(),
  /** Where the item leads: a news page of this site in the request's language, or ''. */
  path: yup.string().defined(),
  published_at: yup.string().required(),
});
export type MediaItem = yup.InferType<typeof mediaItemSchema>;
export const homepageMediaResponseSchema = successSchema(
  yup.object({ items: yup.array(mediaItemSchema.required()).required() }).required(),
);

export const impactFigureSchema = yup.object({
  key: yup.string().required(),
  value: yup.number().min(0).required(),
  unit: yup.string().defined(),
  label: yup.string().required(),
  /** How the figure is computed, in plain words (shown under it). */
  method: yup.string().required(),
});
export type ImpactFigure = yup.InferType<typeof impactFigureSchema>;
export const homepageImpactResponseSchema = successSchema(
  yup
    .object({
      items: yup.array(impactFigureSchema.required()).required(),
      /** The period the figures cover, e.g. "1/2026 – 10/2026" (ISO dates). */
      period_start: yup.string().required(),
      period_end: yup.string().required(),
    })
    .required(),
);

/**
 * spec 9 suggest-brand: the transport partners with the most real bookings (tickets created in the window whose
 * payment did not fail or time out and whose night request was not refused or left unanswered), most first.
 * `items` is empty when fewer than `number_from` partners have bookings; at most `number_to` partners.
 */
export const suggestBrandSchema = yup.object({
  partner_id: yup.number().integer().required(),
  name: yup.string().required(),
  /** Initials shown in place of a logo ("VA"), as in the price list. */
  logo_text: yup.string().defined(),
  /** 0 to 5; 0 with rating_count 0 means not rated yet. */
  rating: yup.number().min(0).max(5).required(),
  rating_count: yup.number().integer().min(0).required(),
  /** Bookings made with the partner in the window. */
  bookings: yup.number().integer().min(1).required(),
});
export type SuggestBrand = yup.InferType<typeof suggestBrandSchema>;
export const suggestBrandsDataSchema = yup.object({
  items: yup.array(suggestBrandSchema.required()).required(),
  /** The window: the last prev_day × 24 hours before `at`. */
  prev_day: yup.number().integer().min(1).required(),
  /** ISO date-time of the count. */
  at: yup.string().required(),
  number_from: yup.number().integer().min(0).required(),
  number_to: yup.number().integer().min(0).required(),
  /** How often the client asks again while the page is visible (system config time_refresh_number_seconds). */
  refresh_seconds: yup.number().integer().min(1).required(),
});
export type SuggestBrandsData = yup.InferType<typeof suggestBrandsDataSchema>;
export const suggestBrandsResponseSchema = successSchema(suggestBrandsDataSchema.required());
