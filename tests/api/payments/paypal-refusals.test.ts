// A PayPal approval that is captured after the ticket changed to cash is refunded, never kept as a second payment; and
// refused callbacks (forged PayPal webhooks, unsigned sandbox and VNPay IPNs) are kept small and few, cost no call to
// PayPal's verification when the body fails its own checks, and are limited per client address.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { createPaypalClient } from '../../../src/server/adapters/payments/paypal';
import { paymentEvents, payments, tickets, transportPartners } from '../../../src/server/db/schema';
import { REFUSED_PER_ADDRESS } from '../../../src/server/modules/payments/refusals';
import { PAY_METHODS, PAYMENT_PATHS, TRANSACTION_STATUS } from '../../../src/shared/contract/payments';
import { startPaypalFake, type PaypalFake } from '../../fakes/paypal-fake';
import { createTestApp, type TestApp } from '../helpers/app';
import { keyHeader, post } from '../helpers/booking';
import { insertPaypalTicket, startPaypalPayment, type PaypalTicket } from '../helpers/paypal';

let t: TestApp;
let fake: PaypalFake;
let app: ReturnType<typeof createApp>;
let partnerId: number;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startPaypalFake();
  app = createApp({
    database: t.db.database,
    log: { info() {}, error() {} },
    settingsTtlMs: 0,
    env: {
      PAYPAL_CLIENT_ID: fake.clientId,
      PAYPAL_CLIENT_SECRET: fake.clientSecret,
      PAYPAL_BASE_URL: fake.url,
      PAYPAL_WEBHOOK_ID: fake.webhookId,
      // One proxy in front: each test speaks from its own address.
      TRUST_PROXY: '1',
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
const from = (address: string) => ({ 'x-forwarded-for': address });

/** A PayPal ticket awaiting payment; a day booking unless `night`. */
const paypalTicket = (totalCost = 252_000, night = false) => insertPaypalTicket(db(), partnerId, totalCost, 'VR', night);

const startPaypal = async (ticket: PaypalTicket) => (await startPaypalPayment(app, ticket)).orderId;

const toCash = (ticket: PaypalTicket) =>
  post(app, PAYMENT_PATHS.changeMethod, { ticket_code: ticket.code, pay_method_id: PAY_METHODS.postpaid }, keyHeader(ticket.key));

const returned = (ticket: PaypalTicket, returnUrl: string) =>
  app.request(`${PAYMENT_PATHS.payOnlineResponse}${new URL(returnUrl).search}`, { headers: keyHeader(ticket.key) });

const webhook = (body: string, headers: Record<string, string>) =>
  app.request(PAYMENT_PATHS.webhookPaypal, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const paymentsOf = (ticketId: number) =>
  db().select().from(payments).where(eq(payments.ticketId, ticketId)).orderBy(asc(payments.id));

async function ticketRow(id: number) {
  const [row] = await db()
    .select({ method: tickets.payMethodId, status: tickets.transactionStatusId })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

describe('a PayPal approval after a switch to cash', () => {
  it('voids the attempt: the browser’s return captures nothing, and the ticket is cash only', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    const { returnUrl } = fake.approve(orderId);
    expect((await toCash(ticket)).status).toBe(200);
    const [voided] = await paymentsOf(ticket.id);
    expect(voided?.status).toBe('void');
    expect((await returned(ticket, returnUrl)).status).toBe(200);
    expect(fake.orders.get(orderId)?.capture).toBeNull();
    expect(await ticketRow(ticket.id)).toEqual({ method: PAY_METHODS.postpaid, status: TRANSACTION_STATUS.success });
    const rows = await paymentsOf(ticket.id);
    expect(rows.map((row) => row.status)).toEqual(['void']);
  });

  it('refunds a capture that still arrives (PayPal’s webhook of a capture made elsewhere), never paid_twice', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    fake.approve(orderId);
    expect((await toCash(ticket)).status).toBe(200);
    // The capture raced the switch (another process, a retry): PayPal took the money and tells us by webhook.
    const other = createPaypalClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url });
    expect((await other.captureOrder(orderId)).status).toBe('completed');
    const captureId = fake.orders.get(orderId)?.capture?.id ?? '';
    const event = fake.captureCompletedEvent(orderId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(event.body, event.headers)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(fake.refunds.filter((id) => id === captureId)).toHaveLength(1);
    expect(fake.orders.get(orderId)?.capture?.status).toBe('REFUNDED');
    const [payment, ...others] = await paymentsOf(ticket.id);
    expect(others).toHaveLength(0);
    expect(payment).toMatchObject({ status: 'refunded', gatewayTxnNo: captureId });
    expect(await ticketRow(ticket.id)).toEqual({ method: PAY_METHODS.postpaid, status: TRANSACTION_STATUS.success });
  });

  it('decides a switch and a capture arriving at once in one transaction: paid online or cash, never both', async () => {
    for (let round = 0; round < 6; round += 1) {
      const ticket = await paypalTicket();
      const orderId = await startPaypal(ticket);
      const { returnUrl } = fake.approve(orderId);
      const [switched, back] = await Promise.all([toCash(ticket), returned(ticket, returnUrl)]);
      expect(back.status).toBe(200);
      const row = await ticketRow(ticket.id);
      const [payment] = await paymentsOf(ticket.id);
      if (switched.status === 200) {
        expect(row?.method).toBe(PAY_METHODS.postpaid);
        expect(['void', 'refunded']).toContain(payment?.status);
        if (payment?.status === 'refunded') expect(fake.refunds).toContain(payment.gatewayTxnNo);
      } else {
        expect(switched.status).toBe(409);
        expect(row).toEqual({ method: 4, status: TRANSACTION_STATUS.success });
        expect(payment?.status).toBe('paid');
      }
      expect(payment?.status).not.toMatch(/^paid_/);
    }
  });
});

describe('a PayPal capture in flight when the ticket changes to cash', () => {
  for (const night of [false, true]) {
    it(`refunds a capture the return asked for before the switch committed (${night ? 'a night booking: cash, still awaiting its partner' : 'a day booking: done in cash'})`, async () => {
      const ticket = await paypalTicket(252_000, night);
      const orderId = await startPaypal(ticket);
      const { returnUrl } = fake.approve(orderId);
      const hold = fake.holdNextCapture();
      const returning = returned(ticket, returnUrl);
      // The return read the attempt pending and asked PayPal to capture; the switch to cash commits meanwhile.
      await hold.arrived;
      expect((await toCash(ticket)).status).toBe(200);
      hold.release();
      expect((await returning).status).toBe(200);
      const cash = { method: PAY_METHODS.postpaid, status: night ? TRANSACTION_STATUS.processing : TRANSACTION_STATUS.success };
      expect(await ticketRow(ticket.id)).toEqual(cash);
      const captureId = fake.orders.get(orderId)?.capture?.id ?? '';
      const [payment] = await paymentsOf(ticket.id);
      expect(payment).toMatchObject({ status: 'refunded', gatewayTxnNo: captureId });
      expect(fake.refunds.filter((id) => id === captureId)).toHaveLength(1);
    });
  }

  it('refunds the capture of an attempt opened as the switch committed (the switch never saw it), never paid_twice', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    const { returnUrl } = fake.approve(orderId);
    // The change of method read the ticket's open attempts before this one was written: the ticket is cash (done),
    // the attempt still pending.
    await db()
      .update(tickets)
      .set({ payMethodId: PAY_METHODS.postpaid, transactionStatusId: TRANSACTION_STATUS.success })
      .where(eq(tickets.id, ticket.id));
    expect((await returned(ticket, returnUrl)).status).toBe(200);
    expect(await ticketRow(ticket.id)).toEqual({ method: PAY_METHODS.postpaid, status: TRANSACTION_STATUS.success });
    const captureId = fake.orders.get(orderId)?.capture?.id ?? '';
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ status: 'refunded', gatewayTxnNo: captureId });
    expect(fake.refunds.filter((id) => id === captureId)).toHaveLength(1);
  });
});

