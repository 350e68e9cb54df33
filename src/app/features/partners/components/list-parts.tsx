// The parts the console's two lists share (tickets and quick bookings): a card's route line and facts, and the end
// of a paged list (the next page's error and the "load more" button, disabled offline).
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
