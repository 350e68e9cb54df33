// A blog post or news item asked by its slug (blog, news): loading, the error with a link back and retry, then the
// article. A slug of the other language answers the translation, and the address is then corrected to this
// language's slug; the language switch goes to the other language's slug (usePageAlternate).
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostDetail } from '../../../shared/contract/content';
import { usePageAlternate } from '../../lib/alternate-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { useSeo } from '../../lib/use-seo';
import { internalPath, publicPathname, toInternalPath } from '../../lib/route-paths';
import { contentQueries } from './content-api';
import { PostArticle } from './post-article';
import { ContentError, ContentLoading } from './states';

/** What differs between a blog post and a news item: the query, the list's route and the texts (message keys). */
const KINDS = {
  blog: {
    query: contentQueries.post,
    title: 'routes.blog',
    back: 'content_pages.blog.back',
    loading: 'content_pages.blog.loading_post',
    related: 'content_pages.blog.related',
  },
  news: {
    query: contentQueries.news,
    title: 'routes.news',
    back: 'content_pages.news.back',
    loading: 'content_pages.news.loading_item',
    related: 'content_pages.news.related',
  },
} as const;

export function PostPage({
  kind,
  slug,
  tools,
}: {
  /** Also the list's route, the way back. */
  kind: keyof typeof KINDS;
  slug: string;
  /** Below the article's body (news: share). */
  tools?: (post: PostDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const texts = KINDS[kind];
  const lang = useLang();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => publicPathname(state.location) });
  const post = useQuery(texts.query(lang, slug));
  const data = post.data;
  useDocumentTitle(`${data?.title ?? t(texts.title)} – Vivu`);
  usePageAlternate(pathname, data?.alternate ? { [data.alternate.lang]: data.alternate.path } : null);
  useSeo(data && { title: data.title, description: data.summary, path: data.path, alternate: data.alternate, image: data.image });
  // A slug of the other language answered the translation: show this language's address.
  useEffect(() => {
    if (data && data.slug !== slug) void navigate({ to: toInternalPath(data.path), replace: true });
  }, [data, slug, navigate]);
  const back = (
    <Link to={internalPath(kind, lang)} className="back-link">
      {t(texts.back)}
    </Link>
  );
  if (post.isPending) return <ContentLoading label={t(texts.loading)} />;
  if (!data) {
    return (
      <section className="page content-page">
        {back}
        <h1>{t(texts.title)}</h1>
        <ContentError error={post.error} onRetry={() => void post.refetch()} />
      </section>
    );
  }
  return <PostArticle post={data} back={back} relatedTitle={t(texts.related)} tools={tools?.(data)} />;
}
