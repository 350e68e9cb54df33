// The content calls of spec 7 over HTTP: public GETs, the same for everyone in a language. The texts the desk edits
// may be kept by any cache but are asked for again each time (an ETag makes an unchanged answer a 304), so a publish
// shows at once; the home's popular routes, media and figures may be kept for 5 minutes (the suggest-brand list 5
// seconds: live-figures.ts). An unknown slug, id or category answers 404 with a content.errors key.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import {
  CONTENT_ERROR_KEYS,
  CONTENT_PATHS,
  faqQuestionsRequestSchema,
  featuredPostsRequestSchema,
  landingPageRequestSchema,
  langOnlyRequestSchema,
  listPostsRequestSchema,
  newsesRequestSchema,
  slugRequestSchema,
  staticPageRequestSchema,
} from '../../../shared/contract/content';
import { API_BASE } from '../../../shared/contract/envelope';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import { type LiveFigures } from './live-figures';
import { type ContentResult, type ContentService } from './service';

const rel = (path: string) => path.slice(API_BASE.length);
const CACHE = 'public, max-age=300';
/** The desk's texts: kept, but revalidated on every use. */
export const EDITORIAL_CACHE = 'public, no-cache';

function answer<T>(c: Context, result: ContentResult<T>, wrap: (data: T) => unknown = (data) => data) {
  if (!result.ok) return fail(c, result.status, result.message);
  c.header('Cache-Control', EDITORIAL_CACHE);
  return ok(c, wrap(result.data));
}

function editorial<T>(c: Context, data: T) {
  c.header('Cache-Control', EDITORIAL_CACHE);
  return ok(c, data);
}

function cached<T>(c: Context, data: T) {
  c.header('Cache-Control', CACHE);
  return ok(c, data);
}

/** The calls answering texts the desk edits. */
const EDITORIAL_PATHS = [
  CONTENT_PATHS.blogCategories,
  CONTENT_PATHS.listPosts,
  CONTENT_PATHS.blogPost,
  CONTENT_PATHS.newses,
  CONTENT_PATHS.news,
  CONTENT_PATHS.featuredPosts,
  CONTENT_PATHS.staticPage,
  CONTENT_PATHS.faqCategories,
  CONTENT_PATHS.faqQuestions,
  CONTENT_PATHS.landingPage,
];

export function contentRoutes(service: ContentService, figures: LiveFigures) {
  const routes = new Hono();
  const E = CONTENT_ERROR_KEYS;
  for (const path of EDITORIAL_PATHS) routes.get(rel(path), etag());

  routes.get(rel(CONTENT_PATHS.blogCategories), validate('query', langOnlyRequestSchema), async (c) =>
    editorial(c, { items: await service.blogCategories(c.get('input').lang) }),
  );
  routes.get(rel(CONTENT_PATHS.listPosts), validate('query', listPostsRequestSchema), async (c) =>
    answer(c, await service.listPosts(c.get('input'), E.categoryNotFound)),
  );
  routes.get(rel(CONTENT_PATHS.blogPost), validate('query', slugRequestSchema), async (c) => {
    const { lang, slug } = c.get('input');
    return answer(c, await service.blogPost(lang, slug, E.postNotFound));
  });
  routes.get(rel(CONTENT_PATHS.newses), validate('query', newsesRequestSchema), async (c) =>
    editorial(c, await service.newses(c.get('input'))),
  );
  routes.get(rel(CONTENT_PATHS.news), validate('query', slugRequestSchema), async (c) => {
    const { lang, slug } = c.get('input');
    return answer(c, await service.news(lang, slug, E.newsNotFound));
  });
  routes.get(rel(CONTENT_PATHS.featuredPosts), validate('query', featuredPostsRequestSchema), async (c) => {
    const { lang, limit } = c.get('input');
    return editorial(c, { items: await service.featuredPosts(lang, limit) });
  });
  routes.get(rel(CONTENT_PATHS.staticPage), validate('query', staticPageRequestSchema), async (c) => {
    const { lang, id } = c.get('input');
    return answer(c, await service.staticPage(lang, id, E.pageNotFound));
  });
  routes.get(rel(CONTENT_PATHS.faqCategories), validate('query', langOnlyRequestSchema), async (c) =>
    editorial(c, { items: await service.faqCategories(c.get('input').lang) }),
  );
  routes.get(rel(CONTENT_PATHS.faqQuestions), validate('query', faqQuestionsRequestSchema), async (c) => {
    const { lang, category } = c.get('input');
    return answer(c, await service.faqQuestions(lang, category, E.categoryNotFound), (items) => ({ items }));
  });
  routes.get(rel(CONTENT_PATHS.landingPage), validate('query', landingPageRequestSchema), async (c) =>
    answer(c, await service.landingPage(c.get('input'), E.landingNotFound)),
  );
  routes.get(rel(CONTENT_PATHS.popularChunks), validate('query', langOnlyRequestSchema), async (c) =>
    cached(c, { items: await service.popularChunks(c.get('input').lang) }),
  );
  routes.get(rel(CONTENT_PATHS.homepageMedia), validate('query', langOnlyRequestSchema), async (c) =>
    cached(c, { items: await service.homepageMedia(c.get('input').lang) }),
  );
  routes.get(rel(CONTENT_PATHS.homepageImpact), validate('query', langOnlyRequestSchema), async (c) =>
    cached(c, await figures.homepageImpact(c.get('input').lang)),
  );
  routes.get(rel(CONTENT_PATHS.suggestBrands), async (c) => {
    // Asked again every time_refresh_number_seconds while the home is visible; one answer serves 5 s anyway.
    c.header('Cache-Control', 'public, max-age=5');
    return ok(c, await figures.suggestBrands());
  });
  return routes;
}
