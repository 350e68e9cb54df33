// A partner's score on the price list is what passengers gave its finished trips, or nothing. Fresh seed:
// no partner has a figure; two finished trips rated 4 and 5 give 4.5 (2); a rating stored against a trip that never
// finished does not count. The home page's ratings name each rating's partner and leave out one whose partner is gone.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { RATING_PATHS, customerRatingsResponseSchema, rateTicketResponseSchema } from '../../../src/shared/contract/tickets';
import { PARTNER_PATHS, staffFleetResponseSchema, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { type TripState } from '../../../src/shared/contract/tickets';
import { createApp } from '../../../src/server/app';
import { partnerStaff, ticketRatings, tickets } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { AIRPORT_TRIP, bookingPayload, optionOf, post, priceList, uniquePhone } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
const PARTNER = 'Vivu Airport Express';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let token: string;
let ip = 0;

const sql = () => db.database.db;

async function partnerToken(partnerId: number): Promise<string> {
  const [owner] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  const res = await post(app, PARTNER_PATHS.login, { phone_number: owner?.phone, password: partnerDemoPassword() });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

async function book() {
  const phone = uniquePhone();
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { phone }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { phone, code: createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code };
}

/** Moves the ticket along `path` as the partner; the driver and car are assigned once accepted. */
async function walk(code: string, path: TripState[]) {
  const auth = { authorization: `Bearer ${token}` };
  for (const to of path) {
    const moved = await post(app, PARTNER_PATHS.transition, { ticket_code: code, to }, auth);
    expect(moved.status, await moved.clone().text()).toBe(200);
    if (to !== 'not_started') continue;
    const fleet = await app.request(`${PARTNER_PATHS.fleet}?lang=vi`, { headers: auth });
    const { drivers, cars } = staffFleetResponseSchema.validateSync(await fleet.json()).data;
    const assigned = await post(
      app,
      PARTNER_PATHS.assign,
      { ticket_code: code, driver_id: drivers[0]?.id, car_id: cars[0]?.id },
      auth,
    );
    expect(assigned.status).toBe(200);
  }
}

const FINISH: TripState[] = ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed'];

async function rate(code: string, phone: string, stars: number) {
  const res = await post(
    app,
    RATING_PATHS.rateTicket,
    { ticket_code: code, contact: phone, stars },
    { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
  );
  expect(res.status).toBe(200);
  return rateTicketResponseSchema.validateSync(await res.json()).data;
}

/** The partner as a price list shows it; `reader` is a fresh app when the catalogue this app keeps 5 s must be passed by. */
async function listedPartner(lang = 'vi', reader = app) {
  const items = await priceList(reader, AIRPORT_TRIP, { lang });
  const item = items.find((entry) => entry.partner.name === PARTNER);
  if (!item) throw new Error(`${PARTNER} is not on the price list`);
  return item.partner;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  vivu = await optionOf(app, PARTNER);
  token = await partnerToken(vivu.partner.id);
});
afterAll(async () => {
  await db.cleanup();
});

describe('the partner’s score on the price list', () => {
  it('is absent for every seeded partner: the seed invents no rating', async () => {
    const items = await priceList(app, AIRPORT_TRIP);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.partner).toMatchObject({ rating: null, rating_count: 0 });
  });

  it('is the mean of the finished trips’ ratings, leaving out a rating of a trip that never finished', async () => {
    // A rating row against a trip that is only accepted (as a bad import or a bug would leave it) counts for nothing.
    const unfinished = await book();
    await walk(unfinished.code, ['not_started']);
    const [row] = await sql().select().from(tickets).where(eq(tickets.code, unfinished.code));
    await sql().insert(ticketRatings).values({ ticketId: row!.id, partnerId: row!.partnerId, stars: 1 });

    const first = await book();
    const second = await book();
    await walk(first.code, FINISH);
    await walk(second.code, FINISH);
    expect(await rate(first.code, first.phone, 4)).toMatchObject({ partner_rating: 4, partner_rating_count: 1 });
    expect(await rate(second.code, second.phone, 5)).toMatchObject({ partner_rating: 4.5, partner_rating_count: 2 });

    // The price list keeps its catalogue (with the scores) up to 5 s; a server started now reads the new score.
    const later = createApp({ database: db.database, log: silent });
    expect(await listedPartner('vi', later)).toMatchObject({ rating: 4.5, rating_count: 2 });
    expect(await listedPartner('en', later)).toMatchObject({ rating: 4.5, rating_count: 2 });
    // The other partners are still without a figure.
    const others = (await priceList(later, AIRPORT_TRIP)).filter((item) => item.partner.name !== PARTNER);
    for (const item of others) expect(item.partner).toMatchObject({ rating: null, rating_count: 0 });
  });
});

describe('the home page’s ratings', () => {
  it('show each commented rating with its partner’s name, and leave out a rating whose partner is gone', async () => {
    const kept = await book();
    const orphan = await book();
    const rows = await sql()
      .select()
      .from(tickets)
      .where(inArray(tickets.code, [kept.code, orphan.code]));
    const idOf = (code: string) => rows.find((row) => row.code === code)!.id;
    const at = Date.now() + 60_000;
    await sql()
      .insert(ticketRatings)
      .values([
        { ticketId: idOf(kept.code), partnerId: vivu.partner.id, stars: 5, comment: 'Đúng giờ', createdAt: new Date(at) },
        // Newer, but against a partner that no longer exists.
        { ticketId: idOf(orphan.code), partnerId: 987_654, stars: 1, comment: 'Gone', createdAt: new Date(at + 1000) },
      ]);

    const res = await app.request(`${RATING_PATHS.customerRatings}?lang=vi&limit=1`);
    expect(res.status).toBe(200);
    const items = customerRatingsResponseSchema.validateSync(await res.json()).data.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ stars: 5, comment: 'Đúng giờ', partner_name: PARTNER });
  });
});
