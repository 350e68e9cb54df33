// Points <link rel="manifest"> at the manifest of the page's language: the Vietnamese one (the default, written by
// vite-plugin-pwa) or /manifest-en.webmanifest on /en paths (vite.config.ts), so an install from an English page
// gets English names, shortcuts and an /en start page.
import { langFromPath } from '../../../shared/domain/route-table';

const MANIFESTS = { vi: '/manifest.webmanifest', en: '/manifest-en.webmanifest' } as const;

export function syncManifestLink(pathname: string): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const href = MANIFESTS[langFromPath(pathname)];
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
