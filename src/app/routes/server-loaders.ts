// The loaders of the pages the server renders with data (home needs only the settings, entry-server.tsx): each fills
// the page's query client with what its screen reads, with the same query options, before the server's one render. A
// call that fails is left out (entry-server.tsx renders it as not yet answered, as the browser's first render has it).
// In the browser these pages come with the server's data, and a later visit's screen fetches its own as before.
import type { QueryClient } from '@tanstack/react-query';
import { STATIC_PAGE_IDS } from '../../shared/contract/content';
import { isLandingRoute, landingLookup, type LandingRouteName } from '../../shared/domain/landing-routes';
import type { RouteSearch } from '../../shared/domain/route-search';
import type { Lang, RouteName } from '../../shared/domain/route-table';
import { contentQueries } from '../features/content/content-api';
import { landingQueries } from '../features/content/landing/api';
import { STATIC_ROUTE_PAGES, type StaticRouteName } from '../features/content/static-routes';
import type { LoaderMatch } from './loaders';

/** The data, or undefined when its call failed. */
function settled<T>(promise: Promise<T>): Promise<T | undefined> {
  return promise.catch(() => undefined);
}

/** The server's client; null in the browser, which loads none of these. */
async function serverClient(match: LoaderMatch): Promise<QueryClient | null> {
  return match.context.onServer ? match.context.queryClient() : null;
}

const langOf = (match: LoaderMatch): Lang => (match.params.lang === 'en' ? 'en' : 'vi');

/** A URL parameter as the content screens read it: a string or a number, as text; else empty. */
const searchText = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * The blog list's categories in both languages (its screen puts a category of the other language in this one's) and
 * its first page of posts (features/content/blog-page.tsx BlogList).
 */
async function loadBlogList(client: QueryClient, lang: Lang, category: string): Promise<void> {
  await Promise.all([
    settled(client.ensureQueryData(contentQueries.blogCategories(lang))),
    settled(client.ensureQueryData(contentQueries.blogCategories(lang === 'vi' ? 'en' : 'vi'))),
    settled(client.ensureInfiniteQueryData(contentQueries.posts(lang, category))),
  ]);
}

/** blog: a post by its slug, or the list. */
async function loadBlog(match: LoaderMatch<RouteSearch<'blog'>>): Promise<void> {
  const client = await serverClient(match);
  if (!client) return;
  const slug = match.params.slug;
  if (slug) await settled(client.ensureQueryData(contentQueries.post(langOf(match), slug)));
  else await loadBlogList(client, langOf(match), searchText(match.search.category));
}

/** news: an item by its slug, or the list for the search in the URL. */
async function loadNews(match: LoaderMatch<RouteSearch<'news'>>): Promise<void> {
  const client = await serverClient(match);
  if (!client) return;
  const slug = match.params.slug;
  if (slug) await settled(client.ensureQueryData(contentQueries.news(langOf(match), slug)));
  else await settled(client.ensureInfiniteQueryData(contentQueries.newses(langOf(match), searchText(match.search.q).trim())));
}

/** faqs: the categories and the questions. */
async function loadFaqs(match: LoaderMatch): Promise<void> {
  const client = await serverClient(match);
  if (!client) return;
  await Promise.all([
    settled(client.ensureQueryData(contentQueries.faqCategories(langOf(match)))),
    settled(client.ensureQueryData(contentQueries.faqQuestions(langOf(match)))),
  ]);
}

/** A static content route: its page. */
function staticPageLoader(route: StaticRouteName) {
  return async (match: LoaderMatch): Promise<void> => {
    const client = await serverClient(match);
    if (client)
      await settled(client.ensureQueryData(contentQueries.staticPage(langOf(match), STATIC_PAGE_IDS[STATIC_ROUTE_PAGES[route]])));
  };
}

/** A landing route: its own page, or the page of its slug. */
function landingLoader(route: LandingRouteName) {
  return async (match: LoaderMatch): Promise<void> => {
    const client = await serverClient(match);
    if (client)
      await settled(client.ensureQueryData(landingQueries.page(langOf(match), landingLookup(route, match.params.slug))));
  };
}

const isStaticRoute = (name: RouteName): name is StaticRouteName =>
  Object.prototype.hasOwnProperty.call(STATIC_ROUTE_PAGES, name);

/** Route `name`'s loader on the server (router.tsx loadRoute); home and the pages without data have none. */
export function loadOnServer(name: RouteName, match: LoaderMatch): Promise<void> | undefined {
  if (name === 'blog') return loadBlog(match as LoaderMatch<RouteSearch<'blog'>>);
  if (name === 'news') return loadNews(match as LoaderMatch<RouteSearch<'news'>>);
  if (name === 'faqs') return loadFaqs(match);
  if (isStaticRoute(name)) return staticPageLoader(name)(match);
  if (isLandingRoute(name)) return landingLoader(name)(match);
  return undefined;
}
