// One option of a price list: partner, vehicle, ride method, price, and the choose button.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RIDE_METHODS, type HourlyPriceOption, type PriceOption } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';
import { formatDecimal } from '../../../../shared/domain/numbers';
import { useLang } from '../../../lib/use-lang';

export function PartnerBadge({
  name,
  rating,
  ratingCount,
  logoText,
}: {
  name: string;
  /** Null while no finished trip of the partner has been rated. */
  rating: number | null;
  ratingCount: number;
  logoText: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="partner">
      <span className="partner-logo" aria-hidden="true">
        {logoText}
      </span>
      <span className="partner-text">
        <span className="partner-name">{name}</span>
        {rating !== null && ratingCount > 0 ? (
          <span className="partner-rating">
            <span aria-hidden="true">★ </span>
            {t('pricing.rating', {
              rating: formatDecimal(rating, lang),
              count: ratingCount,
              value: formatDecimal(ratingCount, lang, 0),
            })}
          </span>
        ) : (
          <span className="partner-rating partner-rating-none">{t('pricing.no_rating')}</span>
        )}
      </span>
    </div>
  );
}

/** What every option card shows: the partner, an optional badge, the vehicle and its service class. */
function CardFrame({
  option,
  badge,
  children,
}: {
  option: Pick<PriceOption, 'partner' | 'vehicle_name' | 'service_name'>;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const { partner } = option;
  return (
    <article aria-label={`${partner.name}, ${option.vehicle_name}`}>
      <div className="price-card-head">
        <PartnerBadge
          name={partner.name}
          rating={partner.rating}
          ratingCount={partner.rating_count}
          logoText={partner.logo_text}
        />
        {badge}
      </div>
      <p className="price-card-vehicle">
        <strong>{option.vehicle_name}</strong> · {option.service_name}
      </p>
      {children}
    </article>
  );
}

export function HourlyPriceCard({
  option,
  durationLabel,
  onDetails,
  onChoose,
}: {
  option: HourlyPriceOption;
  durationLabel: string;
  onDetails(option: HourlyPriceOption): void;
  onChoose(option: HourlyPriceOption): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className="price-card">
      <CardFrame option={option}>
        <p className="price-card-meta">
          {t('pricing.hourly_includes', { duration: durationLabel, km: formatDecimal(option.km_limit, lang) })}
        </p>
        <div className="price-card-foot">
          <p className="price">
            <span className="price-amount">{formatVnd(option.price)}</span>
          </p>
          <div className="price-actions">
            <button type="button" className="button" onClick={() => onDetails(option)}>
              {t('pricing.details')}
            </button>
            <button type="button" className="button button-primary" onClick={() => onChoose(option)}>
              {t('pricing.choose')}
            </button>
          </div>
        </div>
      </CardFrame>
    </li>
  );
}

export function PriceCard({
  option,
  chair,
  onChoose,
}: {
  option: PriceOption;
  chair: number;
  onChoose(option: PriceOption): void;
}) {
  const { t } = useTranslation();
  const shared = option.ride_method_id === RIDE_METHODS.sharing;
  const highlighted = option.discount_data.data.discountByHighlightBrand.hightlight_brand;
  return (
    <li className={`price-card${highlighted ? ' highlighted' : ''}`}>
      <CardFrame option={option} badge={highlighted && <span className="badge badge-accent">{t('pricing.highlight')}</span>}>
        <p className="price-card-meta">
          <span className={`badge${shared ? ' badge-shared' : ''}`}>{t(shared ? 'pricing.sharing' : 'pricing.private')}</span>
          {shared
            ? t('pricing.seats_left', { count: option.vehicle_seat_left })
            : t('pricing.seats_fit', { count: option.vehicle_seat_left })}
        </p>
        <div className="price-card-foot">
          <p className="price">
            <span className="price-amount">{formatVnd(option.merged)}</span>
            {shared && chair > 1 && (
              <span className="price-unit">{t('pricing.per_seat', { price: formatVnd(option.unit_price) })}</span>
            )}
            {option.night_fee > 0 && (
              <span className="price-note">{t('pricing.includes_night', { fee: formatVnd(option.night_fee) })}</span>
            )}
            {option.toll_fee !== 'NA' && option.toll_fee > 0 && (
              <span className="price-note">{t('pricing.toll_extra', { fee: formatVnd(option.toll_fee) })}</span>
            )}
          </p>
          <button type="button" className="button button-primary" onClick={() => onChoose(option)}>
            {t('pricing.choose')}
          </button>
        </div>
      </CardFrame>
    </li>
  );
}
