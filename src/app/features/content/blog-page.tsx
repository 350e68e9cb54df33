// blog (/blog/:slug?, /en/blog/:slug?; spec 2, 9): without a slug, the posts 6 per page with a category filter (the
// category's slug kept in the URL, ?category=) and "load more"; with a slug, the post with its related posts. A slug
// of the other language answers the translation, and the address is then corrected to this language's slug; the
// language switch goes to the other language's slug (usePageAlternate).
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { BlogCategory } from '../../../shared/contract/content';
import { type Lang } from '../../../shared/domain/route-table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { contentQueries } from './content-api';
import { PagedPostList } from './paged-post-list';
import { PostPage } from './post-page';
import { ContentEmpty, ContentError, ContentLoading } from './states';
import './content.css';

function useSearchText(name: string): string {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>)[name];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    },
  });
}

function CategoryFilter({ categories, active, lang }: { categories: BlogCategory[]; active: string; lang: Lang }) {
  const { t } = useTranslation();
  const all = categories.reduce((sum, category) => sum + category.post_count, 0);
  const option = (slug: string, label: string, count: number) => (
    <li key={slug || 'all'}>
      <Link
        to="/$lang/blog/{-$slug}"
        params={{ lang }}
        search={slug ? { category: slug } : {}}
        className="chip"
        aria-current={active === slug ? 'page' : undefined}
      >
        {label} <span className="chip-count">({count})</span>
      </Link>
    </li>
  );
  return (
    <nav aria-label={t('content_pages.blog.categories')} className="chip-nav">
      <ul className="chip-list">
        {option('', t('content_pages.blog.all'), all)}
        {categories.map((category) => option(category.slug, category.name, category.post_count))}
      </ul>
    </nav>
  );
}

/**
 * Category slugs differ between the languages, and the language switch keeps ?category=: a slug of the other
 * language is replaced by this language's slug of the same category. True while that is being worked out.
 */
function useCategoryTranslation(category: string, lang: Lang, categories: BlogCategory[] | null | undefined): boolean {
  const navigate = useNavigate();
  const known = categories === null ? [] : categories;
  const unknown = category !== '' && known !== undefined && !known.some((c) => c.slug === category);
  const other = useQuery({ ...contentQueries.blogCategories(lang === 'vi' ? 'en' : 'vi'), enabled: unknown });
  const key = other.data?.find((c) => c.slug === category)?.key;
  const translated = key ? known?.find((c) => c.key === key)?.slug : undefined;
  useEffect(() => {
    if (translated)
      void navigate({ to: '/$lang/blog/{-$slug}', params: { lang }, search: { category: translated }, replace: true });
  }, [translated, lang, navigate]);
  // Until the categories are known, and while the other language's are asked for (a failure lets the list answer).
  return category !== '' && (known === undefined || (unknown && (other.isPending || translated !== undefined)));
}

function BlogList() {
  const { t } = useTranslation();
  const lang = useLang();
  const category = useSearchText('category');
  const categories = useQuery(contentQueries.blogCategories(lang));
  const current = categories.data?.find((c) => c.slug === category);
  // Without the categories (their call failed) the list asks with the slug as it is.
  const translating = useCategoryTranslation(category, lang, categories.isError ? null : categories.data);
  const posts = useInfiniteQuery({ ...contentQueries.posts(lang, category), enabled: !translating });
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const total = posts.data?.pages[0]?.total ?? 0;
  useDocumentTitle(`${current ? `${current.name} – ` : ''}${t('routes.blog')} – Vivu`);
  return (
    <section className="page content-page" aria-labelledby="blog-heading">
      <h1 id="blog-heading">{t('routes.blog')}</h1>
      <p className="content-lead">{current?.description || t('content_pages.blog.lead')}</p>
      {categories.data && <CategoryFilter categories={categories.data} active={category} lang={lang} />}
      {posts.isPending && <ContentLoading label={t('content_pages.blog.loading')} />}
      {posts.isError && !posts.data && <ContentError error={posts.error} onRetry={() => void posts.refetch()} />}
      {posts.data && items.length === 0 && <ContentEmpty text={t('content_pages.blog.empty')} />}
      {items.length > 0 && (
        <>
          <PagedPostList
            items={items}
            label={t('content_pages.blog.posts')}
            query={posts}
            before={
              <p className="result-count" role="status">
                {t('content_pages.shown', { shown: items.length, total })}
              </p>
            }
          />
        </>
      )}
    </section>
  );
}

export function BlogPage() {
  const params = useParams({ strict: false }) as { slug?: string };
  return params.slug ? <PostPage key={params.slug} kind="blog" slug={params.slug} /> : <BlogList />;
}
