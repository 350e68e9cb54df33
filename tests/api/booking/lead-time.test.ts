// The minimum lead time (settings lead_minutes_*, sharing_time_limit for a shared ride, a partner's own when
// longer): a ride or an hourly hire whose pick-up is sooner is refused with booking.errors.lead_time on depart_time,
// whatever the form sent; one at the limit is booked. The clock is the app's: the pick-up is two days ahead, the
// clock an hour or two before it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { transportPartners } from '../../../src/server/db/schema';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { hourlyPriceListResponseSchema, PRICING_PATHS, type PriceOption } from '../../../src/shared/contract/pricing';
import { parseVnDateTime } from '../../../src/shared/domain/vn-time';
import { AIRPORT_TRIP, bookingPayload, inTwoDays, optionOf, post, uniquePhone, uniqueSession } from '../helpers/booking';
import { PLACES } from '../helpers/places';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const quiet = { info() {}, error() {} };
let db: TestDatabase;
let clock = new Date();
let app: ReturnType<typeof createApp>;
const trip = { ...AIRPORT_TRIP, depart: inTwoDays('12:00') };
const pickup = () => {
  const at = parseVnDateTime(trip.depart);
  if (!at) throw new Error('no pick-up');
  return at.getTime();
};
/** The clock `minutes` before the pick-up. */
const before = (minutes: number) => {
  clock = new Date(pickup() - minutes * 60_000);
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: quiet, now: () => clock });
});
afterAll(async () => {
  await db?.cleanup();
});

let ipCounter = 0;
const newIp = () => ({ 'x-forwarded-for': `198.21.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}` });

async function refusal(path: string, body: unknown) {
  const res = await post(app, path, body, newIp());
  const json = (await res.json()) as unknown;
  return { status: res.status, body: failureSchema.validateSync(json) };
}

async function rideOption(): Promise<PriceOption> {
  before(24 * 60);
  return optionOf(app, 'Vivu Airport Express', trip);
}

describe('the minimum lead time', () => {
  it('refuses an airport ride sooner than 2 hours ahead with its own key, and books one at 2 hours', async () => {
    const option = await rideOption();
    before(6);
    const six = await refusal(BOOKING_PATHS.createTicket, bookingPayload(option, trip));
    expect(six.status).toBe(422);
    expect(six.body.message).toBe(BOOKING_ERROR_KEYS.leadTime);
    expect(six.body.errors).toEqual([
      {
        field: 'depart_time',
        message: BOOKING_ERROR_KEYS.leadTime,
        params: { hours: 2, minutes: 120, unit: 'hours', service: 'airport' },
      },
    ]);
    before(119);
    expect((await refusal(BOOKING_PATHS.createTicket, bookingPayload(option, trip))).status).toBe(422);
    before(120);
    const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option, trip), newIp());
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it('keeps the partner’s own lead time when it is longer than the site’s', async () => {
    const option = await rideOption();
    await db.database.db.update(transportPartners).set({ leadMinutes: 300 }).where(eq(transportPartners.id, option.partner.id));
    try {
      // A server started after the change (each server keeps the catalogue for up to 30 seconds).
      const fresh = createApp({ database: db.database, log: quiet, now: () => clock });
      before(240);
      const res = await post(fresh, BOOKING_PATHS.createTicket, bookingPayload(option, trip), newIp());
      expect(res.status).toBe(422);
      const refused = failureSchema.validateSync(await res.json());
      expect(refused.errors?.[0]?.params).toMatchObject({ minutes: 300, hours: 5, unit: 'hours', service: 'airport' });
      // Shorter than the site's: the site's stands.
      await db.database.db.update(transportPartners).set({ leadMinutes: 30 }).where(eq(transportPartners.id, option.partner.id));
      const shorter = createApp({ database: db.database, log: quiet, now: () => clock });
      before(60);
      const short = failureSchema.validateSync(
        await (await post(shorter, BOOKING_PATHS.createTicket, bookingPayload(option, trip), newIp())).json(),
      );
      expect(short.errors?.[0]?.params).toMatchObject({ minutes: 120 });
    } finally {
      await db.database.db
        .update(transportPartners)
        .set({ leadMinutes: null })
        .where(eq(transportPartners.id, option.partner.id));
    }
  });

  it('refuses an hourly hire sooner than an hour ahead, and books one an hour ahead', async () => {
    before(24 * 60);
    const query = new URLSearchParams({
      depart_time: trip.depart,
      pick_address: PLACES.hoanKiem.formatted_address,
      pick_address_component: JSON.stringify(PLACES.hoanKiem),
      duration: '6',
    });
    const list = hourlyPriceListResponseSchema.validateSync(
      await (await app.request(`${PRICING_PATHS.hourlyPriceList}?${query.toString()}`)).json(),
    );
    const item = list.data.items.find((candidate) => !candidate.hide);
    if (!item) throw new Error('no hourly option');
    const payload = () => ({
      full_name: 'Trần Thị Bình',
      phone: uniquePhone(),
      email: 'binh@example.com',
      option_id: item.option_id,
      price: item.price,
      vehicle_id: item.vehicle_id,
      city_id: '01',
      brand_partner_id: item.partner.id,
      duration: 6,
      pick_address: PLACES.hoanKiem.formatted_address,
      pick_address_component: PLACES.hoanKiem,
      pick_pos: { lat: '21.0287', lng: '105.8523' },
      depart_time: trip.depart,
      comment: '',
      extra_price_hour: item.extra_price_hour,
      extra_price_km: item.extra_price_km,
      ticket_session: uniqueSession(),
      session_id: uniqueSession(),
      lang: 'en',
    });
    before(30);
    const soon = await refusal(BOOKING_PATHS.createHourlyBooking, payload());
    expect(soon.status).toBe(422);
    expect(soon.body.errors?.[0]).toMatchObject({
      field: 'depart_time',
      message: BOOKING_ERROR_KEYS.leadTime,
      params: { hours: 1, minutes: 60, service: 'hourly' },
    });
    before(60);
    expect((await post(app, BOOKING_PATHS.createHourlyBooking, payload(), newIp())).status).toBe(200);
  });
});
