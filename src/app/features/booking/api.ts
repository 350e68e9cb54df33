// Calls of the booking flow (spec 7): the promotion check, the anti-fraud pre-check, ticket creation and its
// notification, the night flow and the flexible pickup's window (the ticket lookup is the tickets feature's); the payment's calls are the payments
// feature's (its api.ts). The two creations carry a valid partner referral (spec 6).
import { queryOptions } from '@tanstack/react-query';
import {
  BOOKING_PATHS,
  TICKET_KEY_HEADER,
  autoProcessResponseSchema,
  createTicketResponseSchema,
  hourlyCreateResponseSchema,
  nightCheckResponseSchema,
  promotionCheckResponseSchema,
  ticketStateResponseSchema,
  vanguardNotifyResponseSchema,
  vanguardResponseSchema,
  type PromotionCheckRequest,
} from '../../../shared/contract/booking';
import type { Lang } from '../../../shared/domain/route-table';
import { affiliateFields } from '../../lib/affiliate';
import { apiGet, apiPost } from '../../lib/api-client';
import { recaptchaHeaders } from '../../lib/recaptcha';
import { RECAPTCHA_ACTION } from '../../../shared/contract/recaptcha';

/**
 * The flexible pickup of spec 3 (useRangeTime) and spec 7 (get_range_time, use_range_time): the window the server
 * offers around the chosen time, asked when the billing form opens. A failure is only logged: the choice is then not
 * offered and the booking is for the time itself.
 */
export const rangeTimeQuery = (departTime: string, rideMethodId: number, lang: Lang) =>
  queryOptions({
    queryKey: ['booking', 'range-time', departTime, rideMethodId, lang],
    queryFn: async ({ signal }) => {
      try {
        return (
          await apiGet(BOOKING_PATHS.rangeTime, {
            query: { depart_time: departTime, ride_method_id: rideMethodId === 2 ? 2 : 1, lang },
            schema: () => import('../../../shared/contract/booking').then((module) => module.rangeTimeResponseSchema),
            signal,
          })
        ).data;
      } catch (error) {
        if (!(error instanceof DOMException)) console.warn('range time failed', error);
        throw error;
      }
    },
    staleTime: 60_000,
    retry: false,
  });

/** The ticket's access key goes in a header, never in a URL. */
const keyed = (key: string) => ({ [TICKET_KEY_HEADER]: key });

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
  notify: (ticketCode: string, key: string) =>
    apiPost(
      BOOKING_PATHS.vanguardNotify,
      { ticket_code: ticketCode },
      { schema: vanguardNotifyResponseSchema, headers: keyed(key) },
    ),
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
  autoProcess: (ticketCode: string, key: string) =>
    apiPost(
      BOOKING_PATHS.autoProcessTicket,
      { ticket_code: ticketCode },
      { schema: autoProcessResponseSchema, headers: keyed(key) },
    ),
  checkNight: (ticketCode: string, key: string) =>
    apiGet(BOOKING_PATHS.checkNightBooking, {
      query: { ticket_code: ticketCode },
      schema: nightCheckResponseSchema,
      headers: keyed(key),
    }),
  quitNight: (ticketCode: string, key: string) =>
    apiPost(
      BOOKING_PATHS.quitNightBooking,
      { ticket_code: ticketCode },
      { schema: ticketStateResponseSchema, headers: keyed(key) },
    ),
  autoCancel: (ticketCode: string, key: string) =>
    apiPost(
      BOOKING_PATHS.autoCancelBooking,
      { ticket_code: ticketCode },
      { schema: ticketStateResponseSchema, headers: keyed(key) },
    ),
};
