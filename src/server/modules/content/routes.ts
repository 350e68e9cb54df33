// The content calls of spec 7 over HTTP: public GETs, the same for everyone in a language, so shared caches
// may keep them for 5 minutes (the suggest-brand list 5 seconds: live-figures.ts). An unknown slug, id or category
// answers 404 with a content.errors key.
import type { Context } from 'hono';
import { Hono } from 'hono';
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

function answer<T>(c: Context, result: ContentResult<T>, wrap: (data: T) => unknown = (data) => data) {
  if (!result.ok) return fail(c, result.status, result.message);
  c.header('Cache-Control', CACHE);
  return ok(c, wrap(result.data));
}

function cached<T>(c: Context, data: T) {
  c.header('Cache-Control', CACHE);
  return ok(c, data);
}

export function contentRoutes(service: ContentService, figures: LiveFigures) {
  const routes = new Hono();
  const E = CONTENT_ERROR_KEYS;

  routes.get(rel(CONTENT_PATHS.blogCategories), validate('query', langOnlyRequestSchema), async (c) =>
    cached(c, { items: await service.blogCategories(c.get('input').lang) }),
  );
  routes.get(rel(CONTENT_PATHS.listPosts), validate('query', listPostsRequestSchema), async (c) =>
    answer(c, await service.listPosts(c.get('input'), E.categoryNotFound)),
  );
  routes.get(rel(CONTENT_PATHS.blogPost), validate('query', slugRequestSchema), async (c) => {
    const { lang, slug } = c.get('input');
    return answer(c, await service.blogPost(lang, slug, E.postNotFound));
  });
  routes.get(rel(CONTENT_PATHS.newses), validate('query', newsesRequestSchema), async (c) =>
    cached(c, await service.newses(c.get('input'))),
  );
  routes.get(rel(CONTENT_PATHS.news), validate('query', slugRequestSchema), async (c) => {
    const { lang, slug } = c.get('input');
    return answer(c, await service.news(lang, slug, E.newsNotFound));
  });
  routes.get(rel(CONTENT_PATHS.featuredPosts), validate('query', featuredPostsRequestSchema), async (c) => {
    const { lang, limit } = c.get('input');
    return cached(c, { items: await service.featuredPosts(lang, limit) });
  });
  routes.get(rel(CONTENT_PATHS.staticPage), validate('query', staticPageRequestSchema), async (c) => {
    const { lang, id } = c.get('input');
    return answer(c, await service.staticPage(lang, id, E.pageNotFound));
  });
  routes.get(rel(CONTENT_PATHS.faqCategories), validate('query', langOnlyRequestSchema), async (c) =>
    cached(c, { items: await service.faqCategories(c.get('input').lang) }),
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
