// The payment calls of spec 7 and the gateways' callbacks: a callback applies once however often it comes, a
// tampered one changes nothing, a payment never wins against a cancellation it lost to (and vice versa), the
// payment window times a ticket out, and the sandbox gateway's page pays through the same callback route.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createSandboxGateway, sandboxSign } from '../../src/server/adapters/payments/sandbox';
import { vnpaySign } from '../../src/server/adapters/payments/vnpay';
import { paymentEvents, payments, settings, tickets, transportPartners } from '../../src/server/db/schema';
import { SANDBOX_SECRET_KEY } from '../../src/server/modules/payments/module';
import { sandboxRoutes } from '../../src/server/modules/payments/sandbox-routes';
import { failureSchema } from '../../src/shared/contract/envelope';
import {
  checkStatusResponseSchema,
  ipnResponseSchema,
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  payOnlineResponseResponseSchema,
  TRANSACTION_STATUS,
} from '../../src/shared/contract/payments';
import { formatVnDateTime } from '../../src/shared/domain/vn-time';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/test-db';

let t: TestApp;
let partnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [partner] = await t.db.database.db.select({ id: transportPartners.id }).from(transportPartners).limit(1);
  if (!partner) throw new Error('the seed has no transport partner');
  partnerId = partner.id;
});
afterAll(() => t.close());

const db = () => t.db.database.db;
const quiet = { info() {}, error() {} };
const RETURN = '/dat-xe-thanh-cong';

interface TicketInput {
  totalCost?: number;
  payMethodId?: number;
  departAt?: Date;
  transactionStatusId?: number;
}

