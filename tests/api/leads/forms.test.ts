// The lead forms and live calls over HTTP: the special request and the partner lead forms store their records and
// refuse bad input with the spec's messages; the support callback is stored by default and forwarded form-encoded
// to SUPPORT_WIDGET_URL (a local server); a complaint kept with its number and promise; the forms' rate limit; the
// live booking count moving with a booking; the pickup window, the search keywords, save_pending; the business
// partner's login e-mail and its credit moving with a top-up and a ticket paid on credit.
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import {
  businessLoginResponseSchema,
  creditMoveResponseSchema,
  creditResponseSchema,
  topUpResponseSchema,
} from '../../../src/shared/contract/business';
import {
  LEAD_ERROR_KEYS,
  LEAD_MESSAGE_KEYS,
  LEAD_PATHS,
  SPECIAL_REQUEST_REPLY_HOURS,
  SPECIAL_REQUEST_SEATS,
  partnerLandingResponseSchema,
  leadContactResponseSchema,
  specialRequestResponseSchema,
} from '../../../src/shared/contract/leads';
import { supportRequestResponseSchema } from '../../../src/shared/contract/support';
import { PAYMENT_PATHS, SANDBOX_TEST_CARD } from '../../../src/shared/contract/payments';
import { PLACES_PATHS, placeResponseSchema } from '../../../src/shared/contract/places';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { createApp } from '../../../src/server/app';
import {
  businessAccounts,
  complaints,
  leadContacts,
  pendingBookings,
  specialRequests,
  supportRequests,
} from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { bookingPayload, inTwoDays, optionOf, post, uniquePhone } from '../helpers/booking';
import { waitForMail } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import {
  LIVE_BOOKING_CACHE_MS,
  LIVE_BOOKING_REFRESH_MS,
  RANGE_TIME_MINUTES,
  liveBookingCountResponseSchema,
  rangeTimeResponseSchema,
  savePendingResponseSchema,
} from '../../../src/shared/contract/booking';
import { exchangeKeywordResponseSchema } from '../../../src/shared/contract/places';
import { BUSINESS_ERROR_KEYS, BUSINESS_PATHS } from '../../../src/shared/contract/business';
import {
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_ERROR_KEYS,
  COMPLAINT_MESSAGE_KEYS,
  COMPLAINT_REPLY_WORKING_DAYS,
  complaintReference,
  complaintResponseSchema,
  SUPPORT_PATHS,
} from '../../../src/shared/contract/support';
import { endOfWorkingDays } from '../../../src/shared/domain/vn-time';
import { PUBLIC_FORM_LIMIT } from '../../../src/shared/contract/common';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let ipCounter = 0;
/** Each test posts from its own address, so the forms' rate limit of one never touches another. */
const newIp = () => `203.0.113.${(ipCounter += 1)}`;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-leads-'));
  app = createApp({ database: db.database, log: silent, dataDir });
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const sql = () => db.database.db;

