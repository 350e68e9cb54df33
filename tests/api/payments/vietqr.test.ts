// VietQR bank transfer. The method is offered only with a receiving account in the settings; a signed
// bank-statement webhook pays the ticket whose code is in the note, for its exact total, once however often it is
// replayed; a forged one changes nothing; a transfer that pays nothing by itself is listed for the staff of the
// partner whose ticket it names, who match it to a ticket by hand or confirm a ticket's transfer by hand, recorded with
// who, when and why. The five attacks on the transfers desk and the webhook (at the end) are refused.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { bankTransfers, messageOutbox, partnerStaff, payments, tickets } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { signBankWebhook } from '../../../src/server/adapters/payments/bank-webhook';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  PAY_METHOD,
  payMethodsResponseSchema,
  TRANSACTION_STATUS,
  VIETQR_PAY_METHOD,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  staffLoginResponseSchema,
  TRANSFER_DESK_PATHS,
  TRANSFER_ERROR_KEYS,
  transferPaidResponseSchema,
  PARTNER_PATHS,
  unmatchedTransfersResponseSchema,
} from '../../../src/shared/contract/partners';
import {
  checkStatusResponseSchema,
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  paymentStartResponseSchema,
} from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { AIRPORT_TRIP, bookingPayload, keyHeader, optionOf, post, uniquePhone, type OwnedTicket } from '../helpers/booking';
import {
  BANK_WEBHOOK_SECRET,
  postBankWebhook,
  sepayBody as statementBody,
  setSystemSettings,
  VIETQR_ACCOUNT,
} from '../helpers/bank-transfers';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

