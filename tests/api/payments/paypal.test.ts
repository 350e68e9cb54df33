// The PayPal method through PayPal's Orders v2, against the local fake of its documented endpoints
// (tests/fakes/paypal-fake.ts): the order in USD at the configured rate, the approval, the capture on return (a second
// return or a replayed webhook pays once), a forged webhook refused, a declined capture leaving the ticket payable.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { createPaypalClient } from '../../../src/server/adapters/payments/paypal';
import { paymentEvents, payments, settings, tickets, transportPartners } from '../../../src/server/db/schema';
import { BOOKING_PATHS, payMethodsResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  paymentStartResponseSchema,
  payOnlineResponseResponseSchema,
  TRANSACTION_STATUS,
} from '../../../src/shared/contract/payments';
import { startPaypalFake, type PaypalFake } from '../../fakes/paypal-fake';
import { createTestApp, type TestApp } from '../helpers/app';
import { keyHeader, post } from '../helpers/booking';
import { insertPaypalTicket, startPaypalPayment, type PaypalTicket } from '../helpers/paypal';

let t: TestApp;
let fake: PaypalFake;
let app: ReturnType<typeof createApp>;
let partnerId: number;
const quiet = { info() {}, error() {} };
const errors: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  fake = await startPaypalFake();
  app = createApp({
    database: t.db.database,
    log: { info() {}, error: (message) => errors.push(message) },
    settingsTtlMs: 0,
    env: {
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_BASE_URL: fake.url,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
    },
  });
  const [partner] = await db().select({ id: transportPartners.id }).from(transportPartners).limit(1);
  if (!partner) throw new Error('the seed has no transport partner');
  partnerId = partner.id;
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const db = () => t.db.database.db;

/** A PayPal ticket awaiting payment. */
const paypalTicket = (totalCost = 350_000) => insertPaypalTicket(db(), partnerId, totalCost, 'VP');

/** paypal_request: the approval page PayPal's order sends the payer to (the fake's). */
async function startPaypal(ticket: PaypalTicket): Promise<{ approve: URL; orderId: string }> {
  const started = await startPaypalPayment(app, ticket);
  expect(started.approve.origin).toBe(fake.url);
  return started;
}

/** The browser's return to the payment-result page, reported by pay_online_response as the app sends it. */
function returned(ticket: PaypalTicket, returnUrl: string) {
  return app.request(`${PAYMENT_PATHS.payOnlineResponse}${new URL(returnUrl).search}`, { headers: keyHeader(ticket.key) });
}

async function returnedStatus(ticket: PaypalTicket, returnUrl: string) {
  const res = await returned(ticket, returnUrl);
  expect(res.status).toBe(200);
  return (await payOnlineResponseResponseSchema.validate(await res.json())).data;
}

function webhook(body: string, headers: Record<string, string>) {
  return app.request(PAYMENT_PATHS.webhookPaypal, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

async function ticketStatus(id: number) {
  const [row] = await db().select({ s: tickets.transactionStatusId }).from(tickets).where(eq(tickets.id, id));
  return row?.s;
}

const paymentsOf = (ticketId: number) =>
  db().select().from(payments).where(eq(payments.ticketId, ticketId)).orderBy(asc(payments.id));
const eventsOf = (paymentId: number) =>
  db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));

/** Round half up of vnd / rate in cents, in whole numbers only (a second way to the figure the server stores). */
const halfUpCents = (vnd: number, rate: number) => Math.floor((vnd * 200 + rate) / (rate * 2));

