// The payment calls of spec 7 and the gateways' callbacks: a callback applies once however often it comes, a
// tampered one changes nothing, a payment never wins against a cancellation it lost to (and vice versa), the
// payment window times a ticket out, and the sandbox gateway's page pays through the same callback route. Every call
// about a ticket names it by code and proves it: its key, or the contact it was booked with (a lookup).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { createSandboxGateway, sandboxSign } from '../../../src/server/adapters/payments/sandbox';
import { vnpaySign } from '../../../src/server/adapters/payments/vnpay';
import { paymentEvents, payments, sandboxCharges, settings, tickets, transportPartners } from '../../../src/server/db/schema';
import { SANDBOX_SECRET_KEY, sandboxEnabled, sandboxLedger } from '../../../src/server/modules/payments/module';
import { sandboxRoutes } from '../../../src/server/modules/payments/sandbox-routes';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS, payMethodsResponseSchema } from '../../../src/shared/contract/booking';
import { CANCEL_ERROR_KEYS, TICKET_LOOKUP_LIMIT } from '../../../src/shared/contract/tickets';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import {
  checkStatusResponseSchema,
  ipnResponseSchema,
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  paymentStartResponseSchema,
  payOnlineResponseResponseSchema,
  TRANSACTION_STATUS,
} from '../../../src/shared/contract/payments';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { createTestApp, type TestApp } from '../helpers/app';
import { keyHeader, post, startPayment as requestPayment, startedPage } from '../helpers/booking';
import { keyOf } from '../helpers/ticket-key';
import { TEST_DB } from '../helpers/test-db';

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
  /** The language the ticket was booked in (vi by default). */
  lang?: 'vi' | 'en';
  /** A night booking: changed to cash it still awaits its partner. */
  night?: boolean;
}

/** A ticket as its booking browser knows it (code and access key), with its database id for the test's own reads. */
interface Ticket {
  id: number;
  code: string;
  key: string;
}

/** The contact the inserted tickets were booked with (a proof of the ticket besides its key). */
const BOOKED_PHONE = '0912345678';
const BOOKED_EMAIL = 'an.nguyen@example.com';

/** A booked ticket, written straight to the tickets table as the booking module would, with the key its browser holds. */
async function insertTicket(input: TicketInput = {}): Promise<Ticket> {
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
      departTime: formatVnDateTime(departAt),
      departAt,
      pickAddress: 'Sân bay quốc tế Nội Bài',
      pickComponent: {},
      dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
      fullname: 'Nguyễn Văn An',
      phone: BOOKED_PHONE,
      email: BOOKED_EMAIL,
      merged: input.totalCost ?? 350_000,
      totalCost: input.totalCost ?? 350_000,
      lang: input.lang ?? 'vi',
      isNightBooking: input.night ?? false,
      nightStatus: input.night ? 'pending' : 'none',
    })
    .returning({ id: tickets.id, code: tickets.code });
  if (!row) throw new Error('ticket insert returned no row');
  return { ...row, key: await keyOf(db(), row) };
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

let ipCounter = 0;
/** A client address of its own (TRUST_PROXY=1: X-Forwarded-For's last entry), so one test's lookups never count in another's. */
const newIp = () => `198.51.100.${(ipCounter += 1)}`;

/** Starts a payment (pay_online_request, proven by the ticket's key) and answers the gateway page's URL. */
async function startPayment(app: TestApp['app'], ticket: Ticket, body: Record<string, unknown> = {}): Promise<URL> {
  return startedPage(await requestPayment(app, ticket, body));
}

/** The message key of a JSON refusal with the given status (no redirect: the app shows the reason itself). */
async function refusal(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('location')).toBeNull();
  return (await failureSchema.validate(await res.json())).message;
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

async function checkStatus(ticket: Ticket, app = t.app) {
  const res = await app.request(`${PAYMENT_PATHS.checkStatus}?ticket_code=${ticket.code}`, { headers: keyHeader(ticket.key) });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { data?: object };
  // No answer names the ticket's database id.
  expect(json.data).not.toHaveProperty('ticket_id');
  return checkStatusResponseSchema.validate(json);
}

/** check_status as any caller may ask it: the proof in the query and headers given, from the address given. */
function checkStatusWith(query: Record<string, string>, headers: Record<string, string>) {
  return t.app.request(`${PAYMENT_PATHS.checkStatus}?${new URLSearchParams(query).toString()}`, { headers });
}

