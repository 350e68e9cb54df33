import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLink } from './ui/route-link';

/** billing without a chosen option (a direct visit, or after the booking finished): say so and offer the search. */
export function NoBookingDraft({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('billing.no_ticket_title')}</h1>
      <p>{t('billing.no_ticket')}</p>
      <RouteLink name="home" className="button button-primary">
        {t('booking.search')}
      </RouteLink>
      {children}
    </div>
  );
}
