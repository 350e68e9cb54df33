// Mounts the update banner in its own small React root beside the app (loaded only once a worker is registered),
// so the app's layout needs no change. It reads the same i18n instance as the app.
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n';
import { UpdateBanner } from './update-banner';

export function mountUpdateBanner(): void {
  if (document.getElementById('pwa-root')) return;
  const host = document.createElement('div');
  host.id = 'pwa-root';
  document.body.append(host);
  createRoot(host).render(
    <I18nextProvider i18n={i18n}>
      <UpdateBanner />
    </I18nextProvider>,
  );
}
