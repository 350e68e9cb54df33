// The content calls of spec 7 over HTTP (issue 8): public GETs, the same for everyone in a language, so shared caches
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
import type { Db } from '../../db/client';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { PlaceSearch } from '../../adapters/geocoder/types';
import type { PricingService } from '../pricing/service';
import type { ConfigService } from '../config/service';
import { createLiveFigures, type LiveFigures } from './live-figures';
import { createContentRepository } from './repository';
import { systemValue } from '../../../shared/domain/system-config';
import { createContentService, type ContentResult, type ContentService } from './service';

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

export interface ContentModuleOptions {
  db: Db;
  /** The landing pages' and popular routes' fares come from the same engine as the price list. */
  pricing: PricingService;
  /** The gazetteer: the routes' place ids become place-search answers (address and address component). */
  places: PlaceSearch;
  /** The live system config: the suggest-brand window, limits and refresh (spec 9). */
  config: ConfigService;
  now?: () => Date;
}

/**
 * From app.ts: the content repository and service (the SEO head and the sitemap use the same ones, so one cache
 * serves both) and the content routes over them.
 */
export function contentModule({ db, pricing, places, config, now }: ContentModuleOptions) {
  const repository = createContentRepository(db);
  const postsPerPage = async () => systemValue((await config.get()).system, 'blog_posts_per_page');
  const service = createContentService({ repository, pricing, places, now, postsPerPage });
  const figures = createLiveFigures({ db, repository, system: async () => (await config.get()).system, now });
  return { repository, service, routes: contentRoutes(service, figures) };
}
