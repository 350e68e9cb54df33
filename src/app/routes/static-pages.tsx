// The static content routes (spec 2, 9): complaints, corporate-customer, privacy-policy, transport-policy,
// instructions-for-use, jobs and about-us, each the one static page component with its page id. The complaints policy
// ends with the complaint form, loaded with that page only; the corporate customer page with a link to the business
// registration (book on credit).
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../components/ui/load-error';
import { RouteLink } from '../components/ui/route-link';
import { StaticContentPage } from '../features/content/static-page';
import { STATIC_ROUTE_PAGES, type StaticRouteName } from '../features/content/static-routes';

const page = (route: StaticRouteName, after?: ReactNode) => (
  <StaticContentPage page={STATIC_ROUTE_PAGES[route]} route={route} after={after} />
);

const ComplaintForm = lazyPart(() =>
  import('../features/support/complaint-form').then((module) => ({ default: module.ComplaintForm })),
);

export const ComplaintsRoute = () =>
  page(
    'complaints',
    <Suspense fallback={null}>
      <ComplaintForm />
    </Suspense>,
  );
export const PrivacyPolicyRoute = () => page('privacy-policy');
export const TransportPolicyRoute = () => page('transport-policy');
export const InstructionsForUseRoute = () => page('instructions-for-use');
export const JobsRoute = () => page('jobs');
export const AboutUsRoute = () => page('about-us');

function CorporateCta() {
  const { t } = useTranslation();
  return (
    <aside className="card content-cta" aria-labelledby="corporate-cta">
      <h2 id="corporate-cta">{t('content_pages.corporate.cta_title')}</h2>
      <p>{t('content_pages.corporate.cta_text')}</p>
      <RouteLink name="become-partner" className="button button-primary">
        {t('content_pages.corporate.cta')}
      </RouteLink>
    </aside>
  );
}

export const CorporateCustomerRoute = () => page('corporate-customer', <CorporateCta />);
