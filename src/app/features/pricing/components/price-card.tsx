// One option of a price list: partner, vehicle, ride method, price, and the choose button.
import { useTranslation } from 'react-i18next';
import { RIDE_METHODS, type PriceListItem } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';

export function PartnerBadge({
  name,
  rating,
  ratingCount,
  logoText,
}: {
  name: string;
  rating: number;
  ratingCount: number;
  logoText: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="partner">
      <span className="partner-logo" aria-hidden="true">
        {logoText}
      </span>
      <span className="partner-text">
        <span className="partner-name">{name}</span>
        <span className="partner-rating">
          <span aria-hidden="true">★ </span>
          {t('pricing.rating', { rating: rating.toFixed(1), count: ratingCount })}
        </span>
      </span>
    </div>
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
      <article aria-label={`${item.partner.name}, ${item.vehicle_name}`}>
        <div className="price-card-head">
          <PartnerBadge
            name={item.partner.name}
            rating={item.partner.rating}
            ratingCount={item.partner.rating_count}
            logoText={item.partner.logo_text}
          />
          {highlighted && <span className="badge badge-accent">{t('pricing.highlight')}</span>}
        </div>
        <p className="price-card-vehicle">
          <strong>{item.vehicle_name}</strong> · {item.service_name}
        </p>
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
      </article>
    </li>
  );
}
