// A partner's own fares, set by its owner: only the owner's role may read or change them; a change is validated
// (no zero or negative fare; one far from the partner's others asks for confirmation), written with its history
// (who, when, before and after), reaches the price lists of every server within 10 s, and a booking keeps the fare
// it was priced at. Days off and the partner's lead time hide it from the price lists.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { and, ne } from 'drizzle-orm';
import {
  airportZones,
  hourlyPackages,
  partnerFares,
  partnerStaff,
  sharedRoutes,
  tickets,
  transportPartners,
} from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_FORBIDDEN, type PartnerRole } from '../../../src/shared/contract/partner-roles';
import {
  PARTNER_FARES_ERRORS,
  PARTNER_FARES_PATHS,
  partnerFaresResponseSchema,
} from '../../../src/shared/contract/partner-fares';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { formatVnDate } from '../../../src/shared/domain/vn-time';
import { AIRPORT_TRIP, bookingPayload, optionOf, post, priceList } from '../helpers/booking';
import { PLACES } from '../helpers/places';
import { PRICE_PAGE_SIZE } from '../../../src/shared/contract/pricing';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
const PARTNER = 'Vivu Airport Express';
const PASSWORD = 'gia-cuoc-123';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let partnerId = 0;
const tokens = new Map<PartnerRole, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  const [partner] = await db.database.db
    .select({ id: transportPartners.id })
    .from(transportPartners)
    .where(eq(transportPartners.name, PARTNER));
  if (!partner) throw new Error('no seeded partner');
  partnerId = partner.id;
  const passwordHash = await hashPassword(PASSWORD);
  const roles: Array<[PartnerRole, string, string]> = [
    ['owner', '0938000001', 'Trần Chủ'],
    ['dispatcher', '0938000002', 'Lê Điều Phối'],
    ['accountant', '0938000003', 'Phạm Kế Toán'],
  ];
  await db.database.db
    .insert(partnerStaff)
    .values(roles.map(([role, phone, fullname]) => ({ partnerId, phone, fullname, passwordHash, role })));
  for (const [role, phone] of roles) {
    const res = await app.request(PARTNER_PATHS.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    tokens.set(role, staffLoginResponseSchema.validateSync(await res.json()).data.token);
  }
});
afterAll(async () => {
  await db.cleanup();
});

