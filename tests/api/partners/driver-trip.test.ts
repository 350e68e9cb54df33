// The driver's trip link: texted to the driver on assignment, a 256-bit secret of which only the hash is stored; it
// opens that trip alone, moves it as the driver along the state machine (a double tap is harmless, an illegal move
// answers the contract's message), and dies when another driver is assigned or the trip ends.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PARTNER_PATHS, staffFleetResponseSchema, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import {
  DRIVER_LINK_BYTES,
  DRIVER_ERROR_KEYS,
  DRIVER_PATHS,
  POSITION_MIN_GAP_MS,
  driverTripResponseSchema,
} from '../../../src/shared/contract/partner-driver';
import { driverDistance, POSITION_FRESH_MS } from '../../../src/shared/domain/driver-distance';
import {
  CANCEL_PATHS,
  TICKET_LOOKUP_PATHS,
  cancelTokenResponseSchema,
  ticketInfoResponseSchema,
} from '../../../src/shared/contract/tickets';
import { createApp } from '../../../src/server/app';
import { CONFIG_PATHS } from '../../../src/shared/contract/config';
import {
  driverPositions,
  messageOutbox,
  partnerStaff,
  ticketAssignments,
  tickets,
  tripEvents,
} from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { pathFor } from '../../../src/shared/domain/route-table';
import { sha256 } from '../../../src/server/security/crypto';
import { renderMessage } from '../../../src/server/modules/messages/templates';
import type { MessagePayload } from '../../../src/server/outbox/events';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let plainApp: ReturnType<typeof createApp>;
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
let vivu: PriceOption;
let other: PriceOption;
let vivuToken: string;
let otherToken: string;
let ip = 0;

const sql = () => db.database.db;

async function tokenOf(option: PriceOption): Promise<string> {
  const [owner] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, option.partner.id), eq(partnerStaff.role, 'owner')));
  const res = await post(app, PARTNER_PATHS.login, { phone_number: owner?.phone ?? '', password: partnerDemoPassword() });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function fleet(token: string) {
  const res = await app.request(`${PARTNER_PATHS.fleet}?lang=vi`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  return staffFleetResponseSchema.validateSync(await res.json()).data;
}

/** A booked ticket its partner accepted (not_started). */
async function accepted(option: PriceOption, token: string, lang: 'vi' | 'en' = 'vi') {
  const phone = uniquePhone();
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option, undefined, { phone, lang }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const code = createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code;
  const moved = await post(app, PARTNER_PATHS.transition, { ticket_code: code, to: 'not_started' }, bearer(token));
  expect(moved.status, await moved.clone().text()).toBe(200);
  return { code, phone };
}

async function assign(token: string, code: string, driverId: number, carId: number) {
  const res = await post(app, PARTNER_PATHS.assign, { ticket_code: code, driver_id: driverId, car_id: carId }, bearer(token));
  expect(res.status, await res.clone().text()).toBe(200);
}

async function ticketRow(code: string) {
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, code));
  if (!row) throw new Error(`no ticket ${code}`);
  return row;
}

/** The trip link SMS rows of a ticket, oldest first: recipient and the path they carry. */
async function linkMessages(code: string) {
  const row = await ticketRow(code);
  const rows = await sql()
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.ticketId, row.id), eq(messageOutbox.event, 'driver_trip_link')))
    .orderBy(messageOutbox.id);
  return rows.map((message) => ({
    channel: message.channel,
    recipient: message.recipient,
    path: String((message.payload as Record<string, unknown>).path),
  }));
}

const secretOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