/** payment/change_method, proven by the ticket's key. */
function changeMethod(ticket: Ticket, method: number, app = t.app) {
  return post(app, PAYMENT_PATHS.changeMethod, { ticket_code: ticket.code, pay_method_id: method }, keyHeader(ticket.key));
}

/** The passenger pays on the sandbox gateway's page with the test card (its callback included), as the browser does. */
function payOnSandboxPage(page: URL) {
  const form = new URLSearchParams(page.searchParams);
  form.set('choice', 'pay');
  form.set('card_number', '4111 1111 1111 1111');
  return t.app.request(PAYMENT_PATHS.sandboxPay, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

async function ticketRow(id: number) {
  const [row] = await db()
    .select({ status: tickets.transactionStatusId, method: tickets.payMethodId })
    .from(tickets)
    .where(eq(tickets.id, id));
  return row;
}

/** The sandbox's own record of the charge a payment names. */
async function sandboxChargeOf(txnRef: string) {
  const [row] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.txnRef, txnRef));
  return row ?? null;
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
  it('creates a pending payment for the ticket total and answers the signed sandbox page', async () => {
    const ticket = await insertTicket({ totalCost: 412_000 });
    const res = await requestPayment(t.app, ticket);
    expect(res.status).toBe(200);
    const started = paymentStartResponseSchema.validateSync(await res.json());
    const page = new URL(started.data.payment_url);
    expect(page.pathname).toBe(PAYMENT_PATHS.sandboxPay);
    expect(page.searchParams.get('sb_amount')).toBe('412000');
    expect(page.searchParams.get('sb_ticket_code')).toBe(ticket.code);
    expect(page.searchParams.get('sb_return_url')).toBe(`http://localhost${RETURN}?ticket_code=${ticket.code}`);
    expect(page.searchParams.get('sb_signature')).toMatch(/^[0-9a-f]{64}$/);
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ amount: 412_000, status: 'pending', gateway: 'sandbox', payMethodId: 8, chargeTypeId: 2 });
    expect(payment?.txnRef).toBe(page.searchParams.get('sb_txn_ref'));
    // The gateway's reference does not carry the ticket's database id.
    expect(payment?.txnRef).toMatch(/^[0-9A-Z]+$/);
    expect(payment?.txnRef.startsWith(`${ticket.id}T`)).toBe(false);
    // spec 4, 9: the window is 5 minutes, and the answer says when it closes.
    expect((payment?.expiresAt.getTime() ?? 0) - (payment?.createdAt.getTime() ?? 0)).toBe(5 * 60_000);
    expect(started.data.expires_at).toBe(payment?.expiresAt.toISOString());
  });

  it('takes the key in the body, or the phone or e-mail the ticket was booked with, as the proof', async () => {
    const proofs = [
      (ticket: Ticket) => ({ ticket_key: ticket.key }),
      () => ({ phone_number: BOOKED_PHONE }),
      () => ({ email: BOOKED_EMAIL.toUpperCase() }),
    ];
    for (const proofOf of proofs) {
      const ticket = await insertTicket();
      const body = { ticket_code: ticket.code, pay_method: 8, url_return: RETURN, ...proofOf(ticket) };
      const page = await startedPage(await post(t.app, PAYMENT_PATHS.payOnlineRequest, body, { 'x-forwarded-for': newIp() }));
      expect(page.searchParams.get('sb_ticket_code'), JSON.stringify(body)).toBe(ticket.code);
      expect(await paymentsOf(ticket.id)).toHaveLength(1);
    }
  });

  it('answers an unknown code and a wrong proof alike (404 ticket not found), 400 without a proof, creating nothing', async () => {
    const ticket = await insertTicket();
    const other = await insertTicket();
    const from = { 'x-forwarded-for': newIp() };
    const body = { ticket_code: ticket.code, pay_method: 8, url_return: RETURN };
    const wrong: [Record<string, unknown>, Record<string, string>][] = [
      [{ ticket_code: 'VTNOSUCH0' }, keyHeader(ticket.key)],
      [{}, keyHeader(other.key)],
      [{ ticket_key: other.key }, {}],
      [{ phone_number: '0987654321' }, {}],
      [{ email: 'someone.else@example.com' }, {}],
    ];
    for (const [proof, headers] of wrong) {
      const res = await post(t.app, PAYMENT_PATHS.payOnlineRequest, { ...body, ...proof }, { ...from, ...headers });
      expect(await refusal(res, 404), JSON.stringify(proof)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    }
    const bare = await post(t.app, PAYMENT_PATHS.payOnlineRequest, body, from);
    expect(bare.status).toBe(400);
    expect((await failureSchema.validate(await bare.json())).errors).toContainEqual({
      field: 'ticket_key',
      message: BOOKING_ERROR_KEYS.proofRequired,
    });
    expect(await paymentsOf(ticket.id)).toHaveLength(0);
  });

  it('is a POST: a GET navigation with the old query is not served, and starts nothing', async () => {
    const ticket = await insertTicket();
    for (const path of [PAYMENT_PATHS.payOnlineRequest, PAYMENT_PATHS.paypalRequest]) {
      const query = new URLSearchParams({
        ticket_id: String(ticket.id),
        ticket_code: ticket.code,
        pay_method: '8',
        url_return: RETURN,
      });
      const res = await t.app.request(`${path}?${query.toString()}`, { headers: keyHeader(ticket.key) });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await failureSchema.validate(await res.json())).message).toBe(ERROR_KEYS.methodNotAllowed);
    }
    expect(await paymentsOf(ticket.id)).toHaveLength(0);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dat-xe', '/\tevil'])(
    'refuses url_return %j (no open redirect) and creates nothing',
    async (urlReturn) => {
      const ticket = await insertTicket();
      const res = await requestPayment(t.app, ticket, { url_return: urlReturn });
      expect(res.status).toBe(400);
      const body = await failureSchema.validate(await res.json());
      expect(body.errors).toContainEqual({ field: 'url_return', message: PAYMENT_ERROR_KEYS.badReturnUrl });
      expect(await paymentsOf(ticket.id)).toHaveLength(0);
    },
  );

  it('refuses a pay method that is not online', async () => {
    const ticket = await insertTicket();
    const res = await requestPayment(t.app, ticket, { pay_method: 3 });
    expect(res.status).toBe(400);
    expect((await failureSchema.validate(await res.json())).errors?.map((error) => error.field)).toContain('pay_method');
    expect(await paymentsOf(ticket.id)).toHaveLength(0);
  });

  it.each([
    ['a cancelled ticket', { transactionStatusId: TRANSACTION_STATUS.cancel }, PAYMENT_ERROR_KEYS.alreadyCancelled],
    ['a paid ticket', { transactionStatusId: TRANSACTION_STATUS.success }, PAYMENT_ERROR_KEYS.alreadyPaid],
    ['a postpaid ticket', { payMethodId: 3 }, PAYMENT_ERROR_KEYS.notOnline],
    ['a departure in the past', { departAt: new Date(Date.now() - 60_000) }, PAYMENT_ERROR_KEYS.sessionTimedOut],
    ['a ticket with nothing to pay', { totalCost: 0 }, PAYMENT_ERROR_KEYS.nothingToPay],
  ] as const)('refuses %s with the reason (409, no redirect), creating no payment', async (_name, input, key) => {
    const ticket = await insertTicket(input);
    expect(await refusal(await requestPayment(t.app, ticket), 409)).toBe(key);
    expect(await paymentsOf(ticket.id)).toHaveLength(0);
  });

  it.each([
    ['a declined', TRANSACTION_STATUS.error],
    ['a timed-out', TRANSACTION_STATUS.timeout],
  ] as const)('pays %s ticket again: a new attempt reopens the same ticket', async (_name, status) => {
    const ticket = await insertTicket({ transactionStatusId: status });
    await startedPage(await requestPayment(t.app, ticket));
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
    expect(await paymentsOf(ticket.id)).toHaveLength(1);
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

  it('opens in the language the ticket was booked in', async () => {
    for (const [lang, title] of [
      ['vi', /<html lang="vi">[\s\S]*<h1><span lang="vi">Cổng thanh toán thử nghiệm/],
      ['en', /<html lang="en">[\s\S]*<h1><span lang="en">Test payment gateway/],
    ] as const) {
      const ticket = await insertTicket({ lang });
      const page = await startPayment(t.app, ticket, { lang: lang === 'vi' ? 'en' : 'vi' });
      expect(page.searchParams.get('sb_locale'), lang).toBe(lang);
      const res = await t.app.request(`${page.pathname}${page.search}`);
      expect(res.status).toBe(200);
      expect(await res.text(), lang).toMatch(title);
    }
  });

  it('shows an accessible bilingual page with the amount, the ticket code and the test card, under the strict CSP', async () => {
    const ticket = await insertTicket({ totalCost: 1_250_000, lang: 'en' });
    const page = await startPayment(t.app, ticket);
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
    const page = await startPayment(t.app, ticket);
    page.searchParams.set('sb_amount', '1000');
    const res = await t.app.request(`${page.pathname}${page.search}`);
    expect(res.status).toBe(400);
    expect(await submit(page, 'pay').then((r) => r.status)).toBe(400);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
  });

  it('pays with the test card through the callback route, then returns the browser to url_return', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket);
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

    // The app's page then asks pay_online_response with what it received, proving the ticket with its key.
    const answer = await t.app.request(`${PAYMENT_PATHS.payOnlineResponse}${back.search}`, { headers: keyHeader(ticket.key) });
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as { data?: object };
    const body = await payOnlineResponseResponseSchema.validate(json);
    expect(body.transaction_status_id).toBe(TRANSACTION_STATUS.success);
    expect(body.ticket_code).toBe(ticket.code);
    expect(body.data.ticket_code).toBe(ticket.code);
    // No answer names the ticket's database id.
    expect(json.data).not.toHaveProperty('ticket_id');

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
      const page = await startPayment(t.app, ticket);
      const res = await submit(page, choice, card);
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('sb_result')).toBe('declined');
      expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
      expect((await paymentsOf(ticket.id))[0]?.status).toBe('failed');
    }
  });

  it('goes back without paying on abandon: no callback, the ticket stays processing', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket);
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
    const page = await startPayment(t.app, ticket);
    // The same sandbox routes with a callback delivery that fails, as when the merchant's server cannot be reached.
    const routes = sandboxRoutes({
      sandboxes: [createSandboxGateway('sandbox', sandboxSecret, sandboxLedger(db()))],
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
    const page = await startPayment(t.app, ticket);
    const signed = await sandboxCallback(page, 'paid');
    const from = newIp();
    /** The return as the app's page sends it: the ticket's code, the gateway's parameters and the ticket's proof. */
    const ask = (params: Record<string, string>, proof: Record<string, string> = keyHeader(ticket.key), code = ticket.code) =>
      t.app.request(`${PAYMENT_PATHS.payOnlineResponse}?${new URLSearchParams({ ticket_code: code, ...params }).toString()}`, {
        headers: { ...proof, 'x-forwarded-for': from },
      });

    const good = await ask(signed);
    expect(good.status).toBe(200);
    // The return says paid, but only the callback changes state: the ticket is still processing.
    expect((await payOnlineResponseResponseSchema.validate(await good.json())).transaction_status_id).toBe(
      TRANSACTION_STATUS.processing,
    );
    // The phone the ticket was booked with proves it as well as the key.
    expect((await ask({ ...signed, phone_number: BOOKED_PHONE }, {})).status).toBe(200);

    const tampered = await ask({ ...signed, sb_amount: '1' });
    expect(tampered.status).toBe(400);
    expect((await failureSchema.validate(await tampered.json())).message).toBe(PAYMENT_ERROR_KEYS.badSignature);
    expect((await ask({ sb_gateway: 'sandbox' })).status).toBe(400);
    // This ticket's payment, asked about another ticket (proven by that ticket's own key): not found.
    expect((await ask(signed, keyHeader(other.key), other.code)).status).toBe(404);
    // Another ticket's key, or a wrong phone, does not prove this one: the answer of an unknown ticket.
    expect(await refusal(await ask(signed, keyHeader(other.key)), 404)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    expect(await refusal(await ask({ ...signed, phone_number: '0987654321' }, {}), 404)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    // No proof at all is a malformed call.
    expect((await ask(signed, {})).status).toBe(400);
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.processing);
  });
});

