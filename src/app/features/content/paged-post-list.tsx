// A paged list of posts (blog, news): the offline notice, the list, and "load more" with its error and retry; after
// loading, focus moves to the first new item (useLoadMore).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PostSummary } from '../../../shared/contract/content';
import { PostItems } from './post-card';
import { ContentError, OfflineNotice } from './states';
import { useLoadMore } from './use-load-more';

export interface PagedQuery {
  fetchNextPage(): Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
}

export function PagedPostList({
  items,
  label,
  query,
  before,
}: {
  items: PostSummary[];
  label: string;
  query: PagedQuery;
  /** Shown between the offline notice and the list (e.g. how many are shown). */
  before?: ReactNode;
}) {
  const { t } = useTranslation();
  const { listRef, loadMore } = useLoadMore(query.fetchNextPage, items.length);
  return (
    <>
      <OfflineNotice />
      {before}
      <ul className="post-list" aria-label={label} ref={listRef}>
        <PostItems posts={items} />
      </ul>
      {query.isFetchNextPageError && <ContentError error={query.error} onRetry={() => void loadMore()} />}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-block load-more"
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage || undefined}
          onClick={() => void loadMore()}
        >
          {query.isFetchingNextPage ? t('content_pages.loading_more') : t('content_pages.load_more')}
        </button>
      )}
    </>
  );
}
