// "A new version is ready": a bottom banner that blocks nothing. "Update" applies it (or, on a booking page, once
// the passenger leaves it); "Later" hides it. The page never reloads on its own.
import { useTranslation } from 'react-i18next';
import { acceptUpdate, hideUpdate, usePwaState } from './pwa-store';
import './pwa.css';

export function UpdateBanner() {
  const { t } = useTranslation();
  const { update, updateHidden } = usePwaState();
  if (update === 'none' || updateHidden) return null;
  return (
    <div className="pwa-banner" role="status" aria-live="polite" data-testid="pwa-update">
      <p className="pwa-banner-text">{update === 'deferred' ? t('pwa.update.after_leave') : t('pwa.update.ready')}</p>
      <div className="pwa-banner-actions">
        {update === 'ready' && (
          <button type="button" className="button button-primary" onClick={acceptUpdate}>
            {t('pwa.update.accept')}
          </button>
        )}
        {update !== 'applying' && (
          <button type="button" className="button" onClick={hideUpdate}>
            {t('pwa.update.later')}
          </button>
        )}
      </div>
    </div>
  );
}
