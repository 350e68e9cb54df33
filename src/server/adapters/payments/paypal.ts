// PayPal's Orders v2 REST API: an OAuth client-credentials token, an order in USD for the ticket's VND
// total, the payer's approval on PayPal, the capture on return, and webhook signatures checked by PayPal itself.
import { randomUUID } from 'node:crypto';
import type { Lang } from '../../../shared/domain/route-table';
import { usdOfCents, vndToUsdCents } from '../../../shared/domain/usd';

export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** The REST API's origin; PayPal's sandbox by default. */
  baseUrl?: string;
  /** The id of the webhook registered in the PayPal app: its events are verified against it. */
  webhookId?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock the token's lifetime is measured on (milliseconds). */
  now?: () => number;
}

/** PayPal answered with an error a caller cannot turn into a payment result. */
export class PaypalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, INVALID_REQUEST …) and first detail issue, when given. */
    readonly errorName: string | null = null,
    readonly issue: string | null = null,
    readonly debugId: string | null = null,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

/**
 * A VND amount in USD at `vndPerUsd` đồng to the dollar, in PayPal's format: 2 decimals, rounded to the nearest cent
 * (half up), at least one cent. PayPal has no VND.
 */
export function vndToUsd(vnd: number, vndPerUsd: number): string {
  return usdOfCents(vndToUsdCents(vnd, vndPerUsd));
}

export interface PaypalOrderInput {
  /** Our payment's reference: the order's custom_id and invoice_id, and the key of its idempotency. */
  txnRef: string;
  /** Whole VND. */
  amountVnd: number;
  /** Đồng to the US dollar (the configured rate, shown to the passenger before paying). */
  vndPerUsd: number;
  /** What PayPal shows the payer (up to 127 characters). */
  description: string;
  /** Absolute URLs PayPal sends the browser back to, with ?token=<order id>&PayerID=… on approval. */
  returnUrl: string;
  cancelUrl: string;
  locale: Lang;
  brandName?: string;
}

export interface PaypalOrder {
  id: string;
  status: string;
  /** Where to send the payer to approve the payment. */
  approveUrl: string;
  /** The amount in USD as sent ("12.34"). */
  usd: string;
}

export type PaypalCaptureResult =
  | { status: 'completed'; orderId: string; captureId: string; usd: string; customId: string | null }
  /** The money is not taken (INSTRUMENT_DECLINED: the payer may approve again with another funding source). */
  | { status: 'declined'; orderId: string; reason: string }
  /** PayPal holds the capture for review; a webhook tells its end. */
  | { status: 'pending'; orderId: string; captureId: string; reason: string }
  /** The payer has not approved the order (came back without paying). */
  | { status: 'not_approved'; orderId: string };

export interface PaypalClient {
  /** A webhook id is configured: webhook calls can be verified. */
  readonly verifiesWebhooks: boolean;
  accessToken(): Promise<string>;
  createOrder(input: PaypalOrderInput): Promise<PaypalOrder>;
  getOrder(orderId: string): Promise<Record<string, unknown>>;
  /** Captures an approved order; calling it again for a captured order returns the same capture. */
  captureOrder(orderId: string): Promise<PaypalCaptureResult>;
  /** Refunds a completed capture in full (POST /v2/payments/captures/{id}/refund); once per capture. */
  refundCapture(captureId: string): Promise<void>;
  /** Asks PayPal whether a webhook call (its raw body and headers) is PayPal's, for the configured webhook id. */
  verifyWebhook(rawBody: string, headers: Headers | Record<string, string | undefined>): Promise<boolean>;
}

interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
  error_description?: string;
}

interface CaptureBody {
  id?: string;
  status?: string;
  amount?: { currency_code?: string; value?: string };
  custom_id?: string;
  status_details?: { reason?: string };
}

interface OrderBody {
  id: string;
  status: string;
  links?: { href: string; rel: string }[];
  purchase_units?: { custom_id?: string; payments?: { captures?: CaptureBody[] } }[];
}

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

function readHeader(headers: Headers | Record<string, string | undefined>, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The capture result an order's first capture stands for; null when the order holds no capture. */
function captureResult(order: OrderBody): PaypalCaptureResult | null {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture?.id) return null;
  if (capture.status === 'COMPLETED') {
    const customId = capture.custom_id ?? unit?.custom_id ?? null;
    return { status: 'completed', orderId: order.id, captureId: capture.id, usd: capture.amount?.value ?? '', customId };
  }
  if (capture.status === 'PENDING') {
    return { status: 'pending', orderId: order.id, captureId: capture.id, reason: capture.status_details?.reason ?? 'PENDING' };
  }
  return { status: 'declined', orderId: order.id, reason: capture.status ?? 'UNKNOWN' };
}

