// The payment calls of spec 7 (payment/pay_online_request, paypal_request, pay_online_response, check_status),
// the gateway callbacks (IPN) and the built-in sandbox gateway's pages, with the transaction states of spec 4.
import {
  PAY_METHOD,
  PAYPAL_SENT_ID,
  VIETQR_PAY_METHOD,
  ticketProofFields,
  ticketProofQueryFields,
  TRANSACTION_STATUS,
} from './booking';
import { successSchema } from './envelope';
import { langSchema } from './common';
import { yup } from './yup';

export const PAYMENT_PATHS = {
  /**
   * spec 7: starts a payment (pay method 8, or 4 for PayPal-style) and answers the gateway's URL, which the app then
   * opens. POST with the ticket's proof in the body (no key in a URL), not a GET navigation.
   */
  payOnlineRequest: '/api/payment/pay_online_request',
  /** spec 7: the PayPal-style payment (pay method 99, sent as 4), as pay_online_request. */
  paypalRequest: '/api/payment/paypal_request',
  /** spec 7: the app's call after the gateway sent the browser back (the ticket's proof + the gateway's signed params). */
  payOnlineResponse: '/api/payment/pay_online_response',
  /** spec 7: polled by the app while the customer pays (spec 4, 9: up to 300000 ms); the ticket's proof. */
  checkStatus: '/api/payment/check_status',
  /**
   * The bank transfers sent for a ticket paid by VietQR, as its passenger may see them (GET with the ticket's proof):
   * what arrived, what is still to transfer, the extra refunded.
   */
  transferStatus: '/api/payment/transfer_status',
  /**
   * A ticket not paid (declined, abandoned, expired) changes its method: to cash (3), or between card (8)
   * and PayPal-style (99, sent as 4), the fee and total following. POST with the ticket's proof.
   */
  changeMethod: '/api/payment/change_method',
  /**
   * The browser came back from a gateway with its own Back button (no signed return): the attempt it had left for is
   * over, as the gateway's own back button would say. POST with the ticket's proof and the attempt's reference; an
   * attempt already paid stays paid, and a payment that still arrives for it is applied.
   */
  abandonAttempt: '/api/payment/abandon_attempt',
  /** Server-to-server callbacks, one per gateway: the only calls that change a payment's state. */
  ipnVnpay: '/api/payment/ipn/vnpay',
  ipnSandbox: '/api/payment/ipn/sandbox',
  ipnPaypalSandbox: '/api/payment/ipn/paypal-sandbox',
  /** PayPal's webhook (PAYMENT.CAPTURE.* events), verified by PayPal's signature check. */
  webhookPaypal: '/api/payment/webhook/paypal',
  /** The built-in sandbox gateway's payment page (GET shows it, POST submits the customer's choice). */
  sandboxPay: '/api/payment/sandbox/pay',
  /** Its stylesheet: the CSP (style-src 'self') refuses inline styles. */
  sandboxStyle: '/api/payment/sandbox/style.css',
  /**
   * POST from a bank-statement notification service (SePay, Casso): the raw JSON body signed with the shared
   * secret (HMAC-SHA256, hex, header X-Signature). 401 unsigned or forged; 503 while no secret is configured.
   */
  bankWebhook: '/api/payment/bank_webhook',
} as const;

/** spec 4: transaction status of a ticket (defined with the tickets, in the booking contract). */
export { TRANSACTION_STATUS };
export type TransactionStatusId = (typeof TRANSACTION_STATUS)[keyof typeof TRANSACTION_STATUS];
export const TRANSACTION_STATUS_IDS = Object.values(TRANSACTION_STATUS) as TransactionStatusId[];

/** spec 4: payment ids. 99 (PayPal-style) is sent as 4; 8 and 4 are online. */
export const PAY_METHODS = { ...PAY_METHOD, paypalSent: PAYPAL_SENT_ID, vietqr: VIETQR_PAY_METHOD } as const;
export const ONLINE_PAY_METHODS = [PAY_METHODS.online, PAY_METHODS.paypalSent, PAY_METHODS.vietqr] as const;
export type OnlinePayMethod = (typeof ONLINE_PAY_METHODS)[number];

/** spec 3: Ticket.chargeType default 2 (its meaning is not shown; it is recorded with the payment). */
export const DEFAULT_CHARGE_TYPE_ID = 2;

/** spec 4, 9: the customer has 5 minutes to pay (the live value is the setting payment_window_minutes). */
export const PAYMENT_WINDOW_MINUTES = 5;

export const PAYMENT_GATEWAYS = ['vnpay', 'sandbox', 'paypal_sandbox', 'paypal', 'vietqr'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];

/**
 * What PayPal's return brings to the payment-result page: our attempt's reference and, on "cancel and
 * return", a mark (both in the return address we give PayPal), and PayPal's own order id (token) and payer id.
 */
