// One option of a price list: partner, vehicle, ride method, price, and the choose button.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RIDE_METHODS, type HourlyPriceItem, type PriceListItem } from '../../../../shared/contract/pricing';
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
  item,
  badge,
  children,
}: {
  item: Pick<PriceListItem, 'partner' | 'vehicle_name' | 'service_name'>;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const { partner } = item;
  return (
    <article aria-label={`${partner.name}, ${item.vehicle_name}`}>
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
        <strong>{item.vehicle_name}</strong> · {item.service_name}
      </p>
      {children}
    </article>
  );
}

export function HourlyPriceCard({
  item,
  durationLabel,
  onDetails,
  onChoose,
}: {
  item: HourlyPriceItem;
  durationLabel: string;
  onDetails(item: HourlyPriceItem): void;
  onChoose(item: HourlyPriceItem): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className="price-card">
      <CardFrame item={item}>
        <p className="price-card-meta">
          {t('pricing.hourly_includes', { duration: durationLabel, km: formatDecimal(item.km_limit, lang) })}
        </p>
        <div className="price-card-foot">
          <p className="price">
            <span className="price-amount">{formatVnd(item.price)}</span>
          </p>
          <div className="price-actions">
            <button type="button" className="button" onClick={() => onDetails(item)}>
              {t('pricing.details')}
            </button>
            <button type="button" className="button button-primary" onClick={() => onChoose(item)}>
              {t('pricing.choose')}
            </button>
          </div>
        </div>
      </CardFrame>
    </li>
  );
}

export function PriceCard({
  item,
  chair,
  onChoose,
}: {
  item: PriceListItem;
  chair: number;
  onChoose(item: PriceListItem): void;
}) {
  const { t } = useTranslation();
  const shared = item.ride_method_id === RIDE_METHODS.sharing;
  const highlighted = item.discount_data.data.discountByHighlightBrand.hightlight_brand;
  return (
    <li className={`price-card${highlighted ? ' highlighted' : ''}`}>
      <CardFrame item={item} badge={highlighted && <span className="badge badge-accent">{t('pricing.highlight')}</span>}>
        <p className="price-card-meta">
          <span className={`badge${shared ? ' badge-shared' : ''}`}>{t(shared ? 'pricing.sharing' : 'pricing.private')}</span>
          {shared
            ? t('pricing.seats_left', { count: item.vehicle_seat_left })
            : t('pricing.seats_fit', { count: item.vehicle_seat_left })}
        </p>
        <div className="price-card-foot">
          <p className="price">
            <span className="price-amount">{formatVnd(item.merged)}</span>
            {shared && chair > 1 && (
              <span className="price-unit">{t('pricing.per_seat', { price: formatVnd(item.unit_price) })}</span>
            )}
            {item.night_fee > 0 && (
              <span className="price-note">{t('pricing.includes_night', { fee: formatVnd(item.night_fee) })}</span>
            )}
            {item.toll_fee !== 'NA' && item.toll_fee > 0 && (
              <span className="price-note">{t('pricing.toll_extra', { fee: formatVnd(item.toll_fee) })}</span>
            )}
          </p>
          <button type="button" className="button button-primary" onClick={() => onChoose(item)}>
            {t('pricing.choose')}
          </button>
        </div>
      </CardFrame>
    </li>
  );
}
