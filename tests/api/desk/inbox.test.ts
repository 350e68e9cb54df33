// The desk's inbox: a passenger's special request and idle call-back request (sent through the passengers' own calls)
// listed for support with their promise clocks; of two members taking one item at once one wins; the special request
// taken, answered by e-mail through the outbox (in the passenger's language, 48 h minus the time taken left on its
// clock), closed and reopened, each with its history and audit entry; every inbox call answered as an unknown route
// to a stranger or the wrong role; bad input refused with the contract's keys; the answer times against promises; a
// ticket without a driver near its pick-up, and a ticket its partner refused (not one the passenger cancelled).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { createApp } from '../../../src/server/app';
import {
  bankTransfers,
  deskAudit,
  tickets,
  messageOutbox,
  partnerStaff,
  transportPartners,
  users,
} from '../../../src/server/db/schema';
import { partnerDemoPassword, partnerDemoPhone } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import {
  INBOX_ERROR_KEYS,
  INBOX_PATHS,
  inboxItemResponseSchema,
  inboxPageResponseSchema,
  type InboxItemDetail,
} from '../../../src/shared/contract/desk-inbox';
import { ERROR_KEYS } from '../../../src/shared/contract/envelope';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { LEAD_PATHS, specialRequestResponseSchema } from '../../../src/shared/contract/leads';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import {
  COMPLAINT_REPLY_WORKING_DAYS,
  complaintReference,
  complaintResponseSchema,
  SUPPORT_PATHS,
} from '../../../src/shared/contract/support';
import { CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { endOfWorkingDays, formatVnDate } from '../../../src/shared/domain/vn-time';
import { bookingPayload, inTwoDays, optionOf, post } from '../helpers/booking';
import { deskMember, type TestDeskMember } from '../helpers/desk-member';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

interface Answer {
  code: string;
  message: string;
  data: unknown;
  errors?: { field: string; message: string; params?: Record<string, unknown> }[];
}

const silent: Logger = { info: () => {}, error: () => {} };
const HOUR = 3600;
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
/** The server's clock, moved by the tests (whole seconds, so the clocks' seconds are exact). */
let clock = new Date(Math.floor(Date.now() / 1000) * 1000);
const clockNow = () => clock;
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const mails: { to: string; subject: string; text: string }[] = [];
const messaging: Messaging = {
  sms: { send: async () => {} },
  mailer: { send: async (to, subject, text) => void mails.push({ to, subject, text }) },
};
let support: TestDeskMember;
let otherSupport: TestDeskMember;

async function call(path: string, options: { token?: string; body?: object } = {}) {
  const res = await app.request(path, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.36',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

const detailOf = (answer: { status: number; body: Answer }): InboxItemDetail => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return inboxItemResponseSchema.validateSync(answer.body).data;
};

async function list(query: string, token = support.token) {
  const answer = await call(`${INBOX_PATHS.list}?${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return inboxPageResponseSchema.validateSync(answer.body).data;
}

const PASSENGER = { email: 'an.nguyen@example.com', phone: '0912000036' };

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, messaging, now: clockNow });
  support = await deskMember(app, 'support', clockNow);
  otherSupport = await deskMember(app, 'support', clockNow);
});
afterAll(async () => {
  await db.cleanup();
});

describe('the inbox', () => {
  it('lists a special request and an idle call-back request with their promise clocks', async () => {
    const sent = await call(LEAD_PATHS.specialRequest, {
      body: {
        fullname: 'Nguyễn Văn An',
        phone_code: '84',
        phone: PASSENGER.phone,
        email: PASSENGER.email,
        pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
        drop_address: 'Hạ Long, Quảng Ninh',
        depart_time: inTwoDays('07:30'),
        days: 2,
        seats: 16,
        vehicle_count: 1,
        note: 'Wedding guests',
        lang: 'en',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(specialRequestResponseSchema.validateSync(sent.body).data.reply_within_hours).toBe(48);
    const callback = await call(SUPPORT_PATHS.request, {
      body: { user: { phone: '0987 000 136', note: 'Which car for 9 people?' }, page: '/', lang: 'vi' },
    });
    expect(callback.status, JSON.stringify(callback.body)).toBe(200);

    const page = await list('state=active');
    const special = page.items.find((item) => item.kind === 'special_request')!;
    expect(special).toMatchObject({ name: 'Nguyễn Văn An', state: 'open', taken_by: null });
    expect(special.clock).toMatchObject({ seconds_left: 48 * HOUR, overdue: false, answered_at: null, within_promise: null });
    const call_back = page.items.find((item) => item.kind === 'callback')!;
    expect(call_back).toMatchObject({ name: '0987000136', summary: 'Which car for 9 people?' });
    expect(call_back.clock.seconds_left).toBe(30 * 60);
    // The filters are the server's: by kind, and overdue once the call-back's half hour has passed.
    expect((await list('kind=callback')).items.map((item) => item.id)).toEqual([call_back.id]);
    tick(HOUR);
    expect((await list('overdue=true')).items.map((item) => item.id)).toEqual([call_back.id]);

    // A bank transfer whose note names no ticket is the operator's: in the inbox, promised nothing, answerable nowhere.
    const [transfer] = await db.database.db
      .insert(bankTransfers)
      .values({
        provider: 'sepay',
        transactionId: 'T36',
        reference: 'FT36',
        amount: 1_250_000,
        note: 'chuyen tien xe',
        reason: 'no_code',
      })
      .returning();
    const [money] = (await list('kind=bank_transfer')).items;
    expect(money).toMatchObject({ name: '1.250.000đ', summary: 'chuyen tien xe', clock: { due_at: null, seconds_left: null } });
    const moneyDetail = detailOf(await call(`${INBOX_PATHS.item}?id=${money!.id}`, { token: support.token }));
    expect(moneyDetail.channels).toEqual([]);
    expect(moneyDetail.fields).toContainEqual({ key: 'reference', value: transfer!.reference });

    // Of two members taking the call-back at once, one wins and the other is told who has it.
    const takes = await Promise.all(
      [support, otherSupport].map(({ token }) => call(INBOX_PATHS.take, { token, body: { id: call_back.id } })),
    );
    expect(takes.map((take) => take.status).sort()).toEqual([200, 409]);
    const lost = takes.find((take) => take.status === 409)!;
    const winner = takes[0]!.status === 200 ? support : otherSupport;
    expect(lost.body.message).toBe(INBOX_ERROR_KEYS.takenByOther);
    expect(lost.body.errors?.[0]?.params).toEqual({ email: winner.email });
    expect((await list('mine=true', winner.token)).items.map((item) => item.id)).toEqual([call_back.id]);
    // A call-back request gave a phone only: the answer cannot go by e-mail.
    const byMail = await call(INBOX_PATHS.answer, {
      token: winner.token,
      body: { id: call_back.id, channel: 'mail', text: 'We called you.' },
    });
    expect(byMail.status).toBe(400);
    expect(byMail.body.errors).toEqual([{ field: 'channel', message: INBOX_ERROR_KEYS.channel }]);
  });

  it('lists a complaint due at the end of the second working day, acknowledged by e-mail with its number', async () => {
    const sent = await call(SUPPORT_PATHS.complaint, {
      body: {
        fullname: 'Trần Thị Bình',
        phone_code: '84',
        phone: '0912 000 236',
        email: 'binh.tran@example.com',
        ticket_code: 'vvab23cd',
        topic: 'late',
        description: 'The car came 40 minutes late to Noi Bai and I missed my meeting.',
        lang: 'en',
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const result = complaintResponseSchema.validateSync(sent.body).data;
    const due = endOfWorkingDays(clock, COMPLAINT_REPLY_WORKING_DAYS);
    expect(result).toEqual({ id: result.id, reference: complaintReference(result.id), reply_by: due.toISOString() });
    expect(result.reference).toMatch(/^KN\d{6}$/);

    const [item] = (await list('kind=complaint')).items;
    expect(item).toMatchObject({ name: 'Trần Thị Bình', state: 'open', clock: { due_at: due.toISOString() } });
    expect(item!.summary).toBe(
      `${result.reference} · VVAB23CD · The car came 40 minutes late to Noi Bai and I missed my meeting.`,
    );
    const detail = detailOf(await call(`${INBOX_PATHS.item}?id=${item!.id}`, { token: support.token }));
    expect(detail.person).toEqual({ name: 'Trần Thị Bình', phone: '0912000236', email: 'binh.tran@example.com', lang: 'en' });
    expect(detail.channels).toEqual(['mail', 'sms']);
    expect(detail.fields).toEqual([
      { key: 'complaint_reference', value: result.reference },
      { key: 'ticket_code', value: 'VVAB23CD' },
      { key: 'complaint_topic', value: 'late' },
      { key: 'description', value: 'The car came 40 minutes late to Noi Bai and I missed my meeting.' },
    ]);

    // The acknowledgement: one e-mail in the person's language, with the number and the promise's last day.
    const rows = await db.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.subject, `complaint-${result.id}`));
    expect(rows.map((row) => [row.event, row.channel, row.recipient, row.lang])).toEqual([
      ['complaint_received', 'mail', 'binh.tran@example.com', 'en'],
    ]);
    await app.messages.drain();
    const mail = mails.findLast((m) => m.to === 'binh.tran@example.com')!;
    expect(mail.subject).toBe(`Vivu has received your complaint ${result.reference}`);
    expect(mail.text).toContain(`by the end of ${formatVnDate(due.getTime() - 1)} (2 working days)`);

    // Without an e-mail nothing is sent: a public form never texts the number it was given.
    const quiet = await call(SUPPORT_PATHS.complaint, {
      body: {
        fullname: 'Lê Văn Cường',
        phone: '0912000237',
        topic: 'lost_item',
        description: 'I left a black backpack in the car on the back seat.',
        lang: 'vi',
      },
    });
    const quietId = complaintResponseSchema.validateSync(quiet.body).data.id;
    expect(
      await db.database.db
        .select()
        .from(messageOutbox)
        .where(eq(messageOutbox.subject, `complaint-${quietId}`)),
    ).toEqual([]);
  });

  it('takes, answers through the outbox, closes and reopens the special request, with its history and audit', async () => {
    const [item] = (await list('kind=special_request')).items;
    const opened = detailOf(await call(`${INBOX_PATHS.item}?id=${item!.id}`, { token: support.token }));
    expect(opened.person).toEqual({ name: 'Nguyễn Văn An', phone: PASSENGER.phone, email: PASSENGER.email, lang: 'en' });
    expect(opened.channels).toEqual(['mail', 'sms']);
    expect(opened.fields).toContainEqual({ key: 'seats', value: '16' });

    tick(2 * HOUR);
    const taken = detailOf(await call(INBOX_PATHS.take, { token: support.token, body: { id: item!.id } }));
    expect(taken).toMatchObject({ state: 'taken', taken_by: { id: support.id, email: support.email } });
    // Someone else's item cannot be answered.
    const other = await call(INBOX_PATHS.answer, {
      token: otherSupport.token,
      body: { id: item!.id, channel: 'mail', text: 'Hi' },
    });
    expect([other.status, other.body.message]).toEqual([409, INBOX_ERROR_KEYS.takenByOther]);

    const text = 'A 16-seat van is free on those days: 4.800.000đ for both days. Reply to book it.';
    const answered = detailOf(
      await call(INBOX_PATHS.answer, { token: support.token, body: { id: item!.id, channel: 'mail', text } }),
    );
    // Sent three hours after the request: 45 of the promised 48 hours were left, and the clock stops there.
    expect(answered.state).toBe('answered');
    expect(answered.clock).toMatchObject({ seconds_left: 45 * HOUR, overdue: false, within_promise: true });
    expect(answered.events.map((event) => [event.action, event.staff_email])).toEqual([
      ['taken', support.email],
      ['answered', support.email],
    ]);
    expect(answered.events[1]).toMatchObject({ answer: text, channel: 'mail', recipient: PASSENGER.email });
    const rows = await db.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.subject, `inbox-${item!.id}`));
    expect(rows.map((row) => [row.event, row.channel, row.recipient, row.lang])).toEqual([
      ['inbox_answer_mail', 'mail', PASSENGER.email, 'en'],
    ]);
    await app.messages.drain();
    const mail = mails.findLast((m) => m.to === PASSENGER.email)!;
    expect(mail.subject).toBe('Vivu’s answer to your request');
    expect(mail.text).toContain(text);
    tick(HOUR);
    expect(detailOf(await call(`${INBOX_PATHS.item}?id=${item!.id}`, { token: support.token })).clock.seconds_left).toBe(
      45 * HOUR,
    );

    const closed = detailOf(await call(INBOX_PATHS.close, { token: support.token, body: { id: item!.id, note: 'Booked' } }));
    expect(closed.state).toBe('closed');
    const again = await call(INBOX_PATHS.answer, { token: support.token, body: { id: item!.id, channel: 'sms', text } });
    expect([again.status, again.body.message]).toEqual([409, INBOX_ERROR_KEYS.closed]);
    const reopened = detailOf(
      await call(INBOX_PATHS.reopen, { token: otherSupport.token, body: { id: item!.id, note: 'The guest wrote again' } }),
    );
    expect(reopened).toMatchObject({ state: 'reopened', taken_by: null });
    expect(reopened.events.map((event) => [event.action, event.note])).toEqual([
      ['taken', ''],
      ['answered', ''],
      ['closed', 'Booked'],
      ['reopened', 'The guest wrote again'],
    ]);
    const logged = await db.database.db
      .select()
      .from(deskAudit)
      .where(eq(deskAudit.subject, `inbox-${item!.id}`))
      .orderBy(deskAudit.id);
    expect(logged.map((entry) => [entry.action, entry.staffEmail])).toEqual([
      ['inbox_taken', support.email],
      ['inbox_answered', support.email],
      ['inbox_closed', support.email],
      ['inbox_reopened', otherSupport.email],
    ]);
    expect(logged[1]).toMatchObject({
      before: { state: 'taken', taken_by: support.email },
      after: { state: 'answered', channel: 'mail', recipient: PASSENGER.email, answer: text },
    });
    expect(logged[3]).toMatchObject({ before: { state: 'closed' }, after: { state: 'reopened', taken_by: null } });

    // The numbers dashboard's answer times: the special request answered within its promise, three hours after.
    const today = new Date(clock.getTime() + 7 * HOUR * 1000).toISOString().slice(0, 10);
    const times = await app.inbox.answerTimes({ from: '2020-01-01', to: today });
    expect(times.find((row) => row.kind === 'special_request')).toMatchObject({
      received: 1,
      answered: 1,
      within_promise: 1,
      late: 0,
      average_minutes: 180,
    });
    expect(times.find((row) => row.kind === 'callback')).toMatchObject({ received: 1, answered: 0, waiting: 1, overdue: 1 });
  });

  it('refuses bad input with the contract’s keys', async () => {
    const bad = async (path: string, body?: object) => {
      const answer = await call(path, { token: support.token, body });
      expect(answer.status, path).toBe(400);
      return Object.fromEntries((answer.body.errors ?? []).map((error) => [error.field, error.message]));
    };
    expect(await bad(`${INBOX_PATHS.list}?kind=fax&state=gone&overdue=maybe`)).toEqual({
      kind: INBOX_ERROR_KEYS.filter,
      state: INBOX_ERROR_KEYS.filter,
      overdue: INBOX_ERROR_KEYS.filter,
    });
    expect(await bad(`${INBOX_PATHS.item}?id=abc`)).toEqual({ id: INBOX_ERROR_KEYS.item });
    expect(await bad(INBOX_PATHS.answer, { id: 1, channel: 'fax', text: '  ' })).toEqual({
      channel: INBOX_ERROR_KEYS.channel,
      text: INBOX_ERROR_KEYS.answerBlank,
    });
    expect(await bad(INBOX_PATHS.close, { id: 0, note: 'x'.repeat(501) })).toEqual({
      id: INBOX_ERROR_KEYS.item,
      note: INBOX_ERROR_KEYS.note,
    });
    const missing = await call(INBOX_PATHS.take, { token: support.token, body: { id: 999_999 } });
    expect([missing.status, missing.body.message]).toEqual([404, INBOX_ERROR_KEYS.notFound]);
  });

  it('answers every inbox call as an unknown route without a session, to a passenger, a partner or the content role', async () => {
    const password = 'banlamviec7';
    await db.database.db.insert(users).values({
      phone: '0987000236',
      passwordHash: await hashPassword(password),
      verifiedPhone: true,
      referralCode: 'INBOXT',
    });
    const passenger = await call(ACCOUNT_PATHS.login, { body: { phone_number: '0987000236', password } });
    const [partner] = await db.database.db.insert(transportPartners).values({ slug: 'inbox-test', name: 'Nhà xe I' }).returning();
    await db.database.db.insert(partnerStaff).values({
      partnerId: partner!.id,
      phone: '0938111236',
      fullname: 'Owner',
      passwordHash: await hashPassword(password),
      role: 'owner',
    });
    const staff = await call(PARTNER_PATHS.login, { body: { phone_number: '0938111236', password } });
    const content = await deskMember(app, 'content', clockNow);
    const strangers = [
      undefined,
      (passenger.body.data as { token: string }).token,
      (staff.body.data as { token: string }).token,
      content.token,
    ];
    const calls = [
      { path: `${INBOX_PATHS.list}?page=1` },
      { path: `${INBOX_PATHS.item}?id=1` },
      { path: INBOX_PATHS.take, body: { id: 1 } },
      { path: INBOX_PATHS.answer, body: { id: 1, channel: 'sms', text: 'Hi' } },
      { path: INBOX_PATHS.close, body: { id: 1 } },
      // Bad input from a stranger is not even validated.
      { path: INBOX_PATHS.reopen, body: { id: 'x' } },
    ];
    for (const token of strangers)
      for (const { path, body } of calls) {
        const answer = await call(path, { token, body });
        expect(answer.status, `${path} ${token ?? 'none'}`).toBe(404);
        expect(answer.body).toEqual({ code: 'error', message: ERROR_KEYS.notFound, data: null });
      }
  });

  it('finds a ticket no partner has accepted 2 hours before its pick-up, due at the pick-up', async () => {
    const option = await optionOf(app, 'Vivu Airport Express');
    const booked = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option));
    const text = await booked.text();
    expect(booked.status, text).toBe(200);
    const code = createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code;
    const [ticket] = await db.database.db.select().from(tickets).where(eq(tickets.code, code));
    // Not yet: 2 days ahead. An hour before the pick-up, with no partner's driver, it needs a person.
    expect((await list('kind=ticket_without_driver')).items).toEqual([]);
    clock = new Date(ticket!.departAt.getTime() - HOUR * 1000);
    const member = await deskMember(app, 'support', clockNow);
    const [item] = (await list('kind=ticket_without_driver', member.token)).items;
    expect(item).toMatchObject({ name: 'Nguyễn Văn An', state: 'open', clock: { seconds_left: HOUR, overdue: false } });
    expect(item!.summary).toContain(code);
  });

  it('finds a ticket its partner refused, due at its pick-up, and not one its passenger cancelled', async () => {
    // Back to today: the tickets are booked for the day after tomorrow.
    clock = new Date(Math.floor(Date.now() / 1000) * 1000);
    const [refused, cancelled] = [await book(), await book()];
    tick(600);
    await refuse(refused.code, 'Hết xe 4 chỗ');
    const token = await call(CANCEL_PATHS.generateCancelToken, {
      body: { ticket_code: cancelled.code, phone_number: cancelled.phone },
    });
    const cancel_token = cancelTokenResponseSchema.validateSync(token.body).data.cancel_token;
    expect((await call(CANCEL_PATHS.cancelBooking, { body: { ticket_code: cancelled.code, cancel_token } })).status).toBe(200);

    const items = (await list('kind=ticket_refused')).items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      name: 'Nguyễn Văn An',
      state: 'open',
      received_at: clock.toISOString(),
      clock: { due_at: refused.departAt.toISOString(), overdue: false },
    });
    expect(items[0]!.summary).toContain(refused.code);
    const opened = detailOf(await call(`${INBOX_PATHS.item}?id=${items[0]!.id}`, { token: support.token }));
    expect(opened.person).toEqual({ name: 'Nguyễn Văn An', phone: refused.phone, email: PASSENGER.email, lang: refused.lang });
    expect(opened.channels).toEqual(['mail', 'sms']);
    expect(opened.fields).toEqual(
      expect.arrayContaining([
        { key: 'ticket_code', value: refused.code },
        { key: 'depart_time', value: refused.departTime },
        { key: 'partner', value: 'Vivu Airport Express' },
        { key: 'refusal_reason', value: 'Hết xe 4 chỗ' },
      ]),
    );
  });

  it('finds a refusal first seen after its pick-up closed: no car can be found any more', async () => {
    const late = await book();
    await refuse(late.code, '');
    clock = new Date(late.departAt.getTime() + HOUR * 1000);
    const member = await deskMember(app, 'support', clockNow);
    const [item] = (await list('kind=ticket_refused&state=closed', member.token)).items;
    expect(item).toMatchObject({ state: 'closed', clock: { overdue: false } });
    expect(item!.summary).toContain(late.code);
  });
});

/** A ticket of Vivu Airport Express booked as a passenger books it (postpaid, two days ahead), as stored. */
async function book() {
  const option = await optionOf(app, 'Vivu Airport Express');
  const booked = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option));
  const text = await booked.text();
  expect(booked.status, text).toBe(200);
  const code = createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code;
  const [ticket] = await db.database.db.select().from(tickets).where(eq(tickets.code, code));
  return ticket!;
}

/** Vivu Airport Express refuses the ticket from its console, as its demo owner (the first demo partner's). */
async function refuse(code: string, reason: string) {
  const login = await call(PARTNER_PATHS.login, { body: { phone_number: partnerDemoPhone(1), password: partnerDemoPassword() } });
  const { token, staff } = staffLoginResponseSchema.validateSync(login.body).data;
  expect(staff.partner_name).toBe('Vivu Airport Express');
  const refused = await call(PARTNER_PATHS.transition, { token, body: { ticket_code: code, to: 'cancelled', reason } });
  expect(refused.status, JSON.stringify(refused.body)).toBe(200);
}
