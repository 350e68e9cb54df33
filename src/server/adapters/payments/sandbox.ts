// The built-in gateway that works on one machine with no outside service: the same shape as a real gateway (a
// signed redirect to its payment page, a signed server-to-server callback, signed return parameters) with
// HMAC-SHA256 under a secret this server generates once. 'paypal_sandbox' is the PayPal-style variant (spec 4).
import { createHmac, randomBytes } from 'node:crypto';
import { PAYMENT_PATHS, type PaymentGateway } from '../../../shared/contract/payments';
import type { Lang } from '../../../shared/domain/route-table';
import { safeEqualHex } from './signature';
import type { GatewayRefund, PaymentGatewayAdapter, PaymentToRefund, PaymentToSign, VerifiedCallback } from './types';

export type SandboxGatewayName = Extract<PaymentGateway, 'sandbox' | 'paypal_sandbox'>;

/** The sandbox's result codes, borrowed from VNPay's so that both read alike in the audit log. */
export const SANDBOX_RESULTS = {
  paid: '00',
  /** VNPay 51: insufficient funds; the sandbox's "card declined". */
  declined: '51',
  /** VNPay 24: the customer cancelled. */
  abandoned: '24',
} as const;
export type SandboxResult = keyof typeof SANDBOX_RESULTS;

const SIGNATURE = 'sb_signature';

/** The signed string: the sb_ parameters but the signature, sorted by key, `key=value` URL-encoded, joined by '&'. */
export function sandboxSignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key.startsWith('sb_') && key !== SIGNATURE)
    .sort()
    .map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(params[key] ?? '')}`)
    .join('&');
}

export function sandboxSign(params: Record<string, string>, secret: string): Record<string, string> {
  const only = Object.fromEntries(Object.entries(params).filter(([key]) => key.startsWith('sb_') && key !== SIGNATURE));
  return { ...only, [SIGNATURE]: createHmac('sha256', secret).update(sandboxSignData(only), 'utf8').digest('hex') };
}

export function sandboxVerify(params: Record<string, string>, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(sandboxSignData(params), 'utf8').digest('hex');
  return safeEqualHex(expected, params[SIGNATURE] ?? '');
}

/** A new secret: 32 random bytes. */
export function newSandboxSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The payment page's parameters, as the redirect carries them. */
export interface SandboxOrder {
  gateway: SandboxGatewayName;
  txnRef: string;
  amount: number;
  ticketCode: string;
  returnUrl: string;
  expiresAt: Date;
  locale: Lang;
}

/** The sandbox's own books (kept in the database, shared by every server process): its charges and their refunds. */
export interface SandboxLedger {
  /** Books a charge the page made; the same transaction number again books nothing. */
  charge(entry: { gateway: SandboxGatewayName; txnNo: string; txnRef: string; amount: number }): Promise<void>;
  /**
   * Refunds a booked charge in full, once: the refund's id (the first refund's again for a repeat), or null when the
   * sandbox made no such charge (another number, reference, amount or gateway).
   */
  refund(entry: { gateway: SandboxGatewayName; txnNo: string; txnRef: string; amount: number }): Promise<string | null>;
}

export interface SandboxGateway extends PaymentGatewayAdapter {
  readonly name: SandboxGatewayName;
  /** Reads and verifies the page's signed parameters; null when they were tampered with or are incomplete. */
  readOrder(params: Record<string, string>): Promise<SandboxOrder | null>;
  /** The signed parameters of the callback and of the browser's return for a customer's choice. */
  signResult(order: SandboxOrder, result: SandboxResult, txnNo: string): Promise<Record<string, string>>;
  refund(payment: PaymentToRefund): Promise<GatewayRefund>;
}

export function createSandboxGateway(
  name: SandboxGatewayName,
  secret: () => Promise<string>,
  ledger: SandboxLedger,
): SandboxGateway {
  return {
    name,
    async buildPaymentUrl(payment: PaymentToSign, returnUrl: string, _ipAddr: string, locale: Lang) {
      const signed = sandboxSign(
        {
          sb_gateway: name,
          sb_txn_ref: payment.txnRef,
          sb_amount: String(payment.amount),
          sb_ticket_code: payment.ticketCode,
          sb_return_url: returnUrl,
          sb_expires_at: payment.expiresAt.toISOString(),
          sb_locale: locale,
        },
        await secret(),
      );
      // The page is served by this server: the same origin as the (same-origin) return URL.
      const url = new URL(PAYMENT_PATHS.sandboxPay, returnUrl);
      for (const [key, value] of Object.entries(signed)) url.searchParams.set(key, value);
      return url;
    },
    async readOrder(params) {
      if (!sandboxVerify(params, await secret()) || params.sb_gateway !== name) return null;
      const amount = Number(params.sb_amount);
      const expiresAt = new Date(params.sb_expires_at ?? '');
      const { sb_txn_ref: txnRef, sb_ticket_code: ticketCode, sb_return_url: returnUrl } = params;
      if (!txnRef || !ticketCode || !returnUrl || !Number.isSafeInteger(amount) || Number.isNaN(expiresAt.getTime())) return null;
      return { gateway: name, txnRef, amount, ticketCode, returnUrl, expiresAt, locale: params.sb_locale === 'en' ? 'en' : 'vi' };
    },
    async signResult(order, result, txnNo) {
      // The money is taken when the page says paid: booked before the callback that tells the merchant.
      if (result === 'paid') await ledger.charge({ gateway: name, txnNo, txnRef: order.txnRef, amount: order.amount });
      return sandboxSign(
        {
          sb_gateway: name,
          sb_txn_ref: order.txnRef,
          sb_amount: String(order.amount),
          sb_ticket_code: order.ticketCode,
          sb_result: result,
          sb_response_code: SANDBOX_RESULTS[result],
          sb_txn_no: txnNo,
        },
        await secret(),
      );
    },
    async verifyCallback(params): Promise<VerifiedCallback> {
      const signed = sandboxVerify(params, await secret());
      const amount = /^\d{1,15}$/.test(params.sb_amount ?? '') ? Number(params.sb_amount) : NaN;
      const responseCode = params.sb_response_code ?? '';
      return {
        // A signature for the other sandbox variant is not one for this one.
        ok: signed && params.sb_gateway === name && 'sb_result' in params,
        txnRef: params.sb_txn_ref ?? '',
        amount,
        success: params.sb_result === 'paid' && responseCode === SANDBOX_RESULTS.paid,
        gatewayTxnNo: params.sb_txn_no ?? '',
        responseCode,
      };
    },
    recognises(params) {
      return SIGNATURE in params && params.sb_gateway === name;
    },
    async refund(payment) {
      const refundId = await ledger.refund({
        gateway: name,
        txnNo: payment.gatewayTxnNo,
        txnRef: payment.txnRef,
        amount: payment.amount,
      });
      return refundId
        ? { status: 'refunded', refundId, detail: 'refunded' }
        : { status: 'failed', refundId: null, detail: 'no_such_charge' };
    },
  };
}
