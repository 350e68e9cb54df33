// The offline banner of the default layout: shown while the browser is offline, it says what still works (the
// saved tickets and the return-trip quick book) and how fresh the saved copies are; with none saved, that tickets
// booked or looked up will be.
import { useTranslation } from 'react-i18next';
import { freshnessText } from '../../../shared/domain/vn-time';
import { newestSave } from '../../lib/saved-tickets';
import { useOnline } from '../../lib/use-online';
import { useSavedTickets } from '../../lib/use-saved-tickets';

export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const saved = useSavedTickets();
  if (online) return null;
  const newest = newestSave(saved);
  return (
    <div className="offline-banner" role="status">
      <p>
        {/* Nothing saved yet: what will work offline, never "saved tickets (0)". */}
        {saved.length ? t('offline.banner', { count: saved.length }) : t('offline.banner_none')}
        {newest !== null && <> {t('offline.updated_at', { time: freshnessText(newest) })}</>}
      </p>
    </div>
  );
}