describe('gateway callbacks apply once', () => {
  it('applies the same callback delivered 10 times in a row once', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket);
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
    const page = await startPayment(t.app, ticket);
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
    const page = await startPayment(t.app, ticket);
    expect(await deliver(await sandboxCallback(page, 'declined'))).toBe('00');
    expect(await deliver(await sandboxCallback(page, 'paid'))).toBe('02');
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('failed');
  });

  it('refuses a bad signature (97), an amount that differs (04) and an unknown payment (01), changing nothing', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket);
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
    const page = await startPayment(t.app, ticket);
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
    const first = await startPayment(t.app, ticket);
    const second = await startPayment(t.app, ticket);
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
      const page = await startPayment(t.app, ticket);
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

  it('records a callback with a NUL in a name or a value (which jsonb cannot keep) as rejected, with U+FFFD in its place', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(t.app, ticket);
    const signed = await sandboxCallback(page, 'paid');
    const txnRef = signed.sb_txn_ref ?? '';
    expect(await deliver({ ...signed, '\u0000': '', sb_note: 'a\u0000b' })).toBe('97');
    const rows = await db().select().from(paymentEvents).where(eq(paymentEvents.txnRef, txnRef));
    expect(rows.map((row) => [row.result, row.detail])).toEqual([['rejected', 'bad_signature']]);
    // A refused callback is kept as a bounded excerpt of its parameters.
    expect(rows[0]?.params.excerpt).toContain('"\uFFFD":""');
    expect(rows[0]?.params.excerpt).toContain('"sb_note":"a\uFFFDb"');
    expect(await deliver(signed)).toBe('00');
  });
});

