// The loading, error, offline and empty states every content screen shows, in the user's language. A failed call
// while the browser is offline says so (the content is not kept on the device) instead of the server's message.
import { useTranslation } from 'react-i18next';
import { errorText } from '../../components/form/form-errors';
import { useOnline } from '../../lib/use-online';

export function ContentLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="content-loading" role="status" aria-live="polite">
      <p className="status-busy">
        <span className="spinner" aria-hidden="true" />
        {label ?? t('content_pages.loading')}
      </p>
      <div className="skeleton-card" aria-hidden="true" />
    </div>
  );
}

export function ContentError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="notice notice-error content-error" role="alert">
      <p>{online ? errorText(error, t) : t('content_pages.offline')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function ContentEmpty({ text }: { text: string }) {
  return (
    <p className="notice content-empty" role="status">
      {text}
    </p>
  );
}

/** A notice above content still on screen from before the connection dropped. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="notice notice-warn" role="status">
      {t('content_pages.offline_shown')}
    </p>
  );
}
