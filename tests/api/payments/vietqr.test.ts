// issue 23: VietQR bank transfer. The method is offered only with a receiving account in the settings; a signed
// bank-statement webhook pays the ticket whose code is in the note, for its exact total, once however often it is
// replayed; a forged one changes nothing; a transfer that pays nothing by itself is listed for the partner's staff,
// who match it to a ticket by hand or confirm a ticket's transfer by hand, recorded with who and when.
import { and, eq, sql as raw } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { bankTransfers, messageOutbox, partnerStaff, payments, settings, tickets } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import { SETTING_GROUPS } from '../../../src/server/db/seed';
import type { Logger } from '../../../src/server/http/errors';
import { signBankWebhook } from '../../../src/server/adapters/payments/bank-webhook';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  payMethodsResponseSchema,
  TRANSACTION_STATUS,
  VIETQR_PAY_METHOD,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  agentLoginResponseSchema,
  TRANSFER_DESK_PATHS,
  TRANSFER_ERROR_KEYS,
  transferPaidResponseSchema,
  TRIP_PATHS,
  unmatchedTransfersResponseSchema,
} from '../../../src/shared/contract/partners';
import {
  checkStatusResponseSchema,
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  paymentStartResponseSchema,
} from '../../../src/shared/contract/payments';
import type { PriceListItem } from '../../../src/shared/contract/pricing';
import { AIRPORT_TRIP, bookingPayload, keyHeader, optionOf, post, uniquePhone, type OwnedTicket } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const SECRET = 'test-bank-webhook-secret';
const ACCOUNT = { vietqr_bank_bin: '970436', vietqr_account_number: '0011001234567', vietqr_account_name: 'CONG TY VIVU' };
const silent: Logger = { info: () => {}, error: () => {} };

let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceListItem;
let transferId = 0;
let ipCounter = 0;
const newIp = () => `198.19.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;
const sql = () => db.database.db;

async function setAccount(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values))
    await sql()
      .insert(settings)
      .values({ key, grp: SETTING_GROUPS.system, value: raw`${JSON.stringify(value)}::jsonb` })
      .onConflictDoUpdate({ target: settings.key, set: { value: raw`excluded.value` } });
}

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
});
afterAll(async () => {
  await db.cleanup();
});

async function methods(): Promise<number[]> {
  const res = await app.request(BOOKING_PATHS.payMethods);
  return payMethodsResponseSchema.validateSync(await res.json()).data.map((method) => method.id);
}

async function bookTransfer(): Promise<OwnedTicket & { total: number }> {
  const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: VIETQR_PAY_METHOD, phone: uniquePhone() });
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
function sepayBody(amount: number, content: string, id = (transferId += 1)) {
  return JSON.stringify({
    id: 900_000 + id,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-25 10:00:00',
    accountNumber: ACCOUNT.vietqr_account_number,
    content,
    transferType: 'in',
    transferAmount: amount,
    referenceCode: `FT26${900_000 + id}`,
    description: `MBVCB.${id}.${content}.CT tu 0123456789`,
  });
}

function webhook(body: string, signature: string | null = signBankWebhook(body, SECRET)) {
  return app.request(PAYMENT_PATHS.bankWebhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-signature': signature }) },
    body,
  });
}

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

async function staffToken(): Promise<string> {
  const [owner] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, vivu.partner.id), eq(partnerStaff.role, 'owner')));
  if (!owner) throw new Error('no owner');
  const res = await post(app, TRIP_PATHS.login, { phone_number: owner.phone, password: partnerDemoPassword() });
  return agentLoginResponseSchema.validateSync(await res.json()).data.token;
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
        post(app, TRANSFER_DESK_PATHS.match, { transfer_id: transfer.id, ticket_code: ticket.code }, bearer(token)),
      ),
    );
    expect(matches.filter((one) => one.status === 200)).toHaveLength(1);
    const refused = matches.filter((one) => one.status === 409);
    expect(refused).toHaveLength(4);
    const answer = transferPaidResponseSchema.validateSync(await matches.find((one) => one.status === 200)?.json());
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const [saved] = await sql().select().from(bankTransfers).where(eq(bankTransfers.id, transfer.id));
    expect(saved).toMatchObject({ status: 'matched', ticketId: row.id, matchedBy: answer.data.matched_by });
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

  it('stores a transfer with no code or an unknown code as unmatched', async () => {
    await webhook(sepayBody(150_000, 'chuyen tien xe san bay'));
    await webhook(sepayBody(150_000, 'VVZZZZZZ'));
    const token = await staffToken();
    const list = unmatchedTransfersResponseSchema.validateSync(
      await (await app.request(TRANSFER_DESK_PATHS.unmatched, { headers: bearer(token) })).json(),
    ).data;
    expect(list.some((item) => item.reason === 'no_code' && item.note.includes('chuyen tien xe san bay'))).toBe(true);
    expect(list.some((item) => item.reason === 'unknown_code' && item.ticket_code === 'VVZZZZZZ')).toBe(true);
  });
});

describe('confirming a transfer by hand', () => {
  it('pays a ticket awaiting its transfer once; another partner cannot', async () => {
    const ticket = await bookTransfer();
    const token = await staffToken();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post(app, TRANSFER_DESK_PATHS.confirm, { ticket_code: ticket.code }, bearer(token))),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const refusal = failureSchema.validateSync(await answers.find((res) => res.status === 409)?.json());
    expect(refusal.message).toBe(TRANSFER_ERROR_KEYS.notAwaiting);
    const row = await stored(ticket.code);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);
    const [manual] = await sql().select().from(bankTransfers).where(eq(bankTransfers.ticketId, row.id));
    expect(manual).toMatchObject({ provider: 'manual', status: 'matched', amount: ticket.total });
    expect(manual?.matchedBy).toBeGreaterThan(0);

    const other = await bookTransfer();
    const [stranger] = await sql()
      .select({ phone: partnerStaff.phone, partnerId: partnerStaff.partnerId })
      .from(partnerStaff)
      .where(eq(partnerStaff.role, 'owner'));
    const strangers = await sql().select({ phone: partnerStaff.phone, partnerId: partnerStaff.partnerId }).from(partnerStaff);
    const foreign = strangers.find((staff) => staff.partnerId !== vivu.partner.id) ?? stranger;
    if (!foreign || foreign.partnerId === vivu.partner.id) throw new Error('no staff of another partner');
    const login = await post(app, TRIP_PATHS.login, { phone_number: foreign.phone, password: partnerDemoPassword() });
    const foreignToken = agentLoginResponseSchema.validateSync(await login.json()).data.token;
    const res = await post(app, TRANSFER_DESK_PATHS.confirm, { ticket_code: other.code }, bearer(foreignToken));
    expect(res.status).toBe(404);
    expect((await stored(other.code)).transactionStatusId).toBe(TRANSACTION_STATUS.processing);
  });
});
