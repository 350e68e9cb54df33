// A local stand-in for PayPal's REST API, for tests with no network: the documented endpoints the PayPal
// adapter calls (OAuth token, Orders v2 create / get / capture, webhook signature verification), in memory.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PaypalFakeOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /** The tokens' lifetime, as expires_in says it. */
  tokenSeconds?: number;
}

interface FakeOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  purchaseUnit: Record<string, unknown> & { custom_id?: string; amount: { currency_code: string; value: string } };
  returnUrl: string;
  cancelUrl: string;
  payerId: string | null;
  capture: { id: string; status: 'COMPLETED' | 'DECLINED' | 'REFUNDED' } | null;
}

export type PaypalFakeDecline = 'instrument_declined' | 'capture_declined';

export interface PaypalFake {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakeOrder>;
  /** Calls received, "METHOD /path" each. */
  calls: string[];
  /** The capture ids refunded (POST /v2/payments/captures/{id}/refund). */
  refunds: string[];
  tokensIssued(): number;
  /** Forgets every token issued, as PayPal does when they expire. */
  expireTokens(): void;
  /** The payer approves the order on PayPal's page. */
  approve(orderId: string): { returnUrl: string };
  /** The next capture is refused: with a 422 INSTRUMENT_DECLINED, or a capture whose status is DECLINED. */
  declineNextCapture(kind?: PaypalFakeDecline): void;
  /**
   * Holds the next capture call before PayPal acts on it: `arrived` resolves when it came, `release` lets it go on
   * (for a test that does something else while a capture is in flight).
   */
  holdNextCapture(): { arrived: Promise<void>; release(): void };
  /** The headers PayPal would send with this webhook body. */
  signWebhook(rawBody: string, transmissionId?: string): Record<string, string>;
  /** A PAYMENT.CAPTURE.COMPLETED event for a captured order, as PayPal posts it (raw body and headers). */
  captureCompletedEvent(orderId: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  debug_id: randomBytes(6).toString('hex'),
  details: [{ issue, description }],
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startPaypalFake({
  clientId = 'fake-client-id',
  clientSecret = 'fake-client-secret',
  webhookId = 'FAKEWEBHOOK123',
  tokenSeconds = 32400,
}: PaypalFakeOptions = {}): Promise<PaypalFake> {
  const tokens = new Set<string>();
  let issued = 0;
  const orders = new Map<string, FakeOrder>();
  /** Answers kept by PayPal-Request-Id: a repeated request gets the first answer again. */
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: string[] = [];
  /** The captures refunded, in order. */
  const refunds: string[] = [];
  let held: { arrive(): void; released: Promise<void> } | null = null;
  let decline: PaypalFakeDecline | null = null;
  // PayPal signs with its certificate's private key; the fake's stand-in is an HMAC key only it knows.
  const signingKey = randomBytes(32);
  let url = '';

  const signatureOf = (id: string, time: string, hookId: string, event: unknown) =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${hookId}|${JSON.stringify(event)}`)
      .digest('base64');

  function orderJson(order: FakeOrder) {
    const captures = order.capture
      ? [
          {
            id: order.capture.id,
            status: order.capture.status,
            amount: order.purchaseUnit.amount,
            custom_id: order.purchaseUnit.custom_id,
            final_capture: true,
          },
        ]
      : undefined;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [{ ...order.purchaseUnit, ...(captures ? { payments: { captures } } : {}) }],
      ...(order.payerId ? { payer: { payer_id: order.payerId } } : {}),
      links: [
        { href: `${url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  }

  function approve(orderId: string) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no fake PayPal order ${orderId}`);
    if (order.status === 'PAYER_ACTION_REQUIRED') {
      order.status = 'APPROVED';
      order.payerId = `PAYER${randomBytes(4).toString('hex').toUpperCase()}`;
    }
    const back = new URL(order.returnUrl);
    back.searchParams.set('token', order.id);
    back.searchParams.set('PayerID', order.payerId ?? '');
    return { returnUrl: back.toString() };
  }

  function capture(order: FakeOrder): { status: number; body: unknown } {
    if (order.status === 'COMPLETED')
      return { status: 422, body: unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.') };
    if (order.status !== 'APPROVED')
      return { status: 422, body: unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.') };
    const refused = decline;
    decline = null;
    if (refused === 'instrument_declined') {
      // The order stays approved: the payer is sent back to PayPal to choose another funding source.
      return {
        status: 422,
        body: unprocessable(
          'INSTRUMENT_DECLINED',
          "The instrument presented was either declined by the processor or bank, or it can't be used for this payment.",
        ),
      };
    }
    order.status = 'COMPLETED';
    order.capture = {
      id: `CAP${randomBytes(6).toString('hex').toUpperCase()}`,
      status: refused === 'capture_declined' ? 'DECLINED' : 'COMPLETED',
    };
    return { status: 201, body: orderJson(order) };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url);
    const body = await readBody(request);
    calls.push(`${request.method} ${path.pathname}`);

    if (request.method === 'POST' && path.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected)
        return send(response, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(body).get('grant_type') !== 'client_credentials')
        return send(response, 400, { error: 'unsupported_grant_type' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      issued += 1;
      return send(response, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: tokenSeconds,
        nonce: randomUUID(),
      });
    }

    // The browser asks the payer's page's origin for its icon; an empty answer, not the API's 401 (a console error).
    if (request.method === 'GET' && path.pathname === '/favicon.ico') {
      response.writeHead(204);
      return response.end();
    }

    // The payer's page: approve or cancel, then back to the shop (for browser tests).
    if (path.pathname.startsWith('/checkoutnow')) {
      const order = orders.get(path.searchParams.get('token') ?? '');
      if (!order) return send(response, 404, { name: 'RESOURCE_NOT_FOUND' });
      if (request.method === 'GET' && path.pathname === '/checkoutnow') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(
          `<!doctype html><html lang="en"><title>PayPal (fake)</title><main><h1>Pay ${order.purchaseUnit.amount.value} USD</h1>` +
            `<form method="post" action="/checkoutnow/approve?token=${order.id}"><button>Pay now</button></form>` +
            `<form method="post" action="/checkoutnow/cancel?token=${order.id}"><button>Cancel and return</button></form></main></html>`,
        );
      }
      if (request.method === 'POST' && path.pathname === '/checkoutnow/approve') {
        response.writeHead(303, { location: approve(order.id).returnUrl });
        return response.end();
      }
      if (request.method === 'POST' && path.pathname === '/checkoutnow/cancel') {
        const back = new URL(order.cancelUrl);
        back.searchParams.set('token', order.id);
        response.writeHead(303, { location: back.toString() });
        return response.end();
      }
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(response, 401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      });
    }
    const requestId = request.headers['paypal-request-id'];
    const replayKey = typeof requestId === 'string' ? `${path.pathname}|${requestId}` : null;
    const replayed = replayKey ? replies.get(replayKey) : undefined;
    if (replayed) return send(response, replayed.status === 201 ? 200 : replayed.status, replayed.body);
    const remember = (reply: { status: number; body: unknown }) => {
      if (replayKey && reply.status < 500) replies.set(replayKey, reply);
      send(response, reply.status, reply.body);
    };

    if (request.method === 'POST' && path.pathname === '/v2/checkout/orders') {
      const input = JSON.parse(body) as {
        intent?: string;
        purchase_units?: FakeOrder['purchaseUnit'][];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      };
      const unit = input.purchase_units?.[0];
      const context = input.payment_source?.paypal?.experience_context;
      const problems = [
        input.intent !== 'CAPTURE' && 'INVALID_PARAMETER_VALUE intent',
        input.purchase_units?.length !== 1 && 'purchase_units',
        unit?.amount?.currency_code !== 'USD' && 'CURRENCY_NOT_SUPPORTED',
        !/^\d{1,10}\.\d{2}$/.test(unit?.amount?.value ?? '') && 'DECIMAL_PRECISION amount',
        !context?.return_url && 'MISSING_REQUIRED_PARAMETER return_url',
        !context?.cancel_url && 'MISSING_REQUIRED_PARAMETER cancel_url',
      ].filter(Boolean);
      if (problems.length > 0 || !unit || !context?.return_url || !context.cancel_url) {
        return send(response, 400, { name: 'INVALID_REQUEST', details: problems.map((issue) => ({ issue })) });
      }
      const order: FakeOrder = {
        id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
        status: 'PAYER_ACTION_REQUIRED',
        purchaseUnit: unit,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        payerId: null,
        capture: null,
      };
      orders.set(order.id, order);
      return remember({ status: 201, body: orderJson(order) });
    }

    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path.pathname);
    if (orderPath) {
      const order = orders.get(decodeURIComponent(orderPath[1] ?? ''));
      if (!order) return send(response, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (request.method === 'GET' && !orderPath[2]) return send(response, 200, orderJson(order));
      if (request.method === 'POST' && orderPath[2]) {
        const hold = held;
        held = null;
        if (hold) {
          hold.arrive();
          await hold.released;
        }
        return remember(capture(order));
      }
    }

    // Refunds a completed capture in full, once (a second refund of it is refused as PayPal does).
    const refundPath = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path.pathname);
    if (request.method === 'POST' && refundPath) {
      const captureId = decodeURIComponent(refundPath[1] ?? '');
      const order = [...orders.values()].find((candidate) => candidate.capture?.id === captureId);
      if (!order?.capture)
        return send(response, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
      if (order.capture.status === 'REFUNDED')
        return send(response, 422, unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.'));
      if (order.capture.status !== 'COMPLETED')
        return send(response, 422, unprocessable('CAPTURE_NOT_COMPLETED', 'The capture is not completed.'));
      order.capture.status = 'REFUNDED';
      refunds.push(captureId);
      return remember({
        status: 201,
        body: {
          id: `REF${randomBytes(6).toString('hex').toUpperCase()}`,
          status: 'COMPLETED',
          amount: order.purchaseUnit.amount,
        },
      });
    }

    if (request.method === 'POST' && path.pathname === '/v1/notifications/verify-webhook-signature') {
      const input = JSON.parse(body) as Record<string, unknown>;
      const required = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
        'webhook_event',
      ];
      const missing = required.filter((field) => !input[field]);
      if (missing.length > 0)
        return send(response, 400, {
          name: 'VALIDATION_ERROR',
          details: missing.map((field) => ({ field, issue: 'MISSING_REQUIRED_PARAMETER' })),
        });
      const expected = signatureOf(
        String(input.transmission_id),
        String(input.transmission_time),
        String(input.webhook_id),
        input.webhook_event,
      );
      const ok = input.webhook_id === webhookId && input.transmission_sig === expected;
      return send(response, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return send(response, 404, { name: 'RESOURCE_NOT_FOUND', message: `${request.method} ${path.pathname}` });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) }),
    );
  });
  // Idle connections are kept longer than the client's own idle time-out (undici's 4 s), as PayPal's servers keep
  // them: with node's 5 s default a test that paused about that long could reuse a socket the fake was closing.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function signWebhook(rawBody: string, transmissionId: string = randomUUID()) {
    const time = new Date().toISOString();
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${url}/v1/notifications/certs/CERT-FAKE`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signatureOf(transmissionId, time, webhookId, JSON.parse(rawBody)),
      'paypal-transmission-time': time,
    };
  }

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    orders,
    calls,
    refunds,
    tokensIssued: () => issued,
    expireTokens: () => tokens.clear(),
    approve,
    declineNextCapture(kind = 'instrument_declined') {
      decline = kind;
    },
    holdNextCapture() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { arrive, released };
      return { arrived, release };
    },
    signWebhook,
    captureCompletedEvent(orderId) {
      const order = orders.get(orderId);
      if (!order?.capture) throw new Error(`fake PayPal order ${orderId} has no capture`);
      const body = JSON.stringify({
        id: `WH-${randomBytes(8).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: order.capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED',
        summary: `Payment ${order.capture.status.toLowerCase()} for $ ${order.purchaseUnit.amount.value} USD`,
        resource: {
          id: order.capture.id,
          status: order.capture.status,
          amount: order.purchaseUnit.amount,
          custom_id: order.purchaseUnit.custom_id,
          invoice_id: order.purchaseUnit.invoice_id,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
      });
      return { body, headers: signWebhook(body) };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
