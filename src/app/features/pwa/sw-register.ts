// Registers the service worker (sw/sw.ts) with workbox-window in production builds. The spec registers it
// "except on localhost"; we skip it only on the Vite dev server, so the built app on localhost:8080 is installable
// and testable offline (docs/decisions.md).
//
// It also feeds the PWA store (src/app/features/pwa/pwa-store.ts): a new version waiting (the update banner, applied
// only when the passenger accepts and never in the middle of a booking), and the browser's install offer (shown
// after a successful booking). The worker fills its content cache with the configuration itself when it installs
// (sw/sw.ts), so a first visit works offline without the page fetching anything again.
import { getPwaState, isBookingInProgress, setPwaState, setUpdateActions } from './pwa-store';

/** How long an accepted update waits for the new worker to take over before the page reloads into it anyway. */
const TAKE_OVER_WAIT_MS = 5000;

/** The router's history (TanStack Router): the banner needs to know when the passenger leaves a booking page. */
export interface RouterHistory {
  /** Called on every navigation with the new location (before window.location changes: the router flushes later). */
  subscribe(listener: (event: { location: { pathname: string } }) => void): () => void;
}

/**
 * Imported by main.tsx at start (a chunk of its own, not part of the first-load script); registers after `load`. The
 * install offer and the manifest link are taken care of from the start by features/pwa/install-prompt.ts.
 */
export async function registerServiceWorker(history?: RouterHistory): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // After the page's own loading (workbox's advice): the precache download must not compete with the first paint.
  if (document.readyState !== 'complete') {
    await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  }
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  let acceptedHere = false;
  // Whether a worker controlled this page before: the first one taking control (a first visit) is no update.
  // workbox's `isUpdate` cannot tell, as it only knows whether a worker controlled the page when it registered.
  let controlled = navigator.serviceWorker.controller !== null;
  let reloadAnyway: ReturnType<typeof setTimeout> | undefined;

  const applyUpdate = async () => {
    setPwaState({ update: 'applying' });
    const registration = await navigator.serviceWorker.getRegistration('/');
    // Already activated (accepted in another tab): only the reload is missing.
    if (!registration?.waiting) {
      window.location.reload();
      return;
    }
    // The waiting worker takes over; the reload follows on `controlling`. Chromium can keep the new worker waiting when
    // the take-over is asked for while the page's own requests go through the old one (leaving the billing page starts
    // the next page's), where a reload's navigation activates it: so the reload comes anyway once the take-over is late.
    wb.messageSkipWaiting();
    clearTimeout(reloadAnyway);
    reloadAnyway = setTimeout(() => window.location.reload(), TAKE_OVER_WAIT_MS);
  };

  wb.addEventListener('waiting', () => {
    acceptedHere = false;
    setPwaState({ update: 'ready', updateHidden: false });
  });

  wb.addEventListener('controlling', () => {
    clearTimeout(reloadAnyway);
    // First visit: the worker (clientsClaim) now controls the page; it fetched the configuration when it installed.
    if (!controlled) {
      controlled = true;
      return;
    }
    // The passenger accepted here: reload into the new version. Accepted in another tab: never reload this page
    // (it may be mid-booking); the same banner offers the reload.
    if (acceptedHere) window.location.reload();
    else setPwaState({ update: 'ready', updateHidden: false });
  });

  setUpdateActions({
    accept() {
      acceptedHere = true;
      // Never on a booking page (a booking being created or a payment being checked): after the passenger leaves it.
      if (isBookingInProgress(window.location.pathname)) setPwaState({ update: 'deferred' });
      else void applyUpdate();
    },
  });

  history?.subscribe(({ location }) => {
    if (getPwaState().update === 'deferred' && !isBookingInProgress(location.pathname)) void applyUpdate();
  });

  try {
    await wb.register();
  } catch (error) {
    console.warn('Service worker registration failed', error);
    return;
  }
  void import('./mount').then(({ mountUpdateBanner }) => mountUpdateBanner());
}