describe('a card payment after a change of method', () => {
  it('is refunded from the sandbox’s own books, once however often its callback comes, never paying the cash ticket', async () => {
    const ticket = await insertTicket({ totalCost: 252_000 });
    const page = await startPayment(t.app, ticket);
    expect((await changeMethod(ticket, 3)).status).toBe(200);
    expect((await paymentsOf(ticket.id))[0]?.status).toBe('void');
    // The gateway's page was still open: the passenger pays there all the same.
    expect((await payOnSandboxPage(page)).status).toBe(303);
    expect(await ticketRow(ticket.id)).toEqual({ status: TRANSACTION_STATUS.success, method: 3 });
    const [payment] = await paymentsOf(ticket.id);
    expect(payment?.status).toBe('refunded');
    const charge = await sandboxChargeOf(payment?.txnRef ?? '');
    expect(charge).toMatchObject({ gateway: 'sandbox', txnNo: payment?.gatewayTxnNo, amount: 252_000 });
    expect(charge?.refundId).toMatch(/^SBR[0-9A-F]{12}$/);
    expect(charge?.refundedAt).not.toBeNull();
    // The same callback again, 5 times at once: answered as settled, nothing refunded again.
    const again = await sandboxCallback(page, 'paid', { sb_txn_no: payment?.gatewayTxnNo ?? '' });
    expect(await Promise.all(Array.from({ length: 5 }, () => deliver(again)))).toEqual(Array<string>(5).fill('02'));
    expect((await sandboxChargeOf(payment?.txnRef ?? ''))?.refundId).toBe(charge?.refundId);
    expect((await paymentsOf(ticket.id)).map((row) => row.status)).toEqual(['refunded']);
  });

  it('refunds a PayPal-style payment made after a switch to card, and the card ticket still awaits its own payment', async () => {
    const ticket = await insertTicket({ payMethodId: 4 });
    const page = await startedPage(await requestPayment(t.app, ticket, { pay_method: 4 }, PAYMENT_PATHS.paypalRequest));
    expect(page.searchParams.get('sb_gateway')).toBe('paypal_sandbox');
    expect((await changeMethod(ticket, 8)).status).toBe(200);
    expect((await payOnSandboxPage(page)).status).toBe(303);
    expect(await ticketRow(ticket.id)).toEqual({ status: TRANSACTION_STATUS.processing, method: 8 });
    const [payment] = await paymentsOf(ticket.id);
    expect(payment).toMatchObject({ gateway: 'paypal_sandbox', status: 'refunded' });
    expect((await sandboxChargeOf(payment?.txnRef ?? ''))?.refundId).toMatch(/^SBR/);
  });

  for (const night of [false, true]) {
    it(`never pays a cash ticket from an attempt opened as the change committed (${night ? 'night: still awaiting its partner' : 'day: done, once paid_twice'})`, async () => {
      const ticket = await insertTicket({ night });
      const page = await startPayment(t.app, ticket);
      // The change of method read the ticket's open attempts before this one was written: cash, the attempt pending.
      const cash = night ? TRANSACTION_STATUS.processing : TRANSACTION_STATUS.success;
      await db().update(tickets).set({ payMethodId: 3, transactionStatusId: cash }).where(eq(tickets.id, ticket.id));
      expect((await paymentsOf(ticket.id))[0]?.status).toBe('pending');
      expect((await payOnSandboxPage(page)).status).toBe(303);
      expect(await ticketRow(ticket.id)).toEqual({ status: cash, method: 3 });
      const [payment] = await paymentsOf(ticket.id);
      expect(payment?.status).toBe('refunded');
      expect((await sandboxChargeOf(payment?.txnRef ?? ''))?.refundId).toMatch(/^SBR/);
    });
  }

  it(`decides a change to cash and the card's callback arriving at once one way: paid online or cash and refunded (${TEST_DB})`, async () => {
    const iterations = TEST_DB === 'postgres' ? 60 : 20;
    const seen = { paidOnline: 0, cash: 0 };
    for (let i = 0; i < iterations; i += 1) {
      const ticket = await insertTicket();
      const page = await startPayment(t.app, ticket);
      // Every other change starts at once, the others up to 3 ms after the payment: each side wins some races.
      const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const change = i % 2 === 0 ? changeMethod(ticket, 3) : later(i % 4).then(() => changeMethod(ticket, 3));
      const [changed, paid] = await Promise.all([change, payOnSandboxPage(page)]);
      expect(paid.status).toBe(303);
      const row = await ticketRow(ticket.id);
      const [payment] = await paymentsOf(ticket.id);
      if (changed.status === 200) {
        expect(row).toEqual({ status: TRANSACTION_STATUS.success, method: 3 });
        expect(payment?.status).toBe('refunded');
        seen.cash += 1;
      } else {
        expect(changed.status).toBe(409);
        expect(row).toEqual({ status: TRANSACTION_STATUS.success, method: 8 });
        expect(payment?.status).toBe('paid');
        expect((await sandboxChargeOf(payment?.txnRef ?? ''))?.refundId).toBeNull();
        seen.paidOnline += 1;
      }
    }
    // Both orders happened, so the rule was exercised both ways.
    expect(seen.cash).toBeGreaterThan(0);
    expect(seen.paidOnline).toBeGreaterThan(0);
  });
});

