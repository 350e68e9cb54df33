// The home's figures from real tickets: the suggest-brand list (spec 9: the partners booked most in the last
// prev_day day(s), number_from to number_to of them, refreshed every time_refresh_number_seconds; failed payments
// and refused night requests are not bookings; one answer is shared for 5 s) and the environmental impact computed
// from completed tickets (a shared run on one car moves the seat-km, the car-km avoided, the CO₂ and the share).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, TRANSACTION_STATUS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import {
  CONTENT_PATHS,
  homepageImpactResponseSchema,
  suggestBrandsResponseSchema,
  type SuggestBrandsData,
} from '../../../src/shared/contract/content';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PARTNER_PATHS, staffFleetResponseSchema, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../src/shared/domain/system-config';
import { haversineKm, roadKmFromStraight } from '../../../src/server/adapters/router/great-circle';
import { createApp } from '../../../src/server/app';
import { partnerStaff, settings, tickets, transportPartners } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { CAR_CO2_KG_PER_KM } from '../../../src/server/modules/content/live-figures';
import { logoText } from '../../../src/server/modules/pricing/engine';
import { AIRPORT_TRIP, bookingPayload, priceList, post } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
/** The app's clock stands still unless a test moves it, so the 5-second shared answer is tested without waiting. */
let clock = Date.now();
let app: ReturnType<typeof createApp>;
const sql = () => db.database.db;
/** A new app over the same database: new caches (config and figures), as another server would have. */
const freshApp = () => createApp({ database: db.database, log: silent });

let ipCounter = 0;
async function book(option: PriceOption, on = app, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await post(on, BOOKING_PATHS.createTicket, bookingPayload(option, AIRPORT_TRIP, overrides), {
    'x-forwarded-for': `198.18.0.${(ipCounter += 1)}`,
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code;
}

async function suggest(on = app): Promise<{ cache: string | null; data: SuggestBrandsData }> {
  const res = await on.request(CONTENT_PATHS.suggestBrands);
  expect(res.status).toBe(200);
  return { cache: res.headers.get('cache-control'), data: suggestBrandsResponseSchema.validateSync(await res.json()).data };
}

const counts = (data: SuggestBrandsData) => data.items.map((item) => [item.name, item.bookings]);

async function setSystem(key: string, value: number) {
  await sql().update(settings).set({ value }).where(eq(settings.key, key));
}

let vivu: PriceOption;
let other: PriceOption;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, now: () => new Date(clock) });
  const privateItems = await priceList(app, AIRPORT_TRIP, { ride_method_id: '1' });
  vivu = privateItems.find((i) => i.partner.name === 'Vivu Airport Express' && !i.hide)!;
  other = privateItems.find((i) => i.partner.name === 'Taxi Thủ Đô' && !i.hide)!;
  expect(vivu && other).toBeTruthy();
});
afterAll(async () => {
  await db.cleanup();
});

describe('passenger/get_suggest_brands', () => {
  it('answers no partner before any booking, with the spec 9 window, limits and refresh', async () => {
    const { cache, data } = await suggest(freshApp());
    expect(cache).toBe('public, max-age=5');
    expect(data.items).toEqual([]);
    expect(data).toMatchObject({
      prev_day: SYSTEM_CONFIG_DEFAULTS.prev_day,
      number_from: SYSTEM_CONFIG_DEFAULTS.number_from,
      number_to: SYSTEM_CONFIG_DEFAULTS.number_to,
      refresh_seconds: SYSTEM_CONFIG_DEFAULTS.time_refresh_number_seconds,
    });
  });

  it('counts real bookings per partner, most first, and shares one answer for 5 seconds', async () => {
    await book(vivu);
    const first = await suggest();
    expect(counts(first.data)).toEqual([['Vivu Airport Express', 1]]);

    await book(vivu);
    await book(other);
    // The same answer within 5 s; a new one after.
    expect(counts((await suggest()).data)).toEqual([['Vivu Airport Express', 1]]);
    clock += 6_000;
    const later = (await suggest()).data;
    expect(counts(later)).toEqual([
      ['Vivu Airport Express', 2],
      ['Taxi Thủ Đô', 1],
    ]);
    const [partner] = await sql().select().from(transportPartners).where(eq(transportPartners.name, 'Vivu Airport Express'));
    expect(later.items[0]).toEqual({
      partner_id: partner!.id,
      name: 'Vivu Airport Express',
      logo_text: logoText('Vivu Airport Express'),
      rating: Math.round(partner!.rating * 10) / 10,
      rating_count: partner!.ratingCount,
      bookings: 2,
    });
  });

  it('leaves out failed or timed-out payments and refused night requests', async () => {
    const failed = await book(other);
    const timedOut = await book(other);
    const refused = await book(other);
    expect(counts((await suggest(freshApp())).data)).toContainEqual(['Taxi Thủ Đô', 4]);
    await sql().update(tickets).set({ transactionStatusId: TRANSACTION_STATUS.error }).where(eq(tickets.code, failed));
    await sql().update(tickets).set({ transactionStatusId: TRANSACTION_STATUS.timeout }).where(eq(tickets.code, timedOut));
    await sql().update(tickets).set({ nightStatus: 'refused' }).where(eq(tickets.code, refused));
    expect(counts((await suggest(freshApp())).data)).toEqual([
      ['Vivu Airport Express', 2],
      ['Taxi Thủ Đô', 1],
    ]);
  });

  it('counts only the last prev_day day(s)', async () => {
    const old = await book(vivu);
    expect(counts((await suggest(freshApp())).data)[0]).toEqual(['Vivu Airport Express', 3]);
    // 25 hours ago: outside one day, inside two.
    await sql()
      .update(tickets)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(tickets.code, old));
    expect(counts((await suggest(freshApp())).data)[0]).toEqual(['Vivu Airport Express', 2]);
    await setSystem('prev_day', 2);
    const two = (await suggest(freshApp())).data;
    expect(two.prev_day).toBe(2);
    expect(counts(two)[0]).toEqual(['Vivu Airport Express', 3]);
    await setSystem('prev_day', 1);
  });

  it('shows at most number_to partners, and none unless number_from partners have bookings', async () => {
    await setSystem('number_to', 1);
    expect(counts((await suggest(freshApp())).data)).toEqual([['Vivu Airport Express', 2]]);
    await setSystem('number_to', 5);
    await setSystem('number_from', 3);
    const few = (await suggest(freshApp())).data;
    expect(few.items).toEqual([]);
    expect(few.number_from).toBe(3);
    await setSystem('number_from', 2);
    expect((await suggest(freshApp())).data.items).toHaveLength(2);
    await setSystem('number_from', 1);
  });
});

