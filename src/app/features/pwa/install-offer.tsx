// "Add Vivu to your home screen", offered once a booking has succeeded (never on first paint): the browser's
// captured install prompt on Chromium, or, on iOS Safari (which has none), how to do it from the Share menu.
// A dismissal is remembered ('pwa:install-dismissed').
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../components/ui/dialog-actions';
import { isIosSafari } from '../../lib/ios-safari';
import { readEntry, writeEntry } from '../../lib/store-keys';
import { setPwaState, usePwaState } from './pwa-store';
import './pwa.css';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'pwa:install-dismissed': boolean;
  }
}

const DISMISSED_KEY = 'pwa:install-dismissed';
const DISMISSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

export function InstallOffer() {
  const { t } = useTranslation();
  const { installEvent } = usePwaState();
  const [hidden, setHidden] = useState(() => readEntry(DISMISSED_KEY) === true || isStandalone());
  const [ios] = useState(() => isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints));
  if (hidden || (!installEvent && !ios)) return null;

  const dismiss = () => {
    writeEntry(DISMISSED_KEY, true, DISMISSED_FOR_MS);
    setHidden(true);
  };
  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const choice = await installEvent.userChoice;
    setPwaState({ installEvent: null }); // a prompt event can be used once
    if (choice.outcome === 'dismissed') dismiss();
    else setHidden(true);
  };

  return (
    <section className="pwa-install" aria-labelledby="pwa-install-title" data-testid="pwa-install">
      <h2 id="pwa-install-title">{t('pwa.install.title')}</h2>
      <p>{installEvent ? t('pwa.install.text') : t('pwa.install.ios_hint')}</p>
      <DialogActions
        className="button-row"
        confirmFirst
        cancel={{ label: t('pwa.install.dismiss'), onClick: dismiss }}
        confirm={installEvent ? { label: t('pwa.install.accept'), onClick: () => void install() } : undefined}
      />
    </section>
  );
}
