// What the PWA needs from the very start, before the service worker's registration code loads (after the page's own
// loading, features/pwa/sw-register.ts): the browser's install offer, captured when it fires (Chromium may fire it before
// `load`) and kept for after a booking, never shown on first paint; and the manifest link of the page's language,
// kept in step with every navigation.
import { syncManifestLink } from './manifest-link';
import { setPwaState, type BeforeInstallPromptEvent } from './pwa-store';

interface RouterHistory {
  subscribe(listener: (event: { location: { pathname: string } }) => void): () => void;
}

export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setPwaState({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ installEvent: null }));
}

export function followManifestLink(history: RouterHistory): void {
  syncManifestLink(window.location.pathname);
  history.subscribe(({ location }) => syncManifestLink(location.pathname));
}
