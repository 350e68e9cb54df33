// Spec 9 values the server reads from the configuration: each changed in the settings table is what the
// next call answers with, and a value outside its range (SYSTEM_CONFIG_BOUNDS) reads as the spec's default. The app
// reads its settings on every call here (settingsTtlMs 0), as any server does once its 5 s cache has passed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, registerResponseSchema } from '../../../src/shared/contract/accounts';
import { BOOKING_PATHS } from '../../../src/shared/contract/booking';
import { CONFIG_PATHS } from '../../../src/shared/contract/config';
import { CONTENT_PATHS, postListResponseSchema } from '../../../src/shared/contract/content';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { LEAD_PATHS, partnerLandingResponseSchema, specialRequestResponseSchema } from '../../../src/shared/contract/leads';
import { PLACES_PATHS } from '../../../src/shared/contract/places';
import { PRICING_PATHS } from '../../../src/shared/contract/pricing';
import { SYSTEM_CONFIG_DEFAULTS, type SystemConfig } from '../../../src/shared/domain/system-config';
import { createApp } from '../../../src/server/app';
import { settings } from '../../../src/server/db/schema';
import { SETTING_GROUPS } from '../../../src/server/db/seed';
import type { Logger } from '../../../src/server/http/errors';
import { AIRPORT_TRIP, bookingPayload, inTwoDays, optionOf, post, uniquePhone } from '../helpers/booking';
import { lastCode, smsTo } from '../helpers/outbox';
import { PLACES } from '../helpers/places';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { liveBookingCountResponseSchema } from '../../../src/shared/contract/booking';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
/** The app's clock: the OTP test moves it instead of sleeping. */
let offsetMs = 0;
let ip = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-config-values-'));
  app = createApp({ database: db.database, log: silent, dataDir, now: () => new Date(Date.now() + offsetMs), settingsTtlMs: 0 });
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

type NumericKey = { [K in keyof SystemConfig]: SystemConfig[K] extends number ? K : never }[keyof SystemConfig];
const changed = new Set<NumericKey>();

async function configure(key: NumericKey, value: number): Promise<void> {
  changed.add(key);
  await db.database.db
    .update(settings)
    .set({ value })
    .where(and(eq(settings.grp, SETTING_GROUPS.system), eq(settings.key, key)));
}

afterEach(async () => {
  for (const key of changed) {
    await db.database.db
      .update(settings)
      .set({ value: SYSTEM_CONFIG_DEFAULTS[key] })
      .where(and(eq(settings.grp, SETTING_GROUPS.system), eq(settings.key, key)));
  }
  changed.clear();
  offsetMs = 0;
});

const send = (path: string, body: unknown) => post(app, path, body, { 'x-forwarded-for': `198.51.100.${(ip += 1)}` });

describe('otp_timeout_seconds', () => {
  it('is how long a sign-up code lives, what the SMS says and what the dialog counts down from', async () => {
    await configure('otp_timeout_seconds', 300);
    const phone = uniquePhone();
    const res = await send(ACCOUNT_PATHS.registerAccount, {
      phone_number: phone,
      password: 'vivu2026an',
      re_password: 'vivu2026an',
    });
    expect(res.status).toBe(200);
    const { data } = registerResponseSchema.validateSync(await res.json());
    expect(data.expires_in).toBe(300);
    expect(smsTo(dataDir, phone).at(-1)).toMatch(/Mã có hiệu lực trong 5 phút\.$/);

    // Dead after the configured 300 s (a failed try), still good at 200 s, past the spec's 179.
    const code = lastCode(dataDir, phone);
    offsetMs = 301_000;
    const late = await send(ACCOUNT_PATHS.verifyAccount, { user_id: data.id, code_verify: code });
    expect(late.status).toBe(400);
    offsetMs = 200_000;
    const inTime = await send(ACCOUNT_PATHS.verifyAccount, { user_id: data.id, code_verify: code });
    expect(inTime.status, await inTime.clone().text()).toBe(200);
  });

  it('reads a value outside 30 to 900 seconds as the spec default of 179', async () => {
    await configure('otp_timeout_seconds', 5);
    const res = await send(ACCOUNT_PATHS.registerAccount, {
      phone_number: uniquePhone(),
      password: 'vivu2026an',
      re_password: 'vivu2026an',
      lang: 'en',
    });
    expect(registerResponseSchema.validateSync(await res.json()).data.expires_in).toBe(179);
  });
});