export const PAYPAL_RETURN_PARAMS = { ref: 'pp_ref', cancel: 'pp_cancel', order: 'token', payer: 'PayerID' } as const;

/** The test card of the sandbox gateway: any other number is declined. */
export const SANDBOX_TEST_CARD = '4111 1111 1111 1111';
export const SANDBOX_CHOICES = ['pay', 'decline', 'abandon'] as const;

/**
 * What became of a ticket's latest payment attempt: 'none' (never started), 'pending' (the passenger is at
 * the gateway, within its window), 'paid', 'declined' (the gateway refused the card), 'abandoned' (the passenger went
 * back without paying), 'expired' (the window closed with no answer). Declined, abandoned and expired are "not paid":
 * the passenger may pay again on the same ticket, change the method, or cancel.
 */
export const PAYMENT_ATTEMPTS = ['none', 'pending', 'paid', 'declined', 'abandoned', 'expired'] as const;
export type PaymentAttempt = (typeof PAYMENT_ATTEMPTS)[number];
export const NOT_PAID_ATTEMPTS: readonly PaymentAttempt[] = ['declined', 'abandoned', 'expired'];
/** VNPay's code (and the sandbox's) for a customer who cancelled at the gateway. */
export const ABANDONED_RESPONSE_CODE = '24';
export type SandboxChoice = (typeof SANDBOX_CHOICES)[number];

export const PAYMENT_ERROR_KEYS = {
  /** spec 8: 'Lost connection': the online payment gateway is failing; try later or another method. */
  lostConnection: 'payments.errors.lost_connection',
  /** spec 8: 'Payment timed out'. */
  timedOut: 'payments.errors.timed_out',
  /** spec 8: 'Payment session timed out. Do you want to retry?'. */
  timedOutRetry: 'payments.errors.timed_out_retry',
  /** spec 8: 'Session timed out': the departure has passed; book a new ticket. */
  sessionTimedOut: 'payments.errors.session_timed_out',
  /** spec 8: 'Ticket already cancelled; contact the hotline.' */
  alreadyCancelled: 'payments.errors.already_cancelled',
  /** The ticket is paid already. */
  alreadyPaid: 'payments.errors.already_paid',
  /** The ticket's payment failed (transaction status 3); a new booking is needed. */
  failed: 'payments.errors.failed',
  /** The ticket is not paid online (pay method 3, postpaid). */
  notOnline: 'payments.errors.not_online',
  /** Online payment is not configured on this server. */
  unavailable: 'payments.errors.unavailable',
  /** A gateway's parameters whose signature does not verify. */
  badSignature: 'payments.errors.bad_signature',
  /** A gateway's amount that differs from the payment's. */
  amountMismatch: 'payments.errors.amount_mismatch',
  /** url_return is not a path of this site (open redirects are refused). */
  badReturnUrl: 'payments.errors.bad_return_url',
  /** The ticket has nothing to pay (total 0). */
  nothingToPay: 'payments.errors.nothing_to_pay',
  /** The ticket's method cannot change now (paid, cancelled, departed, or the same method). */
  methodUnchangeable: 'payments.errors.method_unchangeable',
} as const;

/**
 * A path of this site: one leading slash, no scheme or host, no backslash or control character, and the same
 * origin once resolved. Anything else could send the customer to another site after paying (open redirect).
 */
