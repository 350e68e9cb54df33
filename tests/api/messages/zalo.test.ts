// The trip messages as Zalo template messages through the outbox, against the local fake of ZNS's
// message/template endpoint (tests/fakes/zalo-fake.ts): a booking's message goes to Zalo, a phone Zalo refuses gets
// one SMS (one row, one send, however often the dispatcher runs), a transient failure is retried by Zalo, not SMS.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { zaloPhone } from '../../../src/server/adapters/messaging/zalo';
import { messageOutbox, tickets } from '../../../src/server/db/schema';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { formatVnd } from '../../../src/shared/domain/money';
import { bookingPayload, keyHeader, optionOf, post, uniquePhone } from '../helpers/booking';
import { smsTo } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { startZaloFake, type ZaloFake } from '../../fakes/zalo-fake';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

const quiet = { info() {}, error() {} };
let db: TestDatabase;
let dataDir: string;
let fake: ZaloFake;
let app: ReturnType<typeof createApp>;
let env: NodeJS.ProcessEnv;
let vivu: PriceOption;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-zalo-'));
  fake = await startZaloFake();
  env = {
    ZALO_ACCESS_TOKEN: fake.accessToken,
    ZALO_BASE_URL: fake.url.replace(/\/message\/template$/, ''),
    ZALO_TEMPLATE_BOOKING_RECEIVED: '231001',
    ZALO_TEMPLATE_DRIVER_ASSIGNED: '231002',
    ZALO_TEMPLATE_PAYMENT_RECEIVED: '231003',
    ZALO_TEMPLATE_CANCELLED: '231004',
  };
  app = createApp({ database: db.database, log: quiet, dataDir, env });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await fake.close();
  await db?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const sqlDb = () => db.database.db;
let ipCounter = 0;
const newIp = () => ({ 'x-forwarded-for': `198.19.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}` });

async function book(overrides: Record<string, unknown> = {}) {
  const body = bookingPayload(vivu, undefined, { email: `z${randomBytes(5).toString('hex')}@example.com`, ...overrides });
  const res = await post(app, BOOKING_PATHS.createTicket, body, newIp());
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await sqlDb().select().from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error(`no ticket ${created.ticket_code}`);
  return { ...row, key: created.data.ticket_key };
}

/** get_ticket_info's messages, which the success page reads (proven by the ticket's key). */
async function messagesOf(ticket: { code: string; key: string }) {
  const res = await app.request(`${TICKET_LOOKUP_PATHS.ticketInfo}?ticket_code=${ticket.code}`, {
    headers: keyHeader(ticket.key),
  });
  expect(res.status).toBe(200);
  return ticketInfoResponseSchema.validateSync(await res.json()).data.messages;
}

const rowsOf = (ticketId: number) =>
  sqlDb().select().from(messageOutbox).where(eq(messageOutbox.ticketId, ticketId)).orderBy(asc(messageOutbox.id));
/** The phone's messages (the e-mail rows are the outbox tests' concern). */
const summary = async (ticketId: number) =>
  (await rowsOf(ticketId)).filter((row) => row.channel !== 'mail').map((row) => `${row.event} ${row.channel} ${row.status}`);

describe('Zalo configured', () => {
  it('sends the booking message as a Zalo template message, not an SMS', async () => {
    const ticket = await book();
    expect(await summary(ticket.id)).toEqual(['booking_received zalo pending']);
    await app.messages.drain();
    expect(await summary(ticket.id)).toEqual(['booking_received zalo sent']);
    const sent = fake.delivered.filter((message) => message.phone === zaloPhone(ticket.phone));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      template_id: '231001',
      template_data: {
        customer_name: ticket.fullname,
        ticket_code: ticket.code,
        pickup_time: ticket.departTime,
        total: formatVnd(ticket.totalCost),
      },
    });
    expect(smsTo(dataDir, ticket.phone)).toEqual([]);
    expect(await messagesOf(ticket)).toMatchObject({ zalo: 'sent' });
    expect((await messagesOf(ticket))?.sms).toBeUndefined();
  });

  it('falls back to one SMS for a phone Zalo refuses, even when the dispatcher runs twice', async () => {
    const phone = uniquePhone();
    fake.refusePhone(zaloPhone(phone) ?? '', -118);
    const ticket = await book({ phone });
    const calls = fake.calls();
    await app.messages.drain();
    expect(fake.calls()).toBe(calls + 1);
    expect(await summary(ticket.id)).toEqual(['booking_received zalo failed', 'booking_received sms sent']);
    const zaloRow = (await rowsOf(ticket.id)).find((row) => row.channel === 'zalo');
    expect(zaloRow?.lastError).toMatch(/^zalo: .*-118/);
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
    expect(smsTo(dataDir, ticket.phone)[0]).toContain(ticket.code);
    expect(await messagesOf(ticket)).toMatchObject({ zalo: 'failed', sms: 'sent' });

    // The Zalo row is taken again (a second dispatcher found its claim lapsed): two dispatchers run at once.
    await sqlDb()
      .update(messageOutbox)
      .set({ status: 'pending', nextAttemptAt: sql`now() - interval '1 second'` })
      .where(and(eq(messageOutbox.ticketId, ticket.id), eq(messageOutbox.channel, 'zalo')));
    const other = createApp({ database: db.database, log: quiet, dataDir, env });
    await Promise.all([app.messages.drain(), other.messages.drain()]);
    expect(await summary(ticket.id)).toEqual(['booking_received zalo failed', 'booking_received sms sent']);
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
  });

  it('retries a transient Zalo failure by Zalo, with no SMS', async () => {
    const ticket = await book();
    fake.failNext('unknown_error');
    const report = await app.messages.drain();
    expect(report.retried).toBeGreaterThanOrEqual(1);
    expect(await summary(ticket.id)).toEqual(['booking_received zalo pending']);
    await sqlDb()
      .update(messageOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messageOutbox.ticketId, ticket.id));
    await app.messages.drain();
    expect(await summary(ticket.id)).toEqual(['booking_received zalo sent']);
    expect(smsTo(dataDir, ticket.phone)).toEqual([]);
  });

  it('keeps the SMS for a ticket booked in English (the Zalo templates are Vietnamese)', async () => {
    const ticket = await book({ lang: 'en' });
    expect(await summary(ticket.id)).toEqual(['booking_received sms pending']);
  });
});

describe('Zalo not configured', () => {
  it('writes the SMS as before', async () => {
    const plain = createApp({ database: db.database, log: quiet, dataDir, env: {} });
    const body = bookingPayload(vivu, undefined, { email: 'plain@example.com' });
    const res = await post(plain, BOOKING_PATHS.createTicket, body, newIp());
    expect(res.status).toBe(200);
    const code = createTicketResponseSchema.validateSync(await res.json()).ticket_code;
    const [row] = await sqlDb().select({ id: tickets.id }).from(tickets).where(eq(tickets.code, code));
    expect(await summary(row?.id ?? 0)).toEqual(['booking_received sms pending']);
  });
});
