// The static content routes (spec 2, 9): complaints, corporate-customer, privacy-policy, transport-policy,
// instructions-for-use, jobs and about-us, each the one static page component with its page id. The corporate
// customer page ends with a link to the business registration (book on credit).
import { useTranslation } from 'react-i18next';
import { RouteLink } from '../components/ui/route-link';
import { StaticContentPage } from '../features/content/static-page';

export const ComplaintsRoute = () => <StaticContentPage page="complaints" route="complaints" />;
export const PrivacyPolicyRoute = () => <StaticContentPage page="privacyPolicy" route="privacy-policy" />;
export const TransportPolicyRoute = () => <StaticContentPage page="transportPolicy" route="transport-policy" />;
export const InstructionsForUseRoute = () => <StaticContentPage page="userGuide" route="instructions-for-use" />;
export const JobsRoute = () => <StaticContentPage page="jobs" route="jobs" />;
export const AboutUsRoute = () => <StaticContentPage page="aboutUs" route="about-us" />;

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

export const CorporateCustomerRoute = () => (
  <StaticContentPage page="corporateCustomer" route="corporate-customer" after={<CorporateCta />} />
);