function call(role: PartnerRole, path: string, body?: object) {
  return app.request(path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function fares() {
  const res = await call('owner', PARTNER_FARES_PATHS.list);
  expect(res.status).toBe(200);
  return partnerFaresResponseSchema.validateSync(await res.json()).data;
}

/** The airport fare that prices the partner's private 4-seat option on the test trip. */
async function tripZone() {
  const option = await optionOf(app, PARTNER);
  expect(option.chunk_id).toBeGreaterThan(0);
  const zone = (await fares()).airport.find((item) => item.id === option.chunk_id);
  if (!zone) throw new Error('the option is not priced by one of the partner airport fares');
  return { option, zone };
}

describe('partner fares', () => {
  it('lets only the owner read or change them', async () => {
    const { zone } = await tripZone();
    for (const role of ['dispatcher', 'accountant'] as const) {
      const read = await call(role, PARTNER_FARES_PATHS.list);
      expect(read.status).toBe(403);
      expect(failureSchema.validateSync(await read.json()).message).toBe(PARTNER_FORBIDDEN);
      const write = await call(role, PARTNER_FARES_PATHS.airport, { id: zone.id, price: zone.price + 1000 });
      expect(write.status).toBe(403);
    }
    const unsigned = await app.request(PARTNER_FARES_PATHS.list);
    expect(unsigned.status).toBe(401);
    expect((await fares()).airport.find((item) => item.id === zone.id)?.price).toBe(zone.price);
  });

  it('refuses zero, negative and absurd fares with the contract message, changing nothing', async () => {
    const { zone } = await tripZone();
    for (const price of [0, -100_000, 500, 1_000_000_000, 'abc']) {
      const res = await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price });
      expect(res.status).toBe(400);
      const body = failureSchema.validateSync(await res.json());
      expect(body.errors?.[0]?.message).toBe(PARTNER_FARES_ERRORS.price);
    }
    const fees = await call('owner', PARTNER_FARES_PATHS.fees, {
      night_start_minute: 22 * 60,
      night_end_minute: 5 * 60,
      night_percent: 150,
      board_price: 0,
      extra_address_fee: 0,
    });
    expect(fees.status).toBe(400);
    const after = await fares();
    expect(after.airport.find((item) => item.id === zone.id)?.price).toBe(zone.price);
    expect(after.history).toHaveLength(0);
  });

  it('answers another partner fare exactly like an unknown one', async () => {
    const [other] = await db.database.db
      .select({ id: airportZones.id, price: airportZones.price })
      .from(airportZones)
      .innerJoin(transportPartners, eq(transportPartners.id, airportZones.partnerId))
      .where(eq(transportPartners.name, 'Taxi Thủ Đô'))
      .limit(1);
    if (!other) throw new Error('no other partner airport fare');
    const theirs = await call('owner', PARTNER_FARES_PATHS.airport, { id: other.id, price: 300_000, confirm: true });
    const unknown = await call('owner', PARTNER_FARES_PATHS.airport, { id: 99_999_999, price: 300_000, confirm: true });
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    const [still] = await db.database.db
      .select({ price: airportZones.price })
      .from(airportZones)
      .where(eq(airportZones.id, other.id));
    expect(still?.price).toBe(other.price);
  });

  it('asks to confirm a fare far from the partner others, and keeps it once confirmed, with its history', async () => {
    const { zone } = await tripZone();
    const far = zone.price * 10;
    const asked = await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: far });
    expect(asked.status).toBe(409);
    const answer = (await asked.json()) as { message: string; data: { median: number } };
    expect(answer.message).toBe(PARTNER_FARES_ERRORS.confirm);
    expect(answer.data.median).toBeGreaterThan(0);
    expect((await fares()).airport.find((item) => item.id === zone.id)?.price).toBe(zone.price);

    const confirmed = await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: far, confirm: true });
    expect(confirmed.status).toBe(200);
    const after = await fares();
    expect(after.airport.find((item) => item.id === zone.id)?.price).toBe(far);
    expect(after.history[0]).toMatchObject({
      staff_name: 'Trần Chủ',
      kind: 'airport',
      item_id: zone.id,
      before: { price: zone.price },
      after: { price: far },
    });
    // Back to the old fare: a change near the others needs no confirmation.
    const back = await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: zone.price });
    expect(back.status).toBe(200);
    expect((await fares()).history).toHaveLength(2);
  });

  it('keeps a booking at the fare it was priced at; a booking at the old fare after a change is price_changed', async () => {
    const { option, zone } = await tripZone();
    const before = bookingPayload(option);
    const booked = await post(app, BOOKING_PATHS.createTicket, before);
    expect(booked.status).toBe(200);
    const code = createTicketResponseSchema.validateSync(await booked.json()).ticket_code;

    const raised = zone.price + 50_000;
    expect((await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: raised })).status).toBe(200);

    const [ticket] = await db.database.db.select().from(tickets).where(eq(tickets.code, code));
    expect(ticket?.merged).toBe(option.merged);

    const stale = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option));
    expect(stale.status).toBe(409);
    expect(failureSchema.validateSync(await stale.json()).message).toBe('booking.errors.price_changed');

    const fresh = await optionOf(app, PARTNER);
    expect(fresh.unit_price).toBe(raised);
    const after = await post(app, BOOKING_PATHS.createTicket, bookingPayload(fresh));
    expect(after.status).toBe(200);

    expect((await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: zone.price })).status).toBe(200);
  });

  it('reaches a second server on the same database within 10 s', async () => {
    const other = createApp({ database: db.database, log: silent });
    const { zone } = await tripZone();
    const seen = async () => (await optionOf(other, PARTNER)).unit_price;
    expect(await seen()).toBe(zone.price);
    const changed = zone.price + 20_000;
    const saved = Date.now();
    expect((await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: changed })).status).toBe(200);
    let price = await seen();
    while (price !== changed && Date.now() - saved < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      price = await seen();
    }
    expect(price).toBe(changed);
    expect(Date.now() - saved).toBeLessThan(10_000);
    expect((await call('owner', PARTNER_FARES_PATHS.airport, { id: zone.id, price: zone.price })).status).toBe(200);
  }, 20_000);

  it('hides the partner on its days off and inside its lead time', async () => {
    const names = async () => new Set((await priceList(app, AIRPORT_TRIP)).map((item) => item.partner.name));
    expect(await names()).toContain(PARTNER);
    const departDate = AIRPORT_TRIP.depart.split(' ')[1] ?? '';
    const [day = '', month = '', year = ''] = departDate.split('/');
    const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const set = (body: object) => call('owner', PARTNER_FARES_PATHS.availability, body);

    expect((await set({ lead_minutes: null, off_weekdays: [], off_dates: [iso], daily_cap: null })).status).toBe(200);
    expect(await names()).not.toContain(PARTNER);

    const weekday = new Date(`${iso}T12:00:00+07:00`).getUTCDay();
    expect((await set({ lead_minutes: null, off_weekdays: [weekday], off_dates: [], daily_cap: null })).status).toBe(200);
    expect(await names()).not.toContain(PARTNER);

    // Two days ahead is inside a three-day lead time, outside a one-day one.
    expect((await set({ lead_minutes: 3 * 24 * 60, off_weekdays: [], off_dates: [], daily_cap: null })).status).toBe(200);
    expect(await names()).not.toContain(PARTNER);
    expect((await set({ lead_minutes: 24 * 60, off_weekdays: [], off_dates: [], daily_cap: null })).status).toBe(200);
    expect(await names()).toContain(PARTNER);

    const bad = await set({ lead_minutes: 60, off_weekdays: [], off_dates: ['2026-02-30'], daily_cap: null });
    expect(bad.status).toBe(400);
    expect(failureSchema.validateSync(await bad.json()).errors?.[0]?.message).toBe(PARTNER_FARES_ERRORS.date);
    expect((await fares()).availability).toEqual({ lead_minutes: 24 * 60, off_weekdays: [], off_dates: [], daily_cap: null });
    expect((await set({ lead_minutes: null, off_weekdays: [], off_dates: [], daily_cap: null })).status).toBe(200);
  });

  it('hides the partner once its bookings departing that day reach its daily cap, and counts no cancelled one', async () => {
    const names = async () => new Set((await priceList(app, AIRPORT_TRIP)).map((item) => item.partner.name));
    const set = (daily_cap: number | null) =>
      call('owner', PARTNER_FARES_PATHS.availability, { lead_minutes: null, off_weekdays: [], off_dates: [], daily_cap });
    const zero = await set(0);
    expect(zero.status).toBe(400);
    expect(failureSchema.validateSync(await zero.json()).errors?.[0]?.message).toBe(PARTNER_FARES_ERRORS.dailyCap);

    const rows = await db.database.db
      .select({ id: tickets.id, status: tickets.status, departAt: tickets.departAt })
      .from(tickets)
      .where(eq(tickets.partnerId, partnerId));
    const departDay = (await optionOf(app, PARTNER)).depart_time.split(' ')[1];
    const sameDay = rows.filter((row) => row.status !== 5 && formatVnDate(row.departAt) === departDay);
    expect(sameDay.length).toBeGreaterThan(0);

    expect((await set(sameDay.length + 1)).status).toBe(200);
    expect(await names()).toContain(PARTNER);
    expect((await set(sameDay.length)).status).toBe(200);
    expect(await names()).not.toContain(PARTNER);
    // A cancelled booking frees its place.
    const first = sameDay[0]!;
    await db.database.db.update(tickets).set({ status: 5 }).where(eq(tickets.id, first.id));
    expect(await names()).toContain(PARTNER);
    await db.database.db.update(tickets).set({ status: first.status }).where(eq(tickets.id, first.id));
    expect((await set(null)).status).toBe(200);
    expect(await names()).toContain(PARTNER);
  });
});

