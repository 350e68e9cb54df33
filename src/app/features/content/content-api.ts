// The content calls the content screens use (contract: shared/contract/content.ts and leads.ts): blog
// categories, posts and a post by slug, news with search, FAQ, static pages by id, and the partner landing text (the
// partner lead form's call is in features/leads/api.ts). Every query is keyed by language, so switching language asks again in the other one.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CONTENT_PATHS,
  NO_MORE_PAGES,
  blogCategoriesResponseSchema,
  faqCategoriesResponseSchema,
  faqQuestionsResponseSchema,
  postDetailResponseSchema,
  postListResponseSchema,
  staticPageResponseSchema,
  type PostListData,
} from '../../../shared/contract/content';
import { LEAD_PATHS, partnerLandingResponseSchema } from '../../../shared/contract/leads';
import type { Lang } from '../../../shared/domain/route-table';
import type { Schema } from 'yup';
import { ApiError, apiGet } from '../../lib/api-client';

/** Content changes rarely: a screen opened again within 5 minutes shows what it has without asking. */
const CONTENT_STALE_MS = 5 * 60_000;

/** A 404 (unknown slug or id) is an answer, not a failure worth asking again. */
const retryUnlessMissing = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2;

const nextPage = (last: PostListData) => (last.page === NO_MORE_PAGES ? undefined : last.page);

/** What a content query is keyed by after 'content': its name, the language, then what it is asked with. */
type ContentKey = [name: string, lang: Lang, ...params: Array<string | number>];
type Params = Record<string, string | number | undefined>;

/** One GET of a content call in `lang` (with `params` after it): the envelope's data. */
async function getContent<T>(path: string, schema: Schema<{ data: T }>, lang: Lang, params: Params, signal: AbortSignal) {
  return (await apiGet(path, { query: { lang, ...params }, schema, signal })).data;
}

/** Every content query: keyed ['content', ...key], fresh for 5 minutes, a missing item not asked again. */
const contentQuery = <T>(key: ContentKey, fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({
    queryKey: ['content', ...key],
    queryFn: ({ signal }) => fetch(signal),
    staleTime: CONTENT_STALE_MS,
    retry: retryUnlessMissing,
  });

/** A call answering the envelope's data as it is. */
const dataQuery = <T>(key: ContentKey, path: string, schema: Schema<{ data: T }>, params: Params = {}) =>
  contentQuery(key, (signal) => getContent(path, schema, key[1], params, signal));

/** A call answering a list as `data.items`. */
const itemsQuery = <T>(key: ContentKey, path: string, schema: Schema<{ data: { items: T[] } }>) =>
  contentQuery(key, async (signal) => (await getContent(path, schema, key[1], {}, signal)).items);

/** Posts ("load more"), pages from 1 until the server answers NO_MORE_PAGES. */
const postPagesQuery = (key: ContentKey, path: string, filter: Params) => {
  const fetchPage = (page: number, signal: AbortSignal) =>
    getContent(path, postListResponseSchema, key[1], { page, ...filter }, signal);
  return infiniteQueryOptions({
    queryKey: ['content', ...key],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: CONTENT_STALE_MS,
    retry: retryUnlessMissing,
  });
};

export const contentQueries = {
  blogCategories: (lang: Lang) =>
    itemsQuery(['blog-categories', lang], CONTENT_PATHS.blogCategories, blogCategoriesResponseSchema),
  posts: (lang: Lang, category: string) =>
    postPagesQuery(['posts', lang, category], CONTENT_PATHS.listPosts, { category: category || undefined }),
  post: (lang: Lang, slug: string) => dataQuery(['post', lang, slug], CONTENT_PATHS.blogPost, postDetailResponseSchema, { slug }),
  newses: (lang: Lang, search: string) =>
    postPagesQuery(['newses', lang, search], CONTENT_PATHS.newses, { search: search || undefined }),
  news: (lang: Lang, slug: string) => dataQuery(['news', lang, slug], CONTENT_PATHS.news, postDetailResponseSchema, { slug }),
  faqCategories: (lang: Lang) => itemsQuery(['faq-categories', lang], CONTENT_PATHS.faqCategories, faqCategoriesResponseSchema),
  faqQuestions: (lang: Lang) => itemsQuery(['faq-questions', lang], CONTENT_PATHS.faqQuestions, faqQuestionsResponseSchema),
  staticPage: (lang: Lang, id: number) =>
    dataQuery(['static-page', lang, id], CONTENT_PATHS.staticPage, staticPageResponseSchema, { id }),
  partnerLanding: (lang: Lang) =>
    dataQuery(['partner-landing', lang], LEAD_PATHS.partnerLandingPosts, partnerLandingResponseSchema),
};
