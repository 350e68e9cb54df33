// business-partners and transport-partners (spec 1: partners earn a 20% commission; a 20% revenue increase is
// claimed on the partner page): the figures and posts from home/get_posts_agent_landingpage in the page's language,
// the steps of joining, and a link to the registration form (become-partner, the partner type preselected).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LeadType } from '../../../shared/contract/leads';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { contentQueries } from './content-api';
import { ContentError, ContentLoading, OfflineNotice } from './states';
import './content.css';

const STEPS = ['step_1', 'step_2', 'step_3'] as const;

const ROUTE_OF: Record<LeadType, 'business-partners' | 'transport-partners'> = {
  business: 'business-partners',
  transport: 'transport-partners',
};

export function PartnerLanding({ type }: { type: LeadType }) {
  const { t } = useTranslation();
  const lang = useLang();
  const route = ROUTE_OF[type];
  useDocumentTitle(`${t(`routes.${route}`)} – Vivu`);
  const landing = useQuery(contentQueries.partnerLanding(lang));
  const data = landing.data;
  const steps = STEPS.map((step) => t(`content_pages.partners.${type}.${step}`));
  const register = (
    <Link to="/$lang/become-partner" params={{ lang }} search={{ type }} className="button button-primary partner-cta">
      {t(`content_pages.partners.${type}.cta`)}
    </Link>
  );
  return (
    <div className="page content-page partner-landing">
      <section className="partner-hero" aria-labelledby="partner-heading">
        <h1 id="partner-heading">{t(`routes.${route}`)}</h1>
        <p className="content-lead">{t(`content_pages.partners.${type}.lead`)}</p>
        {register}
        {type === 'business' && (
          <p className="partner-signin">
            {t('business.landing.have_account')}{' '}
            <Link to="/$lang/business-account" params={{ lang }}>
              {t('business.landing.sign_in')}
            </Link>
          </p>
        )}
      </section>
      {landing.isPending && <ContentLoading />}
      {landing.isError && !data && <ContentError error={landing.error} onRetry={() => void landing.refetch()} />}
      {data && (
        <>
          <OfflineNotice />
          <section aria-labelledby="partner-figures" className="partner-figures-section">
            <h2 id="partner-figures" className="visually-hidden">
              {t('content_pages.partners.figures')}
            </h2>
            <ul className="partner-figures">
              <li className={type === 'business' ? 'figure figure-main' : 'figure'}>
                <span className="figure-value">{data.commission_percent}%</span>
                <span className="figure-label">{t('content_pages.partners.commission')}</span>
              </li>
              <li className={type === 'transport' ? 'figure figure-main' : 'figure'}>
                <span className="figure-value">+{data.revenue_increase_percent}%</span>
                <span className="figure-label">{t('content_pages.partners.revenue')}</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="partner-why">
            <h2 id="partner-why">{t('content_pages.partners.why')}</h2>
            <ul className="card-grid partner-posts">
              {data.posts.map((post) => (
                <li key={post.id} className="card">
                  <h3>{post.title}</h3>
                  <p>{post.body}</p>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <section aria-labelledby="partner-steps">
        <h2 id="partner-steps">{t('content_pages.partners.how')}</h2>
        <ol className="partner-steps">
          {steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
      </section>
      <p className="partner-foot">{register}</p>
    </div>
  );
}