describe('partner fare rows added and removed', () => {
  const newZone = {
    airport_code: 'han',
    zone: 'Sóc Sơn',
    max_km: 15,
    vehicle_type_id: 2,
    ride_method: 1,
    price: 300_000,
  };

  it('adds an airport fare for the owner only, once, versioned, and refuses a bad one with the contract message', async () => {
    expect((await call('dispatcher', PARTNER_FARES_PATHS.airportAdd, newZone)).status).toBe(403);
    const added = await call('owner', PARTNER_FARES_PATHS.airportAdd, newZone);
    expect(added.status).toBe(200);
    const { id } = ((await added.json()) as { data: { id: number } }).data;
    const after = await fares();
    expect(after.airport.find((item) => item.id === id)).toMatchObject({
      airport_code: 'HAN',
      zone: 'Sóc Sơn',
      vehicle_type_id: 2,
      price: 300_000,
    });
    expect(after.history[0]).toMatchObject({ staff_name: 'Trần Chủ', kind: 'airport', item_id: id, before: {} });
    expect(after.history[0]?.after).toMatchObject({ zone: 'Sóc Sơn', price: 300_000 });

    const twice = await call('owner', PARTNER_FARES_PATHS.airportAdd, newZone);
    expect(twice.status).toBe(409);
    expect(failureSchema.validateSync(await twice.json()).message).toBe(PARTNER_FARES_ERRORS.exists);

    const bad: Array<[object, string]> = [
      [{ ...newZone, zone: 'Nội Bài 2', price: 0 }, PARTNER_FARES_ERRORS.price],
      [{ ...newZone, zone: 'Nội Bài 2', airport_code: 'HN' }, PARTNER_FARES_ERRORS.airport],
      [{ ...newZone, zone: 'Nội Bài 2', max_km: 0 }, PARTNER_FARES_ERRORS.maxKm],
      [{ ...newZone, zone: 'Nội Bài 2', vehicle_type_id: 999 }, PARTNER_FARES_ERRORS.vehicle],
    ];
    for (const [body, message] of bad) {
      const res = await call('owner', PARTNER_FARES_PATHS.airportAdd, body);
      expect(res.status).toBe(400);
      expect(failureSchema.validateSync(await res.json()).errors?.[0]?.message).toBe(message);
    }
    expect((await fares()).airport.filter((item) => item.zone === 'Nội Bài 2')).toHaveLength(0);
  });

  it('adds a distance fare whose bands rise to an open last one, and an hourly package asking to confirm a far price', async () => {
    const distance = {
      vehicle_type_id: 17,
      ride_method: 2,
      service: 'economy',
      base_fare: 10_000,
      km_tiers: [
        { upto_km: 20, per_km: 12_000 },
        { upto_km: null, per_km: 9_000 },
      ],
      min_fare: 100_000,
      shared_seat_factor: 0.3,
      max_share_seats: 3,
    };
    for (const body of [
      { ...distance, km_tiers: [{ upto_km: 20, per_km: 12_000 }] },
      {
        ...distance,
        km_tiers: [
          { upto_km: 20, per_km: 12_000 },
          { upto_km: 10, per_km: 9_000 },
          { upto_km: null, per_km: 8_000 },
        ],
      },
    ]) {
      const res = await call('owner', PARTNER_FARES_PATHS.distanceAdd, body);
      expect(res.status).toBe(400);
      expect(failureSchema.validateSync(await res.json()).errors?.[0]?.message).toBe(PARTNER_FARES_ERRORS.kmTiers);
    }
    const unshared = await call('owner', PARTNER_FARES_PATHS.distanceAdd, { ...distance, shared_seat_factor: null });
    expect(unshared.status).toBe(400);
    expect(failureSchema.validateSync(await unshared.json()).errors?.[0]?.message).toBe(PARTNER_FARES_ERRORS.share);
    const added = await call('owner', PARTNER_FARES_PATHS.distanceAdd, distance);
    expect(added.status).toBe(200);
    expect((await fares()).distance.filter((item) => item.vehicle_type_id === 17 && item.ride_method === 2)).toHaveLength(1);

    const hourly = {
      vehicle_type_id: 24,
      service: 'standard',
      duration_hours: 3,
      km_limit: 50,
      price: 9_000_000,
      extra_per_hour: 250_000,
      extra_per_km: 18_000,
    };
    // No other package of three hours: nothing to compare with.
    expect((await call('owner', PARTNER_FARES_PATHS.hourlyAdd, hourly)).status).toBe(200);
    const far = await call('owner', PARTNER_FARES_PATHS.hourlyAdd, { ...hourly, vehicle_type_id: 2, price: 90_000_000 });
    expect(far.status).toBe(409);
    expect(((await far.json()) as { data: { median: number } }).data.median).toBe(9_000_000);
    const kept = await call('owner', PARTNER_FARES_PATHS.hourlyAdd, {
      ...hourly,
      vehicle_type_id: 2,
      price: 90_000_000,
      confirm: true,
    });
    expect(kept.status).toBe(200);
    expect((await fares()).hourly.filter((item) => item.duration_hours === 3).map((item) => item.price)).toEqual([
      90_000_000, 9_000_000,
    ]);
  });

  it('removes a row of the caller partner only, versioned, and the last of a kind only once confirmed', async () => {
    const [other] = await db.database.db
      .select({ id: hourlyPackages.id })
      .from(hourlyPackages)
      .innerJoin(transportPartners, eq(transportPartners.id, hourlyPackages.partnerId))
      .where(eq(transportPartners.name, 'Taxi Thủ Đô'))
      .limit(1);
    if (!other) throw new Error('no other partner hourly package');
    const theirs = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: other.id, confirm: true });
    const unknown = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: 99_999_999, confirm: true });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual(await unknown.json());
    expect((await call('dispatcher', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: other.id })).status).toBe(403);

    const packages = (await fares()).hourly;
    const [first, ...rest] = packages;
    if (!first) throw new Error('no hourly package');
    const removed = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: first.id });
    expect(removed.status).toBe(200);
    const after = await fares();
    expect(after.hourly.map((item) => item.id)).toEqual(rest.map((item) => item.id));
    expect(after.history[0]).toMatchObject({ kind: 'hourly', item_id: first.id, after: {} });
    expect(after.history[0]?.before).toMatchObject({ price: first.price, duration_hours: first.duration_hours });

    // Down to one package: removing it would leave the partner with no hourly hire, so it asks first.
    const [last, ...others] = rest;
    if (!last) throw new Error('no second hourly package');
    await db.database.db
      .delete(hourlyPackages)
      .where(and(eq(hourlyPackages.partnerId, partnerId), ne(hourlyPackages.id, last.id)));
    expect(others.length).toBeGreaterThan(0);
    const asked = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: last.id });
    expect(asked.status).toBe(409);
    expect(failureSchema.validateSync(await asked.json()).message).toBe(PARTNER_FARES_ERRORS.lastRow);
    expect((await fares()).hourly).toHaveLength(1);
    expect((await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'hourly', id: last.id, confirm: true })).status).toBe(200);
    expect((await fares()).hourly).toHaveLength(0);
  });
});

