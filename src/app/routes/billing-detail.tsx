// billing-detail: the booking draft chosen on the price list, the billing form, and the booking flow. A signed-in
// business partner may pay from its credit: the booking call then carries its token and is paid from the
// credit in the booking's own transaction.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bookingRequestSchema } from '../../shared/contract/booking';
import { formatVnd } from '../../shared/domain/money';
import { linkHref, priceListLink, type RouteLink } from '../../shared/domain/route-search';
import type { Lang } from '../../shared/domain/route-table';
import { normalizePhone } from '../../shared/domain/phone';
import { bookingPayload, creditPart } from '../features/booking/billing';
import { BillingForm, type BillingCredit } from '../features/booking/components/billing-form';
import { businessQueries } from '../features/business/api';
import { useBusinessSession } from '../features/business/api';
import { readBookingDraft, type BookingDraft } from '../features/booking/booking-draft';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';
import { useBillingFlow } from '../features/booking/use-billing-flow';
import { NoBookingDraft } from '../components/no-booking-draft';
import { useRef, useState } from 'react';

function listLink(draft: BookingDraft, lang: Lang): RouteLink {
  const more = draft.moreAddress[0];
  return priceListLink(lang, {
    type: draft.dimension,
    pick: draft.pickComponent.place_id,
    drop: draft.dropComponent.place_id,
    more: more ? { place: more.address_component.place_id, kind: more.type } : undefined,
    time: draft.departTime,
    chair: draft.chair,
  });
}

function TripSummary({ draft }: { draft: BookingDraft }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('billing.trip')}</h2>
      <p className="route-line">
        {draft.pickAddress} <span aria-hidden="true">→</span>
        <span className="visually-hidden"> {t('pricing.to')} </span> {draft.dropAddress}
      </p>
      <p className="summary-meta">
        {draft.departTime} · {t('picker.passengers', { count: draft.chair })}
      </p>
      <p className="summary-meta">
        {draft.vehicleName} · {draft.partnerName} · {t(draft.rideMethodId === 2 ? 'pricing.sharing' : 'pricing.private')}
      </p>
      <p className="price-amount">{formatVnd(draft.merged)}</p>
    </>
  );
}

export function BillingDetailRoute() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const lang = useLang();
  const [draft] = useState(readBookingDraft);
  const back = draft ? listLink(draft, lang) : null;
  const page = useRef<HTMLDivElement>(null);
  const billing = useBillingFlow({
    successRoute: 'booking-success',
    listLink: back,
    departTime: draft?.departTime ?? '',
    pageRef: page,
  });
  const business = useBusinessSession();
  const balance = useQuery({ ...businessQueries.credit(business?.token ?? ''), enabled: business !== null });
  const credit: BillingCredit | undefined = business
    ? { company: business.companyName, balance: balance.data?.credit_balance ?? null, failed: balance.isError }
    : undefined;
  useDocumentTitle(t('billing.title'));
  if (!draft || !back) return <NoBookingDraft>{billing.dialog}</NoBookingDraft>;

  return (
    <div className="page" ref={page}>
      <h1>{t('billing.title')}</h1>
      <BillingForm
        trip={{
          kind: 'ride',
          merged: draft.merged,
          boardPrice: draft.boardPrice,
          tollFee: draft.tollFee,
          vatPercent: draft.vatPercent,
          airport: draft.dimension === 1,
          promotionContext: {
            chunk_id: draft.chunkId,
            ride_method_id: draft.rideMethodId,
            depart_time: draft.departTime,
            transport_partner_id: draft.partnerId,
            airport_code: draft.airportCode,
          },
          summary: <TripSummary draft={draft} />,
          confirmRows: [
            [t('billing.confirm_route'), `${draft.pickAddress} → ${draft.dropAddress}`],
            ...draft.moreAddress.map((more, index): [string, string] => [
              draft.moreAddress.length > 1 ? `${t('billing.confirm_stop')} ${index + 1}` : t('billing.confirm_stop'),
              more.address,
            ]),
            [t('booking.time'), draft.departTime],
            [
              t('pricing.detail.vehicle'),
              `${draft.vehicleName} · ${t(draft.rideMethodId === 2 ? 'pricing.sharing' : 'pricing.private')}`,
            ],
            [t('billing.confirm_partner'), draft.partnerName],
            [t('booking.passengers'), t('picker.passengers', { count: draft.chair })],
          ],
        }}
        user={user}
        schema={bookingRequestSchema}
        buildPayload={(values, promotion) => ({
          ...bookingPayload(values, draft, billing.payloadContext(promotion)),
          ...creditPart(values, business?.token ?? null),
        })}
        credit={credit}
        busy={billing.busy}
        onConfirm={(values, payload, online) =>
          billing.submit(payload, {
            kind: 'ride',
            online,
            entry: {
              contact: normalizePhone(values.phone_code, values.phone),
              kind: 'ride',
              pickAddress: draft.pickAddress,
              dropAddress: draft.dropAddress,
              departTime: draft.departTime,
              pickPlaceId: draft.pickComponent.place_id,
              dropPlaceId: draft.dropComponent.place_id,
              chair: draft.chair,
              duration: 0,
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
