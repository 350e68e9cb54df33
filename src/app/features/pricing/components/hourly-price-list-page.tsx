// The hourly hire price list (spec 2, 4): duration, vehicle type, service and sort; load more; the detail dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SERVICES,
  SORTS,
  VEHICLE_TYPES,
  type HourlyPriceOption,
  type HourlyPriceListData,
} from '../../../../shared/contract/pricing';
import { DEFAULT_HOURLY_DURATION, HOURLY_DURATIONS } from '../../../../shared/domain/trip-search';
import { useDurationLabel } from '../../../components/ui/duration-picker';
import { pricingQueries, useStoredFilters, useStoredPriceList, type HourlyPriceListParams } from '../api';
import { DEFAULT_HOURLY_FILTERS, readHourlyFilters, saveHourlyFilters, type HourlyFilters } from '../filters';
import { HourlyDetailDialog } from './hourly-detail-dialog';
import { FilterChip, PriceResults, PriceSummary } from './list-parts';
import { HourlyPriceCard } from './price-card';

export interface HourlyPriceListPageProps {
  params: Omit<HourlyPriceListParams, keyof HourlyFilters>;
  /** pick: the full address (the detail dialog shows it); pickName: the place's own name, for the summary. */
  summary: { pick: string; pickName: string; time: string };
  hotline: string;
  hotlineDisplay: string;
  onDurationChange(duration: number): void;
  onChoose(option: HourlyPriceOption, vatPercent: number): void;
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
  const [filters, change] = useStoredFilters(readHourlyFilters, saveHourlyFilters);
  const [detail, setDetail] = useState<HourlyPriceOption | null>(null);
  const full: HourlyPriceListParams = { ...params, ...filters };
  const { query, pages } = useStoredPriceList<HourlyPriceListData>('hourly', full, pricingQueries.hourly(full));
  const options = pages.flatMap((page) => page.items).filter((option) => !option.hide);
  const vatPercent = pages[0]?.vat_percent ?? 10;

  return (
    <div className="page price-page">
      <PriceSummary
        headingId="hourly-heading"
        title={t('pricing.hourly_title')}
        route={summary.pickName}
        meta={
          <>
            {summary.time} · {durationLabel(params.duration)}
          </>
        }
        onEditSearch={onEditSearch}
      />

      <section className="filter-chips" aria-label={t('pricing.filters')}>
        {/* The duration is part of the search (it is in the URL): its chip always shows it. */}
        <FilterChip
          label={t('booking.duration')}
          value={params.duration}
          active={params.duration !== DEFAULT_HOURLY_DURATION}
          showValue
          options={HOURLY_DURATIONS.map((hours) => ({ value: hours, label: durationLabel(hours) }))}
          onChange={(value) => onDurationChange(Number(value))}
        />
        <FilterChip
          label={t('pricing.vehicle_type')}
          value={filters.vehicle_id}
          active={filters.vehicle_id !== DEFAULT_HOURLY_FILTERS.vehicle_id}
          options={VEHICLE_TYPES.map((type) => ({ value: type.id, label: t(`pricing.vehicles.${type.key}`) }))}
          onChange={(value) => change({ vehicle_id: Number(value) })}
        />
        <FilterChip
          label={t('pricing.service')}
          value={filters.service}
          active={filters.service !== DEFAULT_HOURLY_FILTERS.service}
          options={[
            { value: '', label: t('pricing.all') },
            ...SERVICES.map((service) => ({ value: service, label: t(`pricing.services.${service}`) })),
          ]}
          onChange={(service) => change({ service })}
        />
        <FilterChip
          label={t('pricing.sort')}
          value={filters.sort}
          active={filters.sort !== DEFAULT_HOURLY_FILTERS.sort}
          options={SORTS.map((sort) => ({ value: sort, label: t(`pricing.sorts.${sort}`) }))}
          onChange={(sort) => change({ sort })}
        />
      </section>

      <PriceResults query={query} count={options.length} hotline={hotline} hotlineDisplay={hotlineDisplay}>
        {options.map((option) => (
          <HourlyPriceCard
            key={option.option_id}
            option={option}
            durationLabel={durationLabel(option.duration)}
            onDetails={setDetail}
            onChoose={(chosen) => onChoose(chosen, vatPercent)}
          />
        ))}
      </PriceResults>
      <HourlyDetailDialog
        option={detail}
        pickAddress={summary.pick}
        time={summary.time}
        vatPercent={vatPercent}
        onClose={() => setDetail(null)}
        onBook={(option) => {
          setDetail(null);
          onChoose(option, vatPercent);
        }}
      />
    </div>
  );
}