describe('shared routes, toll bands and per-km bands set by the owner', () => {
  const refusedWith = async (res: Response, status: number, message: string) => {
    expect(res.status).toBe(status);
    const body = failureSchema.validateSync(await res.json());
    expect(body.errors?.[0]?.message ?? body.message).toBe(message);
  };

  it('adds a shared route once in either direction, removes it, and answers another partner route as unknown', async () => {
    const route = { province_a: '01', province_b: '38' };
    expect((await call('dispatcher', PARTNER_FARES_PATHS.sharedRouteAdd, route)).status).toBe(403);
    for (const body of [{ province_a: '01', province_b: '99' }, { province_a: '01', province_b: '01' }, { province_a: '01' }])
      await refusedWith(await call('owner', PARTNER_FARES_PATHS.sharedRouteAdd, body), 400, PARTNER_FARES_ERRORS.province);
    const added = await call('owner', PARTNER_FARES_PATHS.sharedRouteAdd, route);
    expect(added.status).toBe(200);
    const { id } = ((await added.json()) as { data: { id: number } }).data;
    await refusedWith(
      await call('owner', PARTNER_FARES_PATHS.sharedRouteAdd, { province_a: '38', province_b: '01' }),
      409,
      PARTNER_FARES_ERRORS.exists,
    );
    const after = await fares();
    expect(after.shared_routes).toContainEqual({ id, ...route });
    expect(after.history[0]).toMatchObject({ kind: 'shared_route', item_id: id, before: {}, after: route });

    const [theirs] = await db.database.db
      .select({ id: sharedRoutes.id })
      .from(sharedRoutes)
      .where(ne(sharedRoutes.partnerId, partnerId))
      .limit(1);
    if (!theirs) throw new Error('no other partner shared route');
    const probe = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'shared_route', id: theirs.id, confirm: true });
    const unknown = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'shared_route', id: 99_999_999, confirm: true });
    expect(probe.status).toBe(404);
    expect(await probe.json()).toEqual(await unknown.json());
    expect((await call('dispatcher', PARTNER_FARES_PATHS.remove, { kind: 'shared_route', id })).status).toBe(403);
    const removed = await call('owner', PARTNER_FARES_PATHS.remove, { kind: 'shared_route', id, confirm: true });
    expect(removed.status).toBe(200);
    const gone = await fares();
    expect(gone.shared_routes.find((item) => item.id === id)).toBeUndefined();
    expect(gone.history[0]).toMatchObject({ kind: 'shared_route', item_id: id, after: {}, before: route });
  });

  it('sets the toll estimate by distance, which the price list shows, and refuses bands out of order', async () => {
    const bands = [
      { upto_km: 10, amount: 0 },
      { upto_km: null, amount: 35_000 },
    ];
    expect((await call('dispatcher', PARTNER_FARES_PATHS.tolls, { toll_bands: bands })).status).toBe(403);
    const before = (await fares()).fees.toll_bands;
    for (const toll_bands of [[{ upto_km: 10, amount: 0 }], [{ upto_km: null, amount: -5 }], 'abc'])
      expect((await call('owner', PARTNER_FARES_PATHS.tolls, { toll_bands })).status).toBe(400);
    await refusedWith(
      await call('owner', PARTNER_FARES_PATHS.tolls, { toll_bands: [{ upto_km: 10, amount: 0 }] }),
      400,
      PARTNER_FARES_ERRORS.kmTiers,
    );
    expect((await fares()).fees.toll_bands).toEqual(before);

    expect((await call('owner', PARTNER_FARES_PATHS.tolls, { toll_bands: bands })).status).toBe(200);
    const after = await fares();
    expect(after.fees.toll_bands).toEqual(bands);
    expect(after.history[0]).toMatchObject({ kind: 'fees', before: { toll_bands: before }, after: { toll_bands: bands } });
    // The airport trip is over 10 km: the open band's amount.
    expect((await optionOf(app, PARTNER)).toll_fee).toBe(35_000);
    expect((await call('owner', PARTNER_FARES_PATHS.tolls, { toll_bands: null })).status).toBe(200);
    expect((await optionOf(app, PARTNER)).toll_fee).toBe('NA');
  });

  it('changes a distance fare per-km bands with their history, and refuses bands out of order', async () => {
    const [fare] = (await fares()).distance;
    if (!fare) throw new Error('no distance fare');
    const tiers = [
      { upto_km: 15, per_km: 15_000 },
      { upto_km: 60, per_km: 12_000 },
      { upto_km: null, per_km: 9_000 },
    ];
    const body = { id: fare.id, base_fare: fare.base_fare, min_fare: fare.min_fare, km_tiers: tiers };
    expect((await call('dispatcher', PARTNER_FARES_PATHS.distance, body)).status).toBe(403);
    for (const km_tiers of [[], [{ upto_km: 15, per_km: 15_000 }], [{ upto_km: null, per_km: 0 }]])
      expect((await call('owner', PARTNER_FARES_PATHS.distance, { ...body, km_tiers })).status).toBe(400);
    await refusedWith(
      await call('owner', PARTNER_FARES_PATHS.distance, { ...body, km_tiers: [tiers[1], tiers[0], tiers[2]] }),
      400,
      PARTNER_FARES_ERRORS.kmTiers,
    );
    expect((await fares()).distance.find((item) => item.id === fare.id)?.km_tiers).toEqual(fare.km_tiers);

    const [theirs] = await db.database.db
      .select({ id: partnerFares.id })
      .from(partnerFares)
      .where(ne(partnerFares.partnerId, partnerId))
      .limit(1);
    if (!theirs) throw new Error('no other partner distance fare');
    const probe = await call('owner', PARTNER_FARES_PATHS.distance, { ...body, id: theirs.id, confirm: true });
    const unknown = await call('owner', PARTNER_FARES_PATHS.distance, { ...body, id: 99_999_999, confirm: true });
    expect(probe.status).toBe(404);
    expect(await probe.json()).toEqual(await unknown.json());

    expect((await call('owner', PARTNER_FARES_PATHS.distance, body)).status).toBe(200);
    const after = await fares();
    expect(after.distance.find((item) => item.id === fare.id)?.km_tiers).toEqual(tiers);
    expect(after.history[0]).toMatchObject({
      kind: 'distance',
      item_id: fare.id,
      before: { km_tiers: fare.km_tiers },
      after: { km_tiers: tiers },
    });
  });
});

