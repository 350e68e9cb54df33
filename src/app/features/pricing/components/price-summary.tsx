// The head of a price list: the page's title with the way back to the search, then the route and the
// search in two short lines, so the options start on a phone's first screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PriceSummary({
  headingId,
  title,
  route,
  meta,
  onEditSearch,
}: {
  headingId: string;
  title: string;
  route: ReactNode;
  meta: ReactNode;
  onEditSearch(): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="price-summary" aria-labelledby={headingId}>
      <div className="price-summary-head">
        <h1 id={headingId}>{title}</h1>
        <button type="button" className="link-button" onClick={onEditSearch}>
          {t('pricing.edit_search')}
        </button>
      </div>
      <p className="price-summary-route">{route}</p>
      <p className="price-summary-meta">{meta}</p>
    </section>
  );
}
