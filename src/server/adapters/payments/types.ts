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
}
