// Closing a page a link may have opened directly (the ticket page from an SMS, a shared link, a bookmark): Back only
// when the entry before it is the app's own, else the home page of the page's language, never out of the site.
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { matchPath } from '../../shared/domain/route-table';
import { useLang } from './use-lang';

/**
 * This document was opened by a link on one of the app's own pages (a plain link that loaded the page afresh), so
 * the entry before it is ours. Not the payment gateway's pages: they are outside the route table.
 */
function openedFromApp(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin && matchPath(referrer.pathname) !== null;
  } catch {
    return false;
  }
}

export function useClosePage(): () => void {
  const router = useRouter();
  // The router numbers the entries it pushes in this tab; the first one of this document is 0 (a direct visit, a
  // link from elsewhere, the return from the payment gateway), and the entry before that may not be ours.
  const canGoBack = useCanGoBack();
  const lang = useLang();
  return () => {
    if (canGoBack || openedFromApp()) router.history.back();
    // Replace: Back from home must not reopen what the passenger just closed.
    else void router.navigate({ to: '/$lang/home', params: { lang }, replace: true });
  };
}