/** A booked ticket, written straight to the tickets table as the booking module would. */
async function insertTicket(input: TicketInput = {}) {
  const departAt = input.departAt ?? new Date(Date.now() + 24 * 3600_000);
  const code = `VT${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db()
    .insert(tickets)
    .values({
      code,
      ticketSession: `session-${code}`,
      payMethodId: input.payMethodId ?? 8,
      transactionStatusId: input.transactionStatusId ?? TRANSACTION_STATUS.processing,
      partnerId,
      optionId: `${partnerId}:1:1`,
      dimensionId: 1,
      rideMethodId: 1,
      vehicleId: 1,
      departTimeText: formatVnDateTime(departAt),
      departAt,
      pickAddress: 'Sân bay quốc tế Nội Bài',
      pickComponent: {},
      dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
      fullname: 'Nguyễn Văn An',
      phone: '0912345678',
      merged: input.totalCost ?? 350_000,
      totalCost: input.totalCost ?? 350_000,
    })
    .returning({ id: tickets.id, code: tickets.code });
  if (!row) throw new Error('ticket insert returned no row');
  return row;
}

async function ticketStatus(id: number): Promise<number | undefined> {
  const [row] = await db().select({ s: tickets.transactionStatusId }).from(tickets).where(eq(tickets.id, id));
  return row?.s;
}

async function paymentsOf(ticketId: number) {
  return db().select().from(payments).where(eq(payments.ticketId, ticketId)).orderBy(asc(payments.id));
}

async function eventsOf(paymentId: number) {
  return db().select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
}

function payUrl(ticketId: number, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ ticket_id: String(ticketId), pay_method: '8', url_return: RETURN, ...extra });
  return `${PAYMENT_PATHS.payOnlineRequest}?${params.toString()}`;
}

/** Starts a payment and answers the gateway page's URL. */
async function startPayment(app: TestApp['app'], ticketId: number, extra: Record<string, string> = {}): Promise<URL> {
  const res = await app.request(payUrl(ticketId, extra));
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

async function sandboxSecret(): Promise<string> {
  const [row] = await db().select({ value: settings.value }).from(settings).where(eq(settings.key, SANDBOX_SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('no sandbox secret yet');
  return row.value;
}

/** A callback as the sandbox gateway signs it. */
async function sandboxCallback(page: URL, result: 'paid' | 'declined', overrides: Record<string, string> = {}) {
  const order = Object.fromEntries(page.searchParams);
  return sandboxSign(
    {
      sb_gateway: order.sb_gateway ?? 'sandbox',
      sb_txn_ref: order.sb_txn_ref ?? '',
      sb_amount: order.sb_amount ?? '',
      sb_ticket_code: order.sb_ticket_code ?? '',
      sb_result: result,
      sb_response_code: result === 'paid' ? '00' : '51',
      sb_txn_no: 'SBTEST1',
      ...overrides,
    },
    await sandboxSecret(),
  );
}

async function deliver(params: Record<string, string>, path: string = PAYMENT_PATHS.ipnSandbox, app = t.app) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return (await ipnResponseSchema.validate(await res.json())).RspCode;
}

async function checkStatus(ticketId: number, app = t.app) {
  const res = await app.request(`${PAYMENT_PATHS.checkStatus}?ticket_id=${ticketId}`);
  expect(res.status).toBe(200);
  return checkStatusResponseSchema.validate(await res.json());
}

/** The booking module's cancellation: one conditional UPDATE. */
async function cancel(ticketId: number): Promise<boolean> {
  const rows = await db()
    .update(tickets)
    .set({ transactionStatusId: TRANSACTION_STATUS.cancel })
    .where(and(eq(tickets.id, ticketId), eq(tickets.transactionStatusId, TRANSACTION_STATUS.processing)))
    .returning({ id: tickets.id });
  return rows.length === 1;
}

describe('payment/pay_online_request', () => {
  it('creates a pending payment for the ticket total and redirects to the signed sandbox page', async () => {
    const ticket = await insertTicket({ totalCost: 412_000 });
    const page = await startPayment(t.app, ticket.id);
    expect(page.pathname).toBe(PAYMENT_PATHS.sandboxPay);
    expect(page.searchParams.get('sb_amount')).toBe('412000');
    expect(page.searchParams.get('sb_ticket_code')).toBe(ticket.code);
    expect(page.searchParams.get('sb_return_url')).toBe(`http://localhost${RETURN}?ticket_code=${ticket.code}`);
    expect(page.searchParams.get('sb_signature')).toMatch(/^[0-9a-f]{64}$/);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ amount: 412_000, status: 'pending', gateway: 'sandbox', payMethodId: 8, chargeTypeId: 2 });
    expect(payment?.txnRef).toBe(page.searchParams.get('sb_txn_ref'));
    // spec 4, 9: the window is 5 minutes.
    expect((payment?.expiresAt.getTime() ?? 0) - (payment?.createdAt.getTime() ?? 0)).toBe(5 * 60_000);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dat-xe', '/\tevil'])(
    'refuses url_return %j (no open redirect) and creates nothing',
    async (urlReturn) => {
      const ticket = await insertTicket();
      const res = await t.app.request(payUrl(ticket.id, { url_return: urlReturn }));
      expect(res.status).toBe(400);
      const body = await failureSchema.validate(await res.json());
      expect(body.errors).toContainEqual({ field: 'url_return', message: PAYMENT_ERROR_KEYS.badReturnUrl });
      expect(await paymentsOf(ticket.id)).toHaveLength(0);
    },
  );

  it('refuses a pay method that is not online', async () => {
    const ticket = await insertTicket();
    const res = await t.app.request(payUrl(ticket.id, { pay_method: '3' }));
    expect(res.status).toBe(400);
  });

  it.each([
    ['a cancelled ticket', { transactionStatusId: TRANSACTION_STATUS.cancel }, PAYMENT_ERROR_KEYS.alreadyCancelled],
    ['a paid ticket', { transactionStatusId: TRANSACTION_STATUS.success }, PAYMENT_ERROR_KEYS.alreadyPaid],
    ['a timed-out ticket', { transactionStatusId: TRANSACTION_STATUS.timeout }, PAYMENT_ERROR_KEYS.timedOut],
    ['a postpaid ticket', { payMethodId: 3 }, PAYMENT_ERROR_KEYS.notOnline],
    ['a departure in the past', { departAt: new Date(Date.now() - 60_000) }, PAYMENT_ERROR_KEYS.sessionTimedOut],
  ] as const)('sends %s back to url_return with the reason, creating no payment', async (_name, input, key) => {
    const ticket = await insertTicket(input);
    const res = await t.app.request(payUrl(ticket.id));
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '', 'http://localhost');
    expect(res.headers.get('location')?.startsWith('/')).toBe(true);
    expect(back.pathname).toBe(RETURN);
    expect(back.searchParams.get('payment_error')).toBe(key);
    expect(back.searchParams.get('ticket_code')).toBe(ticket.code);
    expect(await paymentsOf(ticket.id)).toHaveLength(0);
  });

  it('sends an unknown ticket back with not found', async () => {
    const res = await t.app.request(payUrl(99_999_999));
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') ?? '', 'http://localhost').searchParams.get('payment_error')).toBe(
      'errors.not_found',
    );
  });
});

