import { useTranslation } from 'react-i18next';
import type { RouteName } from '../../../shared/domain/route-table';
import { RouteLink } from '../ui/route-link';
import { EXPLORE_ROUTES, PARTNER_ROUTES, POLICY_ROUTES, type IsAvailable } from './menu-model';

interface Props {
  isAvailable: IsAvailable;
  blogUrl: string;
  hotline: string;
  hotlineDisplay: string;
}

function LinkColumn({
  title,
  names,
  isAvailable,
  extra,
}: {
  title: string;
  names: readonly RouteName[];
  isAvailable: IsAvailable;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const shown = names.filter(isAvailable);
  if (shown.length === 0 && !extra) return null;
  return (
    <nav className="footer-col" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {shown.map((name) => (
          <li key={name}>
            <RouteLink name={name}>{t(`routes.${name}`)}</RouteLink>
          </li>
        ))}
        {extra}
      </ul>
    </nav>
  );
}

export function Footer({ isAvailable, blogUrl, hotline, hotlineDisplay }: Props) {
  const { t } = useTranslation();
  const blog = blogUrl ? (
    <li>
      <a href={blogUrl} target="_blank" rel="noopener">
        {t('footer.blog')} <span className="visually-hidden">{t('footer.external')}</span>
      </a>
    </li>
  ) : undefined;
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <section className="footer-about" aria-label="Vivu">
          <p className="footer-brand">Vivu</p>
          <p>{t('footer.about')}</p>
          <p>
            {t('footer.support')}:{' '}
            <a href={`tel:${hotline}`} className="footer-hotline">
              {hotlineDisplay}
            </a>
          </p>
        </section>
        <LinkColumn title={t('footer.policies')} names={POLICY_ROUTES} isAvailable={isAvailable} />
        <LinkColumn title={t('footer.partners')} names={PARTNER_ROUTES} isAvailable={isAvailable} />
        <LinkColumn title={t('footer.explore')} names={EXPLORE_ROUTES} isAvailable={isAvailable} extra={blog} />
      </div>
      <p className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