export function createPaypalClient({
  clientId,
  clientSecret,
  baseUrl = PAYPAL_SANDBOX_URL,
  webhookId,
  timeoutMs = 15_000,
  fetch: fetchImpl = fetch,
  now = Date.now,
}: PaypalOptions): PaypalClient {
  const origin = baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const response = await fetchImpl(`${origin}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: number } & PaypalErrorBody;
    if (!response.ok || !body.access_token) {
      throw new PaypalError(
        `PayPal refused the client credentials (${response.status} ${body.error ?? ''})`,
        response.status,
        body.error ?? null,
      );
    }
    // A minute early, so that a token never expires between our check and PayPal's.
    token = { value: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return token.value;
    // Callers arriving while a token is requested share that request.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** A JSON call with the bearer token; a token PayPal no longer accepts is replaced once. */
  async function call<T>(method: string, path: string, body?: string, headers: Record<string, string> = {}, retried = false) {
    const bearer = await accessToken();
    const response = await fetchImpl(`${origin}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        accept: 'application/json',
        ...headers,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401 && !retried) {
      await response.body?.cancel();
      // Forgotten unless another call has already replaced it.
      if (token?.value === bearer) token = null;
      return call<T>(method, path, body, headers, true);
    }
    const text = await response.text();
    let parsed = {} as T & PaypalErrorBody;
    try {
      if (text) parsed = JSON.parse(text) as T & PaypalErrorBody;
    } catch {
      // Not JSON (a proxy's error page): the status says what happened.
    }
    return { status: response.status, ok: response.ok, body: parsed };
  }

  function fail(what: string, status: number, body: PaypalErrorBody): never {
    const issue = body.details?.[0]?.issue ?? null;
    throw new PaypalError(
      `PayPal ${what} failed: ${status} ${body.name ?? ''} ${issue ?? ''}`.trim(),
      status,
      body.name ?? null,
      issue,
      body.debug_id ?? null,
    );
  }

  async function getOrder(orderId: string): Promise<OrderBody> {
    const result = await call<OrderBody>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (!result.ok) fail('order lookup', result.status, result.body);
    return result.body;
  }

  return {
    verifiesWebhooks: Boolean(webhookId),
    accessToken,
    async createOrder(input) {
      const usd = vndToUsd(input.amountVnd, input.vndPerUsd);
      const order = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.txnRef,
            custom_id: input.txnRef,
            invoice_id: input.txnRef,
            description: input.description.slice(0, 127),
            amount: { currency_code: 'USD', value: usd },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              // English for English pages; otherwise PayPal picks from the payer's browser rather than be sent a locale it may not offer.
              ...(input.locale === 'en' ? { locale: 'en-US' } : {}),
              ...(input.brandName ? { brand_name: input.brandName.slice(0, 127) } : {}),
            },
          },
        },
      };
      // The same payment asks once: a retried request gets the order made the first time.
      const result = await call<OrderBody>('POST', '/v2/checkout/orders', JSON.stringify(order), {
        'paypal-request-id': `vivu-order-${input.txnRef}`,
      });
      if (!result.ok) fail('order creation', result.status, result.body);
      const approve = result.body.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!approve) throw new PaypalError('PayPal order has no approval link', result.status);
      return { id: result.body.id, status: result.body.status, approveUrl: approve.href, usd };
    },
    getOrder: (orderId) => getOrder(orderId) as unknown as Promise<Record<string, unknown>>,
    async captureOrder(orderId) {
      // A request id of its own per call, not one per order: after a refusal (not approved yet, instrument declined)
      // the payer approves again and the next capture must be tried anew, not answered with the refusal kept under
      // a reused id. A repeated capture (a double return, a replay) is answered by the order: ORDER_ALREADY_CAPTURED.
      const result = await call<OrderBody>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, '{}', {
        'paypal-request-id': `vivu-capture-${orderId}-${randomUUID()}`,
      });
      if (result.ok) return captureResult(result.body) ?? fail('capture (no capture in the answer)', result.status, result.body);
      const issue = result.body.details?.[0]?.issue;
      if (result.status === 422 && issue === 'INSTRUMENT_DECLINED') return { status: 'declined', orderId, reason: issue };
      if (result.status === 422 && issue === 'ORDER_NOT_APPROVED') return { status: 'not_approved', orderId };
      // Captured by an earlier call that we did not hear the answer of: the order holds the capture.
      if (result.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        return (
          captureResult(await getOrder(orderId)) ?? fail('capture (captured order without a capture)', result.status, result.body)
        );
      }
      return fail('capture', result.status, result.body);
    },
    async refundCapture(captureId) {
      // One request id per capture: a retried refund is answered with the first one's result, never refunded twice.
      const result = await call<{ status?: string }>(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        '{}',
        { 'paypal-request-id': `vivu-refund-${captureId}` },
      );
      if (result.ok) return;
      // Refunded by an earlier call whose answer was lost.
      if (result.status === 422 && result.body.details?.[0]?.issue === 'CAPTURE_FULLY_REFUNDED') return;
      fail('refund', result.status, result.body);
    },
    async verifyWebhook(rawBody, headers) {
      if (!webhookId) throw new Error('PayPal webhook verification needs the webhook id');
      const fields = Object.fromEntries(
        Object.entries(WEBHOOK_HEADERS).map(([field, name]) => [field, readHeader(headers, name)?.trim() ?? '']),
      );
      if (Object.values(fields).some((value) => !value)) return false;
      try {
        JSON.parse(rawBody);
      } catch {
        return false;
      }
      // The event goes back as received, byte for byte: PayPal signs its own serialisation, which a re-encoding
      // of the parsed object may not reproduce.
      const request = `${JSON.stringify({ ...fields, webhook_id: webhookId }).slice(0, -1)},"webhook_event":${rawBody}}`;
      const result = await call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', request);
      if (!result.ok) fail('webhook verification', result.status, result.body);
      return result.body.verification_status === 'SUCCESS';
    },
  };
}

/**
 * PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set, else null. PAYPAL_BASE_URL defaults to PayPal's live
 * API (PAYPAL_SANDBOX_URL for its sandbox); PAYPAL_WEBHOOK_ID turns the webhook's verification on.
 */
export function paypalFromEnv(
  env: NodeJS.ProcessEnv,
  options: Pick<PaypalOptions, 'fetch' | 'timeoutMs'> = {},
): PaypalClient | null {
  const clientId = env.PAYPAL_CLIENT_ID?.trim();
  const clientSecret = env.PAYPAL_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) return null;
  return createPaypalClient({
    ...options,
    clientId,
    clientSecret,
    baseUrl: env.PAYPAL_BASE_URL?.trim() || PAYPAL_LIVE_URL,
    webhookId: env.PAYPAL_WEBHOOK_ID?.trim() || undefined,
  });
}
