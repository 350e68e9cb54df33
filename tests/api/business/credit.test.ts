// The business partner's credit: a top-up goes through the card gateway (the sandbox's signed redirect,
// page and callback, as a real gateway) and is credited only by the verified callback, once (a replayed or
// concurrent callback credits once, a tampered one nothing, a declined payment nothing); a ticket paid on credit
// is refunded to the credit, once, when the passenger cancels it or the partner refuses it; booking on credit is
// refused with nothing written when the balance is short.
import { and, asc, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSign } from '../../../src/server/adapters/payments/sandbox';
import { createApp } from '../../../src/server/app';
import { settings, partnerStaff, paymentEvents, tickets } from '../../../src/server/db/schema';
import { businessAccounts, businessCreditEntries, businessTopUps } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { SANDBOX_SECRET_KEY } from '../../../src/server/modules/payments/module';
import {
  BOOKING_ERROR_KEYS,
  BOOKING_PATHS,
  createTicketResponseSchema,
  TICKET_STATUS,
} from '../../../src/shared/contract/booking';
import {
  CANCEL_ERROR_KEYS,
  CANCEL_PATHS,
  TICKET_LOOKUP_LIMIT,
  cancelTokenResponseSchema,
} from '../../../src/shared/contract/tickets';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  TOP_UP_MAX,
  TOP_UP_MIN,
  businessLoginResponseSchema,
  businessLogoutResponseSchema,
  creditMoveResponseSchema,
  creditResponseSchema,
  topUpResponseSchema,
  topUpStatusResponseSchema,
} from '../../../src/shared/contract/business';
import { LEAD_PATHS } from '../../../src/shared/contract/leads';
import { PAYMENT_PATHS, SANDBOX_TEST_CARD, ipnResponseSchema } from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { waitForMail } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { BUSINESS_ERROR_KEYS, BUSINESS_PATHS } from '../../../src/shared/contract/business';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let vivu: PriceOption;
let ipCounter = 0;
/** Each call from its own address, so the forms' and lookups' rate limits never interfere. */
const newIp = () => `203.0.113.${(ipCounter += 1) % 250}`;
const sql = () => db.database.db;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-credit-'));
  app = createApp({ database: db.database, log: silent, dataDir });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(app, path, body, { 'x-forwarded-for': newIp(), ...headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown };
}

/** A business partner registered through the lead form, signed in with the password from its e-mail. */
async function businessPartner(): Promise<{ token: string; accountId: number; email: string; password: string }> {
  const email = `ketoan.${Date.now()}.${(ipCounter += 1)}@congty.vn`;
  const lead = await send(LEAD_PATHS.leadContact, {
    type: 'business',
    fullname: 'Trần Thị Bình',
    phone: '0912345678',
    email,
    company_name: 'Công ty TNHH Du lịch Sen',
    lang: 'vi',
  });
  expect(lead.status, lead.text).toBe(200);
  const password = /Mật khẩu: (\S+)/.exec((await waitForMail(dataDir, email)).text)?.[1] ?? '';
  const login = await send(BUSINESS_PATHS.login, { email, password });
  expect(login.status, login.text).toBe(200);
  const [account] = await sql().select().from(businessAccounts).where(eq(businessAccounts.email, email));
  return {
    token: businessLoginResponseSchema.validateSync(login.body).data.token,
    accountId: account!.id,
    email,
    password,
  };
}

async function balanceOf(accountId: number): Promise<number> {
  const [row] = await sql().select().from(businessAccounts).where(eq(businessAccounts.id, accountId));
  return row?.creditBalance ?? -1;
}

async function entriesOf(accountId: number) {
  return sql()
    .select()
    .from(businessCreditEntries)
    .where(eq(businessCreditEntries.accountId, accountId))
    .orderBy(asc(businessCreditEntries.id));
}

/** Starts a top-up: the sandbox gateway's page URL. */
async function startTopUp(token: string, amount: number, lang = 'vi') {
  const res = await send(BUSINESS_PATHS.topUp, { token, amount, lang });
  expect(res.status, res.text).toBe(200);
  const data = topUpResponseSchema.validateSync(res.body).data;
  return { ref: data.ref, page: new URL(data.payment_url) };
}