describe('payment/check_status', () => {
  it('answers the transaction status and when the window closes', async () => {
    const ticket = await insertTicket();
    const before = await checkStatus(ticket);
    expect(before.transaction_status_id).toBe(TRANSACTION_STATUS.processing);
    expect(before.data.expires_at).toBeNull();
    await startPayment(t.app, ticket);
    const after = await checkStatus(ticket);
    expect(after.data).toEqual({
      ticket_code: ticket.code,
      transaction_status_id: 1,
      expires_at: expect.any(String),
      attempt: 'pending',
      pay_method_id: 8,
      total_cost: 350_000,
    });
    expect(before.data.attempt).toBe('none');
    const [payment] = await paymentsOf(ticket.id);
    expect(after.data.expires_at).toBe(new Date((payment?.createdAt.getTime() ?? 0) + 5 * 60_000).toISOString());
  });

  it('answers 404 for an unknown ticket or a wrong proof, and 400 without a ticket code or without a proof', async () => {
    const ticket = await insertTicket();
    const other = await insertTicket();
    const from = { 'x-forwarded-for': newIp() };
    const notFound = [
      checkStatusWith({ ticket_code: 'VTNOSUCH0' }, { ...keyHeader(ticket.key), ...from }),
      checkStatusWith({ ticket_code: ticket.code }, { ...keyHeader(other.key), ...from }),
      checkStatusWith({ ticket_code: ticket.code, phone_number: '0987654321' }, from),
      checkStatusWith({ ticket_code: ticket.code, email: 'someone.else@example.com' }, from),
    ];
    for (const res of await Promise.all(notFound)) expect(await refusal(res, 404)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    // The old call by database id names no ticket at all.
    expect((await checkStatusWith({ ticket_id: String(ticket.id) }, { ...keyHeader(ticket.key), ...from })).status).toBe(400);
    expect((await checkStatusWith({ ticket_code: ticket.code }, from)).status).toBe(400);
    // The phone or e-mail the ticket was booked with proves it too.
    for (const proof of [{ phone_number: BOOKED_PHONE }, { email: BOOKED_EMAIL }] as Record<string, string>[]) {
      const res = await checkStatusWith({ ticket_code: ticket.code, ...proof }, from);
      expect(res.status).toBe(200);
      expect((await checkStatusResponseSchema.validate(await res.json())).data.ticket_code).toBe(ticket.code);
    }
  });

  it("counts contact proofs and wrong keys among the address's ticket lookups, never the right key", async () => {
    const ticket = await insertTicket();
    const other = await insertTicket();
    const from = { 'x-forwarded-for': newIp() };
    const byKey = () => checkStatusWith({ ticket_code: ticket.code }, { ...keyHeader(ticket.key), ...from });
    const byPhone = () => checkStatusWith({ ticket_code: ticket.code, phone_number: BOOKED_PHONE }, from);
    // The booking browser polls with the key as often as it needs: none of these is a lookup.
    for (let i = 0; i < TICKET_LOOKUP_LIMIT + 10; i += 1) expect((await byKey()).status).toBe(200);
    // A right phone is counted (before it is checked), and so is a wrong key.
    for (let i = 0; i < TICKET_LOOKUP_LIMIT - 1; i += 1) expect((await byPhone()).status).toBe(200);
    const wrongKey = await checkStatusWith({ ticket_code: ticket.code }, { ...keyHeader(other.key), ...from });
    expect(await refusal(wrongKey, 404)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    // The address's lookups are spent: even the right phone is refused now, and so is a wrong key.
    const spent = await byPhone();
    expect(spent.headers.get('retry-after')).not.toBeNull();
    expect(await refusal(spent, 429)).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    const spentKey = await checkStatusWith({ ticket_code: ticket.code }, { ...keyHeader(other.key), ...from });
    expect(await refusal(spentKey, 429)).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    // The right key still answers, and another address still has its own lookups.
    expect((await byKey()).status).toBe(200);
    const elsewhere = await checkStatusWith(
      { ticket_code: ticket.code, phone_number: BOOKED_PHONE },
      { 'x-forwarded-for': newIp() },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('answers 100 polls of one ticket at once, each with the status, while a wrong key among them is refused', async () => {
    const ticket = await insertTicket();
    const other = await insertTicket();
    await startPayment(t.app, ticket);
    const from = { 'x-forwarded-for': newIp() };
    const polls = Array.from({ length: 100 }, (_, i) =>
      checkStatusWith({ ticket_code: ticket.code }, { ...keyHeader(i === 50 ? other.key : ticket.key), ...from }),
    );
    const answers = await Promise.all(polls);
    expect(await refusal(answers[50] as Response, 404)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    const bodies = await Promise.all(answers.filter((_, i) => i !== 50).map((res) => res.json()));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(99);
    for (const body of bodies) expect((await checkStatusResponseSchema.validate(body)).data.attempt).toBe('pending');
  });

  it('times a processing ticket out (99) once the configured window has passed, and a late payment is kept for a refund', async () => {
    const ticket = await insertTicket();
    const kept = await insertTicket();
    const postpaid = await insertTicket({ payMethodId: 3 });
    const page = await startPayment(t.app, ticket);
    await startPayment(t.app, kept);
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
    expect((await checkStatus(ticket)).transaction_status_id).toBe(TRANSACTION_STATUS.processing);

    await db().update(settings).set({ value: 1 }).where(eq(settings.key, 'payment_window_minutes'));
    try {
      // A new app reads the setting afresh (the running one caches settings for 5 s).
      const shortened = createApp({ database: t.db.database, log: quiet });
      expect((await checkStatus(ticket, shortened)).transaction_status_id).toBe(TRANSACTION_STATUS.timeout);
      expect((await checkStatus(postpaid, shortened)).transaction_status_id).toBe(TRANSACTION_STATUS.processing);
      expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.timeout);
      expect((await checkStatus(ticket, shortened)).data.attempt).toBe('expired');
      // A new attempt on a ticket past its window times the old one out and opens a new window.
      await startedPage(await requestPayment(shortened, kept));
      expect(await ticketStatus(kept.id)).toBe(TRANSACTION_STATUS.processing);
      expect(await paymentsOf(kept.id)).toHaveLength(2);
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
    const res = await post(
      t.app,
      PAYMENT_PATHS.paypalRequest,
      { ticket_code: ticket.code, url_return: RETURN },
      keyHeader(ticket.key),
    );
    const page = await startedPage(res);
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
    // The gateways are chosen from the app's own environment: process.env is not touched.
    vnpayApp = createApp({ database: t.db.database, log: quiet, env: { VNPAY_TMN_CODE: 'VIVUTEST', VNPAY_HASH_SECRET: SECRET } });
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

  it('asks VNPay for its page in the language the ticket was booked in', async () => {
    for (const [lang, locale] of [
      ['vi', 'vn'],
      ['en', 'en'],
    ] as const) {
      const ticket = await insertTicket({ lang });
      expect((await startPayment(vnpayApp, ticket)).searchParams.get('vnp_Locale'), lang).toBe(locale);
      // A page that still says the other language does not change the ticket's.
      const again = await insertTicket({ lang });
      const other = lang === 'vi' ? 'en' : 'vi';
      expect((await startPayment(vnpayApp, again, { lang: other })).searchParams.get('vnp_Locale'), lang).toBe(locale);
    }
  });

  it("redirects to VNPay with a signed request, and applies its IPN once with VNPay's answer codes", async () => {
    const ticket = await insertTicket({ totalCost: 350_000, lang: 'en' });
    const page = await startPayment(vnpayApp, ticket);
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

    // The browser's return carries the same signed parameters plus our ticket_code; the app's page adds the key.
    const back = await vnpayApp.request(
      `${PAYMENT_PATHS.payOnlineResponse}?${new URLSearchParams({ ticket_code: ticket.code, ...ipn(page) }).toString()}`,
      { headers: keyHeader(ticket.key) },
    );
    expect(back.status).toBe(200);
    expect((await payOnlineResponseResponseSchema.validate(await back.json())).transaction_status_id).toBe(2);
  });

  it('keeps a VNPay payment made after a change to cash for the operator to refund (no refund call here), the ticket cash', async () => {
    const ticket = await insertTicket({ totalCost: 252_000 });
    const page = await startPayment(vnpayApp, ticket);
    expect((await changeMethod(ticket, 3, vnpayApp)).status).toBe(200);
    expect(await call(ipn(page, { vnp_TransactionNo: '14226199' }))).toMatchObject({ RspCode: '02' });
    expect(await ticketRow(ticket.id)).toEqual({ status: TRANSACTION_STATUS.success, method: 3 });
    expect((await paymentsOf(ticket.id))[0]).toMatchObject({ status: 'paid_after_change', gatewayTxnNo: '14226199' });
  });

  it('marks the ticket failed (3) on a VNPay failure code', async () => {
    const ticket = await insertTicket();
    const page = await startPayment(vnpayApp, ticket);
    expect(await call(ipn(page, { vnp_ResponseCode: '24', vnp_TransactionStatus: '02' }))).toMatchObject({ RspCode: '00' });
    expect(await ticketStatus(ticket.id)).toBe(TRANSACTION_STATUS.error);
  });
});

describe('without a gateway (no test card in production by accident)', () => {
  it('turns the sandbox on with PAYMENT_SANDBOX=1, off with PAYMENT_SANDBOX=0, else off only in production', () => {
    expect(sandboxEnabled({})).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'test' })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(sandboxEnabled({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' })).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'production', PAYMENT_SANDBOX: '0' })).toBe(false);
    expect(sandboxEnabled({ PAYMENT_SANDBOX: '0' })).toBe(false);
    expect(sandboxEnabled({ PAYMENT_SANDBOX: '1' })).toBe(true);
  });

  it.each([
    ['PAYMENT_SANDBOX=0', { PAYMENT_SANDBOX: '0' }],
    ['NODE_ENV=production', { NODE_ENV: 'production' }],
  ])(
    'with %s and no VNPay, offers no online method and refuses to start a payment (503), creating nothing',
    async (_name, env) => {
      const offline = createApp({ database: t.db.database, log: quiet, env });
      const methods = payMethodsResponseSchema.validateSync(await (await offline.request(BOOKING_PATHS.payMethods)).json());
      expect(methods.data.map((method) => method.id)).toEqual([3]);
      const card = await insertTicket();
      const paypal = await insertTicket({ payMethodId: 4 });
      expect(await refusal(await requestPayment(offline, card), 503)).toBe(PAYMENT_ERROR_KEYS.unavailable);
      expect(await refusal(await requestPayment(offline, paypal, {}, PAYMENT_PATHS.paypalRequest), 503)).toBe(
        PAYMENT_ERROR_KEYS.unavailable,
      );
      expect(await paymentsOf(card.id)).toHaveLength(0);
      expect(await paymentsOf(paypal.id)).toHaveLength(0);
      // The running app (sandbox on) still offers and takes both.
      const live = payMethodsResponseSchema.validateSync(await (await t.app.request(BOOKING_PATHS.payMethods)).json());
      expect(live.data.map((method) => method.id)).toEqual([3, 8, 99]);
    },
  );

  it('with VNPay configured and the sandbox off, takes cards through VNPay and offers no PayPal-style method', async () => {
    const vnpayOnly = createApp({
      database: t.db.database,
      log: quiet,
      env: { VNPAY_TMN_CODE: 'VIVUTEST', VNPAY_HASH_SECRET: 'VNPAYTESTSECRET0123456789', PAYMENT_SANDBOX: '0' },
    });
    const methods = payMethodsResponseSchema.validateSync(await (await vnpayOnly.request(BOOKING_PATHS.payMethods)).json());
    expect(methods.data.map((method) => method.id)).toEqual([3, 8]);
    const card = await insertTicket();
    const page = await startPayment(vnpayOnly, card);
    expect(page.origin).toBe('https://sandbox.vnpayment.vn');
    const paypal = await insertTicket({ payMethodId: 4 });
    expect(await refusal(await requestPayment(vnpayOnly, paypal, {}, PAYMENT_PATHS.paypalRequest), 503)).toBe(
      PAYMENT_ERROR_KEYS.unavailable,
    );
  });
});
