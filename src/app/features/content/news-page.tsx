// news (/bao-chi/:slug?, /en/press/:slug?; spec 2 "has search and share"): without a slug, the press releases and
// news with a search box (debounced 300 ms, the query kept in the URL as ?q=, marks and case ignored by the server)
// and "load more"; with a slug, the item with a share button and related items. The language switch goes to the
// other language's slug.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NEWS_SEARCH_MAX, type PostDetail } from '../../../shared/contract/content';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';
import { contentQueries } from './content-api';
import { ShareButton } from './share-button';
import { PagedPostList } from './paged-post-list';
import { PostPage } from './post-page';
import { ContentEmpty, ContentError, ContentLoading } from './states';
import './content.css';

/** spec 2: the news search waits until typing pauses. */
export const NEWS_SEARCH_DEBOUNCE_MS = 300;

function useUrlQuery(): string {
  return useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).q;
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    },
  });
}

/** The search box: what is typed goes to the URL (replacing the entry) once typing pauses. */
function NewsSearch({ query }: { query: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, text, (typed) => {
    if (typed !== null) setText(typed);
  });
  const debounced = useDebounced(text, NEWS_SEARCH_DEBOUNCE_MS);
  // Back/forward (or a link) changes the URL: the box follows it, unless the change is the box's own search.
  const [synced, setSynced] = useState(query);
  if (synced !== query) {
    setSynced(query);
    if (query.trim() !== debounced.trim()) setText(query);
  }
  // Only a change of what was typed searches: a URL change alone (back/forward) must not be undone here.
  const lastTyped = useRef(debounced);
  useEffect(() => {
    if (debounced === lastTyped.current) return;
    lastTyped.current = debounced;
    const next = debounced.trim();
    if (next === query.trim()) return;
    void navigate({ to: '/$lang/news/{-$slug}', params: { lang }, search: next ? { q: next } : {}, replace: true });
  }, [debounced, query, lang, navigate]);
  return (
    <form role="search" className="content-search" onSubmit={(event) => event.preventDefault()}>
      <label className="field-label" htmlFor={id}>
        {t('content_pages.news.search_label')}
      </label>
      <input
        ref={input}
        id={id}
        type="search"
        className="field-input"
        value={text}
        maxLength={NEWS_SEARCH_MAX}
        placeholder={t('content_pages.news.search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

function NewsList() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useUrlQuery().trim();
  const news = useInfiniteQuery(contentQueries.newses(lang, query));
  const items = news.data?.pages.flatMap((page) => page.items) ?? [];
  const total = news.data?.pages[0]?.total ?? 0;
  useDocumentTitle(`${t('routes.news')} – Vivu`);
  return (
    <section className="page content-page" aria-labelledby="news-heading">
      <h1 id="news-heading">{t('routes.news')}</h1>
      <p className="content-lead">{t('content_pages.news.lead')}</p>
      <NewsSearch query={query} />
      {news.isPending && <ContentLoading label={t('content_pages.news.loading')} />}
      {news.isError && !news.data && <ContentError error={news.error} onRetry={() => void news.refetch()} />}
      {news.data && (
        <p className="result-count" role="status">
          {query
            ? t('content_pages.news.found', { count: total, query })
            : t('content_pages.shown', { shown: items.length, total })}
        </p>
      )}
      {news.data && items.length === 0 && (
        <ContentEmpty text={query ? t('content_pages.news.no_match') : t('content_pages.news.empty')} />
      )}
      {items.length > 0 && (
        <>
          <PagedPostList items={items} label={t('content_pages.news.items')} query={news} />
        </>
      )}
    </section>
  );
}

/** A news item's share button, with the item's full address. */
function shareTool(item: PostDetail) {
  const url = typeof window === 'undefined' ? item.path : new URL(item.path, window.location.origin).href;
  return <ShareButton title={item.title} url={url} />;
}

export function NewsPage() {
  const params = useParams({ strict: false }) as { slug?: string };
  return params.slug ? <PostPage key={params.slug} kind="news" slug={params.slug} tools={shareTool} /> : <NewsList />;
}
