// Keeps a live ticket fresh on its detail page (issue 7 item 2): one lookup a minute after the last answer, only
// while the page is visible and the browser online; a page coming back (visible, online) past that minute looks
// again at once. The server limits lookups to 30 per 10 minutes per address, so never more often than this.
import { useEffect, useRef } from 'react';
import { isOnline } from '../offline/use-online';

export const TICKET_REFRESH_MS = 60_000;
/** A timer firing a little early still counts as due. */
const SLACK_MS = 1_000;

interface Options {
  /** Whether the ticket can still change (not final, page online). */
  active: boolean;
  /** When the last answer (or failure) came (ms). */
  updatedAt: number;
}

export function useTicketRefresh(refresh: () => void, { active, updatedAt }: Options): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    if (!active) return;
    const due = () => Date.now() - updatedAt >= TICKET_REFRESH_MS - SLACK_MS;
    const run = () => {
      if (document.visibilityState === 'visible' && isOnline() && due()) refreshRef.current();
    };
    const timer = window.setTimeout(run, Math.max(0, updatedAt + TICKET_REFRESH_MS - Date.now()));
    document.addEventListener('visibilitychange', run);
    window.addEventListener('online', run);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', run);
      window.removeEventListener('online', run);
    };
  }, [active, updatedAt]);
}
