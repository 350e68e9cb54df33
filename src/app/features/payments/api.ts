// Calls of the payment (spec 7): the pay methods offered, starting a payment at its gateway, the gateway's return
// reported by the server, the payment check, an attempt left with Back, and a change of method. The ticket's access
// key goes in a header, never in a URL. Then what a ticket says about its payment.
import { queryOptions } from '@tanstack/react-query';
import {
  BOOKING_PATHS,
  PAY_METHOD,
  PAYPAL_SENT_ID,
  TICKET_KEY_HEADER,
  TRANSACTION_STATUS,
  VIETQR_PAY_METHOD,
  payMethodsResponseSchema,
  sentPayMethod,
} from '../../../shared/contract/booking';
import {
  PAYMENT_PATHS,
  abandonAttemptResponseSchema,
  changeMethodResponseSchema,
  checkStatusResponseSchema,
  payOnlineResponseResponseSchema,
  paymentStartResponseSchema,
  transferStatusResponseSchema,
} from '../../../shared/contract/payments';
import type { TicketInfo } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { apiGet, apiPost } from '../../lib/api-client';

export const paymentQueries = {
  payMethods: () =>
    queryOptions({
      queryKey: ['booking', 'pay-methods'],
      queryFn: async ({ signal }) => (await apiGet(BOOKING_PATHS.payMethods, { schema: payMethodsResponseSchema, signal })).data,
      staleTime: 60 * 60_000,
    }),
};

const keyed = (key: string) => ({ [TICKET_KEY_HEADER]: key });

/** How a passenger proves a ticket: this device's key for it, or the phone or e-mail it was booked with. */
export interface TicketProofOf {
  key?: string;
  contact?: string;
}

export const paymentCalls = {
  /** The bank transfers sent for the ticket: what arrived, what is still to transfer, the extra refunded. */
  transferStatus: (ticketCode: string, proof: TicketProofOf, signal?: AbortSignal) =>
    apiGet(PAYMENT_PATHS.transferStatus, {
      query: {
        ticket_code: ticketCode,
        ...(proof.contact ? (proof.contact.includes('@') ? { email: proof.contact } : { phone_number: proof.contact }) : {}),
      },
      schema: transferStatusResponseSchema,
      headers: proof.key ? keyed(proof.key) : undefined,
      signal,
    }),
  checkPayment: (ticketCode: string, key: string) =>
    apiGet(PAYMENT_PATHS.checkStatus, {
      query: { ticket_code: ticketCode },
      schema: checkStatusResponseSchema,
      headers: keyed(key),
    }),
  /** The gateway's signed return, reported by the server: the ticket's payment status and the attempt. */
  paymentReturned: (ticketCode: string, key: string, gatewayParams: Record<string, string>) =>
    apiGet(PAYMENT_PATHS.payOnlineResponse, {
      query: { ...gatewayParams, ticket_code: ticketCode },
      schema: payOnlineResponseResponseSchema,
      headers: keyed(key),
    }),
  /** The browser came back from the gateway with Back: the attempt it left for is over unless it was paid. */
  abandonAttempt: (ticketCode: string, key: string, attemptRef: string) =>
    apiPost(
      PAYMENT_PATHS.abandonAttempt,
      { ticket_code: ticketCode, attempt_ref: attemptRef },
      { schema: abandonAttemptResponseSchema, headers: keyed(key) },
    ),
  /** Pay the ticket another way (3 cash later, 8 card, 99 PayPal-style); its status after. */
  changeMethod: (ticketCode: string, key: string, payMethodId: number, lang: Lang) =>
    apiPost(
      PAYMENT_PATHS.changeMethod,
      { ticket_code: ticketCode, pay_method_id: payMethodId, lang },
      { schema: changeMethodResponseSchema, headers: keyed(key) },
    ),
  /** Starts a payment on the gateway of the method (spec 7 pay_online_request / paypal_request): its URL. */
  startPayment: (ticketCode: string, key: string, payMethodId: number, urlReturn: string, lang: Lang) =>
    payMethodId === PAY_METHOD.paypal || payMethodId === PAYPAL_SENT_ID
      ? apiPost(
          PAYMENT_PATHS.paypalRequest,
          { ticket_code: ticketCode, url_return: urlReturn, lang },
          { schema: paymentStartResponseSchema, headers: keyed(key) },
        )
      : apiPost(
          PAYMENT_PATHS.payOnlineRequest,
          { ticket_code: ticketCode, pay_method: sentPayMethod(payMethodId), url_return: urlReturn, lang },
          { schema: paymentStartResponseSchema, headers: keyed(key) },
        ),
};

// What the ticket says about its payment (spec 3, 4): a cash-later ticket is paid to the driver, whatever its
// booking's transaction says (the transaction is the booking being confirmed, not money received); a ticket paid
// from a business partner's credit says so; an online payment shows its transaction state.
/** The message key (ticket.*) of the ticket's payment row. */
export function paymentLabelKey(ticket: Pick<TicketInfo, 'pay_method_id' | 'transaction_status_id' | 'paid_on_credit'>): string {
  if (ticket.paid_on_credit) return 'ticket.paid_on_credit';
  const live =
    ticket.transaction_status_id === TRANSACTION_STATUS.processing || ticket.transaction_status_id === TRANSACTION_STATUS.success;
  if (ticket.pay_method_id === PAY_METHOD.postpaid && live) return 'ticket.pay_driver';
  if (ticket.transaction_status_id === TRANSACTION_STATUS.success) return 'ticket.paid';
  // A transfer waits on the passenger to send it: nothing is being processed until money arrives.
  if (ticket.pay_method_id === VIETQR_PAY_METHOD && ticket.transaction_status_id === TRANSACTION_STATUS.processing)
    return 'ticket.transfer_waiting';
  return `ticket.transaction.${ticket.transaction_status_id}`;
}

/**
 * Whether the ticket's own code (the one shown to board) is shown: once the ticket is paid (online, or from a business
 * credit) or when it is paid to the driver. A ticket still awaiting its payment shows only the way to pay it, so a
 * passenger paying by transfer never has two codes on one screen.
 */
export function boardingCodeShown(
  ticket: Pick<TicketInfo, 'pay_method_id' | 'transaction_status_id' | 'paid_on_credit'>,
): boolean {
  if (ticket.paid_on_credit || ticket.transaction_status_id === TRANSACTION_STATUS.success) return true;
  return ticket.pay_method_id === PAY_METHOD.postpaid && ticket.transaction_status_id === TRANSACTION_STATUS.processing;
}