describe('the sandbox gateway page, end to end', () => {
  async function submit(page: URL, choice: string, card = '4111 1111 1111 1111') {
    const form = new URLSearchParams(page.searchParams);
    form.set('choice', choice);
    form.set('card_number', card);
    return t.app.request(PAYMENT_PATHS.sandboxPay, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  it('shows an accessible bilingual page with the amount, the ticket code and the test card, under the strict CSP', async () => {
    const ticket = await insertTicket({ totalCost: 1_250_000 });
    const page = await startPayment(t.app, ticket.id, { lang: 'en' });
    const res = await t.app.request(`${page.pathname}${page.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('1.250.000đ');
    expect(html).toContain(ticket.code);
    expect(html).toContain('value="4111 1111 1111 1111"');
    expect(html).toContain('<label for="card-number">');
    expect(html).toMatch(/Test payment gateway[\s\S]*Cổng thanh toán thử nghiệm/);
    expect(html).not.toMatch(/<script|style=/i);
    const css = await t.app.request(PAYMENT_PATHS.sandboxStyle);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('refuses a page link whose amount was altered', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    page.searchParams.set('sb_amount', '1000');
    const res = await t.app.request(`${page.pathname}${page.search}`);
    expect(res.status).toBe(400);
    expect(await submit(page, 'pay').then((r) => r.status)).toBe(400);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
  });

  it('pays with the test card through the callback route, then returns the browser to url_return', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const res = await submit(page, 'pay');
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`http://localhost${RETURN}`);
    expect(back.searchParams.get('ticket_code')).toBe(ticket.code);
    expect(back.searchParams.get('sb_result')).toBe('paid');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('paid');
    expect(payment?.paidAt).toBeInstanceOf(Date);
    // Only the callback route writes events: the page went through it.
    const events = await eventsOf(payment?.id ?? 0);
    expect(events.map((e) => [e.result, e.detail, e.signatureOk, e.rspCode])).toEqual([['applied', 'paid', true, '00']]);

    // The app's page then asks pay_online_response with what it received.
    const answer = await t.app.request(`${PAYMENT_PATHS.payOnlineResponse}${back.search}`);
    expect(answer.status).toBe(200);
    const body = await payOnlineResponseResponseSchema.validate(await answer.json());
    expect(body.transaction_status_id).toBe(TRANSACTION_STATUS.success);
    expect(body.ticket_code).toBe(ticket.code);
    expect(body.data.ticket_id).toBe(ticket.id);

    // Submitting the page again (the back button) applies nothing more.
    expect((await submit(page, 'pay')).status).toBe(303);
    expect((await eventsOf(payment?.id ?? 0)).map((e) => e.result)).toEqual(['applied', 'duplicate']);
  });

  it('declines any other card number, and the decline choice, as a failed payment (transaction status 3)', async () => {
    for (const [choice, card] of [
      ['pay', '4000 0000 0000 0002'],
      ['decline', '4111 1111 1111 1111'],
    ] as const) {
      const ticket = await insertTicket();
      const page = await startPayment(t.app, ticket.id);
      const res = await submit(page, choice, card);
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('sb_result')).toBe('declined');
      expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
      expect((await paymentsOf(ticket.id))[0]?.status).toBe('failed');
    }
  });

  it('goes back without paying on abandon: no callback, the ticket stays processing', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const res = await submit(page, 'abandon');
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('sb_result')).toBe('abandoned');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('pending');
    expect(await eventsOf(payment?.id ?? 0)).toHaveLength(0);
  });

  it('shows lost connection when the callback cannot be delivered, and changes nothing', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    // The same sandbox routes with a callback delivery that fails, as when the merchant's server cannot be reached.
    const routes = sandboxRoutes({
      sandboxes: [createSandboxGateway('sandbox', sandboxSecret)],
      internalFetch: () => Promise.reject(new TypeError('fetch failed')),
      log: quiet,
    });
    const form = new URLSearchParams(page.searchParams);
    form.set('choice', 'pay');
    form.set('card_number', '4111111111111111');
    const res = await routes.request('/payment/sandbox/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('Lost connection');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
  });
});

