import { useTranslation } from 'react-i18next';
import { RouteLink } from '../components/ui/route-link';

export function PlacesLoading() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-live="polite">
      <p>{t('pricing.loading')}</p>
    </div>
  );
}

export function PlacesMissing() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('pricing.places_missing_title')}</h1>
      <p>{t('pricing.places_missing')}</p>
      <RouteLink name="home" className="button button-primary">
        {t('pricing.edit_search')}
      </RouteLink>
    </div>
  );
}
