// The payment window is the server's: a ticket whose window has passed times out with no page open (the sweep that
// main.ts starts in every process), each ticket once however many processes sweep, a card's after
// payment_window_minutes and a bank transfer's after transfer_window_minutes. The browser's Back from a gateway closes
// the attempt it left for (abandon_attempt, with the ticket's proof), as the gateway's own back button does; an attempt
// that was paid stays paid, and a payment that still arrives for a closed attempt is applied.
import { eq, sql as raw } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { payments, settings, tickets } from '../../../src/server/db/schema';
import { SETTING_GROUPS } from '../../../src/server/db/seed';
import type { Logger } from '../../../src/server/http/errors';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  TRANSACTION_STATUS,
  VIETQR_PAY_METHOD,
} from '../../../src/shared/contract/booking';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import {
  abandonAttemptResponseSchema,
  checkStatusResponseSchema,
  PAYMENT_PATHS,
  paymentStartResponseSchema,
} from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { AIRPORT_TRIP, bookingPayload, keyHeader, optionOf, post, uniquePhone, type OwnedTicket } from '../helpers/booking';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

type App = ReturnType<typeof createApp>;
type Entry = { message: string; fields?: Record<string, unknown> };

const MINUTE = 60_000;
/** The test clock: the real time moved on by `offset` (the window is never waited out). */
let offset = 0;
const clock = () => new Date(Date.now() + offset);

const logOf = (entries: Entry[]): Logger => ({
  info: (message, fields) => entries.push({ message, fields }),
  error: (message, fields) => entries.push({ message, fields }),
});

