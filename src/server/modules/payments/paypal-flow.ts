// PayPal's Orders v2 as the PayPal method: each attempt opens an order in USD at the configured rate, the
// payer approves it on PayPal, and the capture on the browser's return or PayPal's verified webhook settles the attempt
// once (the payments row leaves 'pending' in one conditional UPDATE, so a second return or a replayed event pays nothing).
import { ABANDONED_RESPONSE_CODE, PAYPAL_RETURN_PARAMS, type PaymentGateway } from '../../../shared/contract/payments';
import type { Lang } from '../../../shared/domain/route-table';
import { centsOfUsd, vndToUsdCents } from '../../../shared/domain/usd';
import type { PaypalCaptureResult, PaypalClient } from '../../adapters/payments/paypal';
import type { Logger } from '../../http/errors';
import type { NewEvent, PaymentRow, PaymentsRepository } from './repository';
import { createRefusals, type Refusals } from './refusals';

const GATEWAY: PaymentGateway = 'paypal';

/** The webhook events that settle an attempt; PayPal sends others (orders approved, refunds), which change nothing. */
const CAPTURE_EVENTS: Record<string, 'completed' | 'declined'> = {
  'PAYMENT.CAPTURE.COMPLETED': 'completed',
  'PAYMENT.CAPTURE.DENIED': 'declined',
  'PAYMENT.CAPTURE.DECLINED': 'declined',
};

/** The attempt's response code when its order could not be opened (PayPal unreachable or refusing). */
export const PAYPAL_UNREACHABLE_CODE = 'unreachable';

export interface PaypalFlowOptions {
  repository: PaymentsRepository;
  client: PaypalClient;
  /** The configured đồng to the dollar (the setting paypal_vnd_per_usd). */
  vndPerUsd: () => Promise<number>;
  log: Logger;
  onResult?: (ticketId: number, paid: boolean) => void;
  /** Where refused webhooks go (bounded, per-address limited); default: the hourly cap alone. */
  refusals?: Refusals;
}

/** The largest webhook body read: PayPal's capture events are a few kilobytes. */
export const PAYPAL_WEBHOOK_MAX_BYTES = 16 * 1024;

/** The transmission headers PayPal signs every webhook with; a call without them is not PayPal's. */
const TRANSMISSION_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
];

/** What the webhook route answers PayPal: 2xx ends its retries, anything else makes it send the event again. */
export interface WebhookAnswer {
  status: 200 | 400 | 404 | 429 | 503;
  result: string;
}

interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
}

