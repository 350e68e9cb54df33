// billing-detail: the working ticket chosen on the price list, the billing form, and the booking flow. A signed-in
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
import { useBusinessSession } from '../features/business/session';
import { readWorkingTicket, type WorkingTicket } from '../features/booking/ticket';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLang } from '../lib/use-lang';
import { useStoredUser } from '../lib/use-stored-user';
import { useBillingFlow } from '../features/booking/use-billing-flow';
import { NoWorkingTicket } from './no-working-ticket';
import { useRef, useState } from 'react';

function listLink(ticket: WorkingTicket, lang: Lang): RouteLink {
  const more = ticket.moreAddress[0];
  return priceListLink(lang, {
    type: ticket.dimension,
    pick: ticket.pickComponent.place_id,
    drop: ticket.dropComponent.place_id,
    more: more ? { place: more.address_component.place_id, kind: more.type } : undefined,
    time: ticket.departTime,
    chair: ticket.chair,
  });
}

function TripSummary({ ticket }: { ticket: WorkingTicket }) {
  const { t } = useTranslation();
  return (
    <>
      <h2>{t('billing.trip')}</h2>
      <p className="route-line">
        {ticket.pickAddress} <span aria-hidden="true">→</span>
        <span className="visually-hidden"> {t('pricing.to')} </span> {ticket.dropAddress}
      </p>
      <p className="summary-meta">
        {ticket.departTime} · {t('picker.passengers', { count: ticket.chair })}
      </p>
      <p className="summary-meta">
        {ticket.vehicleName} · {ticket.partnerName} · {t(ticket.rideMethodId === 2 ? 'pricing.sharing' : 'pricing.private')}
      </p>
      <p className="price-amount">{formatVnd(ticket.merged)}</p>
    </>
  );
}

export function BillingDetailRoute() {
  const { t } = useTranslation();
  const user = useStoredUser();
  const lang = useLang();
  const [ticket] = useState(readWorkingTicket);
  const back = ticket ? listLink(ticket, lang) : null;
  const page = useRef<HTMLDivElement>(null);
  const billing = useBillingFlow({
    successRoute: 'booking-success',
    listLink: back,
    departTime: ticket?.departTime ?? '',
    pageRef: page,
  });
  const business = useBusinessSession();
  const balance = useQuery({ ...businessQueries.credit(business?.token ?? ''), enabled: business !== null });
  const credit: BillingCredit | undefined = business
    ? { company: business.companyName, balance: balance.data?.credit_balance ?? null, failed: balance.isError }
    : undefined;
  useDocumentTitle(t('billing.title'));
  if (!ticket || !back) return <NoWorkingTicket>{billing.dialog}</NoWorkingTicket>;

  return (
    <div className="page" ref={page}>
      <h1>{t('billing.title')}</h1>
      <BillingForm
        trip={{
          kind: 'ride',
          merged: ticket.merged,
          boardPrice: ticket.boardPrice,
          tollFee: ticket.tollFee,
          vatPercent: ticket.vatPercent,
          airport: ticket.dimension === 1,
          promotionContext: {
            chunk_id: ticket.chunkId,
            ride_method_id: ticket.rideMethodId,
            depart_time: ticket.departTime,
            transport_partner_id: ticket.partnerId,
          },
          summary: <TripSummary ticket={ticket} />,
          confirmRows: [
            [t('billing.confirm_route'), `${ticket.pickAddress} → ${ticket.dropAddress}`],
            ...ticket.moreAddress.map((more, index): [string, string] => [
              ticket.moreAddress.length > 1 ? `${t('billing.confirm_stop')} ${index + 1}` : t('billing.confirm_stop'),
              more.address,
            ]),
            [t('booking.time'), ticket.departTime],
            [
              t('pricing.detail.vehicle'),
              `${ticket.vehicleName} · ${t(ticket.rideMethodId === 2 ? 'pricing.sharing' : 'pricing.private')}`,
            ],
            [t('billing.confirm_partner'), ticket.partnerName],
            [t('booking.passengers'), t('picker.passengers', { count: ticket.chair })],
          ],
        }}
        user={user}
        schema={bookingRequestSchema}
        buildPayload={(values, promotion) => ({
          ...bookingPayload(values, ticket, billing.payloadContext(promotion)),
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
              pickAddress: ticket.pickAddress,
              dropAddress: ticket.dropAddress,
              departTime: ticket.departTime,
              pickPlaceId: ticket.pickComponent.place_id,
              dropPlaceId: ticket.dropComponent.place_id,
              chair: ticket.chair,
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