describe('payment/pay_online_response', () => {
  it('refuses return parameters that were altered, or that belong to another ticket, and never changes state', async () => {
    const ticket = await insertTicket();
    const other = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const signed = await sandboxCallback(page, 'paid');
    const query = (params: Record<string, string>, code = ticket.code) =>
      `${PAYMENT_PATHS.payOnlineResponse}?${new URLSearchParams({ ticket_code: code, ...params }).toString()}`;

    const good = await t.app.request(query(signed));
    expect(good.status).toBe(200);
    // The return says paid, but only the callback changes state: the ticket is still processing.
    expect((await payOnlineResponseResponseSchema.validate(await good.json())).transaction_status_id).toBe(
      TRANSACTION_STATUS.processing,
    );

    const tampered = await t.app.request(query({ ...signed, sb_amount: '1' }));
    expect(tampered.status).toBe(400);
    expect((await failureSchema.validate(await tampered.json())).message).toBe(PAYMENT_ERROR_KEYS.badSignature);
    expect((await t.app.request(query({ sb_gateway: 'sandbox' }))).status).toBe(400);
    expect((await t.app.request(query(signed, other.code))).status).toBe(404);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
  });
});

describe('gateway callbacks apply once', () => {
  it('applies the same callback delivered 10 times in a row once', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const signed = await sandboxCallback(page, 'paid');
    const codes: string[] = [];
    for (let i = 0; i < 10; i += 1) codes.push(await deliver(signed));
    expect(codes).toEqual(['00', ...Array<string>(9).fill('02')]);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    const [payment] = await paymentsOf(ticket.id);
    const events = await eventsOf(payment?.id ?? 0);
    expect(events.map((e) => e.result)).toEqual(['applied', ...Array<string>(9).fill('duplicate')]);
    expect(events[0]?.params).toEqual(signed);
  });

  it('applies the same callback delivered 10 times at once once', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const signed = await sandboxCallback(page, 'paid');
    const codes = await Promise.all(Array.from({ length: 10 }, () => deliver(signed)));
    expect(codes.filter((c) => c === '00')).toHaveLength(1);
    expect(codes.filter((c) => c === '02')).toHaveLength(9);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    const [payment] = await paymentsOf(ticket.id);
    expect((await eventsOf(payment?.id ?? 0)).filter((e) => e.result === 'applied')).toHaveLength(1);
  });

  it('keeps a failed payment failed when a success for it arrives afterwards', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    expect(await deliver(await sandboxCallback(page, 'declined'))).toBe('00');
    expect(await deliver(await sandboxCallback(page, 'paid'))).toBe('02');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('failed');
  });

  it('refuses a bad signature (97), an amount that differs (04) and an unknown payment (01), changing nothing', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    const signed = await sandboxCallback(page, 'paid');
    expect(await deliver({ ...signed, sb_amount: '1000' })).toBe('97');
    expect(await deliver({ ...signed, sb_signature: '0'.repeat(64) })).toBe('97');
    // Signed by someone holding another secret.
    expect(await deliver(sandboxSign({ ...signed }, 'not-the-secret'))).toBe('97');
    // Correctly signed, but not the amount of the payment.
    expect(await deliver(await sandboxCallback(page, 'paid', { sb_amount: '1000' }))).toBe('04');
    expect(await deliver(await sandboxCallback(page, 'paid', { sb_txn_ref: 'NOSUCHREF' }))).toBe('01');
    // A sandbox-signed callback is not a PayPal-style one.
    expect(await deliver(signed, PAYMENT_PATHS.ipnPaypalSandbox)).toBe('97');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('pending');
    const rejected = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.txnRef, payment?.txnRef ?? ''));
    expect(rejected.map((e) => e.detail).sort()).toEqual(
      ['amount_mismatch', 'bad_signature', 'bad_signature', 'bad_signature', 'bad_signature'].sort(),
    );
    expect(rejected.every((e) => e.result === 'rejected')).toBe(true);
    // The genuine callback still applies afterwards.
    expect(await deliver(signed)).toBe('00');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
  });

  it('does not mark a cancelled ticket paid: the payment is kept as paid_after_cancel for a refund', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket.id);
    expect(await cancel(ticket.id)).toBe(true);
    expect(await deliver(await sandboxCallback(page, 'paid'))).toBe('02');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.cancel);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('paid_after_cancel');
    expect((await eventsOf(payment?.id ?? 0)).map((e) => [e.result, e.detail])).toEqual([['applied', 'paid_after_cancel']]);
    expect(t.logs.some((l) => l.level === 'error' && l.message.includes('refund due'))).toBe(true);
  });

  it('keeps a second paid attempt of a paid ticket as paid_twice for a refund', async () => {
    const ticket = await insertTicket();
    const first = await startPayment(t.app, ticket.id);
    const second = await startPayment(t.app, ticket.id);
    expect(await deliver(await sandboxCallback(first, 'paid'))).toBe('00');
    expect(await deliver(await sandboxCallback(second, 'paid'))).toBe('02');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    expect((await paymentsOf(ticket.id)).map((p) => p.status)).toEqual(['paid', 'paid_twice']);
  });

  it(`never ends both paid and cancelled when a payment races a cancellation (${TEST_DB})`, async () => {
    const iterations = TEST_DB === 'postgres' ? 200 : 40;
    const seen = { paid: 0, cancelled: 0 };
    for (let i = 0; i < iterations; i += 1) {
      const ticket = await insertTicket();
      const page = await startPayment(t.app, ticket.id);
      const signed = await sandboxCallback(page, 'paid');
      // Every other cancellation starts at once, the others up to 3 ms after the callback: each side wins some races.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const racingCancel = i % 2 === 0 ? cancel(ticket.id) : later(i % 4).then(() => cancel(ticket.id));
      const [code, cancelled] = await Promise.all([deliver(signed), racingCancel]);
      const status = await ticketStatus(ticket.id);
      const [payment] = await paymentsOf(ticket.id);
      if (cancelled) {
        expect(status).toBe(TRANSACTION_STATUS.cancel);
        expect(payment?.status).toBe('paid_after_cancel');
        expect(code).toBe('02');
        seen.cancelled += 1;
      } else {
        expect(status).toBe(TRANSACTION_STATUS.success);
        expect(payment?.status).toBe('paid');
        expect(code).toBe('00');
        seen.paid += 1;
      }
    }
    expect(seen.paid + seen.cancelled).toBe(iterations);
    // Both orders happened, so the rule was exercised both ways.
    expect(seen.paid).toBeGreaterThan(0);
    expect(seen.cancelled).toBeGreaterThan(0);
  });
});

