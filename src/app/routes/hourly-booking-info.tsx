// hourly-booking-info: billing for an hourly hire (no drop address; extra per hour and per km shown).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hourlyBookingRequestSchema } from '../../shared/contract/booking';
import { formatVnd } from '../../shared/domain/money';
import { normalizePhone } from '../../shared/domain/phone';
import { hourlyPriceListLink, linkHref } from '../../shared/domain/route-search';
import { useDurationLabel } from '../components/ui/duration-picker';
import { hourlyPayload } from '../features/booking/billing';
import { BillingForm } from '../features/booking/components/billing-form';
import { readHourlyWorkingTicket, type HourlyWorkingTicket } from '../features/booking/ticket';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';
import { useBillingFlow } from '../features/booking/use-billing-flow';
import { NoWorkingTicket } from './no-working-ticket';
import { formatDecimal } from '../../shared/domain/numbers';

function HourlySummary({ ticket }: { ticket: HourlyWorkingTicket }) {
  const { t } = useTranslation();
  const lang = useLang();
  const durationLabel = useDurationLabel();
  return (
    <>
      <h2>{t('billing.trip')}</h2>
      <p className="route-line">{ticket.pickAddress}</p>
      <p className="summary-meta">
        {ticket.departTime} · {durationLabel(ticket.duration)} · {t('pricing.km', { km: formatDecimal(ticket.kmLimit, lang) })}
      </p>
      <p className="summary-meta">
        {ticket.vehicleName} · {ticket.partnerName}
      </p>
      <p className="summary-meta">
        {t('pricing.detail.extra_hour')}: {ticket.extraPriceHourFormat} · {t('pricing.detail.extra_km')}:{' '}
        {ticket.extraPriceKmFormat}
      </p>
      <p className="price-amount">{formatVnd(ticket.price)}</p>
    </>
  );
}

export function HourlyBookingInfoRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useStoredUser();
  const [ticket] = useState(readHourlyWorkingTicket);
  const back = ticket
    ? hourlyPriceListLink(lang, { pick: ticket.pickComponent.place_id, time: ticket.departTime, duration: ticket.duration })
    : null;
  const page = useRef<HTMLDivElement>(null);
  const billing = useBillingFlow({
    successRoute: 'hourly-booking-success',
    listLink: back,
    departTime: ticket?.departTime ?? '',
    pageRef: page,
  });
  const durationLabel = useDurationLabel();
  useDocumentTitle(t('billing.hourly_title'));
  if (!ticket || !back) return <NoWorkingTicket>{billing.dialog}</NoWorkingTicket>;

  return (
    <div className="page" ref={page}>
      <h1>{t('billing.hourly_title')}</h1>
      <BillingForm
        trip={{
          kind: 'hourly',
          merged: ticket.price,
          boardPrice: 0,
          tollFee: 'NA',
          vatPercent: ticket.vatPercent,
          airport: false,
          promotionContext: { depart_time: ticket.departTime, transport_partner_id: ticket.partnerId },
          summary: <HourlySummary ticket={ticket} />,
          confirmRows: [
            [t('booking.pick'), ticket.pickAddress],
            [t('booking.time'), ticket.departTime],
            [t('booking.duration'), durationLabel(ticket.duration)],
            [t('pricing.detail.vehicle'), ticket.vehicleName],
            [t('billing.confirm_partner'), ticket.partnerName],
          ],
        }}
        user={user}
        schema={hourlyBookingRequestSchema}
        buildPayload={(values, promotion) => hourlyPayload(values, ticket, billing.payloadContext(promotion))}
        busy={billing.busy}
        onConfirm={(values, payload, online) =>
          billing.submit(payload, {
            kind: 'hourly',
            // The hourly form's card and PayPal-style methods go to the gateway as a ride's do.
            online,
            entry: {
              contact: normalizePhone(values.phone_code, values.phone),
              kind: 'hourly',
              pickAddress: ticket.pickAddress,
              dropAddress: '',
              departTime: ticket.departTime,
              pickPlaceId: ticket.pickComponent.place_id,
              dropPlaceId: '',
              chair: 1,
              duration: ticket.duration,
            },
          })
        }
      />
      <a className="link-button" href={linkHref(back)}>
        {t('billing.back_to_list')}
      </a>
      {billing.dialog}
    </div>
  );
}
