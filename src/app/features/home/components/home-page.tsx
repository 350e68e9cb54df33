import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { systemValue } from '../../../../shared/domain/system-config';
import { lazyPart } from '../../../components/ui/load-error';
import { withMessages } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { useSystemConfig } from '../../../lib/config-store';
import { SavedTicketsSection } from '../../../components/saved-tickets-section';

// The content sections are a chunk of their own, loaded when the passenger scrolls near them (or presses
// Tab), so a phone's first screen (the booking widget) downloads and runs none of them. They come after the static
// sections, so that their arrival moves only the footer.
const HomeSections = lazyPart(withMessages(() => import('./home-sections').then((module) => ({ default: module.HomeSections }))));

const SERVICES = ['airport', 'long_distance', 'hourly', 'shared', 'special'] as const;
const REASONS = ['price', 'pay', 'offline', 'support'] as const;

export function HomePage({ hotline, hotlineDisplay, widget }: { hotline: string; hotlineDisplay: string; widget: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  const [sectionsRef, sectionsNear] = useNearViewport<HTMLDivElement>();
  // spec 9 special_request_reply_hours (48) in the special request card.
  const system = useSystemConfig();
  const replyHours = systemValue(system, 'special_request_reply_hours');
  return (
    <>
      <section className="hero" aria-labelledby="home-heading">
        <h1 id="home-heading">{t('home.heading')}</h1>
        {/* The search comes first; the lead follows it, so the search button is on a phone's first screen. */}
        {widget}
        <p className="hero-lead">{t('home.lead')}</p>
        <p className="hero-call">
          <a href={`tel:${hotline}`}>{t('home.call_cta', { hotline: hotlineDisplay })}</a>
        </p>
      </section>
      <SavedTicketsSection />
      <section className="section" aria-labelledby="services-heading">
        <h2 id="services-heading">{t('home.services_heading')}</h2>
        <ul className="card-grid">
          {SERVICES.map((key) => (
            <li key={key} className="card">
              <h3>{t(`home.services.${key}.title`)}</h3>
              <p>{t(`home.services.${key}.text`, { hours: replyHours })}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="section" aria-labelledby="why-heading">
        <h2 id="why-heading">{t('home.why_heading')}</h2>
        <ul className="check-list">
          {REASONS.map((key) => (
            <li key={key}>{t(`home.why.${key}`, { hotline: hotlineDisplay })}</li>
          ))}
        </ul>
      </section>
      <div ref={sectionsRef} className="home-sections-slot">
        {sectionsNear && (
          <Suspense
            fallback={
              <p className="home-loading" role="status">
                {t('home.sections_loading')}
              </p>
            }
          >
            <HomeSections hotline={hotline} />
          </Suspense>
        )}
      </div>
    </>
  );
}
