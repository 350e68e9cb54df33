// VNPay's payment gateway (VNPAY-QR / cards / bank apps), protocol version 2.1.0 as its public integration
// documents and sample code describe it: sorted, URL-encoded parameters signed with HMAC-SHA512.
import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import { createHmac } from 'node:crypto';
import type { Lang } from '../../../shared/domain/route-table';
import { VN_TIME_ZONE } from '../../../shared/domain/vn-time';
import type { PaymentGatewayAdapter, PaymentToSign, VerifiedCallback } from './types';
import { safeEqualHex } from './signature';

export const VNPAY_SANDBOX_URL = 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html';

export interface VnpayOptions {
  tmnCode: string;
  hashSecret: string;
  /** The payment page; the sandbox by default. */
  url?: string;
}

/** VNPay's dates: yyyyMMddHHmmss in GMT+7. */
export function vnpayDate(date: Date): string {
  return format(date, 'yyyyMMddHHmmss', { in: tz(VN_TIME_ZONE) });
}

/** VNPay's sample code: encodeURIComponent, then spaces as '+'. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

/** The string VNPay signs: the vnp_ parameters but the hash itself, sorted by key, `key=value` joined by '&'. */
export function vnpaySignData(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((key) => key.startsWith('vnp_') && key !== 'vnp_SecureHash' && key !== 'vnp_SecureHashType')
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key] ?? '')}`)
    .join('&');
}

export function vnpaySign(params: Record<string, string>, hashSecret: string): string {
  return createHmac('sha512', hashSecret).update(vnpaySignData(params), 'utf8').digest('hex');
}

/**
 * vnp_OrderInfo must be plain ASCII without special characters (VNPay refuses accents and punctuation): Vietnamese
 * letters lose their marks (ạ → a, đ → d) rather than disappear.
 */
function orderInfo(payment: PaymentToSign): string {
  return (payment.description ?? `Thanh toán vé ${payment.ticketCode}`)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, '');
}

export function createVnpayGateway({ tmnCode, hashSecret, url = VNPAY_SANDBOX_URL }: VnpayOptions): PaymentGatewayAdapter {
  return {
    name: 'vnpay',
    async buildPaymentUrl(payment: PaymentToSign, returnUrl: string, ipAddr: string, locale: Lang) {
      const params: Record<string, string> = {
        vnp_Version: '2.1.0',
        vnp_Command: 'pay',
        vnp_TmnCode: tmnCode,
        // VNPay counts in hundredths of a đồng.
        vnp_Amount: String(payment.amount * 100),
        vnp_CurrCode: 'VND',
        vnp_TxnRef: payment.txnRef,
        vnp_OrderInfo: orderInfo(payment),
        vnp_OrderType: 'other',
        vnp_Locale: locale === 'en' ? 'en' : 'vn',
        vnp_ReturnUrl: returnUrl,
        vnp_IpAddr: ipAddr,
        vnp_CreateDate: vnpayDate(payment.createdAt),
        // spec 4, 9: the gateway closes the payment when our window does.
        vnp_ExpireDate: vnpayDate(payment.expiresAt),
      };
      const signData = vnpaySignData(params);
      const hash = createHmac('sha512', hashSecret).update(signData, 'utf8').digest('hex');
      return new URL(`${url}?${signData}&vnp_SecureHash=${hash}`);
    },
    async verifyCallback(params: Record<string, string>): Promise<VerifiedCallback> {
      const received = params.vnp_SecureHash ?? '';
      const signed = safeEqualHex(vnpaySign(params, hashSecret), received);
      const rawAmount = params.vnp_Amount ?? '';
      const hundredths = /^\d{1,15}$/.test(rawAmount) ? Number(rawAmount) : NaN;
      const responseCode = params.vnp_ResponseCode ?? '';
      return {
        ok: signed && params.vnp_TmnCode === tmnCode,
        txnRef: params.vnp_TxnRef ?? '',
        amount: Number.isInteger(hundredths / 100) ? hundredths / 100 : NaN,
        // '00' on both: the customer paid and VNPay holds the money (vnp_TransactionStatus is sent with 2.1.0).
        success: responseCode === '00' && (params.vnp_TransactionStatus ?? '00') === '00',
        gatewayTxnNo: params.vnp_TransactionNo ?? '',
        responseCode,
      };
    },
    recognises(params) {
      return 'vnp_SecureHash' in params;
    },
  };
}

/** VNPay when VNPAY_TMN_CODE and VNPAY_HASH_SECRET are set (VNPAY_URL defaults to the sandbox); otherwise none. */
export function vnpayFromEnv(env: NodeJS.ProcessEnv): PaymentGatewayAdapter | null {
  const tmnCode = env.VNPAY_TMN_CODE?.trim();
  const hashSecret = env.VNPAY_HASH_SECRET?.trim();
  if (!tmnCode || !hashSecret) return null;
  return createVnpayGateway({ tmnCode, hashSecret, url: env.VNPAY_URL?.trim() || VNPAY_SANDBOX_URL });
}