/** The customer's choice on the sandbox page (which calls the callback route, then redirects the browser back). */
async function submitPage(page: URL, choice: 'pay' | 'decline', card = SANDBOX_TEST_CARD) {
  const form = new URLSearchParams(page.searchParams);
  form.set('choice', choice);
  form.set('card_number', card);
  return app.request(PAYMENT_PATHS.sandboxPay, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}

async function sandboxSecret(): Promise<string> {
  const [row] = await sql().select({ value: settings.value }).from(settings).where(eq(settings.key, SANDBOX_SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('no sandbox secret yet');
  return row.value;
}

/** The callback the sandbox gateway would send for this page. */
async function signedCallback(page: URL, result: 'paid' | 'declined', secret?: string) {
  const order = Object.fromEntries(page.searchParams);
  return sandboxSign(
    {
      sb_gateway: 'sandbox',
      sb_txn_ref: order.sb_txn_ref ?? '',
      sb_amount: order.sb_amount ?? '',
      sb_ticket_code: order.sb_ticket_code ?? '',
      sb_result: result,
      sb_response_code: result === 'paid' ? '00' : '51',
      sb_txn_no: 'SBTEST1',
    },
    secret ?? (await sandboxSecret()),
  );
}

async function deliver(params: Record<string, string>) {
  const res = await app.request(PAYMENT_PATHS.ipnSandbox, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return (await ipnResponseSchema.validate(await res.json())).RspCode;
}

async function topUpStatus(token: string, ref: string) {
  const res = await send(BUSINESS_PATHS.topUpStatus, { token, ref });
  expect(res.status, res.text).toBe(200);
  return topUpStatusResponseSchema.validateSync(res.body).data;
}

/** A postpaid booking of the Vivu option, paid from credit in the same call when a business token is given. */
async function book(overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const payload = bookingPayload(vivu, undefined, { phone, ...overrides });
  const res = await post(app, BOOKING_PATHS.createTicket, payload);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, created.ticket_code));
  return { phone, code: created.ticket_code, row: row!, payload };
}

async function ticketsOfSession(ticketSession: string) {
  return sql().select().from(tickets).where(eq(tickets.ticketSession, ticketSession));
}

/** A funded account: a top-up paid through the sandbox page. */
async function funded(amount: number) {
  const partner = await businessPartner();
  const { page } = await startTopUp(partner.token, amount);
  expect((await submitPage(page, 'pay')).status).toBe(303);
  expect(await balanceOf(partner.accountId)).toBe(amount);
  return partner;
}

/** get_ticket_info's paid_on_credit for the ticket (what the ticket page shows). */
async function paidOnCreditShown(code: string, phone: string): Promise<boolean> {
  const res = await app.request(`${TICKET_LOOKUP_PATHS.ticketInfo}?ticket_code=${code}&phone_number=${phone}&lang=vi`, {
    headers: { 'x-forwarded-for': newIp() },
  });
  expect(res.status).toBe(200);
  return ticketInfoResponseSchema.validateSync(await res.json()).data.paid_on_credit;
}

async function payOnCredit(token: string, code: string, contact: string) {
  return send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: code, contact });
}

