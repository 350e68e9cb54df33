// The parts both price lists (rides and hourly hires) are made of: the head with the search, a filter chip, and the
// results' states (spec 4): loading, error, empty, and the load-more control that waits one second before asking for
// the next page.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICING_ERROR_KEYS } from '../../../../shared/contract/pricing';
import { ApiError } from '../../../lib/api-client';

/** spec 4: load more waits 1 second. */
export const LOAD_MORE_DELAY_MS = 1000;

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="price-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('pricing.loading')}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="skeleton-card" aria-hidden="true" />
      ))}
    </div>
  );
}

export function ListError({
  error,
  hotline,
  hotlineDisplay,
  onRetry,
}: {
  error: unknown;
  hotline: string;
  hotlineDisplay: string;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  const key = error instanceof ApiError ? error.key : 'errors.server_busy';
  if (key === PRICING_ERROR_KEYS.routeUnavailable) {
    return (
      <div className="notice notice-warn" role="alert">
        <p>{t('pricing.route_unavailable')}</p>
        <a className="button" href={`tel:${hotline}`}>
          {t('home.call_cta', { hotline: hotlineDisplay })}
        </a>
      </div>
    );
  }
  return (
    <div className="notice notice-error" role="alert">
      <p>{t(key, { defaultValue: t('errors.server_busy') })}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function LoadMore({ hasMore, fetching, onLoad }: { hasMore: boolean; fetching: boolean; onLoad(): Promise<unknown> }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  if (!hasMore) return null;
  const busy = waiting || fetching;
  return (
    <div className="load-more">
      <button
        type="button"
        className="button button-block"
        aria-busy={busy}
        disabled={busy}
        onClick={() => {
          setWaiting(true);
          setTimeout(() => {
            void onLoad().finally(() => setWaiting(false));
          }, LOAD_MORE_DELAY_MS);
        }}
      >
        {busy && <span className="spinner" aria-hidden="true" />}
        {busy ? t('pricing.loading_more') : t('pricing.load_more')}
      </button>
    </div>
  );
}

interface ResultsQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  error: unknown;
  data: unknown;
  refetch(): Promise<unknown>;
  fetchNextPage(): Promise<unknown>;
}

/** The body of a price list in each of its states: loading, error, empty, or the options with load more. */
export function PriceResults({
  query,
  count,
  hotline,
  hotlineDisplay,
  children,
}: {
  query: ResultsQuery;
  count: number;
  hotline: string;
  hotlineDisplay: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.data) {
    return (
      <ListError error={query.error} hotline={hotline} hotlineDisplay={hotlineDisplay} onRetry={() => void query.refetch()} />
    );
  }
  if (count === 0) {
    return (
      <p className="notice" role="status">
        {t('pricing.empty')}
      </p>
    );
  }
  return (
    <>
      <p className="result-count" role="status">
        {t('pricing.count', { count })}
      </p>
      <ul className="price-list" aria-busy={query.isFetching}>
        {children}
      </ul>
      {query.isFetchNextPageError && (
        <p className="notice notice-error" role="alert">
          {t('errors.server_busy')}
        </p>
      )}
      <LoadMore hasMore={query.hasNextPage} fetching={query.isFetchingNextPage} onLoad={() => query.fetchNextPage()} />
    </>
  );
}

// The head of a price list: the page's title with the way back to the search, then the route and the
// search in two short lines, so the options start on a phone's first screen.
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

// One price-list filter as a chip: a native select over the chip, so a tap opens the phone's own
// picker and a screen reader hears the label and the value; the chip shows the label until a value other than the default is chosen.
export function FilterChip({
  label,
  value,
  options,
  active,
  showValue = active,
  onChange,
}: {
  label: string;
  value: string | number;
  options: { value: string | number; label: string }[];
  /** A value other than the list's default: the chip shows it, highlighted, instead of the label. */
  active: boolean;
  /** Show the value even when it is the default (the hourly duration, a part of the search). */
  showValue?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  const chosen = options.find((option) => String(option.value) === String(value));
  return (
    <div className={`filter-chip${active ? ' active' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className="filter-chip-text" aria-hidden="true">
        {showValue && chosen ? chosen.label : label}
        <svg className="filter-chip-caret" width="12" height="12" viewBox="0 0 12 12" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <select id={id} className="filter-chip-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
