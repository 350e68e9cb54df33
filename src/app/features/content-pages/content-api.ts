// The content calls of issue 8 the content screens use (contract: shared/contract/content.ts and leads.ts): blog
// categories, posts and a post by slug, news with search, FAQ, static pages by id, the partner landing text, and the
// partner lead form. Every query is keyed by language, so switching language asks again in the other one.
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
import {
  LEAD_PATHS,
  agentLandingResponseSchema,
  leadContactResponseSchema,
  type LeadContactInput,
} from '../../../shared/contract/leads';
import type { Lang } from '../../../shared/domain/route-table';
import { ApiError, apiGet, apiPost } from '../../lib/api-client';

/** Content changes rarely: a screen opened again within 5 minutes shows what it has without asking. */
const CONTENT_STALE_MS = 5 * 60_000;

/** A 404 (unknown slug or id) is an answer, not a failure worth asking again. */
const retryUnlessMissing = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2;

const nextPage = (last: PostListData) => (last.page === NO_MORE_PAGES ? undefined : last.page);

export const contentQueries = {
  blogCategories: (lang: Lang) =>
    queryOptions({
      queryKey: ['content', 'blog-categories', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.blogCategories, { query: { lang }, schema: blogCategoriesResponseSchema, signal })).data
          .items,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  posts: (lang: Lang, category: string) =>
    infiniteQueryOptions({
      queryKey: ['content', 'posts', lang, category],
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiGet(CONTENT_PATHS.listPosts, {
            query: { lang, page: pageParam, category: category || undefined },
            schema: postListResponseSchema,
            signal,
          })
        ).data,
      initialPageParam: 1,
      getNextPageParam: nextPage,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  post: (lang: Lang, slug: string) =>
    queryOptions({
      queryKey: ['content', 'post', lang, slug],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.blogPost, { query: { lang, slug }, schema: postDetailResponseSchema, signal })).data,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  newses: (lang: Lang, search: string) =>
    infiniteQueryOptions({
      queryKey: ['content', 'newses', lang, search],
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiGet(CONTENT_PATHS.newses, {
            query: { lang, page: pageParam, search: search || undefined },
            schema: postListResponseSchema,
            signal,
          })
        ).data,
      initialPageParam: 1,
      getNextPageParam: nextPage,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  news: (lang: Lang, slug: string) =>
    queryOptions({
      queryKey: ['content', 'news', lang, slug],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.news, { query: { lang, slug }, schema: postDetailResponseSchema, signal })).data,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  faqCategories: (lang: Lang) =>
    queryOptions({
      queryKey: ['content', 'faq-categories', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.faqCategories, { query: { lang }, schema: faqCategoriesResponseSchema, signal })).data.items,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  faqQuestions: (lang: Lang) =>
    queryOptions({
      queryKey: ['content', 'faq-questions', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.faqQuestions, { query: { lang }, schema: faqQuestionsResponseSchema, signal })).data.items,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  staticPage: (lang: Lang, id: number) =>
    queryOptions({
      queryKey: ['content', 'static-page', lang, id],
      queryFn: async ({ signal }) =>
        (await apiGet(CONTENT_PATHS.staticPage, { query: { lang, id }, schema: staticPageResponseSchema, signal })).data,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
  agentLanding: (lang: Lang) =>
    queryOptions({
      queryKey: ['content', 'agent-landing', lang],
      queryFn: async ({ signal }) =>
        (await apiGet(LEAD_PATHS.agentLandingPosts, { query: { lang }, schema: agentLandingResponseSchema, signal })).data,
      staleTime: CONTENT_STALE_MS,
      retry: retryUnlessMissing,
    }),
};

/** home/create_lead_contact_agent: the answer's message key and params say what happens next. */
export async function sendLeadContact(input: LeadContactInput) {
  return apiPost(LEAD_PATHS.leadContactAgent, input, { schema: leadContactResponseSchema });
}
