// The hourly hire price list (spec 2, 4): duration, vehicle type, service and sort; load more; the detail dialog.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICES, SORTS, VEHICLE_TYPES, type HourlyPriceItem } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';
import { HOURLY_DURATIONS } from '../../../../shared/domain/trip-search';
import { useDurationLabel } from '../../../components/ui/duration-picker';
import { pricingQueries, savePages, type HourlyPriceListParams } from '../api';
import { readHourlyFilters, saveHourlyFilters, type HourlyFilters } from '../filters';
import { HourlyDetailDialog } from './hourly-detail-dialog';
import { ListError, ListSkeleton, LoadMore } from './list-states';
import { PartnerBadge } from './price-card';
import { FilterSelect } from './price-list-page';

export interface HourlyPriceListPageProps {
  params: Omit<HourlyPriceListParams, keyof HourlyFilters>;
  summary: { pick: string; time: string };
  hotline: string;
  hotlineDisplay: string;
  onDurationChange(duration: number): void;
  onChoose(item: HourlyPriceItem, vatPercent: number): void;
  onEditSearch(): void;
}

export function HourlyPriceListPage({
  params,
  summary,
  hotline,
  hotlineDisplay,
  onDurationChange,
  onChoose,
  onEditSearch,
}: HourlyPriceListPageProps) {
  const { t } = useTranslation();
  const durationLabel = useDurationLabel();
  const [filters, setFilters] = useState(readHourlyFilters);
  const [detail, setDetail] = useState<HourlyPriceItem | null>(null);
  const full: HourlyPriceListParams = { ...params, ...filters };
  const query = useInfiniteQuery(pricingQueries.hourly(full));

  useEffect(() => {
    if (query.data && query.isSuccess) savePages('hourly', full, query.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data, query.isSuccess]);

  const change = (patch: Partial<HourlyFilters>) => {
    const next = { ...filters, ...patch };
    saveHourlyFilters(next);
    setFilters(next);
  };

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items).filter((item) => !item.hide);
  const vatPercent = pages[0]?.vat_percent ?? 10;

  return (
    <div className="page price-page">
      <section className="search-summary" aria-labelledby="hourly-heading">
        <h1 id="hourly-heading">{t('pricing.hourly_title')}</h1>
        <p className="route-line">{summary.pick}</p>
        <p className="summary-meta">
          {summary.time} · {durationLabel(params.duration)}
        </p>
        <button type="button" className="link-button" onClick={onEditSearch}>
          {t('pricing.edit_search')}
        </button>
      </section>

      <section className="filters" aria-label={t('pricing.filters')}>
        <FilterSelect
          label={t('booking.duration')}
          value={params.duration}
          options={HOURLY_DURATIONS.map((hours) => ({ value: hours, label: durationLabel(hours) }))}
          onChange={(value) => onDurationChange(Number(value))}
        />
        <FilterSelect
          label={t('pricing.vehicle_type')}
          value={filters.vehicle_id}
          options={VEHICLE_TYPES.map((type) => ({ value: type.id, label: t(`pricing.vehicles.${type.key}`) }))}
          onChange={(value) => change({ vehicle_id: Number(value) })}
        />
        <FilterSelect
          label={t('pricing.service')}
          value={filters.service}
          options={[
            { value: '', label: t('pricing.all') },
            ...SERVICES.map((service) => ({ value: service, label: t(`pricing.services.${service}`) })),
          ]}
          onChange={(service) => change({ service })}
        />
        <FilterSelect
          label={t('pricing.sort')}
          value={filters.sort}
          options={SORTS.map((sort) => ({ value: sort, label: t(`pricing.sorts.${sort}`) }))}
          onChange={(sort) => change({ sort })}
        />
      </section>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError && !query.data ? (
        <ListError error={query.error} hotline={hotline} hotlineDisplay={hotlineDisplay} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="notice" role="status">
          {t('pricing.empty')}
        </p>
      ) : (
        <>
          <p className="result-count" role="status">
            {t('pricing.count', { count: items.length })}
          </p>
          <ul className="price-list" aria-busy={query.isFetching}>
            {items.map((item) => (
              <li key={item.option_id} className="price-card">
                <article aria-label={`${item.partner.name}, ${item.vehicle_name}`}>
                  <div className="price-card-head">
                    <PartnerBadge
                      name={item.partner.name}
                      rating={item.partner.rating}
                      ratingCount={item.partner.rating_count}
                      logoText={item.partner.logo_text}
                    />
                  </div>
                  <p className="price-card-vehicle">
                    <strong>{item.vehicle_name}</strong> · {item.service_name}
                  </p>
                  <p className="price-card-meta">
                    {t('pricing.hourly_includes', {
                      duration: durationLabel(item.duration),
                      km: item.km_limit.toLocaleString('vi-VN'),
                    })}
                  </p>
                  <div className="price-card-foot">
                    <p className="price">
                      <span className="price-amount">{formatVnd(item.price)}</span>
                    </p>
                    <div className="price-actions">
                      <button type="button" className="button" onClick={() => setDetail(item)}>
                        {t('pricing.details')}
                      </button>
                      <button type="button" className="button button-primary" onClick={() => onChoose(item, vatPercent)}>
                        {t('pricing.choose')}
                      </button>
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
          <LoadMore hasMore={query.hasNextPage} fetching={query.isFetchingNextPage} onLoad={() => query.fetchNextPage()} />
        </>
      )}
      <HourlyDetailDialog
        item={detail}
        pickAddress={summary.pick}
        time={summary.time}
        vatPercent={vatPercent}
        onClose={() => setDetail(null)}
        onBook={(item) => {
          setDetail(null);
          onChoose(item, vatPercent);
        }}
      />
    </div>
  );
}
