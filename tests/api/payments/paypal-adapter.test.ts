// The PayPal Orders v2 adapter against a local fake of PayPal's documented endpoints (tests/fakes/paypal-fake.ts):
// the token, the order in USD, the payer's approval, the capture and its replay, a declined capture, and webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaypalClient,
  PaypalError,
  paypalFromEnv,
  vndToUsd,
  type PaypalOrderInput,
} from '../../../src/server/adapters/payments/paypal';
import { startPaypalFake, type PaypalFake } from '../../fakes/paypal-fake';

let fake: PaypalFake;
beforeAll(async () => {
  fake = await startPaypalFake();
});
afterAll(async () => {
  await fake.close();
});

let clock = Date.parse('2026-11-25T10:00:00Z');
const client = () =>
  createPaypalClient({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    baseUrl: fake.url,
    webhookId: fake.webhookId,
    now: () => clock,
  });

let refs = 0;
const orderInput = (overrides: Partial<PaypalOrderInput> = {}): PaypalOrderInput => ({
  txnRef: `T${Date.now().toString(36)}${(refs += 1)}`,
  amountVnd: 1_270_000,
  vndPerUsd: 25_400,
  description: 'Vivu ticket VVABC234',
  returnUrl: 'http://localhost:8080/thanh-toan/paypal/tro-ve',
  cancelUrl: 'http://localhost:8080/thanh-toan/paypal/huy',
  locale: 'vi',
  ...overrides,
});

describe('vndToUsd', () => {
  it('converts at the rate to 2 decimals, rounding to the nearest cent', () => {
    expect(vndToUsd(1_270_000, 25_400)).toBe('50.00');
    expect(vndToUsd(350_000, 25_400)).toBe('13.78'); // 13.779…
    expect(vndToUsd(100_000, 24_000)).toBe('4.17'); // 4.1666…
    expect(vndToUsd(127, 25_400)).toBe('0.01'); // half a cent rounds up
    expect(vndToUsd(1, 25_400)).toBe('0.01'); // never zero
    expect(vndToUsd(2_540_000_000, 25_400)).toBe('100000.00');
  });

  it('refuses amounts and rates that are not ones', () => {
    expect(() => vndToUsd(0, 25_400)).toThrow(RangeError);
    expect(() => vndToUsd(1000.5, 25_400)).toThrow(RangeError);
    expect(() => vndToUsd(1000, 0)).toThrow(RangeError);
    expect(() => vndToUsd(1000, Number.NaN)).toThrow(RangeError);
  });
});

