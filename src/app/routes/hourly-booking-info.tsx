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
import { readHourlyBookingDraft, type HourlyBookingDraft } from '../features/booking/booking-draft';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';
import { useBillingFlow } from '../features/booking/use-billing-flow';
import { NoBookingDraft } from '../components/no-booking-draft';
import { formatDecimal } from '../../shared/domain/numbers';

function HourlySummary({ draft }: { draft: HourlyBookingDraft }) {
  const { t } = useTranslation();
  const lang = useLang();
  const durationLabel = useDurationLabel();
  return (
    <>
      <h2>{t('billing.trip')}</h2>
      <p className="route-line">{draft.pickAddress}</p>
      <p className="summary-meta">
        {draft.departTime} · {durationLabel(draft.duration)} · {t('pricing.km', { km: formatDecimal(draft.kmLimit, lang) })}
      </p>
      <p className="summary-meta">
        {draft.vehicleName} · {draft.partnerName}
      </p>
      <p className="summary-meta">
        {t('pricing.detail.extra_hour')}: {draft.extraPriceHourFormat} · {t('pricing.detail.extra_km')}:{' '}
        {draft.extraPriceKmFormat}
      </p>
      <p className="price-amount">{formatVnd(draft.price)}</p>
    </>
  );
}

export function HourlyBookingInfoRoute() {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useStoredUser();
  const [draft] = useState(readHourlyBookingDraft);
  const back = draft
    ? hourlyPriceListLink(lang, { pick: draft.pickComponent.place_id, time: draft.departTime, duration: draft.duration })
    : null;
  const page = useRef<HTMLDivElement>(null);
  const billing = useBillingFlow({
    successRoute: 'hourly-booking-success',
    listLink: back,
    departTime: draft?.departTime ?? '',
    pageRef: page,
  });
  const durationLabel = useDurationLabel();
  useDocumentTitle(t('billing.hourly_title'));
  if (!draft || !back) return <NoBookingDraft>{billing.dialog}</NoBookingDraft>;

  return (
    <div className="page" ref={page}>
      <h1>{t('billing.hourly_title')}</h1>
      <BillingForm
        trip={{
          kind: 'hourly',
          merged: draft.price,
          boardPrice: 0,
          tollFee: 'NA',
          vatPercent: draft.vatPercent,
          airport: false,
          promotionContext: { depart_time: draft.departTime, transport_partner_id: draft.partnerId },
          summary: <HourlySummary draft={draft} />,
          confirmRows: [
            [t('booking.pick'), draft.pickAddress],
            [t('booking.time'), draft.departTime],
            [t('booking.duration'), durationLabel(draft.duration)],
            [t('pricing.detail.vehicle'), draft.vehicleName],
            [t('billing.confirm_partner'), draft.partnerName],
          ],
        }}
        user={user}
        schema={hourlyBookingRequestSchema}
        buildPayload={(values, promotion) => hourlyPayload(values, draft, billing.payloadContext(promotion))}
        busy={billing.busy}
        onConfirm={(values, payload, online) =>
          billing.submit(payload, {
            kind: 'hourly',
            // The hourly form's card and PayPal-style methods go to the gateway as a ride's do.
            online,
            entry: {
              contact: normalizePhone(values.phone_code, values.phone),
              kind: 'hourly',
              pickAddress: draft.pickAddress,
              dropAddress: '',
              departTime: draft.departTime,
              pickPlaceId: draft.pickComponent.place_id,
              dropPlaceId: '',
              chair: 1,
              duration: draft.duration,
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