describe('payment/check_status', () => {
  it('answers the transaction status and when the window closes', async () => {
    const ticket = await insertTicket();
    const before = await checkStatus(ticket.id);
    expect(before.transaction_status_id).toBe(TRANSACTION_STATUS.processing);
    expect(before.data.expires_at).toBeNull();
    await startPayment(t.app, ticket.id);
    const after = await checkStatus(ticket.id);
    expect(after.data).toMatchObject({ ticket_id: ticket.id, ticket_code: ticket.code, transaction_status_id: 1 });
    const [payment] = await paymentsOf(ticket.id);
    expect(after.data.expires_at).toBe(new Date((payment?.createdAt.getTime() ?? 0) + 5 * 60_000).toISOString());
  });

  it('answers 404 for an unknown ticket and 400 without a ticket id', async () => {
    expect((await t.app.request(`${PAYMENT_PATHS.checkStatus}?ticket_id=99999999`)).status).toBe(404);
    expect((await t.app.request(PAYMENT_PATHS.checkStatus)).status).toBe(400);
  });

  it('times a processing ticket out (99) once the configured window has passed, and a late payment is kept for a refund', async () => {
    const ticket = await insertTicket();
    const kept = await insertTicket();
    const postpaid = await insertTicket({ payMethodId: 3 });
    const page = await startPayment(t.app, ticket.id);
    await startPayment(t.app, kept.id);
    // Ninety seconds ago.
    for (const id of [ticket.id, kept.id, postpaid.id]) {
      await db()
        .update(tickets)
        .set({ createdAt: sql`now() - interval '90 seconds'` })
        .where(eq(tickets.id, id));
      await db()
        .update(payments)
        .set({ createdAt: sql`now() - interval '90 seconds'` })
        .where(eq(payments.ticketId, id));
    }
    // With the default 5 minutes nothing has timed out.
    expect((await checkStatus(ticket.id)).transaction_status_id).toBe(TRANSACTION_STATUS.processing);

    await db().update(settings).set({ value: 1 }).where(eq(settings.key, 'payment_window_minutes'));
    try {
      // A new app reads the setting afresh (the running one caches settings for 30 s).
      const shortened = createApp({ database: t.db.database, log: quiet });
      expect((await checkStatus(ticket.id, shortened)).transaction_status_id).toBe(TRANSACTION_STATUS.timeout);
      expect((await checkStatus(postpaid.id, shortened)).transaction_status_id).toBe(TRANSACTION_STATUS.processing);
      expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.timeout);
      // A payment attempt on a ticket past its window is refused as timed out.
      const res = await shortened.request(payUrl(kept.id));
      expect(new URL(res.headers.get('location') ?? '', 'http://localhost').searchParams.get('payment_error')).toBe(
        PAYMENT_ERROR_KEYS.timedOut,
      );
      expect(await ticketStatus(kept.id)).toBe(TRANSACTION_STATUS.timeout);
    } finally {
      await db().update(settings).set({ value: 5 }).where(eq(settings.key, 'payment_window_minutes'));
    }
    // The gateway's late success does not revive the ticket.
    expect(await deliver(await sandboxCallback(page, 'paid'))).toBe('02');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.timeout);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('paid_after_timeout');
  });
});

