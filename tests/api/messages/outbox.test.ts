// The messages: each event (a booking, a payment, the partner's moves, a cancellation, a refund owed)
// writes one outbox row per channel in its own transaction and, once drained, one line per channel in the outbox
// files, in the ticket's language; a replayed callback or a repeated call writes nothing new; a failing provider is
// retried with back-off until it recovers or the message is given up; a claim is one sender's at a time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { createOutbox } from '../../../src/server/adapters/messaging/outbox';
import { sandboxSign } from '../../../src/server/adapters/payments/sandbox';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { messageOutbox, partnerStaff, settings, tickets } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { SANDBOX_SECRET_KEY } from '../../../src/server/modules/payments/module';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { ipnResponseSchema, PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { staffFleetResponseSchema, staffLoginResponseSchema, PARTNER_PATHS } from '../../../src/shared/contract/partners';
import { formatVnd } from '../../../src/shared/domain/money';
import { pathFor } from '../../../src/shared/domain/route-table';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { bookingPayload, keyHeader, optionOf, payWithSandboxCard, post, startedPage, startPayment } from '../helpers/booking';
import { mailTo, smsTo } from '../helpers/outbox';
import { keyOf } from '../helpers/ticket-key';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';
import { formatPhone } from '../../../src/shared/domain/phone';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema, type TicketInfo } from '../../../src/shared/contract/tickets';

