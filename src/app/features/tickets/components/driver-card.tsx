// The driver and car the partner assigned (the design card's drivers table): the photo (the name's
// initial when there is none or it does not load), the name, the plate and the car, and a call button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './driver-card.css';
import { formatPhone } from '../../../../shared/domain/phone';
import type { TicketInfo } from '../../../../shared/contract/tickets';

export type DriverFields = Pick<
  TicketInfo,
  'driver_name' | 'driver_phone' | 'driver_plate' | 'driver_photo_url' | 'driver_car_name'
>;

/** The first letter of the given name (the last word of a Vietnamese name): "Nguyễn Văn Hùng" → "H". */
export function initialOf(name: string): string {
  const words = name.trim().split(/\s+/);
  return (words[words.length - 1] ?? '').charAt(0).toLocaleUpperCase('vi') || '?';
}

function DriverPhoto({ name, url }: { name: string; url: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
      <span className="driver-avatar" role="img" aria-label={name}>
        <span aria-hidden="true">{initialOf(name)}</span>
      </span>
    );
  }
  return (
    <img
      className="driver-photo"
      src={url}
      alt={name}
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(url)}
    />
  );
}

export function DriverCard({ driver, headingId }: { driver: DriverFields; headingId: string }) {
  const { t } = useTranslation();
  const name = driver.driver_name ?? '';
  return (
    <section className="ticket-driver driver-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('ticket.driver')}</h3>
      <div className="driver-card-body">
        <DriverPhoto name={name} url={driver.driver_photo_url} />
        <div className="driver-card-text">
          <p className="driver-name">{name}</p>
          {driver.driver_plate && <p className="driver-plate">{t('ticket.qr_plate', { plate: driver.driver_plate })}</p>}
          {driver.driver_car_name && <p>{t('ticket.car', { car: driver.driver_car_name })}</p>}
        </div>
      </div>
      {/* The call is a button within thumb reach, as ride apps have it. */}
      {driver.driver_phone && (
        <a className="button button-primary button-block driver-call" href={`tel:${driver.driver_phone}`}>
          {t('ticket.qr_call_driver', { phone: formatPhone(driver.driver_phone) })}
        </a>
      )}
    </section>
  );
}
