// Sends the return-trip search kept while offline (rebook-outbox.ts) once the connection is back (the online event,
// or at app start when online): a fresh price check, then the price list, or a banner with a link when the
// passenger is no longer on the page it was sent from; a search whose departure has passed is dropped, and said so.
// A chunk of its own, loaded once a search is queued and the connection is there (routes/default-layout).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { linkHref, priceListLink, type RouteLink } from '../../../shared/domain/route-search';
import { pricingQueries, readFilters } from '../pricing';
import { placeQueries } from '../places';
import { clearQueuedRebook, queuedThisVisit, readQueuedRebook, rebookAction } from './rebook-outbox';
import { rebookPriceParams } from './rebook-params';
import { useOnline } from '../../lib/use-online';
import { routerLink } from '../../lib/route-paths';

type Notice = { kind: 'ready'; link: RouteLink; again: boolean } | { kind: 'dropped'; time: string; again: boolean };

export function RebookOutbox() {
  const { t } = useTranslation();
  const online = useOnline();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const running = useRef(false);

  useEffect(() => {
    if (!online || running.current) return;
    const queued = readQueuedRebook();
    if (!queued) return;
    const where = () => ({ path: window.location.pathname, sameVisit: queuedThisVisit.has(queued.at) });
    running.current = true;
    void (async () => {
      if (rebookAction(queued, Date.now(), where()) === 'drop') {
        clearQueuedRebook();
        running.current = false;
        setNotice({ kind: 'dropped', time: queued.search.time, again: Boolean(queued.again) });
        return;
      }
      try {
        await queryClient.fetchInfiniteQuery(pricingQueries.list(rebookPriceParams(queued, readFilters())));
      } catch (error) {
        // Still no connection: it stays queued for the next online event. Any other failure: the list shows it.
        if (error instanceof ApiError && error.status === 0) return;
      } finally {
        running.current = false;
      }
      clearQueuedRebook();
      const { search, lang } = queued;
      for (const place of [search.pick, search.drop])
        queryClient.setQueryData(placeQueries.detail(place.address_component.place_id, lang).queryKey, place);
      const link = priceListLink(lang, {
        type: search.type,
        pick: search.pick.address_component.place_id,
        drop: search.drop.address_component.place_id,
        time: search.time,
        chair: search.chair,
      });
      const action = rebookAction(queued, Date.now(), where());
      if (action === 'open') void navigate(routerLink(link));
      else if (action === 'announce') setNotice({ kind: 'ready', link, again: Boolean(queued.again) });
      else setNotice({ kind: 'dropped', time: search.time, again: Boolean(queued.again) });
    })();
  }, [online, queryClient, navigate]);

  if (!notice) return null;
  return (
    <div className="offline-notice" role="status">
      {notice.kind === 'ready' ? (
        <p>
          {t(notice.again ? 'offline.again_ready' : 'offline.rebook_ready')}{' '}
          <a
            href={linkHref(notice.link)}
            onClick={(event) => {
              event.preventDefault();
              setNotice(null);
              void navigate(routerLink(notice.link));
            }}
          >
            {t('offline.rebook_open')}
          </a>
        </p>
      ) : (
        <p>{t(notice.again ? 'offline.again_dropped' : 'offline.rebook_dropped', { time: notice.time })}</p>
      )}
      <button type="button" className="button" onClick={() => setNotice(null)}>
        {t('offline.dismiss')}
      </button>
    </div>
  );
}
