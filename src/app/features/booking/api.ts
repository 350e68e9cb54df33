// Calls of the booking flow (spec 7): pay methods, the promotion check, the anti-fraud pre-check, ticket
// creation and its notification, the night flow, the payment check and the ticket lookup. The two creations carry
// a valid partner referral (spec 6).
import { queryOptions } from '@tanstack/react-query';
import {
  BOOKING_PATHS,
  autoProcessResponseSchema,
  createTicketResponseSchema,
  hourlyCreateResponseSchema,
  nightCheckResponseSchema,
  payMethodsResponseSchema,
  promotionCheckResponseSchema,
  ticketInfoResponseSchema,
  ticketStateResponseSchema,
  vanguardNotifyResponseSchema,
  vanguardResponseSchema,
  type PromotionCheckRequest,
} from '../../../shared/contract/booking';
import { PAYMENT_PATHS, checkStatusResponseSchema } from '../../../shared/contract/payments';
import type { Lang } from '../../../shared/domain/route-table';
import { affiliateFields } from '../../lib/affiliate';
import { apiGet, apiPost } from '../../lib/api-client';
import { recaptchaHeaders } from '../../lib/recaptcha';
import { RECAPTCHA_ACTION } from '../../../shared/contract/recaptcha';

export const bookingQueries = {
  payMethods: () =>
    queryOptions({
      queryKey: ['booking', 'pay-methods'],
      queryFn: async ({ signal }) => (await apiGet(BOOKING_PATHS.payMethods, { schema: payMethodsResponseSchema, signal })).data,
      staleTime: 60 * 60_000,
    }),
  ticketInfo: (code: string, contact: string, lang: Lang) =>
    queryOptions({
      queryKey: ['booking', 'ticket', code, contact, lang],
      queryFn: async ({ signal }) =>
        (
          await apiGet(BOOKING_PATHS.ticketInfo, {
            query: { ticket_code: code, lang, ...(contact.includes('@') ? { email: contact } : { phone_number: contact }) },
            schema: ticketInfoResponseSchema,
            signal,
          })
        ).data,
      staleTime: 30_000,
    }),
};

/** spec 6: a booking carries the partner referral valid when it is sent (not one kept in a retried payload). */
const withReferral = (body: Record<string, unknown>) => ({
  ...body,
  partner_domain: undefined,
  aff_sid: undefined,
  ...affiliateFields(),
});

export const bookingCalls = {
  checkPromotion: (query: Partial<PromotionCheckRequest> & { promotion_code: string }) =>
    apiGet(BOOKING_PATHS.checkPromotionCode, { query, schema: promotionCheckResponseSchema }),
  vanguard: (body: Record<string, unknown>) => apiPost(BOOKING_PATHS.vanguard, body, { schema: vanguardResponseSchema }),
  notify: (ticketCode: string) =>
    apiPost(BOOKING_PATHS.vanguardNotify, { ticket_code: ticketCode }, { schema: vanguardNotifyResponseSchema }),
  createTicket: async (body: Record<string, unknown>, online: boolean) =>
    apiPost(online ? BOOKING_PATHS.createTicketPaymentOnline : BOOKING_PATHS.createTicket, withReferral(body), {
      schema: createTicketResponseSchema,
      headers: await recaptchaHeaders(RECAPTCHA_ACTION.createTicket),
    }),
  createHourly: async (body: Record<string, unknown>) =>
    apiPost(BOOKING_PATHS.createHourlyBooking, withReferral(body), {
      schema: hourlyCreateResponseSchema,
      headers: await recaptchaHeaders(RECAPTCHA_ACTION.createHourlyBooking),
    }),
  autoProcess: (ticketId: number, ticketCode: string) =>
    apiPost(BOOKING_PATHS.autoProcessTicket, { id: ticketId, ticket_code: ticketCode }, { schema: autoProcessResponseSchema }),
  checkNight: (ticketId: number, ticketCode: string) =>
    apiGet(BOOKING_PATHS.checkNightBooking, {
      query: { ticket_id: ticketId, ticket_code: ticketCode },
      schema: nightCheckResponseSchema,
    }),
  quitNight: (ticketId: number, ticketCode: string) =>
    apiPost(
      BOOKING_PATHS.quitNightBooking,
      { ticket_id: ticketId, ticket_code: ticketCode },
      { schema: ticketStateResponseSchema },
    ),
  autoCancel: (ticketId: number, ticketCode: string) =>
    apiPost(
      BOOKING_PATHS.autoCancelBooking,
      { ticket_id: ticketId, ticket_code: ticketCode },
      { schema: ticketStateResponseSchema },
    ),
  checkPayment: (ticketId: number) =>
    apiGet(PAYMENT_PATHS.checkStatus, { query: { ticket_id: ticketId }, schema: checkStatusResponseSchema }),
};
