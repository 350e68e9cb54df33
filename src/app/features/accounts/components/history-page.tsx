// ticket-manage (spec 2, login required): the user's bookings from get_transaction_info, 10 per page (spec 9) with
// a "Load more" button (next_page -1 = no more), and the loading, empty and error states.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredUser } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { accountQueries } from '../account-api';
import { errorText } from '../../../components/form/form-errors';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { HistoryEmpty, HistoryItems } from './history-list';

/** The history query, signing the user out when the token was revoked (the route then goes home). */
export function useHistory(user: StoredUser) {
  const lang = useLang();
  const query = useInfiniteQuery(accountQueries.history(user, lang));
  useEffect(() => {
    if (query.error) forgetUserIfUnauthorized(query.error);
  }, [query.error]);
  return query;
}

export function HistoryError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error" role="alert">
      <p>{errorText(error, t)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function HistoryLoading() {
  const { t } = useTranslation();
  return (
    <p className="status-busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('history.loading')}
    </p>
  );
}

export function HistoryPage({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('history.title')} – Vivu`);
  const history = useHistory(user);
  const items = history.data?.pages.flatMap((page) => page.tickets) ?? [];
  const total = history.data?.pages[0]?.total ?? 0;
  return (
    <section className="page" aria-labelledby="history-heading">
      <h1 id="history-heading">{t('history.title')}</h1>
      {history.isPending && <HistoryLoading />}
      {history.isError && !history.data && <HistoryError error={history.error} onRetry={() => void history.refetch()} />}
      {history.data && items.length === 0 && <HistoryEmpty />}
      {items.length > 0 && (
        <>
          <p className="result-count" aria-live="polite">
            {t('history.shown', { shown: items.length, total })}
          </p>
          <HistoryItems items={items} label={t('history.title')} />
          {history.isFetchNextPageError && <HistoryError error={history.error} onRetry={() => void history.fetchNextPage()} />}
          {history.hasNextPage && (
            <button
              type="button"
              className="button button-block load-more"
              disabled={history.isFetchingNextPage}
              aria-busy={history.isFetchingNextPage || undefined}
              onClick={() => void history.fetchNextPage()}
            >
              {history.isFetchingNextPage ? t('history.loading_more') : t('history.load_more')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
