// The parts the console's lists share (tickets, quick bookings, unmatched transfers): a card's route line and facts,
// the start of a list (offline, loading, a failed load with its retry, empty) and the end of a paged list (the next
// page's error and the "load more" button, disabled offline).
import type { ReactNode } from 'react';
import { DetailsList } from '../../../components/ui/details-list';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/form-errors';

/** "pickup → drop-off" (the drop-off only when there is one), read as "pickup, to drop-off". */
export function RouteLine({ pick, drop }: { pick: string; drop: string }) {
  const { t } = useTranslation();
  return (
    <p className="partner-route">
      {pick}
      {drop && (
        <>
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden">, {t('partner.ticket.to')} </span>
          {drop}
        </>
      )}
    </p>
  );
}

/** A ticket's or request's facts, in the console's compact layout. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return <DetailsList rows={rows} className="partner-facts" />;
}

interface LoadedList {
  isPending: boolean;
  isError: boolean;
  /** A paged list's failed next page is told at its end (ListEnd), not here. */
  isFetchNextPageError?: boolean;
  error: unknown;
  refetch(): Promise<unknown>;
}

/**
 * What a list says before its items: that the console is offline (when `online` is given), loading, that the load
 * failed (with a retry), or `empty` when it has loaded nothing.
 */
export function ListStart({
  list,
  online,
  loading,
  empty,
}: {
  list: LoadedList;
  online?: boolean;
  loading: string;
  empty: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {online === false && (
        <div className="notice notice-warn" role="status">
          <p>{t('partner.list.offline')}</p>
        </div>
      )}
      {list.isPending && online !== false && (
        <p className="status-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          {loading}
        </p>
      )}
      {list.isError && !list.isFetchNextPageError && (
        <div className="notice notice-error" role="alert">
          <p>{errorText(list.error, t)}</p>
          <button type="button" className="button" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {empty !== null && <p className="notice partner-empty">{empty}</p>}
    </>
  );
}

interface PagedList {
  error: unknown;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export function ListEnd({ list, online }: { list: PagedList; online: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {list.isFetchNextPageError && (
        <div className="notice notice-error" role="alert">
          <p>{errorText(list.error, t)}</p>
        </div>
      )}
      {list.hasNextPage && (
        <button
          type="button"
          className="button button-block load-more"
          disabled={list.isFetchingNextPage || !online}
          aria-busy={list.isFetchingNextPage || undefined}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? t('partner.list.loading_more') : t('partner.list.load_more')}
        </button>
      )}
    </>
  );
}
