// "Most booked" (spec 9 suggest-brand; docs/decisions.md): the transport partners with the most real bookings in the
// last prev_day day(s), each with its initials, name, booking count and rating, as passenger/get_suggest_brands
// answers them. It asks again every time_refresh_number_seconds only while the page is visible and online
// (use-page-visible.ts, as the live booking count). Fewer partners with bookings than number_from: an honest line
// says so; nothing here is made up.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SuggestBrand, SuggestBrandsData } from '../../../../shared/contract/content';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../../shared/domain/system-config';
import { useLang } from '../../../lib/use-lang';
import { useOnline } from '../../../lib/use-online';
import { homeQueries } from '../api';
import { usePageVisible } from '../use-page-visible';
import { SectionState } from './section-state';

function BrandRow({ brand, rank }: { brand: SuggestBrand; rank: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const number = new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB');
  const rating = new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-GB', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <li className="brand-row" data-testid="suggest-brand">
      <span className="brand-rank" aria-hidden="true">
        {rank}
      </span>
      <span className="partner-logo" aria-hidden="true">
        {brand.logo_text}
      </span>
      <span className="brand-text">
        <span className="partner-name">{brand.name}</span>
        <span className="partner-rating">
          {brand.rating_count > 0 ? (
            <>
              <span aria-hidden="true">★ </span>
              {t('home_sections.suggest.rating', {
                rating: rating.format(brand.rating),
                count: brand.rating_count,
                value: number.format(brand.rating_count),
              })}
            </>
          ) : (
            t('home_sections.suggest.not_rated')
          )}
        </span>
      </span>
      <span className="brand-bookings">
        <strong>{number.format(brand.bookings)}</strong> {t('home_sections.suggest.bookings', { count: brand.bookings })}
      </span>
    </li>
  );
}

export function SuggestBrands() {
  const { t } = useTranslation();
  const visible = usePageVisible();
  const online = useOnline();
  const query = useQuery({ ...homeQueries.suggestBrands(visible && online), enabled: online });
  const prevDay = query.data?.prev_day ?? SYSTEM_CONFIG_DEFAULTS.prev_day;
  const period =
    prevDay === 1 ? t('home_sections.suggest.window_day') : t('home_sections.suggest.window_days', { count: prevDay });
  return (
    <section className="section home-section" aria-labelledby="suggest-heading">
      <h2 id="suggest-heading">{t('home_sections.suggest.heading')}</h2>
      <p className="home-lead">{t('home_sections.suggest.lead', { period })}</p>
      <SectionState<SuggestBrandsData>
        query={query}
        isEmpty={(data) => data.items.length === 0}
        emptyText={t('home_sections.suggest.empty', { period })}
      >
        {(data) => (
          <ol className="brand-list">
            {data.items.map((brand, index) => (
              <BrandRow key={brand.partner_id} brand={brand} rank={index + 1} />
            ))}
          </ol>
        )}
      </SectionState>
    </section>
  );
}