describe('PayPal configured', () => {
  it('offers PayPal with its USD rate (the setting) instead of the PayPal-style sandbox', async () => {
    const res = await app.request(BOOKING_PATHS.payMethods);
    const methods = payMethodsResponseSchema.validateSync(await res.json()).data;
    const paypal = methods.find((method) => method.id === 99);
    expect(paypal).toMatchObject({ sent_id: 4, fee_percent: 5, vnd_per_usd: 25_400 });
    expect(methods.find((method) => method.id === 8)?.vnd_per_usd).toBeUndefined();
  });

  it('creates an order in USD, and the capture on return pays the ticket once, keeping both amounts', async () => {
    const ticket = await paypalTicket(350_000);
    const { orderId } = await startPaypal(ticket);
    const order = fake.orders.get(orderId);
    expect(order?.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: '13.78' }); // 13.779… rounds up
    const { returnUrl } = fake.approve(orderId);
    const status = await returnedStatus(ticket, returnUrl);
    expect(status).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.success, attempt: 'paid' });
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    const [payment, ...others] = await paymentsOf(ticket.id);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({
      gateway: 'paypal',
      status: 'paid',
      amount: 350_000,
      usdCents: halfUpCents(350_000, 25_400),
      vndPerUsd: 25_400,
      gatewayOrderId: orderId,
      gatewayTxnNo: fake.orders.get(orderId)?.capture?.id,
    });
    expect(payment?.usdCents).toBe(1378);
  });

  it('charges at the configured rate, rounding half up to the cent', async () => {
    await db().update(settings).set({ value: 24_000 }).where(eq(settings.key, 'paypal_vnd_per_usd'));
    try {
      const methods = payMethodsResponseSchema.validateSync(await (await app.request(BOOKING_PATHS.payMethods)).json()).data;
      expect(methods.find((method) => method.id === 99)?.vnd_per_usd).toBe(24_000);
      // 1,000,020 / 24,000 = 41.6675 US$: half a cent up to 41.67 (a float division would round it down).
      for (const vnd of [1_000_020, 100_000, 240]) {
        const ticket = await paypalTicket(vnd);
        const { orderId } = await startPaypal(ticket);
        const [payment] = await paymentsOf(ticket.id);
        expect(payment?.usdCents).toBe(halfUpCents(vnd, 24_000));
        expect(payment?.vndPerUsd).toBe(24_000);
        const cents = payment?.usdCents ?? 0;
        expect(fake.orders.get(orderId)?.purchaseUnit.amount.value).toBe(
          `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
        );
      }
    } finally {
      await db().update(settings).set({ value: 25_400 }).where(eq(settings.key, 'paypal_vnd_per_usd'));
    }
  });

  it('captures once when the return comes 20 times at once', async () => {
    const ticket = await paypalTicket(1_270_000);
    const { orderId } = await startPaypal(ticket);
    const { returnUrl } = fake.approve(orderId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => returnedStatus(ticket, returnUrl)));
    for (const answer of answers) expect(answer.transaction_status_id).toBe(TRANSACTION_STATUS.success);
    const [payment, ...others] = await paymentsOf(ticket.id);
    expect(others).toHaveLength(0);
    expect(payment?.status).toBe('paid');
    expect(payment?.usdCents).toBe(5000);
    const events = await eventsOf(payment?.id ?? 0);
    expect(events.filter((event) => event.result === 'applied')).toHaveLength(1);
    expect(events.every((event) => event.result === 'applied' || event.result === 'duplicate')).toBe(true);
    // PayPal took the money once: one capture on the order.
    expect(fake.orders.get(orderId)?.status).toBe('COMPLETED');
  });

  it('pays once when PayPal’s webhook is replayed 20 times at once (the return never came)', async () => {
    const ticket = await paypalTicket(500_000);
    const { orderId } = await startPaypal(ticket);
    fake.approve(orderId);
    // The payer's browser closed after approving; the capture happened (another server of ours, a retry).
    const other = createPaypalClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url });
    expect((await other.captureOrder(orderId)).status).toBe('completed');
    const event = fake.captureCompletedEvent(orderId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(event.body, event.headers)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('paid');
    const events = await eventsOf(payment?.id ?? 0);
    expect(events.filter((row) => row.result === 'applied')).toHaveLength(1);
    expect(events.filter((row) => row.result === 'duplicate')).toHaveLength(19);
    // The browser coming back later reports it paid, and captures nothing more.
    const { returnUrl } = fake.approve(orderId);
    expect((await returnedStatus(ticket, returnUrl)).attempt).toBe('paid');
  });

  it('refuses a forged webhook and changes nothing', async () => {
    const ticket = await paypalTicket(600_000);
    const { orderId } = await startPaypal(ticket);
    fake.approve(orderId);
    const other = createPaypalClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url });
    await other.captureOrder(orderId);
    const event = fake.captureCompletedEvent(orderId);
    // The real headers on a body changed after signing, made-up headers, and none at all.
    const tampered = event.body.replace(/"value":"[^"]+"/, '"value":"0.01"');
    const madeUp = { ...event.headers, 'paypal-transmission-sig': Buffer.from('forged').toString('base64') };
    for (const [body, headers] of [
      [tampered, event.headers],
      [event.body, madeUp],
      [event.body, {}],
    ] as const) {
      const res = await webhook(body, headers);
      expect(res.status).toBe(400);
    }
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('pending');
    const rejected = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.txnRef, payment?.txnRef ?? ''));
    expect(rejected.filter((row) => row.detail === 'bad_signature' && !row.signatureOk).length).toBeGreaterThanOrEqual(2);
  });

  for (const kind of ['instrument_declined', 'capture_declined'] as const) {
    it(`a declined capture (${kind}) leaves the ticket unpaid and payable again`, async () => {
      const ticket = await paypalTicket(420_000);
      const first = await startPaypal(ticket);
      fake.declineNextCapture(kind);
      const declined = await returnedStatus(ticket, fake.approve(first.orderId).returnUrl);
      expect(declined).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.error, attempt: 'declined' });
      const [failed] = await paymentsOf(ticket.id);
      expect(failed?.status).toBe('failed');
      expect(failed?.paidAt).toBeNull();
      // Paid again on the same ticket: a new order, approved, captured.
      const second = await startPaypal(ticket);
      expect(second.orderId).not.toBe(first.orderId);
      expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
      const paid = await returnedStatus(ticket, fake.approve(second.orderId).returnUrl);
      expect(paid).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.success, attempt: 'paid' });
      expect((await paymentsOf(ticket.id)).map((row) => row.status)).toEqual(['failed', 'paid']);
    });
  }

  it('"cancel and return" ends the attempt as abandoned', async () => {
    const ticket = await paypalTicket();
    const { orderId } = await startPaypal(ticket);
    const order = fake.orders.get(orderId);
    const back = new URL(order?.cancelUrl ?? '');
    back.searchParams.set('token', orderId);
    const status = await returnedStatus(ticket, back.toString());
    expect(status).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.processing, attempt: 'abandoned' });
    expect(fake.orders.get(orderId)?.status).toBe('PAYER_ACTION_REQUIRED');
  });

  it('refuses a return naming another order than the attempt’s, capturing nothing', async () => {
    const ticket = await paypalTicket();
    const mine = await startPaypal(ticket);
    const otherTicket = await paypalTicket();
    const theirs = await startPaypal(otherTicket);
    const { returnUrl } = fake.approve(theirs.orderId);
    const forged = new URL(fake.approve(mine.orderId).returnUrl);
    forged.searchParams.set('token', theirs.orderId);
    const res = await returned(ticket, forged.toString());
    expect(res.status).toBe(400);
    expect((await failureSchema.validate(await res.json())).message).toBe(PAYMENT_ERROR_KEYS.badSignature);
    // Another ticket's return with this ticket's key: not found.
    expect((await returned(ticket, returnUrl)).status).toBe(404);
    expect(fake.orders.get(theirs.orderId)?.status).toBe('APPROVED');
    expect(fake.orders.get(mine.orderId)?.status).toBe('APPROVED');
  });

  it('answers "lost connection" when PayPal cannot be reached, and the attempt is closed', async () => {
    const down = createApp({
      database: t.db.database,
      log: quiet,
      env: { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_BASE_URL: 'http://127.0.0.1:9' },
    });
    const ticket = await paypalTicket();
    const res = await post(
      down,
      PAYMENT_PATHS.paypalRequest,
      { ticket_code: ticket.code, url_return: '/en/payment-result', lang: 'en' },
      keyHeader(ticket.key),
    );
    expect(res.status).toBe(503);
    expect((await failureSchema.validate(await res.json())).message).toBe(PAYMENT_ERROR_KEYS.lostConnection);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ status: 'abandoned', responseCode: 'unreachable' });
  });
});

describe('PayPal not configured', () => {
  it('keeps the PayPal-style sandbox, and has no PayPal webhook', async () => {
    const sandboxed = createApp({ database: t.db.database, log: quiet, env: {} });
    const methods = payMethodsResponseSchema.validateSync(await (await sandboxed.request(BOOKING_PATHS.payMethods)).json()).data;
    expect(methods.find((method) => method.id === 99)?.vnd_per_usd).toBeUndefined();
    const ticket = await paypalTicket();
    const res = await post(
      sandboxed,
      PAYMENT_PATHS.paypalRequest,
      { ticket_code: ticket.code, url_return: '/en/payment-result', lang: 'en' },
      keyHeader(ticket.key),
    );
    expect(res.status).toBe(200);
    expect(new URL(paymentStartResponseSchema.validateSync(await res.json()).data.payment_url).pathname).toBe(
      PAYMENT_PATHS.sandboxPay,
    );
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ gateway: 'paypal_sandbox', usdCents: null });
    const none = await sandboxed.request(PAYMENT_PATHS.webhookPaypal, { method: 'POST', body: '{}' });
    expect(none.status).toBe(404);
  });
});