describe('refused callbacks', () => {
  const refusedBytes = async () => {
    const [row] = await db()
      .select({ bytes: sql<number>`coalesce(sum(pg_column_size(${paymentEvents}.*)), 0)`.mapWith(Number) })
      .from(paymentEvents)
      .where(eq(paymentEvents.result, 'rejected'));
    return row?.bytes ?? 0;
  };
  const verifyCalls = () => fake.calls.filter((call) => call.endsWith('/verify-webhook-signature')).length;

  it('store 300 forged callbacks under 1 MB, without asking PayPal about the malformed ones', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    const [payment] = await paymentsOf(ticket.id);
    const before = await refusedBytes();
    const verifiesBefore = verifyCalls();
    const padding = 'x'.repeat(60 * 1024);
    const forged = (index: number) =>
      JSON.stringify({
        id: `WH-FORGED-${index}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: `CAP${index}`,
          status: 'COMPLETED',
          custom_id: index % 2 ? (payment?.txnRef ?? '') : `NOT-OURS-${index}`,
          amount: { currency_code: 'USD', value: '9.92' },
          supplementary_data: { related_ids: { order_id: index % 4 === 1 ? orderId : 'ORDER-NOT-OURS' } },
          note: padding,
        },
      });
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://example.com/cert',
      'paypal-transmission-id': 'forged',
      'paypal-transmission-sig': 'Zm9yZ2Vk',
      'paypal-transmission-time': new Date().toISOString(),
    };
    const statuses: number[] = [];
    // Ten addresses, each within its limit: the hour's stored rows and their size are what is measured.
    for (let index = 0; index < 300; index += 1) {
      const address = `198.51.100.${index % 10}`;
      const res =
        index < 200
          ? await webhook(forged(index), { ...(index % 3 ? headers : {}), ...from(address) })
          : await app.request(index % 2 ? PAYMENT_PATHS.ipnPaypalSandbox : PAYMENT_PATHS.ipnSandbox, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(address) },
              body: new URLSearchParams({ sb_TxnRef: `FORGED${index}`, sb_Amount: '25200000', note: padding }).toString(),
            });
      statuses.push(res.status);
    }
    expect(statuses.filter((status) => status === 500)).toHaveLength(0);
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);
    const stored = (await refusedBytes()) - before;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(1024 * 1024);
    // The 60 KB bodies are over the webhook's size limit: none of them is sent to PayPal.
    expect(verifyCalls() - verifiesBefore).toBe(0);
    const [largest] = await db()
      .select({ bytes: sql<number>`max(octet_length(${paymentEvents.params}::text))`.mapWith(Number) })
      .from(paymentEvents)
      .where(eq(paymentEvents.result, 'rejected'));
    expect(largest?.bytes ?? 0).toBeLessThan(1024);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('pending');
  });

  it('asks PayPal only about a small well-formed capture event of one of our orders', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    const [payment] = await paymentsOf(ticket.id);
    const body = (customId: string, order: string, type = 'PAYMENT.CAPTURE.COMPLETED') =>
      JSON.stringify({
        id: 'WH-1',
        event_type: type,
        resource: {
          id: 'CAP1',
          custom_id: customId,
          amount: { currency_code: 'USD', value: '9.92' },
          supplementary_data: { related_ids: { order_id: order } },
        },
      });
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://example.com/cert',
      'paypal-transmission-id': 'forged',
      'paypal-transmission-sig': 'Zm9yZ2Vk',
      'paypal-transmission-time': new Date().toISOString(),
      ...from('203.0.113.50'),
    };
    const before = verifyCalls();
    expect((await webhook('not json', headers)).status).toBe(400);
    expect((await webhook('[1]', headers)).status).toBe(400);
    expect((await webhook(body(payment?.txnRef ?? '', orderId, 'CHECKOUT.ORDER.APPROVED'), headers)).status).toBe(200);
    expect((await webhook(body(payment?.txnRef ?? '', orderId), from('203.0.113.50'))).status).toBe(400);
    expect((await webhook(body('NOT-OURS', orderId), headers)).status).toBe(200);
    expect((await webhook(body(payment?.txnRef ?? '', 'ANOTHER-ORDER'), headers)).status).toBe(200);
    expect(verifyCalls() - before).toBe(0);
    expect((await webhook(body(payment?.txnRef ?? '', orderId), headers)).status).toBe(400);
    expect(verifyCalls() - before).toBe(1);
  });

  it('asks PayPal about forged events of one of our orders at most the address’s limit of times, never counting PayPal’s own', async () => {
    const ticket = await paypalTicket();
    const orderId = await startPaypal(ticket);
    const [payment] = await paymentsOf(ticket.id);
    const forged = (index: number) =>
      JSON.stringify({
        id: `WH-FORGED-KNOWN-${index}`,
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: {
          id: `CAP${index}`,
          custom_id: payment?.txnRef ?? '',
          amount: { currency_code: 'USD', value: '9.92' },
          supplementary_data: { related_ids: { order_id: orderId } },
        },
      });
    const headers = {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://example.com/cert',
      'paypal-transmission-id': 'forged',
      'paypal-transmission-sig': 'Zm9yZ2Vk',
      'paypal-transmission-time': new Date().toISOString(),
      ...from('203.0.113.90'),
    };
    const before = verifyCalls();
    // Well formed, with PayPal's headers, naming our order: only PayPal can say they are forged, so each costs a call,
    // counted against the address before it is made.
    const answers = await Promise.all(
      Array.from({ length: REFUSED_PER_ADDRESS + 15 }, (_, index) => webhook(forged(index), headers)),
    );
    expect(answers.filter((res) => res.status === 400)).toHaveLength(REFUSED_PER_ADDRESS);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(15);
    expect(verifyCalls() - before).toBe(REFUSED_PER_ADDRESS);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('pending');

    // PayPal's own events, more of them than the limit from one address: each verified, none refused.
    const paid = await paypalTicket();
    const paidOrder = await startPaypal(paid);
    fake.approve(paidOrder);
    const other = createPaypalClient({ clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url });
    expect((await other.captureOrder(paidOrder)).status).toBe('completed');
    const event = fake.captureCompletedEvent(paidOrder);
    for (let i = 0; i < REFUSED_PER_ADDRESS + 5; i += 1)
      expect((await webhook(event.body, { ...event.headers, ...from('203.0.113.91') })).status).toBe(200);
    expect((await paymentsOf(paid.id))[0]?.status).toBe('paid');
  });

  it('answers 429 to an address over its limit of refused callbacks, storing nothing more for it', async () => {
    const address = '192.0.2.77';
    const unsigned = () =>
      app.request(PAYMENT_PATHS.ipnSandbox, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...from(address) },
        body: new URLSearchParams({ sb_TxnRef: 'FORGED', sb_Amount: '100' }).toString(),
      });
    const count = async () => {
      const [row] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(paymentEvents)
        .where(eq(paymentEvents.result, 'rejected'));
      return row?.n ?? 0;
    };
    const before = await count();
    const statuses = await Promise.all(Array.from({ length: REFUSED_PER_ADDRESS + 20 }, () => unsigned()));
    expect(statuses.filter((res) => res.status === 200)).toHaveLength(REFUSED_PER_ADDRESS);
    const limited = statuses.filter((res) => res.status === 429);
    expect(limited).toHaveLength(20);
    expect(limited[0]?.headers.get('retry-after')).toBeTruthy();
    expect((await count()) - before).toBe(REFUSED_PER_ADDRESS);
    // Another address is not held back by this one.
    const other = await app.request(PAYMENT_PATHS.ipnSandbox, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...from('192.0.2.78') },
      body: new URLSearchParams({ sb_TxnRef: 'FORGED', sb_Amount: '100' }).toString(),
    });
    expect(other.status).toBe(200);
  });
});