async function trip(token: string) {
  const res = await post(app, DRIVER_PATHS.trip, { token, lang: 'vi' });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function driverMove(token: string, to: string) {
  const res = await post(app, DRIVER_PATHS.move, { token, to });
  return { status: res.status, body: (await res.json()) as unknown };
}

const refusal = (body: unknown) => failureSchema.validateSync(body).message;

/** Hà Nội's Hoàn Kiếm lake, 10 m accurate. */
const HANOI = { lat: 21.0285, lng: 105.8542, accuracy: 10 };

async function share(token: string, fix: Record<string, unknown> = HANOI) {
  const res = await post(app, DRIVER_PATHS.position, { token, ...fix });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function positionRows(code: string) {
  const row = await ticketRow(code);
  return sql().select().from(driverPositions).where(eq(driverPositions.ticketId, row.id));
}

function lookup(code: string, phone: string, server = app) {
  return server.request(
    `${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams({ ticket_code: code, phone_number: phone }).toString()}`,
    { headers: { 'x-forwarded-for': `203.0.113.${(ip += 1) % 250}` } },
  );
}

/** The ticket as its passenger reads it with its proof (code and phone). */
async function passengerView(code: string, phone: string) {
  const res = await lookup(code, phone);
  expect(res.status).toBe(200);
  return ticketInfoResponseSchema.validateSync(await res.json()).data;
}

async function passengerState(code: string, phone: string) {
  return (await passengerView(code, phone)).trip_state;
}

beforeAll(async () => {
  db = await createTestDatabase();
  // The ticket page draws its map: a tile source is configured (the API serves the map's points only then).
  app = createApp({ database: db.database, log: silent, env: { ...process.env, MAP_TILE_URL: TILES } });
  plainApp = createApp({ database: db.database, log: silent });
  vivu = await optionOf(app, 'Vivu Airport Express');
  other = await optionOf(app, 'Taxi Thủ Đô');
  vivuToken = await tokenOf(vivu);
  otherToken = await tokenOf(other);
});
afterAll(async () => {
  await db.cleanup();
});

describe(`the driver's trip link (${TEST_DB})`, () => {
  it('is texted to the assigned driver as an absolute link of 256 random bits, stored only as its hash', async () => {
    const { code } = await accepted(vivu, vivuToken, 'en');
    const { drivers, cars } = await fleet(vivuToken);
    const driver = drivers[0];
    await assign(vivuToken, code, driver?.id ?? 0, cars[0]?.id ?? 0);

    const [message, ...more] = await linkMessages(code);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ channel: 'sms', recipient: driver?.phone });
    const secret = secretOf(message?.path ?? '');
    expect(message?.path).toBe(pathFor('driver-trip', 'en', { token: secret }));
    expect(Buffer.from(secret, 'base64url')).toHaveLength(DRIVER_LINK_BYTES);
    expect(DRIVER_LINK_BYTES * 8).toBeGreaterThanOrEqual(128);

    const row = await ticketRow(code);
    const [assignment] = await sql().select().from(ticketAssignments).where(eq(ticketAssignments.ticketId, row.id));
    expect(assignment?.driverLinkHash).toBe(sha256(secret));
    expect(JSON.stringify(assignment)).not.toContain(secret);
    // The SMS as sent: an absolute link on the site's origin, in the ticket's language.
    const [stored] = await sql()
      .select({ payload: messageOutbox.payload })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.ticketId, row.id), eq(messageOutbox.event, 'driver_trip_link')));
    const sms = renderMessage('driver_trip_link', 'sms', 'en', stored?.payload as unknown as MessagePayload, 'https://vivu.vn');
    expect(sms.text).toContain(`https://vivu.vn/en/driver/trip/${secret}`);
    expect(sms.text).toContain(code);

    // The same driver again (a repeated call, another car) keeps the link and is not texted again.
    await assign(vivuToken, code, driver?.id ?? 0, cars[1]?.id ?? cars[0]?.id ?? 0);
    expect(await linkMessages(code)).toHaveLength(1);

    const opened = await trip(secret);
    expect(opened.status).toBe(200);
    const view = driverTripResponseSchema.validateSync(opened.body).data;
    expect(view).toMatchObject({
      ticket_code: code,
      trip_state: 'not_started',
      next_states: ['trip_started'],
      lang: 'en',
      pick_address: row.pickAddress,
      total_cost: row.totalCost,
      collect_cash: true,
      driver_name: driver?.fullname,
    });
  });

  it('moves the trip as the driver, each state seen by the passenger; double taps are harmless; it dies at the end', async () => {
    const { code, phone } = await accepted(vivu, vivuToken);
    const { drivers, cars } = await fleet(vivuToken);
    await assign(vivuToken, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
    const secret = secretOf((await linkMessages(code))[0]?.path ?? '');

    const skip = await driverMove(secret, 'trip_completed');
    expect(skip.status).toBe(409);
    // Arriving before setting off skips a state.
    expect((await driverMove(secret, 'arrived_at_pickup')).status).toBe(409);
    expect(refusal(skip.body)).toBe(DRIVER_ERROR_KEYS.illegalTransition);
    const notTheDrivers = await driverMove(secret, 'pickup_failed');
    expect(notTheDrivers.status).toBe(409);
    const unknownState = await driverMove(secret, 'flying');
    expect(unknownState.status).toBe(400);

    for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up'] as const) {
      const [first, again] = [await driverMove(secret, to), await driverMove(secret, to)];
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(driverTripResponseSchema.validateSync(again.body).data.trip_state).toBe(to);
      expect(await passengerState(code, phone)).toBe(to);
    }
    const row = await ticketRow(code);
    const history = await sql().select().from(tripEvents).where(eq(tripEvents.ticketId, row.id));
    const byDriver = history.filter((event) => event.actor === 'driver');
    // One event per move, the double taps wrote nothing.
    expect(byDriver.map((event) => event.toState)).toEqual(['trip_started', 'arrived_at_pickup', 'passenger_picked_up']);
    expect(byDriver.every((event) => event.actorId === drivers[0]?.id)).toBe(true);

    const finished = await driverMove(secret, 'trip_completed');
    expect(finished.status).toBe(200);
    expect(driverTripResponseSchema.validateSync(finished.body).data).toMatchObject({
      trip_state: 'trip_completed',
      next_states: [],
    });
    expect(await passengerState(code, phone)).toBe('trip_completed');

    // The trip has ended: the link is dead, reading and moving alike.
    const after = await trip(secret);
    expect(after.status).toBe(404);
    expect(refusal(after.body)).toBe(DRIVER_ERROR_KEYS.linkDead);
    expect((await driverMove(secret, 'trip_completed')).status).toBe(404);
  });

  it('dies when another driver is assigned, who is texted a new link', async () => {
    const { code } = await accepted(vivu, vivuToken);
    const { drivers, cars } = await fleet(vivuToken);
    expect(drivers.length).toBeGreaterThan(1);
    await assign(vivuToken, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
    await assign(vivuToken, code, drivers[1]?.id ?? 0, cars[0]?.id ?? 0);

    const [first, second] = await linkMessages(code);
    expect(first?.recipient).toBe(drivers[0]?.phone);
    expect(second?.recipient).toBe(drivers[1]?.phone);
    const oldSecret = secretOf(first?.path ?? '');
    const newSecret = secretOf(second?.path ?? '');
    expect(newSecret).not.toBe(oldSecret);

    const refusedRead = await trip(oldSecret);
    expect(refusedRead.status).toBe(404);
    expect(refusal(refusedRead.body)).toBe(DRIVER_ERROR_KEYS.linkDead);
    const refusedMove = await driverMove(oldSecret, 'trip_started');
    expect(refusedMove.status).toBe(404);
    expect((await share(oldSecret)).status).toBe(404);
    expect((await ticketRow(code)).tripState).toBe('not_started');

    const opened = await trip(newSecret);
    expect(driverTripResponseSchema.validateSync(opened.body).data.driver_name).toBe(drivers[1]?.fullname);
  });

  it('moves only its own trip: another trip’s link, an unknown or a missing secret cannot touch this one', async () => {
    const mine = await accepted(vivu, vivuToken);
    const theirs = await accepted(other, otherToken);
    const mineFleet = await fleet(vivuToken);
    const theirFleet = await fleet(otherToken);
    await assign(vivuToken, mine.code, mineFleet.drivers[0]?.id ?? 0, mineFleet.cars[0]?.id ?? 0);
    await assign(otherToken, theirs.code, theirFleet.drivers[0]?.id ?? 0, theirFleet.cars[0]?.id ?? 0);
    const theirSecret = secretOf((await linkMessages(theirs.code))[0]?.path ?? '');

    // Their link answers their trip only; the request names no ticket, so it cannot be pointed at mine.
    const moved = await driverMove(theirSecret, 'trip_started');
    expect(moved.status).toBe(200);
    expect(driverTripResponseSchema.validateSync(moved.body).data.ticket_code).toBe(theirs.code);
    expect((await ticketRow(mine.code)).tripState).toBe('not_started');

    const unknown = await trip('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(refusal(unknown.body)).toBe(DRIVER_ERROR_KEYS.linkDead);
    const missing = await post(app, DRIVER_PATHS.move, { to: 'arrived_at_pickup' });
    expect(missing.status).toBe(400);
  });

  it('keeps one position per trip while on the way or at the pick-up, paced and checked, and deletes it on board', async () => {
    const { code, phone } = await accepted(vivu, vivuToken);
    const { drivers, cars } = await fleet(vivuToken);
    await assign(vivuToken, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
    const secret = secretOf((await linkMessages(code))[0]?.path ?? '');

    // Not before the driver sets off.
    const early = await share(secret);
    expect(early.status).toBe(404);
    expect(refusal(early.body)).toBe(DRIVER_ERROR_KEYS.linkDead);
    expect((await driverMove(secret, 'trip_started')).status).toBe(200);

    // Outside Vietnam, not a number, a useless accuracy: the contract's messages, nothing kept.
    for (const [fix, key] of [
      [{ ...HANOI, lat: 48.8566, lng: 2.3522 }, DRIVER_ERROR_KEYS.position],
      [{ ...HANOI, lng: 'east' }, DRIVER_ERROR_KEYS.position],
      [{ ...HANOI, lat: undefined }, DRIVER_ERROR_KEYS.position],
      [{ ...HANOI, accuracy: -1 }, DRIVER_ERROR_KEYS.accuracy],
      [{ ...HANOI, accuracy: 50_000 }, DRIVER_ERROR_KEYS.accuracy],
    ] as const) {
      const bad = await share(secret, fix);
      expect(bad.status, JSON.stringify(fix)).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(key);
    }
    expect(await positionRows(code)).toEqual([]);

    // Five at once: one is kept, the others are told to wait; the row is the trip's only one.
    const burst = await Promise.all([1, 2, 3, 4, 5].map((n) => share(secret, { ...HANOI, lat: HANOI.lat + n / 1000 })));
    expect(burst.map((res) => res.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const tooSoon = burst.find((res) => res.status === 429);
    expect(refusal(tooSoon?.body)).toBe(DRIVER_ERROR_KEYS.tooOften);
    const [kept, ...more] = await positionRows(code);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ driverId: drivers[0]?.id, lng: HANOI.lng, accuracyM: 10 });

    // The passenger, with the ticket's proof, sees the distance from the pick-up and the minutes, and for the map
    // both points to 4 decimals (about 11 m); without the proof, nothing.
    const pickup = (await ticketRow(code)).pickComponent as { geometry: { location: { lat: number; lng: number } } };
    const toMap = ({ lat, lng }: { lat: number; lng: number }) => ({ lat: Number(lat.toFixed(4)), lng: Number(lng.toFixed(4)) });
    const distance = driverDistance({ lat: kept?.lat ?? 0, lng: kept?.lng ?? 0 }, pickup.geometry.location);
    expect((await passengerView(code, phone)).driver_position).toEqual({
      ...distance,
      updated_at: kept?.recordedAt.toISOString(),
      driver: toMap({ lat: kept?.lat ?? 0, lng: kept?.lng ?? 0 }),
      pickup: toMap(pickup.geometry.location),
    });
    const stranger = await lookup(code, uniquePhone());
    expect(stranger.status).not.toBe(200);
    const refused = await stranger.text();
    expect(refused).not.toContain('metres');
    expect(refused).not.toContain(String(HANOI.lng));
    // A server without a tile source draws no map: the distance line only, the coordinates stay on the server.
    const noMap = await (await lookup(code, phone, plainApp)).json();
    expect(ticketInfoResponseSchema.validateSync(noMap).data.driver_position).toEqual({
      ...distance,
      updated_at: kept?.recordedAt.toISOString(),
    });
    // A position older than two minutes is not shown.
    const age = (ms: number) =>
      sql()
        .update(driverPositions)
        .set({ recordedAt: new Date(Date.now() - ms) })
        .where(eq(driverPositions.ticketId, kept?.ticketId ?? 0));
    await age(POSITION_FRESH_MS + 1_000);
    expect((await passengerView(code, phone)).driver_position).toBeNull();

    // At the pick-up, once the pace allows, the next one replaces it.
    expect((await driverMove(secret, 'arrived_at_pickup')).status).toBe(200);
    await age(POSITION_MIN_GAP_MS + 1_000);
    expect((await share(secret, { lat: 21.03, lng: 105.85, accuracy: 25.4 })).status).toBe(200);
    expect(await positionRows(code)).toMatchObject([{ lat: 21.03, lng: 105.85, accuracyM: 25 }]);
    // Arrived: the distance is no longer shown (the ticket says the driver is there).
    expect((await passengerView(code, phone)).driver_position).toBeNull();

    // The passenger is on board: the position is gone and no new one is taken.
    expect((await driverMove(secret, 'passenger_picked_up')).status).toBe(200);
    expect(await positionRows(code)).toEqual([]);
    const late = await share(secret);
    expect(late.status).toBe(404);
    expect(refusal(late.body)).toBe(DRIVER_ERROR_KEYS.linkDead);
    expect(await positionRows(code)).toEqual([]);
  });

  it("serves the map's tile source with the site keys, credited to OpenStreetMap, only where one is configured", async () => {
    const keys = async (server: ReturnType<typeof createApp>) =>
      ((await (await server.request(CONFIG_PATHS.keyValues)).json()) as { data: Record<string, unknown> }).data;
    expect(await keys(app)).toMatchObject({ map_tile_url: TILES, map_tile_attribution: '© OpenStreetMap contributors' });
    const plain = await keys(plainApp);
    expect(plain).not.toHaveProperty('map_tile_url');
    expect(plain).not.toHaveProperty('map_tile_attribution');
  });

  it('lets the passenger cancel while the driver is on the way, the position deleted with the cancellation', async () => {
    const { code, phone } = await accepted(vivu, vivuToken);
    const { drivers, cars } = await fleet(vivuToken);
    await assign(vivuToken, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
    const secret = secretOf((await linkMessages(code))[0]?.path ?? '');
    expect((await driverMove(secret, 'trip_started')).status).toBe(200);
    expect((await share(secret)).status).toBe(200);
    expect(await positionRows(code)).toHaveLength(1);

    const tokenRes = await post(
      app,
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: code, phone_number: phone },
      { 'x-forwarded-for': `198.51.100.${(ip += 1) % 250}` },
    );
    expect(tokenRes.status, await tokenRes.clone().text()).toBe(200);
    const { cancel_token } = cancelTokenResponseSchema.validateSync(await tokenRes.json()).data;
    const cancelled = await post(app, CANCEL_PATHS.cancelBooking, { ticket_code: code, cancel_token });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);

    // Gone at the cancellation, before the driver's screen reads the trip again; then the link is dead.
    expect(await positionRows(code)).toEqual([]);
    expect((await passengerView(code, phone)).driver_position).toBeNull();
    expect((await trip(secret)).status).toBe(404);
    expect(await positionRows(code)).toEqual([]);
  });
});