let db: TestDatabase;
let app: App;
const logs: Entry[] = [];
let vivu: PriceOption;
let ipCounter = 0;
const newIp = () => `198.20.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;
const sql = () => db.database.db;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: logOf(logs), now: clock, settingsTtlMs: 0 });
  // A VietQR receiving account, so a bank transfer can be booked.
  for (const [key, value] of Object.entries({
    vietqr_bank_bin: '970436',
    vietqr_account_number: '0011001234567',
    vietqr_account_name: 'CONG TY VIVU',
  }))
    await sql()
      .insert(settings)
      .values({ key, grp: SETTING_GROUPS.system, value: raw`${JSON.stringify(value)}::jsonb` })
      .onConflictDoUpdate({ target: settings.key, set: { value: raw`excluded.value` } });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db?.cleanup();
});

async function book(payMethod = 8): Promise<OwnedTicket & { id: number }> {
  const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: payMethod, phone: uniquePhone() });
  const res = await post(app, BOOKING_PATHS.createTicketPaymentOnline, payload, { 'x-forwarded-for': newIp() });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.code, created.ticket_code));
  return { code: created.ticket_code, key: created.data.ticket_key, id: row!.id };
}

/** Starts an attempt (the card gateway, or a transfer): its gateway URL and its reference. */
async function start(ticket: OwnedTicket, payMethod = 8) {
  const res = await post(
    app,
    PAYMENT_PATHS.payOnlineRequest,
    { ticket_code: ticket.code, pay_method: payMethod, url_return: '/ket-qua-thanh-toan' },
    keyHeader(ticket.key),
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const started = paymentStartResponseSchema.validateSync(await res.json()).data;
  return { page: new URL(started.payment_url), ref: started.attempt_ref };
}

async function statusOf(id: number): Promise<number> {
  const [row] = await sql().select({ status: tickets.transactionStatusId }).from(tickets).where(eq(tickets.id, id));
  return row!.status;
}

async function check(ticket: OwnedTicket) {
  const res = await app.request(`${PAYMENT_PATHS.checkStatus}?ticket_code=${ticket.code}`, { headers: keyHeader(ticket.key) });
  expect(res.status).toBe(200);
  return checkStatusResponseSchema.validateSync(await res.json()).data;
}

function abandon(ticket: OwnedTicket, ref: string, headers = keyHeader(ticket.key)) {
  return post(app, PAYMENT_PATHS.abandonAttempt, { ticket_code: ticket.code, attempt_ref: ref }, headers);
}

/** The passenger's choice on the sandbox gateway's page (its callback included): the status of the redirect. */
async function onGateway(page: URL, choice: 'pay' | 'decline' | 'abandon'): Promise<number> {
  const form = new URLSearchParams(page.searchParams);
  form.set('choice', choice);
  form.set('card_number', '4111 1111 1111 1111');
  const res = await app.request(PAYMENT_PATHS.sandboxPay, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return res.status;
}

const timedOutLogs = (entries: Entry[], id: number) =>
  entries.filter((entry) => entry.message.startsWith('payment window closed') && entry.fields?.ticket_id === id);

describe(`the payment window sweep (${TEST_DB})`, () => {
  it('times out a card ticket whose window passed with no page open, once, and leaves the others', async () => {
    offset = 0;
    await app.paymentWindow.sweep();
    const atGateway = await book();
    await start(atGateway);
    // No attempt ever started: the window runs from the booking.
    const neverStarted = await book();
    const paid = await book();
    expect(await onGateway((await start(paid)).page, 'pay')).toBe(303);

    // Inside the window nothing moves.
    offset = 4 * MINUTE;
    expect(await app.paymentWindow.sweep()).toEqual([]);
    expect(await statusOf(atGateway.id)).toBe(TRANSACTION_STATUS.processing);

    // Past the card window (payment_window_minutes, 5): both unpaid tickets time out, nobody having asked.
    offset = 5 * MINUTE + 5_000;
    expect((await app.paymentWindow.sweep()).sort()).toEqual([atGateway.id, neverStarted.id].sort());
    expect(await statusOf(atGateway.id)).toBe(TRANSACTION_STATUS.timeout);
    expect(await statusOf(neverStarted.id)).toBe(TRANSACTION_STATUS.timeout);
    expect(await statusOf(paid.id)).toBe(TRANSACTION_STATUS.success);
    // Once: a second sweep finds nothing, and the follow-up (the log line) was written once per ticket.
    expect(await app.paymentWindow.sweep()).toEqual([]);
    expect(timedOutLogs(logs, atGateway.id)).toHaveLength(1);
    // Its page, opened later, reads the time-out: the window closed with the attempt unanswered.
    expect(await check(atGateway)).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.timeout, attempt: 'expired' });

    // Paying again reopens the ticket with a new attempt, whose own window the sweep keeps.
    offset = 0;
    await start(atGateway);
    expect(await statusOf(atGateway.id)).toBe(TRANSACTION_STATUS.processing);
    expect(await app.paymentWindow.sweep()).not.toContain(atGateway.id);
    expect(await statusOf(atGateway.id)).toBe(TRANSACTION_STATUS.processing);
  });

  it("keeps a bank transfer's longer window (transfer_window_minutes, 30)", async () => {
    offset = 0;
    const transfer = await book(VIETQR_PAY_METHOD);
    await start(transfer, VIETQR_PAY_METHOD);
    const card = await book();
    await start(card);
    offset = 6 * MINUTE;
    const first = await app.paymentWindow.sweep();
    expect(first).toContain(card.id);
    expect(first).not.toContain(transfer.id);
    expect(await statusOf(transfer.id)).toBe(TRANSACTION_STATUS.processing);
    offset = 30 * MINUTE + 5_000;
    expect(await app.paymentWindow.sweep()).toEqual([transfer.id]);
    expect(await statusOf(transfer.id)).toBe(TRANSACTION_STATUS.timeout);
  });

  it('times out each ticket once when three processes sweep one database at once', async () => {
    offset = 0;
    await app.paymentWindow.sweep();
    // Two more server processes: their own connections on PostgreSQL (as WEB_CONCURRENCY's workers), one database.
    let second: Database | null = null;
    const otherLogs: Entry[] = [];
    if (db.url) second = await openDatabase({ databaseUrl: db.url, maxConnections: 5 });
    try {
      const other = createApp({ database: second ?? db.database, log: logOf(otherLogs), now: clock, settingsTtlMs: 0 });
      const third = createApp({ database: second ?? db.database, log: logOf(otherLogs), now: clock, settingsTtlMs: 0 });
      const booked: (OwnedTicket & { id: number })[] = [];
      for (let i = 0; i < 24; i += 1) {
        const ticket = await book();
        if (i % 2 === 0) await start(ticket);
        booked.push(ticket);
      }
      offset = 5 * MINUTE + 5_000;
      const before = logs.length;
      const rounds = await Promise.all([app, other, third].map((server) => server.paymentWindow.sweep()));
      const all = rounds.flat();
      const ids = booked.map((ticket) => ticket.id);
      // Every ticket timed out, by exactly one of the sweeps.
      expect([...all].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const ticket of booked) {
        expect(await statusOf(ticket.id)).toBe(TRANSACTION_STATUS.timeout);
        expect(timedOutLogs(logs.slice(before), ticket.id).length + timedOutLogs(otherLogs, ticket.id).length).toBe(1);
      }
      expect(await Promise.all([app, other, third].map((server) => server.paymentWindow.sweep()))).toEqual([[], [], []]);
    } finally {
      await second?.close();
    }
  });

  it('sweeps on its own once started (as main.ts starts it), and stops', async () => {
    offset = 0;
    const ticket = await book();
    await start(ticket);
    offset = 5 * MINUTE + 5_000;
    app.paymentWindow.start();
    try {
      for (let waited = 0; (await statusOf(ticket.id)) !== TRANSACTION_STATUS.timeout && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await statusOf(ticket.id)).toBe(TRANSACTION_STATUS.timeout);
    } finally {
      await app.paymentWindow.stop();
    }
  });
});

describe(`the browser's Back from a gateway (${TEST_DB})`, () => {
  it('closes the attempt it left for at once ("not paid"), and the ticket is paid again', async () => {
    offset = 0;
    const ticket = await book();
    const { ref } = await start(ticket);
    expect((await check(ticket)).attempt).toBe('pending');
    const res = await abandon(ticket, ref);
    expect(res.status).toBe(200);
    expect(abandonAttemptResponseSchema.validateSync(await res.json()).data).toMatchObject({
      attempt: 'abandoned',
      transaction_status_id: TRANSACTION_STATUS.processing,
    });
    expect((await check(ticket)).attempt).toBe('abandoned');
    // Said twice (the page shown again): the same answer, nothing more changes.
    expect(abandonAttemptResponseSchema.validateSync(await (await abandon(ticket, ref)).json()).data.attempt).toBe('abandoned');
    // Pay again: a new attempt, paid.
    expect(await onGateway((await start(ticket)).page, 'pay')).toBe(303);
    expect(await check(ticket)).toMatchObject({ attempt: 'paid', transaction_status_id: TRANSACTION_STATUS.success });
  });

  it('answers "timed out", not "went back", to a Back after the window has passed', async () => {
    offset = 0;
    const ticket = await book();
    const { ref } = await start(ticket);
    offset = 5 * MINUTE + 5_000;
    expect(await app.paymentWindow.sweep()).toContain(ticket.id);
    const res = await abandon(ticket, ref);
    expect(res.status).toBe(200);
    expect(abandonAttemptResponseSchema.validateSync(await res.json()).data).toMatchObject({
      attempt: 'expired',
      transaction_status_id: TRANSACTION_STATUS.timeout,
    });
    offset = 0;
  });

  it('leaves a paid attempt paid, and applies a payment that arrives after the Back', async () => {
    offset = 0;
    // Paid in another tab before this one came back: still paid.
    const paidFirst = await book();
    const first = await start(paidFirst);
    expect(await onGateway(first.page, 'pay')).toBe(303);
    const answer = abandonAttemptResponseSchema.validateSync(await (await abandon(paidFirst, first.ref)).json()).data;
    expect(answer).toMatchObject({ attempt: 'paid', transaction_status_id: TRANSACTION_STATUS.success });

    // Back, then the gateway's page (Forward, or another tab) pays that attempt: the money is real, the ticket paid.
    const paidAfter = await book();
    const later = await start(paidAfter);
    expect((await abandon(paidAfter, later.ref)).status).toBe(200);
    expect(await onGateway(later.page, 'pay')).toBe(303);
    expect(await check(paidAfter)).toMatchObject({ attempt: 'paid', transaction_status_id: TRANSACTION_STATUS.success });
    const [row] = await sql().select().from(payments).where(eq(payments.txnRef, later.ref));
    expect(row?.status).toBe('paid');
    // A decline of the closed attempt changes nothing.
    const declined = await book();
    const attempt = await start(declined);
    await abandon(declined, attempt.ref);
    expect(await onGateway(attempt.page, 'decline')).toBe(303);
    expect(await check(declined)).toMatchObject({ attempt: 'abandoned', transaction_status_id: TRANSACTION_STATUS.processing });
  });

  it("needs the ticket's proof and one of its own attempts, and leaves a bank transfer's attempt open", async () => {
    offset = 0;
    const ticket = await book();
    const { ref } = await start(ticket);
    const other = await book();
    const otherAttempt = await start(other);
    // No proof: 400; a wrong key: the 404 of an unknown ticket; another ticket's attempt: 404.
    const bare = await abandon(ticket, ref, {});
    expect(bare.status).toBe(400);
    const wrongKey = await abandon(ticket, ref, keyHeader('not-the-key'));
    expect(wrongKey.status).toBe(404);
    const foreign = await abandon(ticket, otherAttempt.ref);
    expect(foreign.status).toBe(404);
    expect(failureSchema.validateSync(await foreign.json()).message).toBe(ERROR_KEYS.notFound);
    // Bad input is a 400, never a 500.
    const missing = await post(app, PAYMENT_PATHS.abandonAttempt, { ticket_code: ticket.code }, keyHeader(ticket.key));
    expect(missing.status).toBe(400);
    const nul = await abandon(ticket, `${ref}\u0000`);
    expect(nul.status).toBe(400);
    expect((await check(ticket)).attempt).toBe('pending');
    expect((await check(other)).attempt).toBe('pending');

    const transfer = await book(VIETQR_PAY_METHOD);
    const opened = await start(transfer, VIETQR_PAY_METHOD);
    const kept = abandonAttemptResponseSchema.validateSync(await (await abandon(transfer, opened.ref)).json()).data;
    expect(kept.attempt).toBe('pending');
  });
});
