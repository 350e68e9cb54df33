import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title';
import { RouteLink } from '../ui/route-link';

export function NotFoundPage({ hotlineDisplay }: { hotlineDisplay: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${t('not_found.title')} – Vivu`);
  return (
    <section className="page" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{t('not_found.title')}</h1>
      <p>{t('not_found.text', { hotline: hotlineDisplay })}</p>
      <RouteLink name="home" className="button button-primary">
        {t('not_found.back_home')}
      </RouteLink>
    </section>
  );
}