describe('credit top-up through the card gateway', () => {
  it('credits nothing at the start, then the paid callback once, and the return page learns the result', async () => {
    const { token, accountId } = await businessPartner();
    const { ref, page } = await startTopUp(token, 2_500_000, 'en');
    expect(ref).toMatch(/^TU[0-9A-Z]+$/);
    expect(page.pathname).toBe(PAYMENT_PATHS.sandboxPay);
    expect(page.searchParams.get('sb_amount')).toBe('2500000');
    expect(page.searchParams.get('sb_return_url')).toMatch(new RegExp(`/en/business/account\\?top_up=${ref}$`));
    // Nothing is credited until the gateway says the money was taken.
    expect(await balanceOf(accountId)).toBe(0);
    expect(await topUpStatus(token, ref)).toMatchObject({ ref, amount: 2_500_000, status: 'pending', credit_balance: 0 });

    const shown = await app.request(`${page.pathname}${page.search}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Credit top-up reference');

    const paid = await submitPage(page, 'pay');
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location') ?? '');
    expect(back.pathname).toBe('/en/business/account');
    expect(back.searchParams.get('top_up')).toBe(ref);
    expect(back.searchParams.get('sb_result')).toBe('paid');

    expect(await balanceOf(accountId)).toBe(2_500_000);
    expect(await topUpStatus(token, ref)).toMatchObject({ status: 'paid', credit_balance: 2_500_000 });
    const credit = creditResponseSchema.validateSync((await send(BUSINESS_PATHS.credit, { token })).body).data;
    expect(credit.entries.map((entry) => [entry.kind, entry.amount, entry.balance_after])).toEqual([
      ['top_up', 2_500_000, 2_500_000],
    ]);
    const [topUp] = await sql().select().from(businessTopUps).where(eq(businessTopUps.txnRef, ref));
    expect(topUp).toMatchObject({ status: 'paid', gateway: 'sandbox', amount: 2_500_000 });
  });

  it('a replayed callback and concurrent ones credit once', async () => {
    const { token, accountId } = await businessPartner();
    const { ref, page } = await startTopUp(token, 1_000_000);
    const callback = await signedCallback(page, 'paid');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(callback)));
    expect(answers.filter((code) => code === '00')).toHaveLength(1);
    expect(answers.filter((code) => code === '02')).toHaveLength(4);
    expect(await deliver(callback)).toBe('02');
    expect(await balanceOf(accountId)).toBe(1_000_000);
    expect((await entriesOf(accountId)).map((entry) => entry.kind)).toEqual(['top_up']);
    const events = await sql().select().from(paymentEvents).where(eq(paymentEvents.txnRef, ref));
    expect(events.map((event) => event.detail).sort()).toEqual([
      'top_up_duplicate',
      'top_up_duplicate',
      'top_up_duplicate',
      'top_up_duplicate',
      'top_up_duplicate',
      'top_up_paid',
    ]);
  });

  it('refuses a tampered or wrongly signed callback and credits nothing', async () => {
    const { token, accountId } = await businessPartner();
    const { ref, page } = await startTopUp(token, 300_000);
    const callback = await signedCallback(page, 'paid');
    // More money than was asked for, with the signature of the true amount.
    expect(await deliver({ ...callback, sb_amount: '300000000' })).toBe('97');
    // Signed with another secret.
    expect(await deliver(await signedCallback(page, 'paid', 'not-the-secret'))).toBe('97');
    // A correctly signed callback for a different amount than the top-up's.
    const secret = await sandboxSecret();
    const wrongAmount = sandboxSign({ ...callback, sb_amount: '900000' }, secret);
    expect(await deliver(wrongAmount)).toBe('04');
    // The page's own parameters, tampered, are refused too.
    const tampered = new URL(page);
    tampered.searchParams.set('sb_amount', '100');
    expect((await app.request(`${tampered.pathname}${tampered.search}`)).status).toBe(400);
    expect(await balanceOf(accountId)).toBe(0);
    expect(await topUpStatus(token, ref)).toMatchObject({ status: 'pending' });
    expect(await entriesOf(accountId)).toEqual([]);
  });

  it('a declined payment credits nothing, and its settled state holds against a later paid callback', async () => {
    const { token, accountId } = await businessPartner();
    const { ref, page } = await startTopUp(token, 400_000);
    const declined = await submitPage(page, 'pay', '4000 0000 0000 0002');
    expect(declined.status).toBe(303);
    expect(new URL(declined.headers.get('location') ?? '').searchParams.get('sb_result')).toBe('declined');
    expect(await topUpStatus(token, ref)).toMatchObject({ status: 'failed', credit_balance: 0 });
    expect(await deliver(await signedCallback(page, 'paid'))).toBe('02');
    expect(await balanceOf(accountId)).toBe(0);
    expect(await entriesOf(accountId)).toEqual([]);
  });

  it('refuses amounts outside the limits, and another account’s top-up is not found', async () => {
    const { token } = await businessPartner();
    for (const amount of [TOP_UP_MIN - 1, TOP_UP_MAX + 1, 150_000.5, 'abc', '']) {
      const res = await send(BUSINESS_PATHS.topUp, { token, amount });
      expect(res.status, String(amount)).toBe(400);
      const fields = failureSchema.validateSync(res.body).errors ?? [];
      expect(fields.find((field) => field.field === 'amount')?.message).toBe(BUSINESS_ERROR_KEYS.topUpAmount);
    }
    expect((await send(BUSINESS_PATHS.topUp, { token: 'nope', amount: TOP_UP_MIN })).status).toBe(401);
    const { ref } = await startTopUp(token, TOP_UP_MIN);
    const other = await businessPartner();
    const res = await send(BUSINESS_PATHS.topUpStatus, { token: other.token, ref });
    expect(res.status).toBe(404);
    expect(failureSchema.validateSync(res.body).message).toBe(BUSINESS_ERROR_KEYS.topUpNotFound);
  });
});

describe('booking on credit', () => {
  it('books and pays from credit in one call when the credit covers it, once for a repeated submission', async () => {
    const { token, accountId } = await funded(5_000_000);
    const { code, row, payload } = await book({ business_token: token });
    expect(row.payMethodId).toBe(3);
    expect(await balanceOf(accountId)).toBe(5_000_000 - row.totalCost);
    const credit = creditResponseSchema.validateSync((await send(BUSINESS_PATHS.credit, { token })).body).data;
    expect(credit.entries[0]).toMatchObject({ kind: 'booking', amount: -row.totalCost, ticket_code: code });
    // The same submission again (same ticket_session) answers the same ticket and debits nothing more.
    const again = await post(app, BOOKING_PATHS.createTicket, payload);
    expect(again.status).toBe(200);
    expect(createTicketResponseSchema.validateSync(await again.json()).ticket_code).toBe(code);
    expect(await balanceOf(accountId)).toBe(5_000_000 - row.totalCost);
    expect((await entriesOf(accountId)).map((entry) => entry.kind)).toEqual(['top_up', 'booking']);
    // The ticket says it was paid from the credit; a cash ticket of the same trip does not.
    expect(await paidOnCreditShown(code, row.phone)).toBe(true);
    const cash = await book();
    expect(await paidOnCreditShown(cash.code, cash.row.phone)).toBe(false);
    // Paying it again afterwards is refused.
    const twice = await payOnCredit(token, code, row.phone);
    expect(failureSchema.validateSync(twice.body).message).toBe(BUSINESS_ERROR_KEYS.alreadyPaid);
  });

  it('refuses a short balance with the balance and the fare, and writes no ticket and no entry', async () => {
    const { token, accountId } = await funded(TOP_UP_MIN);
    const payload = bookingPayload(vivu, undefined, { phone: uniquePhone(), business_token: token });
    const res = await post(app, BOOKING_PATHS.createTicket, payload);
    expect(res.status).toBe(409);
    const failure = failureSchema.validateSync(await res.json());
    expect(failure.message).toBe(BUSINESS_ERROR_KEYS.creditInsufficient);
    expect(failure.errors?.[0]?.params).toMatchObject({ balance: TOP_UP_MIN });
    expect(Number((failure.errors?.[0]?.params as { amount?: number } | undefined)?.amount)).toBeGreaterThan(TOP_UP_MIN);
    expect(await ticketsOfSession(String(payload.ticket_session))).toEqual([]);
    expect(await balanceOf(accountId)).toBe(TOP_UP_MIN);
    expect((await entriesOf(accountId)).map((entry) => entry.kind)).toEqual(['top_up']);
  });

  it('of two bookings racing for a balance that covers one, one is booked and the other refused with nothing written', async () => {
    const probe = await book();
    const { token, accountId } = await funded(
      probe.row.totalCost + 50_000 > TOP_UP_MIN ? probe.row.totalCost + 50_000 : TOP_UP_MIN,
    );
    const start = await balanceOf(accountId);
    const payloads = [0, 1].map(() => bookingPayload(vivu, undefined, { phone: uniquePhone(), business_token: token }));
    const answers = await Promise.all(payloads.map((payload) => post(app, BOOKING_PATHS.createTicket, payload)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const written = (await Promise.all(payloads.map((payload) => ticketsOfSession(String(payload.ticket_session))))).flat();
    expect(written).toHaveLength(1);
    expect(await balanceOf(accountId)).toBe(start - probe.row.totalCost);
    expect((await entriesOf(accountId)).map((entry) => [entry.kind, entry.ticketId])).toEqual([
      ['top_up', null],
      ['booking', written[0]?.id],
    ]);
  });

  it('refuses a wrong business token and an online pay method, writing nothing', async () => {
    const { token } = await funded(TOP_UP_MIN * 10);
    const wrong = bookingPayload(vivu, undefined, { phone: uniquePhone(), business_token: 'not-a-token' });
    const unauthorized = await post(app, BOOKING_PATHS.createTicket, wrong);
    expect(unauthorized.status).toBe(401);
    expect(failureSchema.validateSync(await unauthorized.json()).message).toBe(BUSINESS_ERROR_KEYS.unauthorized);
    const online = bookingPayload(vivu, undefined, { phone: uniquePhone(), business_token: token, pay_method_id: 8 });
    const refused = await post(app, BOOKING_PATHS.createTicket, online);
    expect(refused.status).toBe(422);
    expect(failureSchema.validateSync(await refused.json()).message).toBe(BUSINESS_ERROR_KEYS.creditPayMethod);
    expect(await ticketsOfSession(String(wrong.ticket_session))).toEqual([]);
    expect(await ticketsOfSession(String(online.ticket_session))).toEqual([]);
  });

  it('pay_on_credit still pays an already booked postpaid ticket, and refuses a short balance', async () => {
    const { token, accountId } = await funded(TOP_UP_MIN);
    const { phone, code, row } = await book();
    const poor = await payOnCredit(token, code, phone);
    expect(poor.status).toBe(409);
    const failure = failureSchema.validateSync(poor.body);
    expect(failure.message).toBe(BUSINESS_ERROR_KEYS.creditInsufficient);
    expect(failure.errors?.[0]?.params).toEqual({ balance: TOP_UP_MIN, amount: row.totalCost });
    expect((await entriesOf(accountId)).map((entry) => entry.kind)).toEqual(['top_up']);
    const rich = await funded(5_000_000);
    const paid = await payOnCredit(rich.token, code, phone);
    expect(paid.status, paid.text).toBe(200);
    expect(creditMoveResponseSchema.validateSync(paid.body).data.entry).toMatchObject({
      kind: 'booking',
      amount: -row.totalCost,
    });
    expect(await balanceOf(rich.accountId)).toBe(5_000_000 - row.totalCost);
  });
  it('pay_on_credit proves the ticket like every ticket call: a wrong contact is an unknown ticket, each try a lookup', async () => {
    const { token, accountId } = await funded(5_000_000);
    const { phone, code, row } = await book();
    // One address of its own (outside newIp's range), whose ticket lookups this test spends.
    const from = { 'x-forwarded-for': '198.51.100.18' };
    const tryPay = async (contact: string, ticketCode = code) => {
      const res = await post(app, BUSINESS_PATHS.payOnCredit, { token, ticket_code: ticketCode, contact }, from);
      return { status: res.status, body: failureSchema.validateSync(await res.json()) };
    };
    // An unknown code, a wrong phone and a wrong e-mail get the same answer.
    const wrong = [
      ['VTNOSUCH0', phone],
      [code, '0911111111'],
      [code, 'someone.else@example.com'],
    ] as const;
    for (const [ticketCode, contact] of wrong) {
      const res = await tryPay(contact, ticketCode);
      expect(res.status, contact).toBe(404);
      expect(res.body.message).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    }
    // Every contact proof is one of the address's lookups, counted before it is checked.
    for (let i = wrong.length; i < TICKET_LOOKUP_LIMIT; i += 1) expect((await tryPay('0911111111')).status).toBe(404);
    const spent = await tryPay(phone);
    expect(spent.status).toBe(429);
    expect(spent.body.message).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    // Nothing was paid by any of them.
    expect(await balanceOf(accountId)).toBe(5_000_000);
    expect((await entriesOf(accountId)).map((entry) => entry.kind)).toEqual(['top_up']);
    // From another address the ticket's e-mail proves it as well as its phone.
    const paid = await payOnCredit(token, code, row.email.toUpperCase());
    expect(paid.status, paid.text).toBe(200);
    expect(await balanceOf(accountId)).toBe(5_000_000 - row.totalCost);
  });
});

describe('sign-out', () => {
  it('ends that session on the server: its token no longer reads the credit nor pays, another session still does', async () => {
    const partner = await funded(5_000_000);
    const other = await send(BUSINESS_PATHS.login, { email: partner.email, password: partner.password });
    expect(other.status, other.text).toBe(200);
    const otherToken = businessLoginResponseSchema.validateSync(other.body).data.token;
    const { phone, code } = await book();

    const out = await send(BUSINESS_PATHS.logout, {}, { authorization: `Bearer ${partner.token}` });
    expect(out.status, out.text).toBe(200);
    expect(businessLogoutResponseSchema.validateSync(out.body).data.logged_out).toBe(true);
    // Idempotent, and an unknown token answers the same.
    const again = await send(BUSINESS_PATHS.logout, {}, { authorization: `Bearer ${partner.token}` });
    const unknown = await send(BUSINESS_PATHS.logout, {}, { authorization: 'Bearer not-a-session' });
    const none = await send(BUSINESS_PATHS.logout, {});
    for (const answer of [again, unknown, none]) expect([answer.status, answer.text]).toEqual([out.status, out.text]);

    for (const refused of [
      await send(BUSINESS_PATHS.credit, { token: partner.token }),
      await send(BUSINESS_PATHS.credit, {}, { authorization: `Bearer ${partner.token}` }),
      await payOnCredit(partner.token, code, phone),
    ]) {
      expect(refused.status, refused.text).toBe(401);
      expect(failureSchema.validateSync(refused.body).message).toBe(BUSINESS_ERROR_KEYS.unauthorized);
    }
    const onCredit = bookingPayload(vivu, undefined, { phone: uniquePhone(), business_token: partner.token });
    expect((await post(app, BOOKING_PATHS.createTicket, onCredit)).status).toBe(401);
    expect(await ticketsOfSession(String(onCredit.ticket_session))).toEqual([]);
    expect(await balanceOf(partner.accountId)).toBe(5_000_000);

    const credit = await send(BUSINESS_PATHS.credit, {}, { authorization: `Bearer ${otherToken}` });
    expect(credit.status, credit.text).toBe(200);
    expect(creditResponseSchema.validateSync(credit.body).data.credit_balance).toBe(5_000_000);
    const paid = await payOnCredit(otherToken, code, phone);
    expect(paid.status, paid.text).toBe(200);
  });
});

describe('cancellation refunds the credit', () => {
  /** Booked on credit in one call, or (`twoStep`) booked postpaid and then paid with pay_on_credit. */
  async function paidOnCredit(twoStep = false) {
    const partner = await funded(2_000_000);
    const ticket = await book(twoStep ? {} : { business_token: partner.token });
    if (twoStep) expect((await payOnCredit(partner.token, ticket.code, ticket.phone)).status).toBe(200);
    return { ...partner, ...ticket };
  }

  it('when the passenger cancels, once', async () => {
    const { accountId, code, phone, row } = await paidOnCredit(true);
    const tokenRes = await send(CANCEL_PATHS.generateCancelToken, { ticket_code: code, phone_number: phone });
    expect(tokenRes.status, tokenRes.text).toBe(200);
    const cancelToken = cancelTokenResponseSchema.validateSync(tokenRes.body).data.cancel_token;
    const cancelled = await send(CANCEL_PATHS.cancelBooking, { ticket_code: code, cancel_token: cancelToken });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await balanceOf(accountId)).toBe(2_000_000);
    const entries = await entriesOf(accountId);
    expect(entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter, entry.source])).toEqual([
      ['top_up', 2_000_000, 2_000_000, 'sandbox'],
      ['booking', -row.totalCost, 2_000_000 - row.totalCost, ''],
      ['refund', row.totalCost, 2_000_000, 'passenger_cancel'],
    ]);
    // A second cancellation changes nothing.
    const again = await send(CANCEL_PATHS.cancelBooking, { ticket_code: code, cancel_token: cancelToken });
    expect(again.status).not.toBe(200);
    expect(await balanceOf(accountId)).toBe(2_000_000);
    expect(await entriesOf(accountId)).toHaveLength(3);
    // Given back: the ticket no longer says it was paid from the credit.
    expect(await paidOnCreditShown(code, phone)).toBe(false);
  });

  it('when the partner refuses the ride', async () => {
    const { accountId, code, row } = await paidOnCredit();
    const [owner] = await sql()
      .select({ phone: partnerStaff.phone })
      .from(partnerStaff)
      .where(and(eq(partnerStaff.partnerId, vivu.partner.id), eq(partnerStaff.role, 'owner')));
    const login = await send(PARTNER_PATHS.login, { phone_number: owner!.phone, password: partnerDemoPassword() });
    const staffToken = staffLoginResponseSchema.validateSync(login.body).data.token;
    const refused = await send(
      PARTNER_PATHS.transition,
      { ticket_code: code, to: 'cancelled', reason: 'Hết xe' },
      { authorization: `Bearer ${staffToken}` },
    );
    expect(refused.status, refused.text).toBe(200);
    const [stored] = await sql().select().from(tickets).where(eq(tickets.id, row.id));
    expect(stored?.status).toBe(TICKET_STATUS.cancelled);
    expect(await balanceOf(accountId)).toBe(2_000_000);
    expect((await entriesOf(accountId)).map((entry) => [entry.kind, entry.amount, entry.source])).toEqual([
      ['top_up', 2_000_000, 'sandbox'],
      ['booking', -row.totalCost, ''],
      ['refund', row.totalCost, 'partner_refused'],
    ]);
    // A cancelled ticket can no longer be paid from credit.
    expect((await payOnCredit((await businessPartner()).token, code, row.phone)).status).toBe(409);
  });
});
