// A ticket as get_ticket_info returns it: the trip, the passenger, the amounts and the driver once assigned (with
// the photo and car once the partner assigns them).
import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { payMethodName, TICKET_STATUS, TRANSACTION_STATUS } from '../../../../shared/contract/booking';
import { formatVnd } from '../../../../shared/domain/money';
import { SITE_KEY_DEFAULTS } from '../../../../shared/domain/system-config';
import { DetailsList } from '../../../components/ui/details-list';
import { lazyPart } from '../../../components/ui/load-error';
import { boardingCodeShown, paymentLabelKey } from '../../payments';
import { DriverCard } from './driver-card';
import { rangeText } from '../../../lib/range-text';
import { statusLabelKey } from './trip-progress';
import { formatPhone } from '../../../../shared/domain/phone';
import { type TicketInfo } from '../../../../shared/contract/tickets';

// The QR code's drawing (ticket-qr.ts and the qrcode package) is a chunk of its own, precached by the service worker
// (so it draws offline too): until it arrives a blank square of its size keeps its place, beside the code in words;
// a chunk that does not load shows the load error with its retry there.
const QrImage = lazyPart(() =>
  import('../ticket-qr').then(({ qrDataUrl }) => ({
    default: function QrImage({ code, alt }: { code: string; alt: string }) {
      const src = useMemo(() => qrDataUrl(code), [code]);
      return <img src={src} alt={alt} width={176} height={176} />;
    },
  })),
);

interface Props {
  ticket: TicketInfo;
  /** Shown above the details (the cancelled notice). */
  notice?: ReactNode;
  /** The trip's progress, shown after the QR code (status and driver come first). */
  progress?: ReactNode;
  /** How the ticket is paid while it waits for its money (the bank transfer), shown where its boarding code will be. */
  payment?: ReactNode;
  /** Shown below the details (the cancel button, the hotline and book-again link). */
  actions?: ReactNode;
  /** The hotline (tel: number and display text); the spec's 1900 6022 by default. */
  hotline?: string;
  hotlineDisplay?: string;
}

export function TicketDetails({
  ticket,
  notice,
  progress,
  payment,
  actions,
  hotline = SITE_KEY_DEFAULTS.hotline,
  hotlineDisplay = SITE_KEY_DEFAULTS.hotline_display,
}: Props) {
  const { t, i18n } = useTranslation();
  const status = t(statusLabelKey(ticket));
  const rows: [string, string][] = [
    [t('ticket.code'), ticket.code],
    [t('ticket.status'), status],
    [t('billing.trip'), ticket.drop_address ? `${ticket.pick_address} → ${ticket.drop_address}` : ticket.pick_address],
    [t('booking.time'), ticket.depart_time],
    ...(ticket.range_time ? [[t('ticket.range_time'), rangeText(ticket.range_time)] as [string, string]] : []),
    [t('pricing.detail.vehicle'), `${ticket.vehicle_name} · ${ticket.partner_name}`],
    [t('billing.fullname'), ticket.fullname],
    [t('billing.phone'), formatPhone(ticket.phone)],
  ];
  if (ticket.duration) rows.push([t('booking.duration'), t('picker.hours', { count: ticket.duration })]);
  if (ticket.plane_number) rows.push([t('billing.plane_number'), ticket.plane_number]);
  rows.push([t('billing.pay_method'), payMethodName(ticket.pay_method_id, i18n.language)]);
  rows.push([t('ticket.payment'), t(paymentLabelKey(ticket))]);
  // A driver is waited for only while the ticket is alive (not cancelled, payment not failed or timed out).
  if (ticket.driver_name) {
    rows.push([
      t('ticket.driver'),
      `${ticket.driver_name} · ${formatPhone(ticket.driver_phone ?? '')} · ${ticket.driver_plate ?? ''}`,
    ]);
  } else if (
    ticket.status !== TICKET_STATUS.cancelled &&
    (ticket.transaction_status_id === TRANSACTION_STATUS.processing ||
      ticket.transaction_status_id === TRANSACTION_STATUS.success)
  ) {
    rows.push([t('ticket.driver'), t('ticket.driver_pending')]);
  }
  // What a traveller at the airport needs first (the status, the driver, when and where the pick-up is),
  // then the code to show the driver, then the trip's progress and details; the actions come last.
  return (
    <>
      {notice}
      <section className="ticket-status" aria-labelledby="ticket-status-heading">
        <h3 id="ticket-status-heading" className="visually-hidden">
          {t('ticket.status')}
        </h3>
        <p className="ticket-status-label">{status}</p>
        <p className="ticket-status-pickup">
          <span className="ticket-status-time">{ticket.depart_time}</span>
          <span className="visually-hidden"> · {t('booking.pick')}: </span>
          <span className="ticket-status-place">{ticket.pick_address}</span>
        </p>
      </section>
      {ticket.driver_name && <DriverCard driver={ticket} headingId="ticket-driver-heading" />}
      {boardingCodeShown(ticket) && (
        <div className="ticket-extras">
          <figure className="ticket-qr">
            <Suspense fallback={<span className="ticket-qr-pending" aria-hidden="true" />}>
              <QrImage code={ticket.code} alt={t('ticket.qr_alt', { code: ticket.code })} />
            </Suspense>
            <figcaption>
              <span className="ticket-qr-code">{ticket.code}</span>
              {t('ticket.qr_caption')}
            </figcaption>
          </figure>
        </div>
      )}
      {payment}
      {progress}
      <DetailsList rows={rows} total={[t('billing.total.total'), formatVnd(ticket.amounts.total_cost)]} />
      <p className="ticket-hotline">
        <a href={`tel:${hotline}`}>{t('ticket.qr_hotline', { hotline: hotlineDisplay })}</a>
      </p>
      {actions}
    </>
  );
}
