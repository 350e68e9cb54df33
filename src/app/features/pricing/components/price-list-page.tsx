// The price list for airport and inter-province rides (spec 2, 4): filters, sort, load more, and the
// shared-ride lead-time rule. Options the server marks hidden (too late to share, too few seats) are left out.
import { useTranslation } from 'react-i18next';
import {
  RIDE_METHODS,
  SERVICES,
  SORTS,
  VEHICLE_TYPES,
  type PriceListData,
  type PriceOption,
} from '../../../../shared/contract/pricing';
import { pricingQueries, useStoredFilters, useStoredPriceList, type PriceListParams } from '../api';
import { DEFAULT_FILTERS, readFilters, saveFilters, type PriceFilters } from '../filters';
import { FilterChip, PriceResults, PriceSummary } from './list-parts';
import { PriceCard } from './price-card';
import { formatDecimal } from '../../../../shared/domain/numbers';
import { useLang } from '../../../lib/use-lang';

export interface PriceListPageProps {
  /** The search without the filters. */
  params: Omit<PriceListParams, keyof PriceFilters>;
  /** The places' own names ("Sân bay quốc tế Nội Bài"), the time and the passengers of the search. */
  summary: { pick: string; drop: string; time: string; chair: number };
  hotline: string;
  hotlineDisplay: string;
  onChoose(option: PriceOption, vatPercent: number): void;
  onEditSearch(): void;
}

export function PriceListPage({ params, summary, hotline, hotlineDisplay, onChoose, onEditSearch }: PriceListPageProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [filters, change] = useStoredFilters(readFilters, saveFilters);
  const full: PriceListParams = { ...params, ...filters };
  const { query, pages } = useStoredPriceList<PriceListData>('normal', full, pricingQueries.list(full));
  const options = pages.flatMap((page) => page.items).filter((option) => !option.hide);
  const first = pages[0];
  const sharingHidden = first?.sharing_too_late ?? false;

  return (
    <div className="page price-page">
      <PriceSummary
        headingId="price-heading"
        title={t('pricing.title')}
        route={
          <>
            <span>{summary.pick}</span>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> {t('pricing.to')} </span>
            <span>{summary.drop}</span>
          </>
        }
        meta={
          <>
            {summary.time} · {t('picker.passengers', { count: summary.chair })}
            {first && first.distance_km > 0 && <> · {t('pricing.distance', { km: formatDecimal(first.distance_km, lang) })}</>}
          </>
        }
        onEditSearch={onEditSearch}
      />

      <section className="filter-chips" aria-label={t('pricing.filters')}>
        <FilterChip
          label={t('pricing.vehicle_type')}
          value={filters.vehicle_id}
          active={filters.vehicle_id !== DEFAULT_FILTERS.vehicle_id}
          options={VEHICLE_TYPES.map((type) => ({ value: type.id, label: t(`pricing.vehicles.${type.key}`) }))}
          onChange={(value) => change({ vehicle_id: Number(value) })}
        />
        <FilterChip
          label={t('pricing.ride_method')}
          value={filters.ride_method_id}
          active={filters.ride_method_id !== DEFAULT_FILTERS.ride_method_id}
          options={[
            { value: 0, label: t('pricing.all') },
            { value: RIDE_METHODS.private, label: t('pricing.private') },
            { value: RIDE_METHODS.sharing, label: t('pricing.sharing') },
          ]}
          onChange={(value) => change({ ride_method_id: Number(value) })}
        />
        <FilterChip
          label={t('pricing.service')}
          value={filters.service}
          active={filters.service !== DEFAULT_FILTERS.service}
          options={[
            { value: '', label: t('pricing.all') },
            ...SERVICES.map((service) => ({ value: service, label: t(`pricing.services.${service}`) })),
          ]}
          onChange={(service) => change({ service })}
        />
        <FilterChip
          label={t('pricing.sort')}
          value={filters.sort}
          active={filters.sort !== DEFAULT_FILTERS.sort}
          options={[
            { value: '', label: t('pricing.sorts.recommended') },
            ...SORTS.map((sort) => ({ value: sort, label: t(`pricing.sorts.${sort}`) })),
          ]}
          onChange={(sort) => change({ sort })}
        />
      </section>

      {sharingHidden && (
        <p className="notice notice-warn" role="status">
          {t('pricing.sharing_too_late', { value: first?.sharing_time_limit ?? 180 })}
        </p>
      )}

      <PriceResults query={query} count={options.length} hotline={hotline} hotlineDisplay={hotlineDisplay}>
        {options.map((option) => (
          <PriceCard
            key={option.option_id}
            option={option}
            chair={summary.chair}
            onChoose={(chosen) => onChoose(chosen, first?.vat_percent ?? 10)}
          />
        ))}
      </PriceResults>
    </div>
  );
}