describe('payment/paypal_request (pay method 99, sent as 4)', () => {
  it('pays through the PayPal-style sandbox and its own callback route', async () => {
    const ticket = await insertTicket({ payMethodId: 4, totalCost: 367_500 });
    const res = await t.app.request(
      `${PAYMENT_PATHS.paypalRequest}?${new URLSearchParams({ ticket_id: String(ticket.id), url_return: RETURN }).toString()}`,
    );
    expect(res.status).toBe(302);
    const page = new URL(res.headers.get('location') ?? '');
    expect(page.searchParams.get('sb_gateway')).toBe('paypal_sandbox');
    const html = await (await t.app.request(`${page.pathname}${page.search}`)).text();
    expect(html).toContain('PayPal');
    expect(html).toContain('367.500đ');
    const signed = await sandboxCallback(page, 'paid');
    expect(await deliver(signed, PAYMENT_PATHS.ipnSandbox)).toBe('97');
    expect(await deliver(signed, PAYMENT_PATHS.ipnPaypalSandbox)).toBe('00');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    expect((await paymentsOf(ticket.id))[0]).toMatchObject({ gateway: 'paypal_sandbox', payMethodId: 4, status: 'paid' });
  });
});

describe('VNPay through the app (VNPAY_TMN_CODE and VNPAY_HASH_SECRET set)', () => {
  const SECRET = 'VNPAYTESTSECRET0123456789';
  let vnpayApp: TestApp['app'];
  beforeAll(() => {
    const saved = { code: process.env.VNPAY_TMN_CODE, secret: process.env.VNPAY_HASH_SECRET };
    process.env.VNPAY_TMN_CODE = 'VIVUTEST';
    process.env.VNPAY_HASH_SECRET = SECRET;
    try {
      vnpayApp = createApp({ database: t.db.database, log: quiet });
    } finally {
      if (saved.code === undefined) delete process.env.VNPAY_TMN_CODE;
      else process.env.VNPAY_TMN_CODE = saved.code;
      if (saved.secret === undefined) delete process.env.VNPAY_HASH_SECRET;
      else process.env.VNPAY_HASH_SECRET = saved.secret;
    }
  });

  function ipn(page: URL, overrides: Record<string, string> = {}) {
    const params: Record<string, string> = {
      vnp_Amount: page.searchParams.get('vnp_Amount') ?? '',
      vnp_BankCode: 'NCB',
      vnp_OrderInfo: page.searchParams.get('vnp_OrderInfo') ?? '',
      vnp_PayDate: '20261123100230',
      vnp_ResponseCode: '00',
      vnp_TmnCode: 'VIVUTEST',
      vnp_TransactionNo: '14226112',
      vnp_TransactionStatus: '00',
      vnp_TxnRef: page.searchParams.get('vnp_TxnRef') ?? '',
      ...overrides,
    };
    return { ...params, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: vnpaySign(params, SECRET) };
  }

  async function call(params: Record<string, string>) {
    const res = await vnpayApp.request(`${PAYMENT_PATHS.ipnVnpay}?${new URLSearchParams(params).toString()}`);
    expect(res.status).toBe(200);
    return ipnResponseSchema.validate(await res.json());
  }

  it("redirects to VNPay with a signed request, and applies its IPN once with VNPay's answer codes", async () => {
    const ticket = await insertTicket({ totalCost: 350_000 });
    const res = await vnpayApp.request(payUrl(ticket.id, { lang: 'en' }));
    expect(res.status).toBe(302);
    const page = new URL(res.headers.get('location') ?? '');
    expect(`${page.origin}${page.pathname}`).toBe('https://sandbox.vnpayment.vn/paymentv2/vpcpay.html');
    expect(page.searchParams.get('vnp_Amount')).toBe('35000000');
    expect(page.searchParams.get('vnp_Locale')).toBe('en');
    expect(page.searchParams.get('vnp_ReturnUrl')).toBe(`http://localhost${RETURN}?ticket_code=${ticket.code}`);
    expect(page.searchParams.get('vnp_SecureHash')).toBe(vnpaySign(Object.fromEntries(page.searchParams), SECRET));

    expect(await call({ ...ipn(page), vnp_Amount: '100' })).toEqual({ RspCode: '97', Message: 'Invalid signature' });
    expect(await call(ipn(page, { vnp_Amount: '100' }))).toEqual({ RspCode: '04', Message: 'Invalid amount' });
    expect(await call(ipn(page, { vnp_TxnRef: 'UNKNOWN' }))).toEqual({ RspCode: '01', Message: 'Order not found' });
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
    expect(await call(ipn(page))).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    expect(await call(ipn(page))).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.success);
    expect((await paymentsOf(ticket.id))[0]).toMatchObject({ gateway: 'vnpay', status: 'paid', gatewayTxnNo: '14226112' });

    // The browser's return carries the same signed parameters plus our ticket_code.
    const back = await vnpayApp.request(
      `${PAYMENT_PATHS.payOnlineResponse}?${new URLSearchParams({ ticket_code: ticket.code, ...ipn(page) }).toString()}`,
    );
    expect((await payOnlineResponseResponseSchema.validate(await back.json())).transaction_status_id).toBe(2);
  });

  it('marks the ticket failed (3) on a VNPay failure code', async () => {
    const ticket = await insertTicket();
    const page = new URL((await vnpayApp.request(payUrl(ticket.id))).headers.get('location') ?? '');
    expect(await call(ipn(page, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' }))).toMatchObject({ RspCode: '00' });
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
  });
});