export function createPaypalFlow({
  repository,
  client,
  vndPerUsd,
  log,
  onResult,
  refusals = createRefusals(repository, null),
}: PaypalFlowOptions) {
  /**
   * A capture of an attempt voided by a change of method arrived all the same: its money goes back at once (PayPal's
   * refund of the capture), and the row says so. A refund PayPal refuses or cannot take now stays marked for it.
   */
  async function refundLate(payment: PaymentRow, captureId: string) {
    try {
      await client.refundCapture(captureId);
      await repository.markRefunded(payment.id);
      log.info('PayPal capture after a change of method refunded', { txn_ref: payment.txnRef });
      return 'refunded';
    } catch (error) {
      log.error('PayPal refund failed: refund due', {
        txn_ref: payment.txnRef,
        error: error instanceof Error ? error.message : String(error),
      });
      return 'paid_after_change';
    }
  }

  /**
   * Applies a capture's result to its attempt once. A capture whose amount or reference is not the attempt's is
   * refused and logged: it cannot be our order's.
   */
  async function settle(payment: PaymentRow, result: PaypalCaptureResult, params: Record<string, string>) {
    const event = { gateway: GATEWAY, txnRef: payment.txnRef, params, signatureOk: true };
    if (result.status === 'completed') {
      if (centsOfUsd(result.usd) !== payment.usdCents || (result.customId !== null && result.customId !== payment.txnRef)) {
        log.error('PayPal capture does not match its payment', { txn_ref: payment.txnRef, usd: result.usd });
        await repository.recordEvent({
          ...event,
          paymentId: payment.id,
          result: 'rejected',
          detail: 'amount_mismatch',
          rspCode: '',
        });
        return 'amount_mismatch';
      }
    }
    if (result.status !== 'completed' && result.status !== 'declined') return result.status;
    const success = result.status === 'completed';
    const outcome = await repository.applyResult(
      payment,
      {
        success,
        gatewayTxnNo: success ? result.captureId : result.orderId,
        responseCode: success ? 'COMPLETED' : result.reason,
      },
      (applied): NewEvent => ({
        ...event,
        paymentId: payment.id,
        result: applied === 'duplicate' ? 'duplicate' : 'applied',
        detail: applied,
        rspCode: '',
      }),
    );
    if (outcome === 'paid' || outcome === 'failed') onResult?.(payment.ticketId, outcome === 'paid');
    if (outcome === 'paid_after_change' && result.status === 'completed') return refundLate(payment, result.captureId);
    if (outcome.startsWith('paid_'))
      log.error('payment received for a closed ticket: refund due', { txn_ref: payment.txnRef, outcome });
    return outcome;
  }

  return {
    /** The amounts a new attempt records: what PayPal will charge, in US cents, at today's rate. */
    async amounts(vnd: number): Promise<{ usdCents: number; vndPerUsd: number }> {
      const rate = await vndPerUsd();
      return { usdCents: vndToUsdCents(vnd, rate), vndPerUsd: rate };
    },

    /**
     * Opens PayPal's order for a new attempt and answers where the payer approves it; null when PayPal cannot be
     * reached or refuses (the attempt is then closed: the passenger never got to PayPal).
     */
    async open(payment: PaymentRow, ticketCode: string, returnUrl: string, locale: Lang): Promise<URL | null> {
      const back = new URL(returnUrl);
      back.searchParams.set(PAYPAL_RETURN_PARAMS.ref, payment.txnRef);
      const cancel = new URL(back);
      cancel.searchParams.set(PAYPAL_RETURN_PARAMS.cancel, '1');
      try {
        if (payment.vndPerUsd === null || payment.usdCents === null) throw new Error('payment without its USD amount');
        const order = await client.createOrder({
          txnRef: payment.txnRef,
          amountVnd: payment.amount,
          vndPerUsd: payment.vndPerUsd,
          description: `Vivu ticket ${ticketCode}`,
          returnUrl: back.toString(),
          cancelUrl: cancel.toString(),
          locale,
          brandName: 'Vivu',
        });
        // The order charges what the passenger was shown (the same rounding on both sides).
        if (centsOfUsd(order.usd) !== payment.usdCents) throw new Error(`order amount ${order.usd} is not the payment's`);
        await repository.setGatewayOrder(payment.id, order.id);
        return new URL(order.approveUrl);
      } catch (error) {
        log.error('PayPal order could not be opened', {
          txn_ref: payment.txnRef,
          error: error instanceof Error ? error.message : String(error),
        });
        await repository.markAbandoned(payment.id, PAYPAL_UNREACHABLE_CODE, '');
        return null;
      }
    },

    /** The return names one of this server's PayPal attempts. */
    recognises: (params: Record<string, string>) => Boolean(params[PAYPAL_RETURN_PARAMS.ref]),

    /**
     * The browser came back from PayPal: "cancel and return" closes the attempt; an approval is captured now. The
     * order id PayPal put in the address must be the attempt's own, and the capture is of the order we opened.
     * Answers 'not_found' or 'mismatch' for a return that is not this ticket's attempt; else what it did.
     */
    async returned(ticketId: number, params: Record<string, string>): Promise<'not_found' | 'mismatch' | string> {
      const payment = await repository.paymentByTxnRef(params[PAYPAL_RETURN_PARAMS.ref] ?? '');
      if (!payment || payment.gateway !== GATEWAY || payment.ticketId !== ticketId) return 'not_found';
      const orderId = payment.gatewayOrderId;
      if (!orderId || params[PAYPAL_RETURN_PARAMS.order] !== orderId) return 'mismatch';
      if (params[PAYPAL_RETURN_PARAMS.cancel]) {
        await repository.markAbandoned(payment.id, ABANDONED_RESPONSE_CODE, orderId);
        return 'abandoned';
      }
      // Settled already (an earlier return, the webhook): nothing to capture.
      if (payment.status !== 'pending') return 'duplicate';
      let result: PaypalCaptureResult;
      try {
        result = await client.captureOrder(orderId);
      } catch (error) {
        // The attempt stays pending: the webhook may still settle it, else its window closes it.
        log.error('PayPal capture failed', {
          txn_ref: payment.txnRef,
          error: error instanceof Error ? error.message : String(error),
        });
        return 'unreachable';
      }
      const captureId = result.status === 'completed' || result.status === 'pending' ? result.captureId : '';
      return settle(payment, result, { source: 'return', order_id: orderId, status: result.status, capture_id: captureId });
    },

    /** PayPal's webhook: verified by PayPal (a forged call changes nothing), then a capture's event settles its attempt. */
    async webhook(rawBody: string, headers: Headers, address = ''): Promise<WebhookAnswer> {
      if (!client.verifiesWebhooks) return { status: 404, result: 'not_configured' };
      // The body's own checks come first: PayPal is asked about a call only when it is a capture event of one of our
      // orders, carrying PayPal's transmission headers (a forged body costs no call to PayPal).
      let event: WebhookEvent = {};
      let readable = Buffer.byteLength(rawBody, 'utf8') <= PAYPAL_WEBHOOK_MAX_BYTES;
      if (readable) {
        try {
          const parsed: unknown = JSON.parse(rawBody);
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) event = parsed as WebhookEvent;
          else readable = false;
        } catch {
          readable = false;
        }
      }
      const resource = event.resource && typeof event.resource === 'object' ? event.resource : {};
      const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
      const params = {
        source: 'webhook',
        event_id: text(event.id),
        event_type: text(event.event_type),
        capture_id: text(resource.id),
        order_id: text(resource.supplementary_data?.related_ids?.order_id),
        usd: `${text(resource.amount?.value)} ${text(resource.amount?.currency_code)}`.trim(),
      };
      const txnRef = text(resource.custom_id).slice(0, 200);
      const refusal = (detail: string, signatureOk = false) => ({
        gateway: GATEWAY,
        txnRef,
        params: readable ? params : { body: rawBody },
        signatureOk,
        paymentId: null,
        detail,
        rspCode: '',
      });
      const reject = async (detail: string, status: 200 | 400, signatureOk = false): Promise<WebhookAnswer> =>
        (await refusals.record(refusal(detail, signatureOk), address))
          ? { status, result: detail }
          : { status: 429, result: 'too_many' };
      if (!readable) return reject('bad_body', 400);
      const kind = CAPTURE_EVENTS[params.event_type];
      // Events we do not act on change nothing, whoever sent them: acknowledged unverified, not stored.
      if (!kind) return { status: 200, result: 'ignored' };
      if (TRANSMISSION_HEADERS.some((name) => !headers.get(name)?.trim())) return reject('bad_signature', 400);
      const payment = txnRef ? await repository.paymentByTxnRef(txnRef) : null;
      // Not an order of ours (another shop on the same PayPal account, or made up): acknowledged, so PayPal stops
      // sending it, and not verified.
      if (!payment || payment.gateway !== GATEWAY || !payment.gatewayOrderId || payment.gatewayOrderId !== params.order_id)
        return reject('not_found', 200);
      // Asking PayPal costs a call: it is counted against the address as a refusal before the call (past its limit
      // the address is not verified at all), and given back when PayPal says the call is its own.
      const claimedAt = new Date();
      if (!(await refusals.claim(address, claimedAt))) return { status: 429, result: 'too_many' };
      let verified: boolean;
      try {
        verified = await client.verifyWebhook(rawBody, headers);
      } catch (error) {
        await refusals.release(address, claimedAt);
        log.error('PayPal webhook verification failed', { error: error instanceof Error ? error.message : String(error) });
        return { status: 503, result: 'verification_unavailable' };
      }
      if (!verified) {
        await refusals.store(refusal('bad_signature'));
        return { status: 400, result: 'bad_signature' };
      }
      await refusals.release(address, claimedAt);
      const result: PaypalCaptureResult =
        kind === 'completed'
          ? {
              status: 'completed',
              orderId: params.order_id,
              captureId: params.capture_id,
              usd: resource.amount?.currency_code === 'USD' ? String(resource.amount.value ?? '') : '',
              customId: txnRef,
            }
          : { status: 'declined', orderId: params.order_id, reason: params.event_type };
      return { status: 200, result: await settle(payment, result, params) };
    },
  };
}

export type PaypalFlow = ReturnType<typeof createPaypalFlow>;
