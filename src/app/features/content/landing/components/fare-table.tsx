// A landing page's fare table: the cheapest offer of each vehicle type and ride method on its route, for a daytime
// pickup (fares_depart_time), as a real table with a caption and column headers for screen readers.
import { useTranslation } from 'react-i18next';
import type { LandingFare } from '../../../../../shared/contract/content';
import { formatVnd } from '../../../../../shared/domain/money';
import { formatDecimal } from '../../../../../shared/domain/numbers';
import { useLang } from '../../../../lib/use-lang';

export function FareTable({
  fares,
  departTime,
  distanceKm,
}: {
  fares: readonly LandingFare[];
  departTime: string;
  distanceKm: number;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  if (fares.length === 0) return <p className="home-empty">{t('landing.fares_empty')}</p>;
  return (
    <div className="fare-table-wrap">
      <table className="fare-table">
        <caption>{t('landing.fares_caption', { time: departTime, km: formatDecimal(distanceKm, lang, 0) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('landing.vehicle')}</th>
            <th scope="col">{t('landing.ride_method')}</th>
            <th scope="col" className="fare-price">
              {t('landing.price_from')}
            </th>
          </tr>
        </thead>
        <tbody>
          {fares.map((fare) => (
            <tr key={`${fare.vehicle_id}-${fare.ride_method_id}`}>
              <th scope="row">
                {fare.vehicle_name}
                {fare.vehicle_seats > 0 && !fare.vehicle_name.includes(String(fare.vehicle_seats)) && (
                  <small className="fare-note">{t('landing.seats', { count: fare.vehicle_seats })}</small>
                )}
              </th>
              <td>{t(fare.ride_method_id === 2 ? 'landing.shared' : 'landing.private')}</td>
              <td className="fare-price">
                {formatVnd(fare.price_from)}
                {fare.ride_method_id === 2 && <small className="fare-note">{t('landing.per_seat')}</small>}
                <small className="fare-note">{t('landing.offers', { count: fare.offers })}</small>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
