// The partner's tickets in one tab, newest first: refreshed every CONSOLE_REFRESH_MS while the page is visible and
// online (TanStack Query pauses the interval in a hidden tab and offline), with "load more" (next_page -1: none),
// and the loading, empty, error and offline states. The server filters each tab's states.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_REFRESH_MS } from '../../../../shared/contract/partners';
import { useLang } from '../../../lib/use-lang';
import { useOnline } from '../../../lib/use-online';
import { partnerQueries } from '../api';
import { serverState, tabFilter, type ConsoleTab } from '../console-rules';
import { endSessionIfUnauthorized } from '../session';
import { ListEnd, ListStart } from './list-parts';
import { TicketCard } from './ticket-card';

export function TicketList({ token, tab, labelId }: { token: string; tab: ConsoleTab; labelId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const list = useInfiniteQuery({
    ...partnerQueries.tickets(token, serverState(tab), lang),
    refetchInterval: CONSOLE_REFRESH_MS,
  });
  useEffect(() => {
    if (list.error) endSessionIfUnauthorized(list.error);
  }, [list.error]);
  const keep = useMemo(() => tabFilter(tab), [tab]);
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  const items = loaded.filter(keep);
  const fetchedAt = list.dataUpdatedAt;

  return (
    <div className="partner-list-wrap">
      <ListStart
        list={list}
        online={online}
        loading={t('partner.list.loading')}
        empty={
          list.data && items.length === 0
            ? list.hasNextPage
              ? t('partner.list.empty_loaded')
              : t(`partner.list.empty.${tab}`)
            : null
        }
      />
      {items.length > 0 && (
        <ul className="partner-list" aria-labelledby={labelId}>
          {items.map((ticket) => (
            <TicketCard key={ticket.ticket_code} ticket={ticket} fetchedAt={fetchedAt} />
          ))}
        </ul>
      )}
      <ListEnd list={list} online={online} />
    </div>
  );
}