// Impact: the partner staff move tickets along the trip states (spec 4) through the partner console's API.

async function staffToken(partnerId: number): Promise<string> {
  const [owner] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  const res = await post(app, PARTNER_PATHS.login, { phone_number: owner!.phone, password: partnerDemoPassword() });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

/** Accepts the tickets, puts them all on one car (one shared run) and completes them. */
async function completeOnOneCar(partnerId: number, codes: string[]) {
  const token = await staffToken(partnerId);
  const headers = { authorization: `Bearer ${token}` };
  const move = async (code: string, to: string) => {
    const res = await post(app, PARTNER_PATHS.transition, { ticket_code: code, to }, headers);
    expect(res.status, `${code} → ${to}: ${await res.clone().text()}`).toBe(200);
  };
  const fleetRes = await app.request(`${PARTNER_PATHS.fleet}?lang=vi`, { headers });
  const fleet = staffFleetResponseSchema.validateSync(await fleetRes.json()).data;
  for (const code of codes) {
    await move(code, 'not_started');
    const assigned = await post(
      app,
      PARTNER_PATHS.assign,
      { ticket_code: code, driver_id: fleet.drivers[0]!.id, car_id: fleet.cars[0]!.id },
      headers,
    );
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']) await move(code, to);
  }
}

async function impact(lang: 'vi' | 'en') {
  const res = await freshApp().request(`${CONTENT_PATHS.homepageImpact}?lang=${lang}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=300');
  const data = homepageImpactResponseSchema.validateSync(await res.json()).data;
  return { ...data, value: (key: string) => data.items.find((f) => f.key === key)?.value };
}

describe('home/get_homepage_impact_environmental from completed tickets', () => {
  const km = roadKmFromStraight(haversineKm(AIRPORT_TRIP.pick.geometry.location, AIRPORT_TRIP.drop.geometry.location));

  it('has no figures before a trip is completed, then moves when a shared run is completed', async () => {
    const none = await impact('vi');
    expect(none.items).toEqual([]);

    // A completed private ride: figures exist, nothing was shared.
    const ride = await book(vivu);
    await completeOnOneCar(vivu.partner.id, [ride]);
    const privateOnly = await impact('vi');
    expect(privateOnly.items.map((f) => f.key)).toEqual([
      'shared_seat_km',
      'car_km_avoided',
      'co2_kg_avoided',
      'shared_share_percent',
    ]);
    expect(privateOnly.value('shared_seat_km')).toBe(0);
    expect(privateOnly.value('shared_share_percent')).toBe(0);
    expect(privateOnly.period_start <= privateOnly.period_end).toBe(true);

    // Two shared bookings (one and two seats) on one car at one time: one run that avoided one car trip.
    const seat = (await priceList(app, AIRPORT_TRIP, { ride_method_id: '2' })).find((i) => !i.hide && i.ride_method_id === 2)!;
    const seats = (await priceList(app, AIRPORT_TRIP, { ride_method_id: '2', chair: '2' })).find(
      (i) => i.option_id === seat.option_id,
    )!;
    const one = await book(seat);
    const two = await book(seats, app, { chair: 2 });
    await completeOnOneCar(seat.partner.id, [one, two]);
    const stored = await sql()
      .select()
      .from(tickets)
      .where(inArray(tickets.code, [one, two]));
    expect(stored.map((row) => row.chair).sort()).toEqual([1, 2]);

    const shared = await impact('vi');
    expect(shared.value('shared_seat_km')).toBeCloseTo(3 * km, 0);
    expect(shared.value('car_km_avoided')).toBeCloseTo(km, 0);
    expect(shared.value('co2_kg_avoided')).toBeCloseTo(km * CAR_CO2_KG_PER_KM, 0);
    expect(shared.value('shared_share_percent')).toBeCloseTo((2 / 3) * 100, 0);

    // The same figures in English, with the method (and the CO₂ factor's source) in words.
    const en = await impact('en');
    expect(en.items.map((f) => f.value)).toEqual(shared.items.map((f) => f.value));
    expect(en.items.find((f) => f.key === 'co2_kg_avoided')?.method).toMatch(/0\.17 kg CO₂ per km.*DESNZ\/DEFRA/);
    expect(shared.items.find((f) => f.key === 'co2_kg_avoided')?.method).toMatch(/0,17 kg CO₂\/km.*DESNZ\/DEFRA/);
  });
});