const SECRET = BANK_WEBHOOK_SECRET;
const ACCOUNT = VIETQR_ACCOUNT;
const silent: Logger = { info: () => {}, error: () => {} };

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let thuDo: PriceOption;
let transferId = 0;
let ipCounter = 0;
const newIp = () => `198.19.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;
const sql = () => db.database.db;

const setAccount = (values: Record<string, string>) => setSystemSettings(db, values);

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({
    database: db.database,
    log: silent,
    settingsTtlMs: 0,
    env: { ...process.env, BANK_WEBHOOK_SECRET: SECRET },
  });
  await setAccount(ACCOUNT);
  vivu = await optionOf(app, 'Vivu Airport Express');
  thuDo = await optionOf(app, 'Taxi Thủ Đô');
});
afterAll(async () => {
  await db.cleanup();
});

async function methods(): Promise<number[]> {
  const res = await app.request(BOOKING_PATHS.payMethods);
  return payMethodsResponseSchema.validateSync(await res.json()).data.map((method) => method.id);
}

async function bookTransfer(option: PriceOption = vivu): Promise<OwnedTicket & { total: number }> {
  const payload = bookingPayload(option, AIRPORT_TRIP, { pay_method_id: VIETQR_PAY_METHOD, phone: uniquePhone() });
  const res = await post(app, BOOKING_PATHS.createTicketPaymentOnline, payload, { 'x-forwarded-for': newIp() });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const ticket = { code: created.ticket_code, key: created.data.ticket_key };
  // The passenger's page opens the transfer's attempt: its window starts then.
  const started = await post(
    app,
    PAYMENT_PATHS.payOnlineRequest,
    { ticket_code: ticket.code, pay_method: VIETQR_PAY_METHOD, url_return: '/thanh-toan' },
    keyHeader(ticket.key),
  );
  expect(started.status, await started.clone().text()).toBe(200);
  const url = new URL(paymentStartResponseSchema.validateSync(await started.json()).data.payment_url);
  expect(url.pathname).toBe('/thanh-toan');
  return { ...ticket, total: (await stored(ticket.code)).totalCost };
}

async function stored(code: string) {
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, code));
  if (!row) throw new Error(`no ticket ${code}`);
  return row;
}

/** A SePay notification of an incoming transfer, as its raw body. */
const sepayBody = (amount: number, content: string, id = (transferId += 1)) => statementBody(900_000 + id, amount, content);

const webhook = (body: string, signature?: string | null) => postBankWebhook(app, body, signature);

async function check(ticket: OwnedTicket) {
  const res = await app.request(`${PAYMENT_PATHS.checkStatus}?ticket_code=${ticket.code}`, { headers: keyHeader(ticket.key) });
  return checkStatusResponseSchema.validateSync(await res.json()).data;
}

async function receivedMessages(ticketId: number) {
  return sql()
    .select({ channel: messageOutbox.channel })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.ticketId, ticketId), eq(messageOutbox.event, 'payment_received')));
}

async function staffToken(partnerId = vivu.partner.id): Promise<string> {
  const [owner] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  if (!owner) throw new Error('no owner');
  const res = await post(app, PARTNER_PATHS.login, { phone_number: owner.phone, password: partnerDemoPassword() });
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the VietQR method and its settings', () => {
  it('is offered, and booked, only while the settings name a receiving account', async () => {
    expect(await methods()).toContain(VIETQR_PAY_METHOD);
    await setAccount({ vietqr_account_number: '' });
    try {
      expect(await methods()).not.toContain(VIETQR_PAY_METHOD);
      const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: VIETQR_PAY_METHOD, phone: uniquePhone() });
      const res = await post(app, BOOKING_PATHS.createTicketPaymentOnline, payload, { 'x-forwarded-for': newIp() });
      expect(res.status).toBe(409);
      expect(failureSchema.validateSync(await res.json()).message).toBe(PAYMENT_ERROR_KEYS.unavailable);
    } finally {
      await setAccount(ACCOUNT);
    }
    expect(await methods()).toContain(VIETQR_PAY_METHOD);
  });

  it('gives a transfer its own, longer window', async () => {
    const ticket = await bookTransfer();
    const status = await check(ticket);
    expect(status.transaction_status_id).toBe(TRANSACTION_STATUS.processing);
    expect(status.attempt).toBe('pending');
    const minutes = ((status.expires_at ? Date.parse(status.expires_at) : 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });
});

describe('the bank webhook', () => {
  it('pays once when the same notification comes 20 times at once', async () => {
    const ticket = await bookTransfer();
    const body = sepayBody(ticket.total, `${ticket.code} thanh toan`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body)));
    expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const summaries = (await Promise.all(answers.map((res) => res.json()))) as { paid: number; duplicate: number }[];
    expect(summaries.reduce((sum, one) => sum + one.paid, 0)).toBe(1);
    expect(summaries.reduce((sum, one) => sum + one.duplicate, 0)).toBe(19);

    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const paid = await sql().select().from(payments).where(eq(payments.ticketId, row.id));
    expect(paid.map((payment) => payment.status)).toEqual(['paid']);
    const transfers = await sql().select().from(bankTransfers).where(eq(bankTransfers.ticketId, row.id));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.status).toBe('matched');
    const channels = (await receivedMessages(row.id)).map((message) => message.channel);
    expect(channels.length).toBeGreaterThan(0);
    expect(new Set(channels).size).toBe(channels.length);
    expect((await check(ticket)).transaction_status_id).toBe(TRANSACTION_STATUS.success);
  });

  it('refuses a forged or missing signature and changes nothing', async () => {
    const ticket = await bookTransfer();
    const body = sepayBody(ticket.total, ticket.code);
    const before = (await sql().select().from(bankTransfers)).length;
    const forged = await webhook(body, signBankWebhook(body, 'not-the-secret'));
    expect(forged.status).toBe(401);
    expect(failureSchema.validateSync(await forged.json()).message).toBe(PAYMENT_ERROR_KEYS.badSignature);
    const tampered = await webhook(body.replace(String(ticket.total), String(ticket.total + 1)), signBankWebhook(body, SECRET));
    expect(tampered.status).toBe(401);
    expect((await webhook(body, null)).status).toBe(401);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    expect(await sql().select().from(bankTransfers)).toHaveLength(before);
  });

  it('lists a wrong amount as unmatched; staff match it by hand, once, recorded with who', async () => {
    const ticket = await bookTransfer();
    const res = await webhook(sepayBody(ticket.total - 1000, `chuyen tien ${ticket.code}`));
    expect(((await res.json()) as { unmatched: number }).unmatched).toBe(1);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);

    const token = await staffToken();
    const listed = await app.request(TRANSFER_DESK_PATHS.unmatched, { headers: bearer(token) });
    const list = unmatchedTransfersResponseSchema.validateSync(await listed.json()).data;
    const transfer = list.find((item) => item.ticket_code === ticket.code);
    expect(transfer).toMatchObject({ amount: ticket.total - 1000, reason: 'wrong_amount' });
    if (!transfer) return;
    expect((await app.request(TRANSFER_DESK_PATHS.unmatched)).status).toBe(401);

    const matches = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          app,
          TRANSFER_DESK_PATHS.match,
          { transfer_id: transfer.id, ticket_code: ticket.code, reason: 'bank fee taken from the transfer' },
          bearer(token),
        ),
      ),
    );
    expect(matches.filter((one) => one.status === 200)).toHaveLength(1);
    const refused = matches.filter((one) => one.status === 409);
    expect(refused).toHaveLength(4);
    const answer = transferPaidResponseSchema.validateSync(await matches.find((one) => one.status === 200)?.json());
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const [saved] = await sql().select().from(bankTransfers).where(eq(bankTransfers.id, transfer.id));
    expect(saved).toMatchObject({
      status: 'matched',
      ticketId: row.id,
      matchedBy: answer.data.matched_by,
      handReason: 'bank fee taken from the transfer',
    });
    expect(saved?.matchedAt).toBeInstanceOf(Date);
    expect(
      await sql()
        .select()
        .from(payments)
        .where(and(eq(payments.ticketId, row.id), eq(payments.status, 'paid'))),
    ).toHaveLength(1);
    expect(new Set((await receivedMessages(row.id)).map((message) => message.channel)).size).toBe(
      (await receivedMessages(row.id)).length,
    );
    const after = unmatchedTransfersResponseSchema.validateSync(
      await (await app.request(TRANSFER_DESK_PATHS.unmatched, { headers: bearer(token) })).json(),
    ).data;
    expect(after.some((item) => item.id === transfer.id)).toBe(false);
  });

  it("stores a transfer with no code or an unknown code as unmatched, the operator's: listed to no partner", async () => {
    const plain = await webhook(sepayBody(150_000, 'chuyen tien xe san bay'));
    const unknown = await webhook(sepayBody(150_000, 'VVZZZZZZ'));
    expect([plain.status, unknown.status]).toEqual([200, 200]);
    const stored = await sql()
      .select()
      .from(bankTransfers)
      .where(inArray(bankTransfers.reason, ['no_code', 'unknown_code']));
    expect(stored.some((row) => row.reason === 'no_code' && row.note.includes('chuyen tien xe san bay'))).toBe(true);
    expect(stored.some((row) => row.reason === 'unknown_code' && row.namedTicketId === null)).toBe(true);
    for (const partnerId of [vivu.partner.id, thuDo.partner.id]) {
      const list = unmatchedTransfersResponseSchema.validateSync(
        await (await app.request(TRANSFER_DESK_PATHS.unmatched, { headers: bearer(await staffToken(partnerId)) })).json(),
      ).data;
      expect(list.some((item) => stored.some((row) => row.id === item.id))).toBe(false);
    }
  });
});

describe('confirming a transfer by hand with no bank webhook', () => {
  it("pays a ticket awaiting its transfer once, on the staff's word, recorded with who, when and why", async () => {
    // The same database, served with no BANK_WEBHOOK_SECRET: no bank reports transfers, staff confirm them.
    const noWebhook = createApp({
      database: db.database,
      log: silent,
      settingsTtlMs: 0,
      env: { ...process.env, BANK_WEBHOOK_SECRET: '' },
    });
    const ticket = await bookTransfer();
    const token = await staffToken();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(
          noWebhook,
          TRANSFER_DESK_PATHS.confirm,
          { ticket_code: ticket.code, reason: 'seen on the statement' },
          bearer(token),
        ),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const refusal = failureSchema.validateSync(await answers.find((res) => res.status === 409)?.json());
    expect(refusal.message).toBe(TRANSFER_ERROR_KEYS.notAwaiting);
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const [manual] = await sql().select().from(bankTransfers).where(eq(bankTransfers.ticketId, row.id));
    expect(manual).toMatchObject({
      provider: 'manual',
      status: 'matched',
      amount: ticket.total,
      handReason: 'seen on the statement',
    });
    expect(manual?.matchedBy).toBeGreaterThan(0);
    expect(manual?.matchedAt).toBeInstanceOf(Date);

    // Another partner's staff: the ticket is not found.
    const other = await bookTransfer();
    const res = await post(
      noWebhook,
      TRANSFER_DESK_PATHS.confirm,
      { ticket_code: other.code },
      bearer(await staffToken(thuDo.partner.id)),
    );
    expect(res.status).toBe(404);
    expect((await stored(other.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
  });
});

describe(`attacks on bank transfers (${TEST_DB})`, () => {
  async function confirm(token: string, body: Record<string, unknown>) {
    return post(app, TRANSFER_DESK_PATHS.confirm, body, bearer(token));
  }
  async function unmatchedOf(partnerId: number) {
    const res = await app.request(TRANSFER_DESK_PATHS.unmatched, { headers: bearer(await staffToken(partnerId)) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    return unmatchedTransfersResponseSchema.validateSync(await res.json()).data;
  }
  const transfersOf = async (ticketId: number) =>
    sql().select().from(bankTransfers).where(eq(bankTransfers.namedTicketId, ticketId));

  it('1. with the webhook on, staff cannot confirm a transfer no bank reported; with a reported one they need a reason', async () => {
    const ticket = await bookTransfer();
    const token = await staffToken();
    // No reason: the contract's 400, nothing paid.
    const bare = await confirm(token, { ticket_code: ticket.code });
    expect(bare.status).toBe(400);
    expect(failureSchema.validateSync(await bare.json()).message).toBe(TRANSFER_ERROR_KEYS.reasonRequired);
    const blank = await confirm(token, { ticket_code: ticket.code, reason: '   ' });
    expect(blank.status).toBe(400);
    // A reason, but no bank reported a transfer naming the ticket: refused, nothing recorded.
    const unreported = await confirm(token, { ticket_code: ticket.code, reason: 'the passenger showed me a screenshot' });
    expect(unreported.status).toBe(409);
    expect(failureSchema.validateSync(await unreported.json()).message).toBe(TRANSFER_ERROR_KEYS.notReported);
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    expect(await sql().select().from(bankTransfers).where(eq(bankTransfers.ticketId, row.id))).toEqual([]);
    expect(
      await sql()
        .select()
        .from(payments)
        .where(and(eq(payments.ticketId, row.id), eq(payments.status, 'paid'))),
    ).toEqual([]);

    // The bank reports a transfer naming it, 2,000 đ short (a fee): staff confirm it with a reason, recorded.
    await webhook(sepayBody(ticket.total - 2000, `${ticket.code} ck`));
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => confirm(token, { ticket_code: ticket.code, reason: 'bank fee of 2,000 đ' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const paid = transferPaidResponseSchema.validateSync(await answers.find((res) => res.status === 200)?.json()).data;
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const [reported] = await transfersOf(row.id);
    expect(reported).toMatchObject({
      provider: 'sepay',
      status: 'matched',
      ticketId: row.id,
      amount: ticket.total - 2000,
      matchedBy: paid.matched_by,
      handReason: 'bank fee of 2,000 đ',
    });
    expect(reported?.matchedAt).toBeInstanceOf(Date);
    expect(await transfersOf(row.id)).toHaveLength(1);
    const refusals = await Promise.all(
      answers.filter((res) => res.status === 409).map(async (res) => failureSchema.validateSync(await res.json()).message),
    );
    expect(refusals).toEqual([TRANSFER_ERROR_KEYS.notAwaiting, TRANSFER_ERROR_KEYS.notAwaiting]);
  });

  it("2. a partner's staff list only the transfers naming their own tickets", async () => {
    const mine = await bookTransfer(vivu);
    const theirs = await bookTransfer(thuDo);
    await webhook(sepayBody(mine.total - 1000, `${mine.code} NGUYEN VAN A 0123456789`));
    await webhook(sepayBody(theirs.total - 1000, `${theirs.code} TRAN THI B 9876543210`));
    const vivuList = await unmatchedOf(vivu.partner.id);
    const thuDoList = await unmatchedOf(thuDo.partner.id);
    expect(vivuList.some((item) => item.ticket_code === mine.code)).toBe(true);
    expect(vivuList.some((item) => item.note.includes(theirs.code) || item.note.includes('TRAN THI B'))).toBe(false);
    expect(thuDoList.some((item) => item.ticket_code === theirs.code)).toBe(true);
    expect(thuDoList.some((item) => item.note.includes(mine.code) || item.note.includes('NGUYEN VAN A'))).toBe(false);
    const vivuTickets = await sql().select({ code: tickets.code }).from(tickets).where(eq(tickets.partnerId, vivu.partner.id));
    const codes = new Set(vivuTickets.map((ticket) => ticket.code));
    expect(vivuList.every((item) => item.ticket_code !== null && codes.has(item.ticket_code))).toBe(true);
  });

  it("3. a partner cannot match another partner's passenger's transfer to their own ticket: it answers as an unknown id", async () => {
    const victim = await bookTransfer(vivu);
    const own = await bookTransfer(thuDo);
    // The victim's transfer, 1,000 đ short, waits for staff (matched by hand, a transfer pays whatever it brought).
    await webhook(sepayBody(victim.total - 1000, `${victim.code} chuyen khoan`));
    const [transfer] = await transfersOf((await stored(victim.code)).id);
    if (!transfer) throw new Error('the transfer was not stored');
    const attacker = await staffToken(thuDo.partner.id);
    const probe = (transferId: number) =>
      post(app, TRANSFER_DESK_PATHS.match, { transfer_id: transferId, ticket_code: own.code, reason: 'mine' }, bearer(attacker));
    const unknown = await probe(2_000_000_000);
    const foreign = await probe(transfer.id);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect((await stored(own.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    // Matched by its own partner, a probe still answers as an unknown id (not "already matched").
    const owner = await staffToken(vivu.partner.id);
    const matched = await post(
      app,
      TRANSFER_DESK_PATHS.match,
      { transfer_id: transfer.id, ticket_code: victim.code, reason: 'amount differs' },
      bearer(owner),
    );
    expect(matched.status).toBe(200);
    expect((await stored(victim.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const after = await probe(transfer.id);
    expect(after.status).toBe(404);
    expect(await after.json()).toEqual(await (await probe(2_000_000_001)).json());
    expect((await stored(own.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
  });

  it('4. a transfer into another account pays nothing: recorded as ignored, answered 200', async () => {
    const ticket = await bookTransfer();
    const elsewhere = JSON.parse(sepayBody(ticket.total, ticket.code)) as Record<string, unknown>;
    const bodies = [
      JSON.stringify({ ...elsewhere, accountNumber: '9999999999' }),
      JSON.stringify({ ...elsewhere, id: Number(elsewhere.id) + 500_000, accountNumber: null }),
    ];
    for (const body of bodies) {
      const res = await webhook(body);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, paid: 0, ignored: 1 });
    }
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.processing);
    const ignored = await sql()
      .select()
      .from(bankTransfers)
      .where(inArray(bankTransfers.transactionId, [`sepay:${String(elsewhere.id)}`, `sepay:${Number(elsewhere.id) + 500_000}`]));
    expect(ignored.map((transfer) => [transfer.status, transfer.reason, transfer.ticketId])).toEqual([
      ['ignored', 'other_account', null],
      ['ignored', 'other_account', null],
    ]);
    // Replayed: nothing more. Staff cannot settle the ticket with it either.
    expect(await (await webhook(bodies[0] ?? '')).json()).toMatchObject({ ignored: 0, duplicate: 1 });
    const matched = await post(
      app,
      TRANSFER_DESK_PATHS.match,
      { transfer_id: ignored[0]?.id, ticket_code: ticket.code, reason: 'same amount' },
      bearer(await staffToken()),
    );
    expect(matched.status).toBe(404);
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
  });

  it('5. a batch with a NUL in one note and a row of odd types pays the others, records the bad row, and a retry adds nothing', async () => {
    const [first, second, third] = [await bookTransfer(), await bookTransfer(), await bookTransfer()];
    if (!first || !second || !third) throw new Error('not booked');
    const row = (id: number, amount: unknown, description: unknown) => ({
      id,
      reference: `CASSO${id}`,
      description,
      amount,
      transactionDateTime: '2026-11-25 10:00:00',
      accountNumber: ACCOUNT.vietqr_account_number,
    });
    const base = 700_000 + (transferId += 10) * 10;
    const body = JSON.stringify({
      error: 0,
      data: [
        row(base + 1, first.total, `${first.code}\u0000 chuyen tien`),
        row(base + 2, { value: 1 }, `${'x'.repeat(20_000)} ${second.code}`),
        row(base + 3, '99999999999', second.code),
        row(base + 4, second.total, `${second.code} ck`),
        'not a transaction',
        row(base + 5, third.total, third.code),
      ],
    });
    const res = await webhook(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, paid: 3, rejected: 3, failed: 0 });
    for (const ticket of [first, second, third])
      expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const rejected = await sql().select().from(bankTransfers).where(eq(bankTransfers.status, 'rejected'));
    const ours = rejected.filter(
      (transfer) =>
        transfer.note.includes(String(base + 2)) ||
        transfer.note.includes(String(base + 3)) ||
        transfer.note.includes('not a transaction'),
    );
    expect(ours.map((transfer) => transfer.reason).sort()).toEqual(['bad_amount', 'bad_amount', 'not_an_object']);
    expect(ours.every((transfer) => transfer.note.length <= 300 && transfer.provider === 'casso' && transfer.amount === 0)).toBe(
      true,
    );

    // The service sends the same batch again: every row is a duplicate, nothing is paid twice or recorded again.
    const count = (await sql().select().from(bankTransfers)).length;
    const again = await webhook(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ paid: 0, rejected: 0, duplicate: 6 });
    expect(await sql().select().from(bankTransfers)).toHaveLength(count);
    const paid = await sql()
      .select()
      .from(payments)
      .where(and(eq(payments.ticketId, (await stored(first.code)).id), eq(payments.status, 'paid')));
    expect(paid).toHaveLength(1);
  });

  it('5. a signed SePay body of odd types answers 200 and is recorded as refused, never a 500', async () => {
    const ticket = await bookTransfer();
    const valid = JSON.parse(sepayBody(ticket.total, ticket.code)) as Record<string, unknown>;
    const odd: Record<string, unknown>[] = [
      { ...valid, transferAmount: 99_999_999_999 },
      { ...valid, transferAmount: 'many' },
      { ...valid, transferAmount: -5e300 },
      { ...valid, id: { $gt: 0 } },
      { ...valid, id: 'x'.repeat(5000) },
      { ...valid, transferType: ['in'] },
    ];
    for (const body of odd.map((one) => JSON.stringify(one))) {
      const res = await webhook(body);
      expect(res.status, body.slice(0, 80)).toBe(200);
      expect(await res.json()).toMatchObject({ success: true, paid: 0, rejected: 1 });
    }
    // Odd types in the fields that are not the money still pay: the note with a NUL, a number as the reference.
    const oddText = JSON.stringify({
      ...valid,
      id: Number(valid.id) + 600_000,
      content: `${ticket.code}\u0000`,
      description: { nested: 'x' },
      referenceCode: 12345,
      transactionDate: ['2026'],
    });
    const paid = await webhook(oddText);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ paid: 1 });
    expect((await stored(ticket.code)).transactionStatusId).toBe(TRANSACTION_STATUS.success);
    // Not JSON, or no transfer shape at all: a 400, never a 500.
    for (const body of ['{"transferAmount":', '{"hello":"world"}']) expect((await webhook(body)).status).toBe(400);
  });

  it('never pays online a ticket whose method is now cash: the webhook and the staff leave it unpaid', async () => {
    const ticket = await bookTransfer();
    const changed = await post(
      app,
      PAYMENT_PATHS.changeMethod,
      { ticket_code: ticket.code, pay_method_id: PAY_METHOD.postpaid },
      keyHeader(ticket.key),
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    const before = await stored(ticket.code);
    expect(before.payMethodId).toBe(PAY_METHOD.postpaid);
    const res = await webhook(sepayBody(ticket.total, ticket.code));
    expect(await res.json()).toMatchObject({ paid: 0, unmatched: 1 });
    const [transfer] = await transfersOf(before.id);
    expect(transfer).toMatchObject({ status: 'unmatched', reason: 'not_awaiting' });
    const token = await staffToken();
    const matched = await post(
      app,
      TRANSFER_DESK_PATHS.match,
      { transfer_id: transfer?.id, ticket_code: ticket.code, reason: 'paid after all' },
      bearer(token),
    );
    expect(matched.status).toBe(409);
    expect(failureSchema.validateSync(await matched.json()).message).toBe(TRANSFER_ERROR_KEYS.notAwaiting);
    const confirmed = await confirm(token, { ticket_code: ticket.code, reason: 'paid after all' });
    expect(confirmed.status).toBe(409);
    const after = await stored(ticket.code);
    expect([after.payMethodId, after.transactionStatusId]).toEqual([before.payMethodId, before.transactionStatusId]);
    expect(
      await sql()
        .select()
        .from(payments)
        .where(and(eq(payments.ticketId, after.id), eq(payments.status, 'paid'))),
    ).toEqual([]);
  });
});
