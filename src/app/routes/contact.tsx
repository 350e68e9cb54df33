// contact (/lien-he, /en/contact; spec 2 "contact" among the other screens, no route given: docs/decisions.md): the
// hotline and the support e-mail from the site keys, a callback request (the support dialog of spec 7) and the pages
// people usually want when they look for a contact: compensation, FAQ, partner registration.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_KEY_DEFAULTS } from '../../shared/domain/system-config';
import { lazyDialog } from '../components/ui/load-error';
import { RouteLink } from '../components/ui/route-link';
import { configQueries } from '../lib/config-queries';
import { withMessages } from '../lib/i18n';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/content/content.css';

const SupportDialog = lazyDialog(
  withMessages(() => import('../features/support/support-dialog').then((module) => ({ default: module.SupportDialog }))),
);

export function ContactRoute() {
  const { t } = useTranslation();
  const { data: keys = SITE_KEY_DEFAULTS } = useQuery(configQueries.siteKeys());
  const [dialogOpen, setDialogOpen] = useState(false);
  const [sent, setSent] = useState(false);
  useDocumentTitle(`${t('routes.contact')} – Vivu`);

  return (
    <article className="page content-page contact-page" aria-labelledby="contact-heading">
      <h1 id="contact-heading">{t('content_pages.contact.title')}</h1>
      <p className="content-lead">{t('content_pages.contact.lead')}</p>
      <ul className="contact-list">
        <li className="card contact-item">
          <h2>{t('content_pages.contact.hotline')}</h2>
          <p>{t('content_pages.contact.hotline_text')}</p>
          <a className="button button-primary" href={`tel:${keys.hotline}`}>
            {t('content_pages.contact.call', { number: keys.hotline_display })}
          </a>
        </li>
        <li className="card contact-item">
          <h2>{t('content_pages.contact.callback')}</h2>
          <p>{t('content_pages.contact.callback_text')}</p>
          {sent ? (
            <p role="status">{t('content_pages.contact.callback_sent')}</p>
          ) : (
            <button type="button" className="button" onClick={() => setDialogOpen(true)}>
              {t('content_pages.contact.callback_button')}
            </button>
          )}
        </li>
        {keys.support_email && (
          <li className="card contact-item">
            <h2>{t('content_pages.contact.email')}</h2>
            <p>{t('content_pages.contact.email_text')}</p>
            <a href={`mailto:${keys.support_email}`}>{keys.support_email}</a>
          </li>
        )}
      </ul>
      <nav className="contact-more" aria-labelledby="contact-more">
        <h2 id="contact-more">{t('content_pages.contact.more')}</h2>
        <ul>
          <li>
            <RouteLink name="faqs">{t('routes.faqs')}</RouteLink>
          </li>
          <li>
            <RouteLink name="complaints">{t('routes.complaints')}</RouteLink>
          </li>
          <li>
            <RouteLink name="become-partner">{t('routes.become-partner')}</RouteLink>
          </li>
        </ul>
      </nav>
      {dialogOpen && (
        <Suspense fallback={null}>
          <SupportDialog
            open
            initialPhone=""
            page={window.location.pathname}
            onSent={() => setSent(true)}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </article>
  );
}