async function send(path: string, body: unknown, ip = newIp(), headers: Record<string, string> = {}) {
  const res = await post(app, path, body, { 'x-forwarded-for': ip, ...headers });
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

async function refusal(path: string, body: unknown, ip = newIp()) {
  const res = await send(path, body, ip);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const failure = failureSchema.validateSync(res.body);
  return Object.fromEntries((failure.errors ?? []).map((error) => [error.field, error.message]));
}

function specialRequest(overrides: Record<string, unknown> = {}) {
  return {
    fullname: 'Trần Thị Bình',
    phone_code: '84',
    phone: '0912 345 678',
    email: 'Binh.Tran@example.com',
    pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
    drop_address: 'Hạ Long, Quảng Ninh',
    depart_time: inTwoDays('07:30'),
    days: 3,
    seats: 29,
    vehicle_count: 2,
    note: 'Đoàn công ty 50 người',
    lang: 'vi',
    ...overrides,
  };
}

describe('special request (home/add_new_special_request)', () => {
  it('stores the request and promises a reply within 48 hours', async () => {
    const before = Date.now();
    const res = await send(LEAD_PATHS.specialRequest, specialRequest());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = specialRequestResponseSchema.validateSync(res.body);
    expect(body.message).toBe(LEAD_MESSAGE_KEYS.specialRequestSent);
    expect(body.data.reply_within_hours).toBe(SPECIAL_REQUEST_REPLY_HOURS);
    const replyBy = new Date(body.data.reply_by).getTime();
    expect(replyBy - before).toBeGreaterThanOrEqual(48 * 3600_000 - 1000);
    expect(replyBy - Date.now()).toBeLessThanOrEqual(48 * 3600_000);

    const [row] = await sql().select().from(specialRequests).where(eq(specialRequests.id, body.data.id));
    expect(row).toMatchObject({
      fullname: 'Trần Thị Bình',
      phone: '0912345678',
      email: 'binh.tran@example.com',
      days: 3,
      seats: 29,
      vehicleCount: 2,
      status: 'new',
      departTime: inTwoDays('07:30'),
    });
  });

  it('offers exactly the spec vehicles and refuses any other seat count', async () => {
    expect([...SPECIAL_REQUEST_SEATS]).toEqual([4, 7, 16, 29, 35, 45]);
    for (const seats of SPECIAL_REQUEST_SEATS) {
      const res = await send(LEAD_PATHS.specialRequest, specialRequest({ seats }));
      expect(res.status).toBe(200);
    }
    for (const seats of [5, 30, 0, 'bus']) {
      expect((await refusal(LEAD_PATHS.specialRequest, specialRequest({ seats }))).seats).toBe(LEAD_ERROR_KEYS.seats);
    }
  });

  it("answers 'This field can not blank' for every missing field", async () => {
    const fields = ['fullname', 'phone', 'email', 'pick_address', 'drop_address', 'depart_time', 'days', 'seats'];
    const empty = Object.fromEntries(fields.map((field) => [field, '']));
    const errors = await refusal(LEAD_PATHS.specialRequest, specialRequest(empty));
    for (const field of fields) expect(errors[field], field).toBe(LEAD_ERROR_KEYS.blank);
    const missing = await refusal(LEAD_PATHS.specialRequest, { lang: 'vi' });
    for (const field of fields) expect(missing[field], field).toBe(LEAD_ERROR_KEYS.blank);
  });

  it("answers 'Day invalid' and 'Depart time invalid' for bad days and times, including a past time", async () => {
    for (const days of [0, 31, 2.5, 'ba']) {
      expect((await refusal(LEAD_PATHS.specialRequest, specialRequest({ days }))).days, String(days)).toBe(LEAD_ERROR_KEYS.days);
    }
    const past = formatVnDateTime(Date.now() - 24 * 3600_000);
    for (const depart_time of [past, '25:00 1/1/2030', 'tomorrow']) {
      expect((await refusal(LEAD_PATHS.specialRequest, specialRequest({ depart_time }))).depart_time, depart_time).toBe(
        LEAD_ERROR_KEYS.departTime,
      );
    }
    const errors = await refusal(LEAD_PATHS.specialRequest, specialRequest({ phone: '12345', email: 'binh@' }));
    expect(errors).toMatchObject({ phone: LEAD_ERROR_KEYS.phone, email: LEAD_ERROR_KEYS.email });
    // Nothing of the refused requests was stored.
    const rows = await sql().select().from(specialRequests).where(eq(specialRequests.phone, '12345'));
    expect(rows).toHaveLength(0);
  });

  it('allows PUBLIC_FORM_LIMIT forms an hour per address, then answers 429 with Retry-After', async () => {
    const ip = newIp();
    for (let i = 0; i < PUBLIC_FORM_LIMIT; i += 1) {
      expect((await send(LEAD_PATHS.specialRequest, specialRequest(), ip)).status).toBe(200);
    }
    const refused = await send(LEAD_PATHS.specialRequest, specialRequest(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(failureSchema.validateSync(refused.body).message).toBe(LEAD_ERROR_KEYS.tooMany);
    // Another address is not affected.
    expect((await send(LEAD_PATHS.specialRequest, specialRequest())).status).toBe(200);
  });
});

function lead(overrides: Record<string, unknown> = {}) {
  return {
    type: 'transport',
    fullname: 'Lê Văn Cường',
    phone: '0987654321',
    email: 'cuong@nhaxe.vn',
    company_name: 'Nhà xe Cường Phát',
    tax_code: '0101234567',
    address: 'Thanh Hoá',
    fleet_size: 12,
    provinces: ['38'],
    note: '',
    lang: 'vi',
    ...overrides,
  };
}

describe('partner leads (home/create_lead_contact_agent)', () => {
  it('stores a transport partner lead for the team to call back', async () => {
    const res = await send(LEAD_PATHS.leadContact, lead());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = leadContactResponseSchema.validateSync(res.body);
    expect(body.message).toBe(LEAD_MESSAGE_KEYS.leadSent);
    expect(body.data).toMatchObject({ type: 'transport', login_sent: false });
    const [row] = await sql().select().from(leadContacts).where(eq(leadContacts.id, body.data.id));
    expect(row).toMatchObject({
      type: 'transport',
      companyName: 'Nhà xe Cường Phát',
      fleetSize: 12,
      provinces: ['38'],
      status: 'new',
    });
  });

  it('refuses bad input with the spec messages', async () => {
    expect(await refusal(LEAD_PATHS.leadContact, lead({ type: 'reseller' }))).toMatchObject({
      type: LEAD_ERROR_KEYS.leadType,
    });
    expect(await refusal(LEAD_PATHS.leadContact, lead({ fullname: ' ', company_name: '', phone: '' }))).toMatchObject({
      fullname: LEAD_ERROR_KEYS.blank,
      company_name: LEAD_ERROR_KEYS.blank,
      phone: LEAD_ERROR_KEYS.blank,
    });
    expect(await refusal(LEAD_PATHS.leadContact, lead({ phone: '0212345678', tax_code: '01A' }))).toMatchObject({
      phone: LEAD_ERROR_KEYS.phone,
      tax_code: LEAD_ERROR_KEYS.taxCode,
    });
    // A business partner gets its login by e-mail: the address is required.
    expect(await refusal(LEAD_PATHS.leadContact, lead({ type: 'business', email: '' }))).toMatchObject({
      email: LEAD_ERROR_KEYS.blank,
    });
    expect(await refusal(LEAD_PATHS.leadContact, lead({ type: 'business', email: 'not-mail' }))).toMatchObject({
      email: LEAD_ERROR_KEYS.email,
    });
  });

  it('serves the partner landing page with the spec figures in both languages', async () => {
    for (const lang of ['vi', 'en'] as const) {
      const res = await app.request(`${LEAD_PATHS.partnerLandingPosts}?lang=${lang}`);
      expect(res.status).toBe(200);
      const body = partnerLandingResponseSchema.validateSync(await res.json());
      expect(body.data.commission_percent).toBe(20);
      expect(body.data.revenue_increase_percent).toBe(20);
      expect(body.data.posts.length).toBeGreaterThan(0);
      expect(body.data.posts[0]?.title).toMatch(lang === 'vi' ? /Hoa hồng/ : /commission/);
    }
  });
});

/** A local widget host that records what it receives. */
async function widgetHost(status = 200) {
  const received: { contentType: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/support`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An app whose leads module reads SUPPORT_WIDGET_URL at build time. */
function appWithWidget(url: string) {
  const previous = process.env.SUPPORT_WIDGET_URL;
  process.env.SUPPORT_WIDGET_URL = url;
  try {
    return createApp({ database: db.database, log: silent, dataDir });
  } finally {
    if (previous === undefined) delete process.env.SUPPORT_WIDGET_URL;
    else process.env.SUPPORT_WIDGET_URL = previous;
  }
}

describe('support callback (user[phone], user[note])', () => {
  it('stores a JSON request in the database by default', async () => {
    const res = await send(SUPPORT_PATHS.request, { user: { phone: '0912 000 111', note: 'Gọi lại giúp tôi' }, page: '/' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = supportRequestResponseSchema.validateSync(res.body);
    expect(body.data.channel).toBe('database');
    const [row] = await sql()
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, body.data.id ?? 0));
    expect(row).toMatchObject({ phone: '0912000111', note: 'Gọi lại giúp tôi', page: '/', channel: 'database' });
  });

  it('takes the spec form fields form-encoded', async () => {
    const res = await app.request(SUPPORT_PATHS.request, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': newIp() },
      body: new URLSearchParams({ 'user[phone]': '0933444555', 'user[note]': 'Tư vấn thuê xe' }).toString(),
    });
    expect(res.status).toBe(200);
    const body = supportRequestResponseSchema.validateSync(await res.json());
    const [row] = await sql()
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, body.data.id ?? 0));
    expect(row).toMatchObject({ phone: '0933444555', note: 'Tư vấn thuê xe' });
  });

  it('refuses a missing or invalid phone', async () => {
    expect(await refusal(SUPPORT_PATHS.request, { user: { note: 'x' } })).toMatchObject({
      'user.phone': LEAD_ERROR_KEYS.blank,
    });
    expect(await refusal(SUPPORT_PATHS.request, { user: { phone: '123' } })).toMatchObject({
      'user.phone': LEAD_ERROR_KEYS.phone,
    });
    const text = await app.request(SUPPORT_PATHS.request, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(text.status).toBe(400);
    expect(failureSchema.validateSync(await text.json()).message).toBe(ERROR_KEYS.badJson);
  });

  it('forwards user[phone] and user[note] form-encoded to SUPPORT_WIDGET_URL when it is set', async () => {
    const host = await widgetHost();
    try {
      const widgetApp = appWithWidget(host.url);
      const res = await post(
        widgetApp,
        SUPPORT_PATHS.request,
        { user: { phone: '0944555666', note: 'Cần xe 16 chỗ' } },
        { 'x-forwarded-for': newIp() },
      );
      expect(res.status).toBe(200);
      expect(supportRequestResponseSchema.validateSync(await res.json()).data).toEqual({ channel: 'widget', id: null });
      expect(host.received).toHaveLength(1);
      expect(host.received[0]?.contentType).toBe('application/x-www-form-urlencoded');
      const form = new URLSearchParams(host.received[0]?.body);
      expect(form.get('user[phone]')).toBe('0944555666');
      expect(form.get('user[note]')).toBe('Cần xe 16 chỗ');
      const stored = await sql().select().from(supportRequests).where(eq(supportRequests.phone, '0944555666'));
      expect(stored).toHaveLength(0);
    } finally {
      await host.close();
    }
  });

  it('keeps the request in the database when the widget host refuses it', async () => {
    const host = await widgetHost(503);
    try {
      const widgetApp = appWithWidget(host.url);
      const res = await post(
        widgetApp,
        SUPPORT_PATHS.request,
        { user: { phone: '0955666777', note: '' } },
        { 'x-forwarded-for': newIp() },
      );
      expect(res.status).toBe(200);
      expect(supportRequestResponseSchema.validateSync(await res.json()).data.channel).toBe('database');
      const [row] = await sql().select().from(supportRequests).where(eq(supportRequests.phone, '0955666777'));
      expect(row?.channel).toBe('widget_failed');
    } finally {
      await host.close();
    }
  });
});

async function liveCount(target = app) {
  const res = await target.request(BOOKING_PATHS.notifyNewBooking);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return liveBookingCountResponseSchema.validateSync(await res.json()).data;
}

async function book(phone = uniquePhone()) {
  const item = await optionOf(app, 'Vivu Airport Express');
  const payload = bookingPayload(item, undefined, { phone, email: `b${phone}@example.com` });
  const res = await post(app, BOOKING_PATHS.createTicket, payload);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { phone, code: createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code };
}

describe('complaint', () => {
  const complaint = (overrides: Record<string, unknown> = {}) => ({
    fullname: 'Phạm Thu Hà',
    phone: '0912 345 679',
    topic: 'no_show',
    description: 'The driver never came to the pick-up at 6:00 and did not answer the phone.',
    lang: 'vi',
    ...overrides,
  });

  it('keeps a complaint with its number and promise, the phone normalised and the ticket code upper-cased', async () => {
    const res = await send(SUPPORT_PATHS.complaint, complaint({ ticket_code: ' vvab23cd ', email: '' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { message, data } = complaintResponseSchema.validateSync(res.body);
    expect(message).toBe(COMPLAINT_MESSAGE_KEYS.sent);
    expect(data.reference).toBe(complaintReference(data.id));
    const [row] = await sql().select().from(complaints).where(eq(complaints.id, data.id));
    expect(row).toMatchObject({ phone: '0912345679', ticketCode: 'VVAB23CD', topic: 'no_show', email: '', lang: 'vi' });
    expect(row!.replyDueAt.toISOString()).toBe(data.reply_by);
    expect(row!.replyDueAt).toEqual(endOfWorkingDays(row!.createdAt, COMPLAINT_REPLY_WORKING_DAYS));
  });

  it('refuses what cannot be answered with the contract keys, and counts its own forms per address', async () => {
    expect(await refusal(SUPPORT_PATHS.complaint, { lang: 'vi' })).toEqual({
      fullname: COMPLAINT_ERROR_KEYS.blank,
      phone: LEAD_ERROR_KEYS.blank,
      topic: COMPLAINT_ERROR_KEYS.topic,
      description: COMPLAINT_ERROR_KEYS.blank,
    });
    expect(
      await refusal(
        SUPPORT_PATHS.complaint,
        complaint({ phone: '123', email: 'not-mail', ticket_code: 'VV-12', topic: 'weather', description: 'Too late.' }),
      ),
    ).toEqual({
      phone: LEAD_ERROR_KEYS.phone,
      email: LEAD_ERROR_KEYS.email,
      ticket_code: COMPLAINT_ERROR_KEYS.ticketCode,
      topic: COMPLAINT_ERROR_KEYS.topic,
      description: COMPLAINT_ERROR_KEYS.descriptionShort,
    });
    expect(await refusal(SUPPORT_PATHS.complaint, complaint({ description: 'x'.repeat(COMPLAINT_DESCRIPTION_MAX + 1) }))).toEqual(
      { description: COMPLAINT_ERROR_KEYS.descriptionLong },
    );

    const ip = newIp();
    // The address's special requests do not use up its complaints.
    expect((await send(LEAD_PATHS.specialRequest, specialRequest(), ip)).status).toBe(200);
    for (let i = 0; i < PUBLIC_FORM_LIMIT; i += 1)
      expect((await send(SUPPORT_PATHS.complaint, complaint(), ip)).status).toBe(200);
    const refused = await send(SUPPORT_PATHS.complaint, complaint(), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(failureSchema.validateSync(refused.body).message).toBe(COMPLAINT_ERROR_KEYS.tooMany);
  });
});

describe('live calls', () => {
  it('notify_new_booking counts the tickets of today and of the last hour, and moves with a booking', async () => {
    const before = await liveCount();
    expect(before.refresh_ms).toBe(LIVE_BOOKING_REFRESH_MS);
    await book();
    // The count is shared for LIVE_BOOKING_CACHE_MS; a fresh app has no cached count.
    const after = await liveCount(createApp({ database: db.database, log: silent, dataDir }));
    expect(after.today).toBe(before.today + 1);
    expect(after.last_hour).toBe(before.last_hour + 1);
    expect(LIVE_BOOKING_CACHE_MS).toBeLessThan(LIVE_BOOKING_REFRESH_MS);
  });

  it('get_range_time answers the pickup window around the chosen time', async () => {
    const depart = inTwoDays('14:00');
    const res = await app.request(`${BOOKING_PATHS.rangeTime}?${new URLSearchParams({ depart_time: depart }).toString()}`);
    expect(res.status).toBe(200);
    const data = rangeTimeResponseSchema.validateSync(await res.json()).data;
    expect(data).toMatchObject({
      minutes_before: RANGE_TIME_MINUTES,
      minutes_after: RANGE_TIME_MINUTES,
      from: inTwoDays('13:45'),
      to: inTwoDays('14:15'),
      available: true,
    });
    const bad = await app.request(`${BOOKING_PATHS.rangeTime}?depart_time=yesterday`);
    expect(bad.status).toBe(400);
  });

  it('get_exchange_keyword maps typed keywords to places, in both languages, cached', async () => {
    const vi = await app.request(`${PLACES_PATHS.exchangeKeyword}?lang=vi`);
    expect(vi.status).toBe(200);
    expect(vi.headers.get('cache-control')).toBe('public, max-age=1800');
    const viData = exchangeKeywordResponseSchema.validateSync(await vi.json()).data;
    const noiBai = viData.find((entry) => entry.keyword === 'noi bai');
    expect(noiBai).toEqual({ keyword: 'noi bai', text: 'Sân bay quốc tế Nội Bài', place_id: 'airport:HAN' });
    const en = exchangeKeywordResponseSchema.validateSync(
      await (await app.request(`${PLACES_PATHS.exchangeKeyword}?lang=en`)).json(),
    ).data;
    expect(en.find((entry) => entry.keyword === 'ben thanh')?.text).toBe('Ben Thanh Market');
    // Every keyword's place is one the place details call knows.
    for (const placeId of new Set(viData.map((entry) => entry.place_id).filter(Boolean))) {
      const res = await app.request(`${PLACES_PATHS.placeDetail}?${new URLSearchParams({ place_id: placeId }).toString()}`);
      expect(res.status, placeId).toBe(200);
      placeResponseSchema.validateSync(await res.json());
    }
  });

  it('save_pending keeps one row per ticket session, the latest details winning', async () => {
    const session = `ts-pending-${Date.now()}`;
    const first = await send(BOOKING_PATHS.savePending, { ticket_session: session, phone: '0966777888', fullname: 'An' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(savePendingResponseSchema.validateSync(first.body).data.saved).toBe(true);
    await send(BOOKING_PATHS.savePending, {
      ticket_session: session,
      phone: '0966777888',
      fullname: 'Nguyễn Văn An',
      pick_address: 'Nội Bài',
      drop_address: 'Hoàn Kiếm',
      depart_time: inTwoDays('09:00'),
      merged: 350000,
    });
    const rows = await sql().select().from(pendingBookings).where(eq(pendingBookings.ticketSession, session));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullname: 'Nguyễn Văn An', phone: '0966777888' });
    expect(rows[0]?.trip).toMatchObject({ pick_address: 'Nội Bài', merged: 350000 });
    expect(await refusal(BOOKING_PATHS.savePending, { ticket_session: session, phone: '123' })).toMatchObject({
      phone: LEAD_ERROR_KEYS.phone,
    });
  });
});

describe('business partner', () => {
  const email = `ketoan.${Date.now()}@congty-abc.vn`;
  let token = '';

  it('registration approves the partner and e-mails its login at once', async () => {
    const res = await send(
      LEAD_PATHS.leadContact,
      lead({ type: 'business', email: email.toUpperCase(), company_name: 'Công ty ABC', fleet_size: '' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = leadContactResponseSchema.validateSync(res.body);
    expect(body).toMatchObject({ message: LEAD_MESSAGE_KEYS.businessLoginSent, data: { type: 'business', login_sent: true } });
    const mail = await waitForMail(dataDir, email);
    expect(mail.subject).toMatch(/đăng nhập/);
    const password = /Mật khẩu: (\S+)/.exec(mail.text)?.[1] ?? '';
    expect(password).toHaveLength(12);
    const [account] = await sql().select().from(businessAccounts).where(eq(businessAccounts.email, email));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(account?.passwordHash).not.toContain(password);
    expect(account?.loginSentAt).not.toBeNull();
    expect(account?.creditBalance).toBe(0);

    const wrong = await send(BUSINESS_PATHS.login, { email, password: `${password}x` });
    expect(wrong.status).toBe(401);
    const login = await send(BUSINESS_PATHS.login, { email, password });
    expect(login.status).toBe(200);
    const data = businessLoginResponseSchema.validateSync(login.body).data;
    expect(data).toMatchObject({ company_name: 'Công ty ABC', credit_balance: 0 });
    token = data.token;
  });

  it('a second registration with the same e-mail makes no second account', async () => {
    const res = await send(LEAD_PATHS.leadContact, lead({ type: 'business', email, company_name: 'Công ty ABC' }));
    expect(res.status).toBe(200);
    const accounts = await sql().select().from(businessAccounts).where(eq(businessAccounts.email, email));
    expect(accounts).toHaveLength(1);
  });

  it('tops up credit and pays a postpaid ticket from it, once', async () => {
    const unauthorized = await send(BUSINESS_PATHS.credit, { token: 'nope' });
    expect(unauthorized.status).toBe(401);
    expect(failureSchema.validateSync(unauthorized.body).message).toBe(BUSINESS_ERROR_KEYS.unauthorized);

    const { phone, code } = await book();
    const poor = await send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: code, contact: phone });
    expect(poor.status).toBe(409);
    expect(failureSchema.validateSync(poor.body).message).toBe(BUSINESS_ERROR_KEYS.creditInsufficient);

    expect((await refusal(BUSINESS_PATHS.topUp, { token, amount: 50_000 })).amount).toBe(BUSINESS_ERROR_KEYS.topUpAmount);
    expect((await refusal(BUSINESS_PATHS.topUp, { token, amount: 100_000.5 })).amount).toBe(BUSINESS_ERROR_KEYS.topUpAmount);
    // A top-up is paid on the card gateway's page (tests/api/business/credit.test.ts has its callbacks).
    const topUp = await post(app, BUSINESS_PATHS.topUp, { amount: 5_000_000 }, { authorization: `Bearer ${token}` });
    expect(topUp.status).toBe(200);
    const page = new URL(topUpResponseSchema.validateSync(await topUp.json()).data.payment_url);
    const form = new URLSearchParams(page.searchParams);
    form.set('choice', 'pay');
    form.set('card_number', SANDBOX_TEST_CARD);
    const paidTopUp = await app.request(PAYMENT_PATHS.sandboxPay, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(paidTopUp.status).toBe(303);

    const wrongContact = await send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: code, contact: '0911111111' });
    expect(wrongContact.status).toBe(404);
    // A wrong contact is answered exactly like an unknown ticket code.
    expect(failureSchema.validateSync(wrongContact.body).message).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    const unknown = await send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: 'VTNOSUCH0', contact: phone });
    expect(unknown.status).toBe(404);
    expect(failureSchema.validateSync(unknown.body).message).toBe(BOOKING_ERROR_KEYS.ticketNotFound);

    const paid = await send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: code, contact: phone });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const move = creditMoveResponseSchema.validateSync(paid.body).data;
    expect(move.entry.kind).toBe('booking');
    expect(move.entry.ticket_code).toBe(code);
    expect(move.entry.amount).toBeLessThan(0);
    expect(move.credit_balance).toBe(5_000_000 + move.entry.amount);

    const again = await send(BUSINESS_PATHS.payOnCredit, { token, ticket_code: code, contact: phone });
    expect(again.status).toBe(409);
    expect(failureSchema.validateSync(again.body).message).toBe(BUSINESS_ERROR_KEYS.alreadyPaid);

    const credit = creditResponseSchema.validateSync((await send(BUSINESS_PATHS.credit, { token })).body).data;
    expect(credit.credit_balance).toBe(move.credit_balance);
    expect(credit.entries.map((entry) => entry.kind)).toEqual(['booking', 'top_up']);
  });
});
