// Every answer carrying personal data is `Cache-Control: no-store`, streams included: no browser, proxy or shared
// cache keeps a passenger's name, phone, trip or payment, a staff member's or a business's session. Each such call is
// made as its rightful caller would, and answers; then every route the app has is walked, and the only ones allowed
// to be kept by a cache are the public ones listed here, none of which carries anyone's data.
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { partnerStaff } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { ACCOUNT_PATHS, registerResponseSchema } from '../../../src/shared/contract/accounts';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { businessLoginResponseSchema } from '../../../src/shared/contract/business';
import { LEAD_PATHS } from '../../../src/shared/contract/leads';
import { TRANSFER_DESK_PATHS, PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { CANCEL_PATHS, RATING_PATHS } from '../../../src/shared/contract/tickets';
import { bookingPayload, keyHeader, optionOf, uniquePhone } from '../helpers/booking';
import { lastCode, waitForMail } from '../helpers/outbox';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';
import { PLACES_PATHS } from '../../../src/shared/contract/places-constants';
import { BUSINESS_PATHS } from '../../../src/shared/contract/business';
import { QUICK_BOOKING_PATHS } from '../../../src/shared/contract/partners';
import { TICKET_LOOKUP_PATHS } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let vivu: PriceOption;
let ipCounter = 0;
/** Each call from its own address, so no per-address limit interferes. */
const newIp = () => `198.18.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-no-store-'));
  app = createApp({ database: db.database, log: silent, dataDir });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The call's answer, its body read (a stream's first chunk only, then closed). */
async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const res = await app.request(url, {
    method,
    headers: {
      'x-forwarded-for': newIp(),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  let text: string;
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    const reader = res.body!.getReader();
    text = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
  } else text = await res.text();
  return { status: res.status, text, cacheControl: res.headers.get('cache-control') ?? '', res };
}

type Answer = Awaited<ReturnType<typeof call>>;

function expectPersonalAnswer(name: string, answer: Answer, personal: string[]) {
  expect(answer.status, `${name}: ${answer.text}`).toBe(200);
  // The answer does carry what makes it personal, so the check is on an answer that matters.
  for (const value of personal) expect(answer.text, name).toContain(value);
  expect(answer.cacheControl, name).toContain('no-store');
}

describe(`every answer carrying personal data is no-store (${TEST_DB})`, () => {
  it("the ticket's calls: its information, its live stream, its payment status, its cancel token", async () => {
    const phone = uniquePhone();
    const booked = await call('POST', BOOKING_PATHS.createTicketPaymentOnline, {
      body: bookingPayload(vivu, undefined, { phone, pay_method_id: 8, fullname: 'Nguyễn Thị Hoa' }),
    });
    // Its key is the ticket's proof: whoever reads a kept copy reads and cancels the booking.
    expectPersonalAnswer('create_ticket_payment_online', booked, ['ticket_key']);
    const created = createTicketResponseSchema.validateSync(JSON.parse(booked.text));
    const proof = { query: { ticket_code: created.ticket_code }, headers: keyHeader(created.data.ticket_key) };

    expectPersonalAnswer('get_ticket_info', await call('GET', TICKET_LOOKUP_PATHS.ticketInfo, proof), [phone, 'Nguyễn Thị Hoa']);
    const stream = await call('GET', TICKET_LOOKUP_PATHS.ticketEvents, proof);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expectPersonalAnswer('ticket_events', stream, [phone, 'Nguyễn Thị Hoa']);
    expectPersonalAnswer('check_status', await call('GET', PAYMENT_PATHS.checkStatus, proof), [created.ticket_code]);
    expectPersonalAnswer(
      'generate_cancel_booking_token',
      await call('POST', CANCEL_PATHS.generateCancelToken, {
        body: { ticket_code: created.ticket_code, phone_number: phone },
      }),
      ['cancel_token'],
    );
  });

  it("a passenger's account: its sign-in, and its tickets", async () => {
    const phone = uniquePhone();
    const password = 'vivu2026an';
    const registered = await call('POST', ACCOUNT_PATHS.registerAccount, {
      body: { phone_number: phone, password, re_password: password, fullname: 'Lê Văn Nam' },
    });
    const userId = registerResponseSchema.validateSync(JSON.parse(registered.text)).data.id;
    const verified = await call('POST', ACCOUNT_PATHS.verifyAccount, {
      body: { user_id: userId, code_verify: lastCode(dataDir, phone) },
    });
    expectPersonalAnswer('verify_account', verified, []);
    const login = await call('POST', ACCOUNT_PATHS.login, { body: { phone_number: phone, password } });
    expectPersonalAnswer('passenger login', login, [phone, 'token']);
    const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;
    expectPersonalAnswer(
      'get_transaction_info',
      await call('POST', ACCOUNT_PATHS.transactionInfo, { body: { token, user_id: userId } }),
      [],
    );
  });

  it('a business: its sign-in and its credit', async () => {
    const email = `ketoan.${Date.now()}@congty.vn`;
    const lead = await call('POST', LEAD_PATHS.leadContact, {
      body: {
        type: 'business',
        fullname: 'Trần Thị Bình',
        phone: '0912345678',
        email,
        company_name: 'Công ty TNHH Du lịch Sen',
        lang: 'vi',
      },
    });
    expect(lead.status, lead.text).toBe(200);
    const password = /Mật khẩu: (\S+)/.exec((await waitForMail(dataDir, email)).text)?.[1] ?? '';
    const login = await call('POST', BUSINESS_PATHS.login, { body: { email, password } });
    expectPersonalAnswer('business login', login, ['token']);
    const token = businessLoginResponseSchema.validateSync(JSON.parse(login.text)).data.token;
    expectPersonalAnswer('business get_credit', await call('POST', BUSINESS_PATHS.credit, { body: { token } }), ['balance']);
  });

  it("a partner's staff: sign-in, the partner's tickets with its passengers, fleet, transfers, quick bookings", async () => {
    const phone = uniquePhone();
    const booked = await call('POST', BOOKING_PATHS.createTicket, {
      body: bookingPayload(vivu, undefined, { phone, fullname: 'Phạm Minh Tuấn' }),
    });
    expect(booked.status, booked.text).toBe(200);
    const [owner] = await db.database.db
      .select({ phone: partnerStaff.phone })
      .from(partnerStaff)
      .where(and(eq(partnerStaff.partnerId, vivu.partner.id), eq(partnerStaff.role, 'owner')));
    const login = await call('POST', PARTNER_PATHS.login, {
      body: { phone_number: owner!.phone, password: partnerDemoPassword() },
    });
    expectPersonalAnswer('staff login', login, ['token']);
    const auth = { authorization: `Bearer ${staffLoginResponseSchema.validateSync(JSON.parse(login.text)).data.token}` };
    expectPersonalAnswer('staff tickets', await call('GET', PARTNER_PATHS.tickets, { headers: auth }), [phone, 'Phạm Minh Tuấn']);
    expectPersonalAnswer('staff fleet', await call('GET', PARTNER_PATHS.fleet, { headers: auth }), []);
    expectPersonalAnswer('staff bank transfers', await call('GET', TRANSFER_DESK_PATHS.unmatched, { headers: auth }), []);
    expectPersonalAnswer('staff quick bookings', await call('GET', QUICK_BOOKING_PATHS.list, { headers: auth }), []);
  });

  it('no route outside the public list is ever kept by a cache, whatever it answers', async () => {
    // Public by design, the same for everyone: configuration, content, places, the methods of payment, drivers'
    // shortened names, the home's ratings (first names and stars the passengers chose to publish), the VAPID public
    // key, the sandbox's stylesheet, SEO files.
    const PUBLIC = new Set<string>([
      'GET /api/passenger/get_system_configs',
      'GET /api/home/get_key_values',
      'GET /api/home/get_call_center',
      'GET /api/home/get_google_map_api',
      'GET /api/home/get_airport_suggestion',
      'GET /api/home/get_blog_category',
      'GET /api/home/get_list_posts',
      'GET /api/home/get_newses',
      'GET /api/passenger/get_featured_posts',
      'GET /api/passenger/get_faq_categories',
      'GET /api/passenger/get_faq_questions',
      'GET /api/passenger/get_popular_chunks',
      'GET /api/home/get_homepage_media',
      'GET /api/home/get_homepage_impact_environmental',
      'GET /api/passenger/get_suggest_brands',
      'GET /api/push/vapid_public_key',
      `GET ${PARTNER_PATHS.driverRandNames}`,
      `GET ${LEAD_PATHS.partnerLandingPosts}`,
      `GET ${PLACES_PATHS.exchangeKeyword}`,
      `GET ${BOOKING_PATHS.payMethods}`,
      `GET ${RATING_PATHS.customerRatings}`,
      `GET ${PAYMENT_PATHS.sandboxStyle}`,
      'GET /sitemap.xml',
      'GET /robots.txt',
    ]);
    const seen = new Map<string, string>();
    for (const entry of app.routes) {
      if (entry.method === 'ALL' || entry.path.includes('*') || entry.path.includes(':')) continue;
      const key = `${entry.method} ${entry.path}`;
      if (seen.has(key) || (entry.method !== 'GET' && entry.method !== 'POST')) continue;
      const answer = await call(entry.method, entry.path, entry.method === 'POST' ? { body: {} } : {});
      seen.set(key, answer.cacheControl);
    }
    expect(seen.size).toBeGreaterThan(60);
    const cacheable = [...seen].filter(([, value]) => !value.includes('no-store')).map(([key]) => key);
    expect(cacheable.filter((key) => !PUBLIC.has(key))).toEqual([]);
  });
});