export function isSameOriginPath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  // Browsers treat "\" as "/" in URLs ("/\evil.com" is "//evil.com"); control characters are stripped by them.
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
  try {
    const base = 'http://origin.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

const urlReturnSchema = yup
  .string()
  .trim()
  .max(2000)
  .required()
  .test('same-origin-path', { key: PAYMENT_ERROR_KEYS.badReturnUrl }, (value) => !value || isSameOriginPath(value));

/** spec 7: payment/pay_online_request (POST, JSON): the ticket's proof, the method and where the gateway returns. */
export const payOnlineRequestSchema = yup.object({
  ...ticketProofFields,
  pay_method: yup.number().oneOf(ONLINE_PAY_METHODS).required(),
  charge_type_id: yup.number().integer().min(0).default(DEFAULT_CHARGE_TYPE_ID),
  url_return: urlReturnSchema,
  /** The gateway page's language (vnp_Locale). */
  lang: langSchema,
});
export type PayOnlineRequest = yup.InferType<typeof payOnlineRequestSchema>;

/** spec 7: payment/paypal_request (POST, JSON); pay method 99 sent as 4. */
export const paypalRequestSchema = yup.object({
  ...ticketProofFields,
  url_return: urlReturnSchema,
  lang: langSchema,
});
export type PaypalRequest = yup.InferType<typeof paypalRequestSchema>;

/** The started payment: where to send the browser, when its window closes, and the attempt's reference. */
export const paymentStartSchema = yup.object({
  payment_url: yup.string().required(),
  expires_at: yup.string().required(),
  /** What the app names the attempt by if the browser comes back from the gateway with its Back button. */
  attempt_ref: yup.string().required(),
});
export const paymentStartResponseSchema = successSchema(paymentStartSchema.required());

/** spec 7: payment/pay_online_response (GET); the gateway's signed return parameters come along in the query string. */
export const payOnlineResponseRequestSchema = yup.object(ticketProofQueryFields);

/** spec 7: payment/check_status (GET): the ticket's proof (its key in the X-Ticket-Key header from the booking browser). */
export const checkStatusRequestSchema = yup.object(ticketProofQueryFields);

/** payment/transfer_status (GET): the ticket's proof, as check_status. */
export const transferStatusRequestSchema = yup.object(ticketProofQueryFields);

/**
 * What arrived by transfer for one ticket (whole VND): every transfer paid into it or naming it that paid nothing
 * yet; `remaining`, while the ticket awaits its transfer, is its total less the short transfers (0 otherwise); `extra`
 * is what came beyond the total, owed back (`refund_status` due, then refunded), 0 and null when none.
 */
export const transferStatusSchema = yup.object({
  total_cost: yup.number().integer().min(0).required(),
  received: yup.number().integer().min(0).required(),
  remaining: yup.number().integer().min(0).required(),
  extra: yup.number().integer().min(0).required(),
  refund_status: yup.string().oneOf(['due', 'refunded']).nullable().defined(),
  transfers: yup
    .array(
      yup.object({
        amount: yup.number().integer().required(),
        received_at: yup.string().required(),
      }),
    )
    .required(),
});
export type TransferStatus = yup.InferType<typeof transferStatusSchema>;
export const transferStatusResponseSchema = successSchema(transferStatusSchema.required());

const transactionStatusSchema = yup
  .number()
  .oneOf(TRANSACTION_STATUS_IDS as TransactionStatusId[])
  .required();

export const paymentStatusSchema = yup.object({
  ticket_code: yup.string().defined(),
  transaction_status_id: transactionStatusSchema,
  /** When the payment window of the latest attempt closes (ISO 8601); null before any attempt. */
  expires_at: yup.string().nullable().defined(),
  /** What became of the latest attempt (a "not paid" one is answered at once, not after the window). */
  attempt: yup
    .string()
    .oneOf([...PAYMENT_ATTEMPTS])
    .required(),
  /** The method the ticket is paid by now (3 cash, 8 card, 4 PayPal-style) and what it costs with it. */
  pay_method_id: yup.number().integer().required(),
  total_cost: yup.number().integer().min(0).required(),
});
export type PaymentStatus = yup.InferType<typeof paymentStatusSchema>;

/** spec 7 names transaction_status_id (and ticket_code) as response fields: they are at the top level and in data. */
export const checkStatusResponseSchema = successSchema(paymentStatusSchema.required()).shape({
  transaction_status_id: transactionStatusSchema,
});
export const payOnlineResponseResponseSchema = successSchema(paymentStatusSchema.required()).shape({
  transaction_status_id: transactionStatusSchema,
  ticket_code: yup.string().defined(),
});

/** A gateway callback's answer, VNPay's IPN protocol ({RspCode, Message}); the sandbox answers the same way. */
export const IPN_CODES = {
  confirmed: { RspCode: '00', Message: 'Confirm Success' },
  orderNotFound: { RspCode: '01', Message: 'Order not found' },
  alreadyConfirmed: { RspCode: '02', Message: 'Order already confirmed' },
  invalidAmount: { RspCode: '04', Message: 'Invalid amount' },
  invalidSignature: { RspCode: '97', Message: 'Invalid signature' },
  unknownError: { RspCode: '99', Message: 'Unknown error' },
} as const;
export type IpnAnswer = (typeof IPN_CODES)[keyof typeof IPN_CODES];

export const ipnResponseSchema = yup.object({
  RspCode: yup
    .string()
    .oneOf(Object.values(IPN_CODES).map((code) => code.RspCode))
    .required(),
  Message: yup.string().required(),
});

/** Payment/change_method: the ticket's proof and the method to pay by (3 cash later, 8 card, 99 PayPal-style). */
export const changeMethodRequestSchema = yup.object({
  ...ticketProofFields,
  pay_method_id: yup
    .number()
    .oneOf([PAY_METHOD.postpaid, PAY_METHOD.online, PAY_METHOD.paypal, VIETQR_PAY_METHOD], { key: 'booking.errors.pay_method' })
    .required({ key: 'booking.errors.pay_method' }),
  lang: langSchema,
});
export const changeMethodResponseSchema = successSchema(paymentStatusSchema.required());

/** payment/abandon_attempt (POST, JSON): the ticket's proof and the attempt's reference (from the start's answer). */
export const abandonAttemptRequestSchema = yup.object({
  ...ticketProofFields,
  attempt_ref: yup.string().trim().max(40).required(),
});
export const abandonAttemptResponseSchema = successSchema(paymentStatusSchema.required());
