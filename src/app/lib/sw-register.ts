// Registers the service worker (sw/sw.ts) with workbox-window in production builds. The spec registers it
// "except on localhost"; we skip it only on the Vite dev server, so the built app on localhost:8080 is installable
// and testable offline (docs/decisions.md).
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  try {
    await wb.register();
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}