const logs: { message: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = { info: () => {}, error: (message, fields) => logs.push({ message, fields }) };
let db: TestDatabase;
let dataDir: string;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let vivuToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-messages-'));
  app = createApp({ database: db.database, log, dataDir });
  vivu = await optionOf(app, 'Vivu Airport Express');
  vivuToken = await staffToken(vivu.partner.id);
});
afterAll(async () => {
  await db?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const sqlDb = () => db.database.db;
let ipCounter = 0;
const newIp = () => ({ 'x-forwarded-for': `198.18.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}` });

async function staffToken(partnerId: number): Promise<string> {
  const [owner] = await sqlDb()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  const res = await post(app, PARTNER_PATHS.login, { phone_number: owner?.phone, password: partnerDemoPassword() }, newIp());
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

interface Booked {
  id: number;
  code: string;
  key: string;
  phone: string;
  email: string;
  totalCost: number;
  body: Record<string, unknown>;
}

async function book(overrides: Record<string, unknown> = {}, target = app): Promise<Booked> {
  // An address of its own, so that each ticket's e-mails can be counted.
  const body = bookingPayload(vivu, undefined, { email: `p${randomBytes(5).toString('hex')}@example.com`, ...overrides });
  const path = body.pay_method_id === 8 ? BOOKING_PATHS.createTicketPaymentOnline : BOOKING_PATHS.createTicket;
  const res = await post(target, path, body, newIp());
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await sqlDb().select().from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error(`no ticket ${created.ticket_code}`);
  return {
    id: row.id,
    code: row.code,
    key: created.data.ticket_key,
    phone: row.phone,
    email: row.email,
    totalCost: row.totalCost,
    body,
  };
}

/** The ticket's outbox rows as `event channel status`, oldest first. */
async function rowsOf(ticketId: number) {
  return sqlDb().select().from(messageOutbox).where(eq(messageOutbox.ticketId, ticketId)).orderBy(asc(messageOutbox.id));
}
const summary = async (ticketId: number) => (await rowsOf(ticketId)).map((row) => `${row.event} ${row.channel} ${row.status}`);

async function info(ticket: Booked): Promise<TicketInfo> {
  const res = await app.request(`${TICKET_LOOKUP_PATHS.ticketInfo}?ticket_code=${ticket.code}`, {
    headers: keyHeader(ticket.key),
  });
  expect(res.status).toBe(200);
  return ticketInfoResponseSchema.validateSync(await res.json()).data;
}

async function moveTrip(code: string, to: string) {
  const res = await post(app, PARTNER_PATHS.transition, { ticket_code: code, to }, { authorization: `Bearer ${vivuToken}` });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function assignDriver(code: string, which: number) {
  const fleetRes = await app.request(PARTNER_PATHS.fleet, { headers: { authorization: `Bearer ${vivuToken}` } });
  const fleet = staffFleetResponseSchema.validateSync(await fleetRes.json()).data;
  const driver = fleet.drivers[which];
  const car = fleet.cars[0];
  if (!driver || !car) throw new Error('the seeded partner has too few drivers or cars');
  const res = await post(
    app,
    PARTNER_PATHS.assign,
    { ticket_code: code, driver_id: driver.id, car_id: car.id },
    { authorization: `Bearer ${vivuToken}` },
  );
  expect(res.status, await res.clone().text()).toBe(200);
  return { driver, car };
}

/** A signed sandbox callback of a started payment, as the gateway sends (and replays) it. */
async function paidCallback(page: URL): Promise<Record<string, string>> {
  const order = Object.fromEntries(page.searchParams);
  const [secret] = await sqlDb().select({ value: settings.value }).from(settings).where(eq(settings.key, SANDBOX_SECRET_KEY));
  return sandboxSign(
    {
      sb_gateway: order.sb_gateway ?? 'sandbox',
      sb_txn_ref: order.sb_txn_ref ?? '',
      sb_amount: order.sb_amount ?? '',
      sb_ticket_code: order.sb_ticket_code ?? '',
      sb_result: 'paid',
      sb_response_code: '00',
      sb_txn_no: `SB${randomBytes(4).toString('hex')}`,
    },
    String(secret?.value),
  );
}

async function deliver(params: Record<string, string>): Promise<string> {
  const res = await app.request(PAYMENT_PATHS.ipnSandbox, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return ipnResponseSchema.validateSync(await res.json()).RspCode;
}

/** Makes the ticket's rows due now (as if their back-off had passed), by the database's clock. */
async function dueNow(ticketId: number) {
  await sqlDb()
    .update(messageOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(messageOutbox.ticketId, ticketId));
}

/** Seconds from the database's now to the row's next attempt. */
async function secondsUntilDue(id: number): Promise<number> {
  const [row] = await sqlDb()
    .select({ seconds: sql<number>`extract(epoch from ${messageOutbox.nextAttemptAt} - now())`.mapWith(Number) })
    .from(messageOutbox)
    .where(eq(messageOutbox.id, id));
  return row?.seconds ?? Number.NaN;
}

describe('booking received', () => {
  it('writes one SMS and one e-mail with the ticket, sends each once when drained, and says so in get_ticket_info', async () => {
    const ticket = await book();
    expect(await summary(ticket.id)).toEqual(['booking_received sms pending', 'booking_received mail pending']);
    expect((await info(ticket)).messages).toEqual({ sms: 'pending', mail: 'pending' });

    const report = await app.messages.drain();
    expect(report.sent).toBeGreaterThanOrEqual(2);
    expect(await summary(ticket.id)).toEqual(['booking_received sms sent', 'booking_received mail sent']);
    expect((await info(ticket)).messages).toEqual({ sms: 'sent', mail: 'sent' });

    const link = `http://localhost${pathFor('ticket-detail', 'vi', { code: ticket.code, phone: ticket.phone })}`;
    const sms = smsTo(dataDir, ticket.phone);
    expect(sms).toEqual([
      `Vivu: đã nhận đặt xe, mã vé ${ticket.code}. Đón ${String(ticket.body.depart_time)}, ${String(ticket.body.pick_address)} → ${String(ticket.body.drop_address)}. Tổng ${formatVnd(ticket.totalCost)}. Xem vé: ${link}`,
    ]);
    const mails = mailTo(dataDir, ticket.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Vivu đã nhận đặt xe – vé ${ticket.code}`]);
    expect(mails[0]?.text).toContain(`Tổng tiền: ${formatVnd(ticket.totalCost)}`);
    expect(mails[0]?.text).toContain(`Xem và quản lý vé: ${link}`);

    // Nothing is sent twice: a second drain finds nothing due.
    await app.messages.drain();
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
    expect(mailTo(dataDir, ticket.email)).toHaveLength(1);
  });

  it('writes nothing new when the same booking attempt is submitted again', async () => {
    const ticket = await book();
    const again = await post(app, BOOKING_PATHS.createTicket, ticket.body, newIp());
    expect(again.status).toBe(200);
    expect(createTicketResponseSchema.validateSync(await again.json()).ticket_code).toBe(ticket.code);
    expect(await summary(ticket.id)).toEqual(['booking_received sms pending', 'booking_received mail pending']);
    await app.messages.drain();
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
  });

  it('speaks the ticket’s language, with the link of its page in that language', async () => {
    const ticket = await book({ lang: 'en' });
    await app.messages.drain();
    const link = `http://localhost${pathFor('ticket-detail', 'en', { code: ticket.code, phone: ticket.phone })}`;
    const [sms] = smsTo(dataDir, ticket.phone);
    expect(sms).toMatch(new RegExp(`^Vivu: booking received, ticket ${ticket.code}\\. Pick-up `));
    expect(sms).toContain(`Total ${formatVnd(ticket.totalCost)}. Your ticket: ${link}`);
    const [mail] = mailTo(dataDir, ticket.email);
    expect(mail?.subject).toBe(`Vivu booking received – ticket ${ticket.code}`);
    expect(mail?.text).toMatch(/^Hello Nguyễn Văn An,/);
  });
});

describe('payment received', () => {
  it('is told once, however often the gateway replays its callback', async () => {
    const ticket = await book({ pay_method_id: 8 });
    const page = await startedPage(await startPayment(app, ticket));
    const signed = await paidCallback(page);
    expect([await deliver(signed), await deliver(signed), await deliver(signed)]).toEqual(['00', '02', '02']);
    expect(await summary(ticket.id)).toEqual([
      'booking_received sms pending',
      'booking_received mail pending',
      'payment_received sms pending',
      'payment_received mail pending',
    ]);
    await app.messages.drain();
    expect(await deliver(signed)).toBe('02');
    await app.messages.drain();
    const sms = smsTo(dataDir, ticket.phone);
    expect(sms).toHaveLength(2);
    expect(sms[1]).toBe(
      `Vivu: đã nhận thanh toán ${formatVnd(ticket.totalCost)} cho vé ${ticket.code}. Xem vé: http://localhost${pathFor('ticket-detail', 'vi', { code: ticket.code, phone: ticket.phone })}`,
    );
    expect(mailTo(dataDir, ticket.email).map((mail) => mail.subject)).toEqual([
      `Vivu đã nhận đặt xe – vé ${ticket.code}`,
      `Đã thanh toán vé ${ticket.code}`,
    ]);
  });
});

describe('the partner’s moves', () => {
  it('tells the acceptance and each new driver (not the same one again) with the driver’s name, phone and plate', async () => {
    const ticket = await book();
    await moveTrip(ticket.code, 'not_started');
    const first = await assignDriver(ticket.code, 0);
    // The same driver and car again: a repeated call, told once.
    await assignDriver(ticket.code, 0);
    const second = await assignDriver(ticket.code, 1);
    // Setting off and arriving are pushes only, and this ticket has no subscribed browser: nothing is written.
    await moveTrip(ticket.code, 'trip_started');
    await moveTrip(ticket.code, 'arrived_at_pickup');
    expect(await summary(ticket.id)).toEqual([
      'booking_received sms pending',
      'booking_received mail pending',
      'partner_accepted sms pending',
      'partner_accepted mail pending',
      // Each new driver is texted their own trip link too.
      'driver_trip_link sms pending',
      'driver_assigned sms pending',
      'driver_assigned mail pending',
      'driver_trip_link sms pending',
      'driver_assigned sms pending',
      'driver_assigned mail pending',
    ]);
    await app.messages.drain();
    const sms = smsTo(dataDir, ticket.phone);
    expect(sms).toHaveLength(4);
    expect(sms[1]).toMatch(new RegExp(`^Vivu: nhà xe đã nhận chuyến của vé ${ticket.code}, đón `));
    for (const [index, { driver, car }] of [first, second].entries()) {
      expect(sms[2 + index]).toContain(`tài xế ${driver.fullname} (${formatPhone(driver.phone)}), xe ${car.plate}`);
      // The driver's own SMS: the trip and its link, once per new assignment.
      const toDriver = smsTo(dataDir, driver.phone).filter((text) => text.includes(ticket.code));
      expect(toDriver).toHaveLength(1);
      expect(toDriver[0]).toMatch(/ http:\/\/localhost\/tai-xe\/chuyen\/[\w-]{43}$/);
    }
    const mails = mailTo(dataDir, ticket.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Vivu đã nhận đặt xe – vé ${ticket.code}`,
      `Nhà xe đã nhận chuyến – vé ${ticket.code}`,
      `Thông tin tài xế – vé ${ticket.code}`,
      `Thông tin tài xế – vé ${ticket.code}`,
    ]);
    expect(mails[3]?.text).toContain(`Tài xế: ${second.driver.fullname}`);
  });

  it('tells a refusal of a paid ticket, then the refund it owes', async () => {
    const ticket = await book({ pay_method_id: 8 });
    await payWithSandboxCard(app, ticket);
    await moveTrip(ticket.code, 'cancelled');
    expect(await summary(ticket.id)).toEqual([
      'booking_received sms pending',
      'booking_received mail pending',
      'payment_received sms pending',
      'payment_received mail pending',
      'partner_refused sms pending',
      'partner_refused mail pending',
      'refund_owed sms pending',
      'refund_owed mail pending',
    ]);
    await app.messages.drain();
    const sms = smsTo(dataDir, ticket.phone);
    expect(sms).toHaveLength(4);
    expect(sms[2]).toMatch(new RegExp(`^Vivu: rất tiếc, nhà xe không nhận chuyến của vé ${ticket.code}\\.`));
    expect(sms[3]).toBe(
      `Vivu: ${formatVnd(ticket.totalCost)} của vé ${ticket.code} sẽ được hoàn về thẻ bạn đã dùng để thanh toán. Cần hỗ trợ, gọi 1900 6022.`,
    );
  });

  it('sends no e-mail for a ticket that has no address', async () => {
    // Every booking form asks for an address; a ticket without one (written by hand here) gets its SMS alone.
    const departAt = new Date(Date.now() + 2 * 24 * 3600_000);
    const code = `VM${randomBytes(4).toString('hex').toUpperCase()}`;
    const phone = '0912000111';
    const [row] = await sqlDb()
      .insert(tickets)
      .values({
        code,
        ticketSession: `session-${code}`,
        payMethodId: 3,
        partnerId: vivu.partner.id,
        optionId: vivu.option_id,
        dimensionId: 1,
        rideMethodId: 1,
        vehicleId: vivu.vehicle_id,
        departTime: formatVnDateTime(departAt),
        departAt,
        pickAddress: 'Sân bay quốc tế Nội Bài',
        pickComponent: {},
        dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
        fullname: 'Lê Thị Hoa',
        phone,
        email: '',
        merged: 350_000,
        totalCost: 350_000,
      })
      .returning();
    if (!row) throw new Error('no ticket');
    await moveTrip(code, 'not_started');
    expect(await summary(row.id)).toEqual(['partner_accepted sms pending']);
    await app.messages.drain();
    expect(smsTo(dataDir, phone)).toHaveLength(1);
    const ticket = { id: row.id, code, key: await keyOf(sqlDb(), row), phone, email: '', totalCost: 0, body: {} };
    // get_ticket_info reports the booking-received messages only: this ticket has none.
    expect((await info(ticket)).messages).toEqual({});
  });
});

describe('cancellation', () => {
  it('tells the passenger once by SMS and e-mail, in the cancellation’s transaction', async () => {
    const ticket = await book();
    const token = await post(app, CANCEL_PATHS.generateCancelToken, { ticket_code: ticket.code }, keyHeader(ticket.key));
    expect(token.status).toBe(200);
    const cancelToken = cancelTokenResponseSchema.validateSync(await token.json()).data.cancel_token;
    const cancel = () => post(app, CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: cancelToken });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);
    expect((await summary(ticket.id)).filter((row) => row.startsWith('cancelled'))).toEqual([
      'cancelled sms pending',
      'cancelled mail pending',
    ]);
    await app.messages.drain();
    expect(smsTo(dataDir, ticket.phone)[1]).toMatch(new RegExp(`^Vivu: vé ${ticket.code} \\(đón .+\\) đã được hủy lúc `));
    const mail = mailTo(dataDir, ticket.email).at(-1);
    expect(mail?.subject).toBe(`Vé ${ticket.code} đã được hủy`);
    expect(mail?.text).toContain('1900 6022');
  });
});

describe('delivery', () => {
  /** An SMS provider that refuses while `down`, and the texts it took. */
  function flakySms(dir: string) {
    const outbox = createOutbox({ dataDir: dir });
    const state = { down: true, sent: [] as string[] };
    const messaging: Messaging = {
      sms: {
        async send(phone, text) {
          if (state.down) throw new Error('SMS provider answered 503');
          state.sent.push(`${phone} ${text}`);
          await outbox.sms.send(phone, text);
        },
      },
      mailer: outbox.mailer,
    };
    return { state, messaging };
  }

  it('retries a failing SMS provider with an exponential back-off, and marks the message sent once it recovers', async () => {
    const flaky = flakySms(dataDir);
    const other = createApp({ database: db.database, log, dataDir, messaging: flaky.messaging });
    await app.messages.drain();
    const ticket = await book({}, other);
    const sms = async () => (await rowsOf(ticket.id)).find((row) => row.channel === 'sms');

    expect(await other.messages.drain()).toEqual({ sent: 1, retried: 1, failed: 0 });
    let row = await sms();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'SMS provider answered 503' });
    // 10 s after the first failure, by the database's clock.
    expect(await secondsUntilDue(row?.id ?? 0)).toBeGreaterThan(8);
    expect(await secondsUntilDue(row?.id ?? 0)).toBeLessThanOrEqual(10);
    // Not due yet: nothing is tried.
    expect(await other.messages.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await dueNow(ticket.id);
    expect(await other.messages.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await sms();
    expect(row?.attempts).toBe(2);
    // Then 20 s: the delay doubles.
    expect(await secondsUntilDue(row?.id ?? 0)).toBeGreaterThan(18);
    expect(logs.some((entry) => entry.message === 'message send failed, will retry')).toBe(true);
    expect((await info(ticket)).messages).toEqual({ sms: 'pending', mail: 'sent' });

    flaky.state.down = false;
    await dueNow(ticket.id);
    expect(await other.messages.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await sms()).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(flaky.state.sent).toHaveLength(1);
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
    expect((await info(ticket)).messages).toEqual({ sms: 'sent', mail: 'sent' });
  });

  it('gives a message up after its last attempt, and get_ticket_info says it failed', async () => {
    const flaky = flakySms(dataDir);
    const other = createApp({ database: db.database, log, dataDir, messaging: flaky.messaging });
    await app.messages.drain();
    const ticket = await book({}, other);
    // Nine attempts already failed: the tenth is the last.
    await sqlDb()
      .update(messageOutbox)
      .set({ attempts: 9 })
      .where(and(eq(messageOutbox.ticketId, ticket.id), eq(messageOutbox.channel, 'sms')));
    expect(await other.messages.drain()).toEqual({ sent: 1, retried: 0, failed: 1 });
    await dueNow(ticket.id);
    expect(await other.messages.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await info(ticket)).messages).toEqual({ sms: 'failed', mail: 'sent' });
    expect(logs.some((entry) => entry.message === 'message given up')).toBe(true);
  });

  it('sends again a message whose sender died mid-send, once its claim has lapsed', async () => {
    const ticket = await book();
    // Claimed by a sender that died: 'sending', its lease running.
    await sqlDb()
      .update(messageOutbox)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '60 seconds'` })
      .where(eq(messageOutbox.ticketId, ticket.id));
    await app.messages.drain();
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(0);
    expect((await info(ticket)).messages).toEqual({ sms: 'pending', mail: 'pending' });
    await dueNow(ticket.id);
    await app.messages.drain();
    expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
    expect(await summary(ticket.id)).toEqual(['booking_received sms sent', 'booking_received mail sent']);
  });

  it(`hands each row to one sender when two servers drain the same database at once (${TEST_DB})`, async () => {
    const other = createApp({ database: db.database, log, dataDir });
    await app.messages.drain();
    const booked: Booked[] = [];
    for (let i = 0; i < 12; i += 1) booked.push(await book());
    const reports = await Promise.all([app.messages.drain(), other.messages.drain()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(24);
    for (const ticket of booked) {
      expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
      expect(mailTo(dataDir, ticket.email)).toHaveLength(1);
    }
  });
});

describe('the dispatcher', () => {
  it('sends right after the commit once started, and stops without leaving a timer', async () => {
    const other = createApp({ database: db.database, log, dataDir });
    await other.messages.start();
    try {
      const ticket = await book({}, other);
      for (let waited = 0; smsTo(dataDir, ticket.phone).length === 0 && waited < 5000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(smsTo(dataDir, ticket.phone)).toHaveLength(1);
    } finally {
      await other.messages.stop();
    }
  });
});