describe('live_booking_refresh_ms, special_request_reply_hours, partner_commission_percent', () => {
  it('the live count says how often to ask again', async () => {
    // The first count of this app: nothing shared yet, the interval is read with it.
    await configure('live_booking_refresh_ms', 8000);
    const res = await app.request(BOOKING_PATHS.notifyNewBooking);
    expect(liveBookingCountResponseSchema.validateSync(await res.json()).data.refresh_ms).toBe(8000);
  });

  it('a special request is promised a reply within the configured hours', async () => {
    await configure('special_request_reply_hours', 24);
    const before = Date.now();
    const res = await send(LEAD_PATHS.specialRequest, {
      fullname: 'Trần Thị Bình',
      phone_code: '84',
      phone: uniquePhone(),
      email: 'binh@example.com',
      pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
      drop_address: 'Hạ Long, Quảng Ninh',
      depart_time: inTwoDays('07:30'),
      days: 1,
      seats: 29,
      vehicle_count: 1,
      note: '',
      lang: 'vi',
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { params?: unknown };
    expect(json.params).toEqual({ hours: 24 });
    const body = specialRequestResponseSchema.validateSync(json);
    expect(body.data.reply_within_hours).toBe(24);
    const due = new Date(body.data.reply_by).getTime() - before;
    expect(due).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(due).toBeLessThan(25 * 3600_000);
  });

  it('the partner landing page shows the configured commission, and 20 for a value over 100', async () => {
    await configure('partner_commission_percent', 15);
    const page = async () =>
      partnerLandingResponseSchema.validateSync(await (await app.request(`${LEAD_PATHS.partnerLandingPosts}?lang=en`)).json())
        .data;
    expect((await page()).commission_percent).toBe(15);
    await configure('partner_commission_percent', 150);
    expect((await page()).commission_percent).toBe(20);
  });
});

describe('cached lifetimes (spec 9: map key 5, exchange keywords 30, airport suggestions 30 minutes)', () => {
  const maxAge = async (path: string) => (await app.request(path)).headers.get('cache-control');

  it('each call is kept by shared caches for its configured minutes', async () => {
    expect(await maxAge(CONFIG_PATHS.googleMapApi)).toBe('public, max-age=300');
    expect(await maxAge(`${PLACES_PATHS.exchangeKeyword}?lang=vi`)).toBe('public, max-age=1800');
    expect(await maxAge(`${PLACES_PATHS.airportSuggestion}?lang=vi`)).toBe('public, max-age=1800');
    await configure('map_key_cache_minutes', 2);
    await configure('exchange_keyword_cache_minutes', 10);
    await configure('airport_suggestion_cache_minutes', 60);
    expect(await maxAge(CONFIG_PATHS.googleMapApi)).toBe('public, max-age=120');
    expect(await maxAge(`${PLACES_PATHS.exchangeKeyword}?lang=vi`)).toBe('public, max-age=600');
    expect(await maxAge(`${PLACES_PATHS.airportSuggestion}?lang=vi`)).toBe('public, max-age=3600');
    // A negative lifetime is no lifetime: the spec's default.
    await configure('map_key_cache_minutes', -1);
    expect(await maxAge(CONFIG_PATHS.googleMapApi)).toBe('public, max-age=300');
  });
});

describe('blog_posts_per_page', () => {
  it('pages the blog and the news by the configured number', async () => {
    const list = async (path: string) =>
      postListResponseSchema.validateSync(await (await app.request(`${path}?lang=vi&page=1`)).json()).data;
    expect((await list(CONTENT_PATHS.listPosts)).per_page).toBe(6);
    await configure('blog_posts_per_page', 2);
    const blog = await list(CONTENT_PATHS.listPosts);
    expect([blog.per_page, blog.items.length]).toEqual([2, 2]);
    const news = await list(CONTENT_PATHS.newses);
    expect(news.per_page).toBe(2);
    expect(news.items.length).toBeLessThanOrEqual(2);
  });
});

describe('max_passengers and max_extra_addresses', () => {
  const priceListStatus = async (extra: Record<string, string>) => {
    const query = new URLSearchParams({
      depart_time: AIRPORT_TRIP.depart,
      pick_address: AIRPORT_TRIP.pick.formatted_address,
      pick_address_component: JSON.stringify(AIRPORT_TRIP.pick),
      drop_address: AIRPORT_TRIP.drop.formatted_address,
      drop_address_component: JSON.stringify(AIRPORT_TRIP.drop),
      ...extra,
    });
    const res = await app.request(`${PRICING_PATHS.priceList}?${query.toString()}`);
    return { status: res.status, body: (await res.json()) as unknown };
  };
  const extraDrop = JSON.stringify([
    { address: PLACES.hoanKiem.formatted_address, address_component: PLACES.hoanKiem, type: 'drop' },
  ]);

  it('a lower passenger limit refuses more seats on the price list and the booking, as the schema would', async () => {
    const item = await optionOf(app, 'Vivu Airport Express');
    await configure('max_passengers', 4);
    const over = await priceListStatus({ chair: '5' });
    expect(over.status).toBe(400);
    expect(failureSchema.validateSync(over.body).errors).toEqual([
      { field: 'chair', message: 'validation.max', params: { max: 4 } },
    ]);
    expect((await priceListStatus({ chair: '4' })).status).toBe(200);
    const booking = await send(BOOKING_PATHS.createTicket, bookingPayload(item, AIRPORT_TRIP, { chair: 5 }));
    expect(booking.status).toBe(400);
    expect(failureSchema.validateSync(await booking.json()).errors?.[0]).toMatchObject({ field: 'chair', params: { max: 4 } });
    // It cannot raise the contract's 16.
    await configure('max_passengers', 40);
    expect((await priceListStatus({ chair: '17' })).status).toBe(400);
    expect((await priceListStatus({ chair: '16' })).status).toBe(200);
  });

  it('0 extra addresses refuses an extra pickup or drop, and 1 (the default) takes it', async () => {
    expect((await priceListStatus({ more_address: extraDrop })).status).toBe(200);
    await configure('max_extra_addresses', 0);
    const refused = await priceListStatus({ more_address: extraDrop });
    expect(refused.status).toBe(400);
    expect(failureSchema.validateSync(refused.body).errors).toEqual([
      { field: 'more_address', message: 'validation.max_items', params: { max: 0 } },
    ]);
    expect((await priceListStatus({})).status).toBe(200);
  });
});
