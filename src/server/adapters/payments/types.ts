// What the payments module needs from a payment gateway: a signed URL that sends the customer to pay, and the
// verification of the gateway's signed parameters (its server-to-server callback and the browser's return).
import type { Lang } from '../../../shared/domain/route-table';
import type { PaymentGateway } from '../../../shared/contract/payments';

/** The part of a payments row a gateway signs. */
export interface PaymentToSign {
  txnRef: string;
  /** Whole VND. */
  amount: number;
  ticketCode: string;
  /** What the payment is for, as the gateway shows it (plain ASCII); default: the ticket's payment. */
  description?: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface VerifiedCallback {
  /** The signature (and the merchant, where the protocol names one) verified. */
  ok: boolean;
  txnRef: string;
  /** Whole VND, as the gateway states it; NaN when it is not a whole amount. */
  amount: number;
  /** The gateway reports the money as taken. */
  success: boolean;
  gatewayTxnNo: string;
  responseCode: string;
}

/** A settled payment whose money goes back, as the gateway knows it. */
export interface PaymentToRefund {
  txnRef: string;
  /** The gateway's transaction number of the charge (its callback's). */
  gatewayTxnNo: string;
  /** Whole VND: all of it. */
  amount: number;
}

/** A gateway's answer to a refund: done, accepted and finishing later, or refused (with why). */
export interface GatewayRefund {
  status: 'refunded' | 'pending' | 'failed';
  refundId: string | null;
  detail: string;
}

export interface PaymentGatewayAdapter {
  readonly name: PaymentGateway;
  /**
   * The absolute URL the browser is sent to. `returnUrl` is absolute (the gateway sends the browser back there
   * with its signed parameters); `ipAddr` is the customer's address, which VNPay records.
   */
  buildPaymentUrl(payment: PaymentToSign, returnUrl: string, ipAddr: string, locale: Lang): Promise<URL>;
  /** Verifies a callback's or a return's parameters (all of them, as received). */
  verifyCallback(params: Record<string, string>): Promise<VerifiedCallback>;
  /** True when the parameters look like this gateway's (so a return can be routed without naming the gateway). */
  recognises(params: Record<string, string>): boolean;
  /**
   * Gives a payment's money back in full, once however often it is asked (the gateway's own idempotency). Absent where
   * this server has no refund call for the gateway: an operator refunds by hand.
   */
  refund?(payment: PaymentToRefund): Promise<GatewayRefund>;
}