describe('a partner with airport fares alone', () => {
  it('is listed on an airport ride inside its zone at that fare, and nowhere else', async () => {
    const [partner] = await db.database.db
      .insert(transportPartners)
      .values({ slug: 'chi-san-bay', name: 'Chỉ Sân Bay', provinces: ['01'] })
      .returning({ id: transportPartners.id });
    if (!partner) throw new Error('no partner made');
    const phone = '0938000009';
    await db.database.db.insert(partnerStaff).values({
      partnerId: partner.id,
      phone,
      fullname: 'Chủ Sân Bay',
      passwordHash: await hashPassword(PASSWORD),
      role: 'owner',
    });
    const login = await app.request(PARTNER_PATHS.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
    });
    const token = staffLoginResponseSchema.validateSync(await login.json()).data.token;
    const zone = { airport_code: 'HAN', zone: 'Nội thành', max_km: 30, vehicle_type_id: 2, ride_method: 1, price: 333_000 };
    const added = await app.request(PARTNER_FARES_PATHS.airportAdd, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(zone),
    });
    expect(added.status).toBe(200);
    // Every page of the private 7-seat list, the partner's own options.
    const ours = async (trip: Parameters<typeof priceList>[1]) => {
      const found = [];
      for (let page = 1; page < 10; page += 1) {
        const items = await priceList(app, trip, { vehicle_id: '2', page: String(page) });
        found.push(...items.filter((item) => item.partner.id === partner.id));
        if (items.length < PRICE_PAGE_SIZE) break;
      }
      return found;
    };

    // Nội Bài to Hoàn Kiếm is about 22 km in a straight line: inside the 30 km zone.
    expect(await ours(AIRPORT_TRIP)).toEqual([
      expect.objectContaining({ vehicle_id: 2, merged: 333_000, unit_price: 333_000, pm_id: 0, service: 'standard' }),
    ]);
    const city = { pick: PLACES.hoanKiem, drop: PLACES.longBien, depart: AIRPORT_TRIP.depart };
    expect(await ours(city)).toEqual([]);
    expect(await ours({ ...AIRPORT_TRIP, drop: PLACES.haLong })).toEqual([]);
  });
});
