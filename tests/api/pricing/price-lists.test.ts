// passenger/get_price_list and passenger/get_hourly_price_list (spec 7) over the seeded partners: fixed airport
// fares, per-km bands, sharing rules (spec 4), seats (spec 5), surcharges, paging and sorting, hourly packages.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../../src/shared/contract/envelope';
import type { AddressComponent } from '../../../src/shared/contract/places';
import {
  hourlyPriceListResponseSchema,
  PRICE_PAGE_SIZE,
  PRICING_PATHS,
  priceListResponseSchema,
  type PriceOption,
} from '../../../src/shared/contract/pricing';
import { formatVnDate, formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { createApp } from '../../../src/server/app';
import {
  airportZones,
  hourlyPackages,
  partnerFares,
  partnerFees,
  sharedRoutes,
  transportPartners,
  vehicleTypes,
} from '../../../src/server/db/schema';
import { seed } from '../../../src/server/db/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { moreAddress, PLACES } from '../helpers/places';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
/** A departure two days ahead at the given Vietnam time: in the future and far beyond the sharing limit. */
const inTwoDays = (hhmm: string) => `${hhmm} ${formatVnDate(Date.now() + 2 * DAY)}`;
/** A departure `minutes` from now (the minute is rounded up so that the lead time is at least that). */
const inMinutes = (minutes: number) => formatVnDateTime(Date.now() + minutes * 60_000 + 60_000);

type Params = Record<string, string | number | AddressComponent | object[] | undefined>;

function query(params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return search.toString();
}

function trip(pick: AddressComponent, drop: AddressComponent, extra: Params = {}): Params {
  return {
    depart_time: inTwoDays('14:00'),
    pick_address: pick.formatted_address,
    pick_address_component: pick,
    drop_address: drop.formatted_address,
    drop_address_component: drop,
    ...extra,
  };
}

async function priceList(params: Params, app: { request: TestApp['app']['request'] } = t.app) {
  const res = await app.request(`${PRICING_PATHS.priceList}?${query(params)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await priceListResponseSchema.validate(await res.json())).data;
}

/** Every item of every page. */
async function allItems(params: Params): Promise<PriceOption[]> {
  const items: PriceOption[] = [];
  let page = 1;
  while (page !== -1) {
    const data = await priceList({ ...params, page });
    items.push(...data.items);
    page = data.page;
  }
  return items;
}

async function failure(path: string, params: Params, status: number) {
  const res = await t.app.request(`${path}?${query(params)}`);
  expect(res.status).toBe(status);
  return failureSchema.validate(await res.json());
}

/** A new app over the same database: its own configuration and fare catalogue, as another server would have. */
const freshApp = () => createApp({ database: t.db.database, log: { info() {}, error() {} } });

const perKm = (option: PriceOption, km: number) => option.unit_price / km;

describe('fixed airport fares', () => {
  it('Nội Bài to Hoàn Kiếm: a private 4-seat costs 250,000-350,000đ from the zone fare', async () => {
    const data = await priceList(trip(PLACES.han, PLACES.hoanKiem, { vehicle_id: 1, ride_method_id: 1 }));
    expect(data.distance_km).toBeGreaterThan(24);
    expect(data.distance_km).toBeLessThan(32);
    expect(data.items.length).toBeGreaterThanOrEqual(3);
    for (const item of data.items) {
      expect(item).toMatchObject({ vehicle_id: 1, ride_method_id: 1, is_airport: true, airport_code: 'HAN', hide: false });
      expect(item.chunk_id).toBeGreaterThan(0);
      expect(item.merged).toBeGreaterThanOrEqual(250_000);
      expect(item.merged).toBeLessThanOrEqual(350_000);
      expect(item.merged % 1000).toBe(0);
      expect(item.night_fee).toBe(0);
    }
  });

  it('the drop to the airport is priced the same way, and Tân Sơn Nhất to Bến Thành costs 150,000-250,000đ', async () => {
    const toAirport = await priceList(trip(PLACES.hoanKiem, PLACES.han, { vehicle_id: 1, ride_method_id: 1 }));
    expect(toAirport.items.every((item) => item.is_airport && item.chunk_id > 0)).toBe(true);
    const sgn = await priceList(trip(PLACES.sgn, PLACES.benThanh, { vehicle_id: 1, ride_method_id: 1 }));
    expect(sgn.items.length).toBeGreaterThan(0);
    for (const item of sgn.items) {
      expect(item.merged).toBeGreaterThanOrEqual(150_000);
      expect(item.merged).toBeLessThanOrEqual(250_000);
    }
  });

  it('reports VAT, board price and toll without adding them to merged', async () => {
    const data = await priceList(trip(PLACES.han, PLACES.hoanKiem, { vehicle_id: 1, ride_method_id: 1 }));
    expect(data.vat_percent).toBe(10);
    for (const item of data.items) {
      expect(item.merged).toBe(item.unit_price);
      expect(item.board_price).toBeGreaterThan(0);
      expect(item.toll_fee === 'NA' || item.toll_fee === 0).toBe(true);
    }
  });
});

describe('distance fares', () => {
  it('a longer inter-province trip costs more per trip and less per km', async () => {
    const near = await priceList(trip(PLACES.hoanKiem, PLACES.haiPhong, { dimension_id: 3, vehicle_id: 1, ride_method_id: 1 }));
    const far = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, vehicle_id: 1, ride_method_id: 1 }));
    expect(far.distance_km).toBeGreaterThan(near.distance_km);
    expect(far.items.length).toBeGreaterThan(0);
    for (const item of far.items) {
      const short = near.items.find((other) => other.option_id === item.option_id);
      expect(short).toBeDefined();
      expect(item.unit_price).toBeGreaterThan(short!.unit_price);
      expect(perKm(item, far.distance_km)).toBeLessThan(perKm(short!, near.distance_km));
      expect(item.is_airport).toBe(false);
      expect(item.chunk_id).toBe(0);
    }
  });

  it('Hà Nội to Hạ Long in a 4-seat costs 1,300,000-1,900,000đ, 9,000-14,000đ per km', async () => {
    const data = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, vehicle_id: 1, ride_method_id: 1 }));
    expect(data.distance_km).toBeGreaterThan(140);
    for (const item of data.items) {
      expect(item.unit_price).toBeGreaterThanOrEqual(1_300_000);
      expect(item.unit_price).toBeLessThanOrEqual(1_900_000);
      expect(perKm(item, data.distance_km)).toBeGreaterThanOrEqual(9_000);
      expect(perKm(item, data.distance_km)).toBeLessThanOrEqual(14_000);
      expect(typeof item.toll_fee === 'number' && item.toll_fee > 0).toBe(true);
    }
  });
});

describe('shared rides (spec 4)', () => {
  it('within the sharing time limit, shared options are hidden and sharing_too_late is true', async () => {
    const data = await priceList(trip(PLACES.han, PLACES.hoanKiem, { depart_time: inMinutes(60), ride_method_id: 0 }));
    const items = await allItems(trip(PLACES.han, PLACES.hoanKiem, { depart_time: inMinutes(60) }));
    expect(data.sharing_too_late).toBe(true);
    expect(data.sharing_time_limit).toBe(180);
    const shared = items.filter((item) => item.ride_method_id === 2);
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.every((item) => item.hide)).toBe(true);
    expect(items.filter((item) => item.ride_method_id === 1).every((item) => !item.hide)).toBe(true);
  });

  it('six hours ahead, shared seats show and cost at least 40% less than the private trip', async () => {
    const params = trip(PLACES.han, PLACES.hoanKiem, { depart_time: inMinutes(6 * 60) });
    const data = await priceList(params);
    expect(data.sharing_too_late).toBe(false);
    const items = await allItems(params);
    const shared = items.filter((item) => item.ride_method_id === 2);
    expect(shared.length).toBeGreaterThan(0);
    for (const seat of shared) {
      expect(seat.hide).toBe(false);
      expect(seat.vehicle_seat_left).toBe(seat.max_share_seats);
      const privateTrip = items.find(
        (item) => item.ride_method_id === 1 && item.partner.id === seat.partner.id && item.vehicle_id === seat.vehicle_id,
      );
      expect(privateTrip).toBeDefined();
      expect(seat.unit_price).toBeLessThanOrEqual(privateTrip!.unit_price * 0.6);
    }
  });

  it('a shared seat is priced per passenger, and long routes without sharing offer none', async () => {
    const one = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, ride_method_id: 2 }));
    const three = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, ride_method_id: 2, chair: 3 }));
    expect(one.items.length).toBeGreaterThan(0);
    for (const seat of one.items) {
      const group = three.items.find((item) => item.option_id === seat.option_id);
      expect(group?.merged).toBe(seat.merged * 3);
      expect(seat.chunk_id).toBeGreaterThan(0);
    }
    // Hà Nội - Long Biên is not one of the seeded shared long routes.
    const local = await priceList(trip(PLACES.hoanKiem, PLACES.longBien, { dimension_id: 3, ride_method_id: 2 }));
    expect(local.items).toEqual([]);
  });
});

describe('seats (spec 5)', () => {
  it('ten passengers hide the 4-, 7- and 9-seat options and the shared seats, and keep the 16-seat', async () => {
    const items = await allItems(trip(PLACES.han, PLACES.hoanKiem, { chair: 10 }));
    const sixteen = items.filter((item) => item.vehicle_id === 24 && item.ride_method_id === 1);
    expect(sixteen.length).toBeGreaterThan(0);
    expect(sixteen.every((item) => !item.hide)).toBe(true);
    const small = items.filter((item) => [1, 2, 17, 33].includes(item.vehicle_id) && item.ride_method_id === 1);
    expect(small.length).toBeGreaterThan(0);
    expect(small.every((item) => item.hide && item.vehicle_seat_left < 10)).toBe(true);
    expect(items.filter((item) => item.ride_method_id === 2).every((item) => item.hide)).toBe(true);
    // Options that can be chosen come first.
    const firstHidden = items.findIndex((item) => item.hide);
    expect(items.slice(firstHidden).every((item) => item.hide)).toBe(true);
  });
});

describe('surcharges', () => {
  it('a 02:00 pickup costs more than a 14:00 one by the night fee', async () => {
    const day = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, vehicle_id: 1, ride_method_id: 1 }));
    const night = await priceList(
      trip(PLACES.hoanKiem, PLACES.haLong, {
        dimension_id: 3,
        vehicle_id: 1,
        ride_method_id: 1,
        depart_time: inTwoDays('02:00'),
      }),
    );
    expect(night.items.length).toBe(day.items.length);
    for (const item of night.items) {
      const daytime = day.items.find((other) => other.option_id === item.option_id)!;
      expect(item.night_fee).toBeGreaterThan(0);
      expect(daytime.night_fee).toBe(0);
      expect(item.merged).toBe(daytime.merged + item.night_fee);
    }
  });

  it('an extra address adds its fee and its detour', async () => {
    const direct = await priceList(trip(PLACES.hoanKiem, PLACES.haLong, { dimension_id: 3, vehicle_id: 1, ride_method_id: 1 }));
    const extra = await priceList(
      trip(PLACES.hoanKiem, PLACES.haLong, {
        dimension_id: 3,
        vehicle_id: 1,
        ride_method_id: 1,
        more_address: [moreAddress(PLACES.longBien, 'pick')],
      }),
    );
    expect(extra.distance_km).toBeGreaterThan(direct.distance_km);
    for (const item of extra.items) {
      const plain = direct.items.find((other) => other.option_id === item.option_id)!;
      expect(item.more_address_cost).toBeGreaterThan(0);
      expect(plain.more_address_cost).toBe(0);
      expect(item.merged).toBeGreaterThan(plain.merged + item.more_address_cost - 1);
    }
  });
});

describe('routes no partner serves', () => {
  it('answer 422 with pricing.route_unavailable', async () => {
    const body = await failure(PRICING_PATHS.priceList, trip(PLACES.laiChau, PLACES.dienBien, { dimension_id: 3 }), 422);
    expect(body).toEqual({ code: 'error', message: 'pricing.route_unavailable', data: null });
    // Inter-province needs both ends: Hà Nội partners do not go to Điện Biên.
    await failure(PRICING_PATHS.priceList, trip(PLACES.hoanKiem, PLACES.dienBien, { dimension_id: 3 }), 422);
  });

  it('a nationwide partner serves them', async () => {
    const db = t.db.database.db;
    await db.update(transportPartners).set({ nationwide: true }).where(eq(transportPartners.slug, 'xuyen-viet-limousine'));
    try {
      // A new app: another server, whose catalogue is read after the change.
      const data = await priceList(trip(PLACES.laiChau, PLACES.dienBien, { dimension_id: 3 }), freshApp());
      expect(data.items.length).toBeGreaterThan(0);
      expect(data.items.every((item) => item.partner.name === 'Xuyên Việt Limousine')).toBe(true);
    } finally {
      await db.update(transportPartners).set({ nationwide: false }).where(eq(transportPartners.slug, 'xuyen-viet-limousine'));
    }
  });
});

describe('validation', () => {
  const fieldOf = async (params: Params) => (await failure(PRICING_PATHS.priceList, params, 400)).errors ?? [];

  it('refuses a departure in the past', async () => {
    const errors = await fieldOf(trip(PLACES.han, PLACES.hoanKiem, { depart_time: formatVnDateTime(Date.now() - 3_600_000) }));
    expect(errors).toContainEqual({ field: 'depart_time', message: 'validation.depart_time_past' });
  });

  it('refuses an address component that is not JSON, a 17th passenger and a second extra address', async () => {
    const errors = await fieldOf({
      ...trip(PLACES.han, PLACES.hoanKiem, { chair: 17 }),
      pick_address_component: undefined,
      more_address: [moreAddress(PLACES.longBien, 'pick'), moreAddress(PLACES.longBien, 'drop')],
    });
    expect(errors).toContainEqual(expect.objectContaining({ field: 'pick_address_component', message: 'validation.required' }));
    expect(errors).toContainEqual({ field: 'chair', message: 'validation.max', params: { max: 16 } });
    expect(errors).toContainEqual({ field: 'more_address', message: 'validation.max_items', params: { max: 1 } });
    const bad = await t.app.request(
      `${PRICING_PATHS.priceList}?${query(trip(PLACES.han, PLACES.hoanKiem))}`.replace(
        /pick_address_component=[^&]+/,
        'pick_address_component=%7Bnot-json',
      ),
    );
    expect(bad.status).toBe(400);
    const body = await failureSchema.validate(await bad.json());
    expect(body.errors?.map((e) => e.field)).toEqual(['pick_address_component']);
  });

  it('refuses a malformed time and an unknown sort', async () => {
    const errors = await fieldOf(trip(PLACES.han, PLACES.hoanKiem, { depart_time: '25:00 1/1/2030', sort: 'cheap' }));
    expect(errors.map((e) => e.field).sort()).toEqual(['depart_time', 'sort']);
  });
});

describe('paging and sorting', () => {
  it('pages by ten: page 2 has the rest and answers -1', async () => {
    const params = trip(PLACES.han, PLACES.hoanKiem);
    const first = await priceList({ ...params, page: 1 });
    expect(first.total).toBeGreaterThan(PRICE_PAGE_SIZE);
    expect(first.total).toBeLessThanOrEqual(2 * PRICE_PAGE_SIZE);
    expect(first.items).toHaveLength(PRICE_PAGE_SIZE);
    expect(first.page).toBe(2);
    const second = await priceList({ ...params, page: 2 });
    expect(second.items).toHaveLength(first.total - PRICE_PAGE_SIZE);
    expect(second.page).toBe(-1);
    const ids = [...first.items, ...second.items].map((item) => item.option_id);
    expect(new Set(ids).size).toBe(first.total);
  });

  it('sorts by price either way, by rating, and by default puts the highlighted brand first', async () => {
    const params = trip(PLACES.han, PLACES.hoanKiem);
    const lowest = (await allItems({ ...params, sort: 'price_lowest' })).map((item) => item.merged);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    const highest = (await allItems({ ...params, sort: 'price_highest' })).map((item) => item.merged);
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    // Not yet rated (null) sorts last.
    const ratings = (await allItems({ ...params, sort: 'rating' })).map((item) => item.partner.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const byDefault = await allItems(params);
    const flags = byDefault.map((item) => item.discount_data.data.discountByHighlightBrand.hightlight_brand);
    expect(flags[0]).toBe(true);
    expect(flags.indexOf(false)).toBeGreaterThan(0);
    expect(flags.slice(flags.indexOf(false)).every((flag) => !flag)).toBe(true);
  });

  it('filters by vehicle, ride method and service, and names them in the language asked', async () => {
    const vans = await allItems(trip(PLACES.han, PLACES.hoanKiem, { vehicle_id: 24, lang: 'en' }));
    expect(vans.length).toBeGreaterThan(0);
    expect(vans.every((item) => item.vehicle_id === 24 && item.vehicle_name === '16-seat van')).toBe(true);
    const premium = await allItems(trip(PLACES.han, PLACES.hoanKiem, { service: 'premium', ride_method_id: 1 }));
    expect(premium.length).toBeGreaterThan(0);
    expect(premium.every((item) => item.service === 'premium' && item.service_name === 'Cao cấp')).toBe(true);
  });
});

describe('passenger/get_hourly_price_list', () => {
  const hourly = (extra: Params = {}): Params => ({
    depart_time: inTwoDays('09:00'),
    pick_address: PLACES.hoanKiem.formatted_address,
    pick_address_component: PLACES.hoanKiem,
    ...extra,
  });

  async function hourlyList(params: Params) {
    const res = await t.app.request(`${PRICING_PATHS.hourlyPriceList}?${query(params)}`);
    expect(res.status).toBe(200);
    return (await hourlyPriceListResponseSchema.validate(await res.json())).data;
  }

  it('prices the 6-hour packages by default, lowest first', async () => {
    const data = await hourlyList(hourly({ vehicle_id: 1 }));
    expect(data.items.length).toBeGreaterThan(0);
    const prices = data.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const item of data.items) {
      expect(item).toMatchObject({ duration: 6, vehicle_id: 1, km_limit: 60, hide: false });
      expect(item.price).toBeGreaterThanOrEqual(800_000);
      expect(item.price).toBeLessThanOrEqual(1_100_000);
      expect(item.extra_price_hour).toBeGreaterThanOrEqual(100_000);
      expect(item.extra_price_hour).toBeLessThanOrEqual(150_000);
      expect(item.extra_price_km).toBeGreaterThanOrEqual(8_000);
      expect(item.extra_price_km).toBeLessThanOrEqual(12_000);
    }
    expect(data.vat_percent).toBe(10);
  });

  it('prices two days as twice the day package', async () => {
    const day = await hourlyList(hourly({ vehicle_id: 1, duration: 24 }));
    const twoDays = await hourlyList(hourly({ vehicle_id: 1, duration: 48 }));
    expect(day.items.length).toBeGreaterThan(0);
    for (const item of twoDays.items) {
      const single = day.items.find((other) => other.partner.id === item.partner.id)!;
      expect(item.price).toBe(single.price * 2);
      expect(item.km_limit).toBe(single.km_limit * 2);
    }
  });

  it('refuses a duration that is not offered, and a province no partner serves', async () => {
    const body = await failure(PRICING_PATHS.hourlyPriceList, hourly({ duration: 5 }), 400);
    expect(body.errors).toContainEqual({ field: 'duration', message: 'validation.one_of' });
    const none = await failure(
      PRICING_PATHS.hourlyPriceList,
      hourly({ pick_address_component: PLACES.laiChau, pick_address: 'Lai Châu' }),
      422,
    );
    expect(none.message).toBe('pricing.route_unavailable');
  });
});

describe('the OSRM router', () => {
  let server: Server;
  let requests: string[];
  let answer: (req: IncomingMessage) => { status: number; body: unknown };
  let url: string;
  beforeAll(async () => {
    requests = [];
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const { status, body } = answer(req);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const appWithOsrm = () => {
    const before = process.env.OSRM_URL;
    process.env.OSRM_URL = url;
    try {
      return createApp({ database: t.db.database, log: { info() {}, error() {} } });
    } finally {
      if (before === undefined) delete process.env.OSRM_URL;
      else process.env.OSRM_URL = before;
    }
  };

  it('measures the route with OSRM when OSRM_URL is set', async () => {
    answer = () => ({ status: 200, body: { code: 'Ok', routes: [{ distance: 31_420.5 }] } });
    const data = await priceList(trip(PLACES.han, PLACES.hoanKiem), appWithOsrm());
    expect(data.distance_km).toBe(31.4);
    expect(requests.at(-1)).toBe('/route/v1/driving/105.806999,21.221201;105.852300,21.028700?overview=false');
  });

  it('falls back to the great-circle estimate when OSRM fails', async () => {
    answer = () => ({ status: 500, body: { code: 'InternalError' } });
    const estimate = await priceList(trip(PLACES.han, PLACES.hoanKiem));
    const data = await priceList(trip(PLACES.han, PLACES.hoanKiem), appWithOsrm());
    expect(data.distance_km).toBe(estimate.distance_km);
    answer = () => ({ status: 200, body: { code: 'NoRoute', routes: [] } });
    expect((await priceList(trip(PLACES.han, PLACES.hoanKiem), appWithOsrm())).distance_km).toBe(estimate.distance_km);
  });
});

describe('the pricing seed', () => {
  it('applies again without duplicates, keeps what an operator changed and clears an invented score', async () => {
    const db = t.db.database.db;
    const count = async () =>
      Promise.all(
        [partnerFares, airportZones, hourlyPackages, sharedRoutes, partnerFees, transportPartners, vehicleTypes].map(
          async (table) => (await db.select().from(table)).length,
        ),
      );
    const before = await count();
    expect(before.every((n) => n > 0)).toBe(true);
    // An older seed wrote scores no passenger gave; the score is recomputed from real ratings (none here).
    await db
      .update(transportPartners)
      .set({ name: 'Taxi Thủ Đô (HN)', rating: 3.9, ratingCount: 120 })
      .where(eq(transportPartners.slug, 'taxi-thu-do'));
    await seed(db);
    expect(await count()).toEqual(before);
    const [row] = await db.select().from(transportPartners).where(eq(transportPartners.slug, 'taxi-thu-do'));
    expect(row).toMatchObject({ name: 'Taxi Thủ Đô (HN)', rating: 0, ratingCount: 0 });
    await db.update(transportPartners).set({ name: 'Taxi Thủ Đô' }).where(eq(transportPartners.slug, 'taxi-thu-do'));
  });
});

describe('the price lists are reads', () => {
  it.each(Object.values(PRICING_PATHS))('%s refuses POST with 405', async (path) => {
    const res = await t.app.request(path, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(405);
  });
});