describe('PayPal client against the fake', () => {
  it('asks for a token once and reuses it until it expires, then asks again', async () => {
    const paypal = client();
    const before = fake.tokensIssued();
    const [a, b] = await Promise.all([paypal.accessToken(), paypal.accessToken()]);
    expect(a).toBe(b);
    await paypal.createOrder(orderInput());
    expect(await paypal.accessToken()).toBe(a);
    expect(fake.tokensIssued()).toBe(before + 1);
    clock += 9 * 3600 * 1000; // the fake's tokens live 9 hours (expires_in 32400)
    expect(await paypal.accessToken()).not.toBe(a);
    expect(fake.tokensIssued()).toBe(before + 2);
  });

  it('replaces a token PayPal no longer accepts and retries the call once', async () => {
    const paypal = client();
    await paypal.accessToken();
    fake.expireTokens();
    const order = await paypal.createOrder(orderInput());
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('refuses wrong client credentials with a PaypalError', async () => {
    const paypal = createPaypalClient({ clientId: fake.clientId, clientSecret: 'wrong', baseUrl: fake.url });
    await expect(paypal.accessToken()).rejects.toBeInstanceOf(PaypalError);
  });

  it('creates a USD order carrying our reference, with the approval link; the same payment asks once', async () => {
    const paypal = client();
    const input = orderInput();
    const order = await paypal.createOrder(input);
    expect(order.usd).toBe('50.00');
    expect(order.approveUrl).toBe(`${fake.url}/checkoutnow?token=${order.id}`);
    const stored = fake.orders.get(order.id);
    expect(stored?.purchaseUnit).toMatchObject({
      custom_id: input.txnRef,
      invoice_id: input.txnRef,
      amount: { currency_code: 'USD', value: '50.00' },
    });
    expect(stored?.returnUrl).toBe(input.returnUrl);
    expect(stored?.cancelUrl).toBe(input.cancelUrl);
    const again = await paypal.createOrder(input);
    expect(again.id).toBe(order.id);
  });

  it('reports an order not yet approved, then captures it once approved', async () => {
    const paypal = client();
    const input = orderInput({ amountVnd: 350_000 });
    const order = await paypal.createOrder(input);
    expect(await paypal.captureOrder(order.id)).toEqual({ status: 'not_approved', orderId: order.id });
    const { returnUrl } = fake.approve(order.id);
    expect(new URL(returnUrl).searchParams.get('token')).toBe(order.id);
    const capture = await paypal.captureOrder(order.id);
    expect(capture).toMatchObject({ status: 'completed', orderId: order.id, usd: '13.78', customId: input.txnRef });
  });

  it('returns the same capture when the capture is replayed, and captures the money once', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput());
    fake.approve(order.id);
    const first = await paypal.captureOrder(order.id);
    const replays = await Promise.all(Array.from({ length: 5 }, () => paypal.captureOrder(order.id)));
    expect(first.status).toBe('completed');
    for (const replay of replays) expect(replay).toEqual(first);
    // Another client (another process) without our request id: PayPal says "already captured", the order holds it.
    expect(await client().captureOrder(order.id)).toEqual(first);
    expect(fake.orders.get(order.id)?.capture?.status).toBe('COMPLETED');
  });

  it('reports a declined instrument as declined, and the payer may approve again', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput());
    fake.approve(order.id);
    fake.declineNextCapture('instrument_declined');
    expect(await paypal.captureOrder(order.id)).toEqual({ status: 'declined', orderId: order.id, reason: 'INSTRUMENT_DECLINED' });
    expect(fake.orders.get(order.id)?.capture).toBeNull();
    fake.approve(order.id);
    expect(await paypal.captureOrder(order.id)).toMatchObject({ status: 'completed', orderId: order.id });
  });

  it('reports a capture whose status is DECLINED as declined', async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput());
    fake.approve(order.id);
    fake.declineNextCapture('capture_declined');
    expect(await paypal.captureOrder(order.id)).toEqual({ status: 'declined', orderId: order.id, reason: 'DECLINED' });
    expect(await paypal.captureOrder(order.id)).toEqual({ status: 'declined', orderId: order.id, reason: 'DECLINED' });
  });

  it("verifies a webhook PayPal signed, and refuses a forged, tampered or another webhook's call", async () => {
    const paypal = client();
    const order = await paypal.createOrder(orderInput());
    fake.approve(order.id);
    await paypal.captureOrder(order.id);
    const event = fake.captureCompletedEvent(order.id);
    expect(await paypal.verifyWebhook(event.body, event.headers)).toBe(true);
    expect(await paypal.verifyWebhook(event.body, new Headers(event.headers))).toBe(true);
    // The same event replayed is still PayPal's: applying it once is the payments service's job.
    expect(await paypal.verifyWebhook(event.body, event.headers)).toBe(true);

    const forged = { ...event.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    expect(await paypal.verifyWebhook(event.body, forged)).toBe(false);
    const tampered = event.body.replace(/"status":"COMPLETED"/, '"status":"REFUNDED"');
    expect(tampered).not.toBe(event.body);
    expect(await paypal.verifyWebhook(tampered, event.headers)).toBe(false);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = event.headers;
    expect(await paypal.verifyWebhook(event.body, unsigned)).toBe(false);
    expect(await paypal.verifyWebhook('not json', event.headers)).toBe(false);
    const otherHook = createPaypalClient({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      baseUrl: fake.url,
      webhookId: 'OTHER',
    });
    expect(await otherHook.verifyWebhook(event.body, event.headers)).toBe(false);
  });
});

describe('paypalFromEnv', () => {
  it('is configured by PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET only', () => {
    expect(paypalFromEnv({})).toBeNull();
    expect(paypalFromEnv({ PAYPAL_CLIENT_ID: 'id' })).toBeNull();
    expect(paypalFromEnv({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).not.toBeNull();
  });
});
