// A bank transfer of another amount than the ticket's total. Short: it pays nothing, and the passenger sees what is
// still to transfer; the rest sent with the same note completes the sum and pays the ticket, all transfers matched.
// More than the total: the ticket is paid and the extra is a 'due' refund. The passenger reads this with the ticket's
// proof only, and sees only their own ticket's transfers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { bankTransfers, payments, refunds, tickets } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  TRANSACTION_STATUS,
  VIETQR_PAY_METHOD,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { PAYMENT_PATHS, paymentStartResponseSchema, transferStatusResponseSchema } from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { AIRPORT_TRIP, bookingPayload, keyHeader, optionOf, post, uniquePhone, type OwnedTicket } from '../helpers/booking';
import { BANK_WEBHOOK_SECRET, postBankWebhook, sepayBody, setSystemSettings, VIETQR_ACCOUNT } from '../helpers/bank-transfers';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let transferId = 0;
let ipCounter = 0;
const newIp = () => `198.20.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;
const sql = () => db.database.db;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, settingsTtlMs: 0, env: { ...process.env, BANK_WEBHOOK_SECRET } });
  await setSystemSettings(db, VIETQR_ACCOUNT);
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
});

type Booked = OwnedTicket & { id: number; total: number; phone: string };

async function bookTransfer(): Promise<Booked> {
  const phone = uniquePhone();
  const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: VIETQR_PAY_METHOD, phone });
  const res = await post(app, BOOKING_PATHS.createTicketPaymentOnline, payload, { 'x-forwarded-for': newIp() });
  expect(res.status).toBe(200);
  const created = createTicketResponseSchema.validateSync(await res.json());
  const ticket = { code: created.ticket_code, key: created.data.ticket_key };
  const started = await post(
    app,
    PAYMENT_PATHS.payOnlineRequest,
    { ticket_code: ticket.code, pay_method: VIETQR_PAY_METHOD, url_return: '/thanh-toan' },
    keyHeader(ticket.key),
  );
  paymentStartResponseSchema.validateSync(await started.json());
  const row = await stored(ticket.code);
  return { ...ticket, id: row.id, total: row.totalCost, phone };
}

async function stored(code: string) {
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, code));
  if (!row) throw new Error(`no ticket ${code}`);
  return row;
}

/** A signed SePay notification of an incoming transfer; the webhook's counts. */
async function transfer(amount: number, content: string) {
  const res = await postBankWebhook(app, sepayBody(700_000 + (transferId += 1), amount, content));
  expect(res.status).toBe(200);
  return (await res.json()) as { paid: number; unmatched: number };
}

async function status(ticket: { code: string }, headers: Record<string, string>, query = '') {
  return app.request(`${PAYMENT_PATHS.transferStatus}?ticket_code=${ticket.code}${query}`, {
    headers: { 'x-forwarded-for': newIp(), ...headers },
  });
}

async function view(ticket: Booked) {
  const res = await status(ticket, keyHeader(ticket.key));
  expect(res.status).toBe(200);
  return transferStatusResponseSchema.validateSync(await res.json()).data;
}

describe(`a transfer of another amount than the total (${TEST_DB})`, () => {
  it('short: pays nothing and shows the rest; the rest with the same note pays the ticket, both transfers matched', async () => {
    const ticket = await bookTransfer();
    const first = ticket.total - 40_000;
    expect((await transfer(first, `${ticket.code} chuyen khoan`)).unmatched).toBe(1);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    expect(await view(ticket)).toMatchObject({
      total_cost: ticket.total,
      received: first,
      remaining: 40_000,
      extra: 0,
      refund_status: null,
    });
    expect((await view(ticket)).transfers.map((item) => item.amount)).toEqual([first]);

    expect((await transfer(40_000, `${ticket.code}`)).paid).toBe(1);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const rows = await sql().select().from(bankTransfers).where(eq(bankTransfers.namedTicketId, ticket.id));
    expect(rows.map((row) => [row.amount, row.status, row.ticketId])).toEqual(
      expect.arrayContaining([
        [first, 'matched', ticket.id],
        [40_000, 'matched', ticket.id],
      ]),
    );
    const paid = await sql()
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, ticket.id), eq(payments.status, 'paid')));
    expect(paid.map((row) => row.amount)).toEqual([ticket.total]);
    expect(await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.id))).toEqual([]);
    expect(await view(ticket)).toMatchObject({ received: ticket.total, remaining: 0, extra: 0, refund_status: null });
  });

  it('still short after two transfers: the rest is what both leave', async () => {
    const ticket = await bookTransfer();
    await transfer(50_000, ticket.code);
    await transfer(60_000, ticket.code);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    expect(await view(ticket)).toMatchObject({ received: 110_000, remaining: ticket.total - 110_000 });
  });

  it('more than the total: the ticket is paid and the extra is a due refund, shown to the passenger', async () => {
    const ticket = await bookTransfer();
    expect((await transfer(ticket.total + 10_000, `${ticket.code}`)).paid).toBe(1);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const owed = await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.id));
    expect(owed.map((row) => [row.amount, row.reason, row.status])).toEqual([[10_000, 'overpaid', 'due']]);
    expect(await view(ticket)).toMatchObject({
      received: ticket.total + 10_000,
      remaining: 0,
      extra: 10_000,
      refund_status: 'due',
    });
  });

  it('a short transfer and then the whole total: paid, and the short one is the extra refunded', async () => {
    const ticket = await bookTransfer();
    await transfer(100_000, ticket.code);
    expect((await transfer(ticket.total, ticket.code)).paid).toBe(1);
    expect(await view(ticket)).toMatchObject({ received: ticket.total + 100_000, extra: 100_000, refund_status: 'due' });
  });

  it('two halves at once pay the ticket once, with no refund', async () => {
    const ticket = await bookTransfer();
    const half = Math.floor(ticket.total / 2);
    const results = await Promise.all([transfer(half, ticket.code), transfer(ticket.total - half, ticket.code)]);
    expect(results.reduce((sum, one) => sum + one.paid, 0)).toBe(1);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    expect(await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.id))).toEqual([]);
  });

  it('a cancellation of an overpaid ticket still owes its total back, beside the extra', async () => {
    const ticket = await bookTransfer();
    await transfer(ticket.total + 5_000, ticket.code);
    const tokenRes = await post(
      app,
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: ticket.code, phone_number: ticket.phone, lang: 'en' },
      { 'x-forwarded-for': newIp() },
    );
    expect(tokenRes.status).toBe(200);
    const token = cancelTokenResponseSchema.validateSync(await tokenRes.json()).data;
    // What a cancellation refunds is the ticket's total; the extra is owed on its own.
    expect(token.refund_amount).toBe(ticket.total);
    const cancelled = await post(app, CANCEL_PATHS.cancelBooking, {
      ticket_code: ticket.code,
      cancel_token: token.cancel_token,
      lang: 'en',
    });
    expect(cancelled.status).toBe(200);
    const owed = await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.id));
    expect(owed.map((row) => [row.reason, row.amount]).sort()).toEqual([
      ['overpaid', 5_000],
      ['passenger_cancel', ticket.total],
    ]);
  });
});

describe("who may read a ticket's transfers", () => {
  it("the ticket proven by its key or its phone; another ticket's key, a wrong phone or no proof are refused", async () => {
    const mine = await bookTransfer();
    const theirs = await bookTransfer();
    await transfer(20_000, mine.code);
    await transfer(30_000, theirs.code);
    const byPhone = await status(mine, {}, `&phone_number=${mine.phone}`);
    expect(byPhone.status).toBe(200);
    const seen = transferStatusResponseSchema.validateSync(await byPhone.json()).data;
    expect(seen.transfers.map((item) => item.amount)).toEqual([20_000]);

    const wrongKey = await status(mine, keyHeader(theirs.key));
    expect(wrongKey.status).toBe(404);
    const wrongPhone = await status(mine, {}, '&phone_number=0912999999');
    expect(wrongPhone.status).toBe(404);
    const none = await status(mine, {});
    expect(none.status).toBe(400);
    expect(failureSchema.validateSync(await none.json()).code).toBe('error');
  });
});
