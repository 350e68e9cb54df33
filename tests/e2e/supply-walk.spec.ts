// The supply side walked from nothing, in Vietnamese, on a server of its own: once on PGlite, once on a PostgreSQL
// database made for it (created empty, migrated and seeded by the server itself, dropped afterwards) when
// TEST_DATABASE_URL is set, as .ci/run sets it. A transport company applies, the operator approves it, its owner sets
// a password from the texted link, adds a dispatcher, a driver and a car, and sets its airport fare; within 10 s a
// passenger's price list shows the company at that fare; the passenger books it paying cash and keeps the ticket
// open; the dispatcher, signed in with the new login, accepts the ride and assigns the new driver and car; the driver
// opens the texted link and presses the trip's four moves, sharing the phone's position on the way, each move and the
// distance shown on the passenger's open ticket within 5 s; the
// owner's statement of the month shows the trip with Vivu's commission, and its CSV adds up. Each step has its own
// spec in both languages (partner-join, partner-fleet, partner-fares, driver-trip, partner-statements): this one
// proves the chain.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { PARTNER_FARES_PATHS } from '../../src/shared/contract/partner-fares';
import { PARTNER_PATHS } from '../../src/shared/contract/partners';
import { formatVnd } from '../../src/shared/domain/money';
import { parseVnDateTime, vnParts } from '../../src/shared/domain/vn-time';
import { expect, test } from './fixtures';
import { TEXT } from './journey';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';
import { emptyPostgres } from './postgres-db';
import {
  addDriver,
  airportRideQuery,
  addStaff,
  approveApplication,
  bookCashRide,
  commissionOf,
  consoleLogIn,
  consoleLogOut,
  driveTrip,
  fillApplication,
  fillCar,
  FLEET,
  saveCar,
  sendApplication,
  setPasswordFromSms,
  statementAddsUp,
  tripLinkSent,
  watchedPage,
} from './supply';

const PORT = E2E_PORT + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
/** The passenger's labels of the trip states (the open ticket page shows them). */
const TRIP_LABELS = (
  JSON.parse(readFileSync(new URL('../../src/app/locales/vi.json', import.meta.url), 'utf8')) as {
    ticket: { trip: { labels: Record<string, string> } };
  }
).ticket.trip.labels;

test.use({ baseURL: ORIGIN });

/** The server of one run: its own data folder (its outbox), the e2e server's operator token and day-only window. */
function startServer(dataDir: string, databaseUrl?: string): Promise<OwnServer> {
  return startOwnServer(
    PORT,
    {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      OPERATOR_API_TOKEN: process.env.VIVU_E2E_OPERATOR_TOKEN ?? '',
      // The open ticket page follows the ticket from 127.0.0.1 (the per-address limit is tested by the API tests).
      TICKET_LOOKUP_LIMIT: '1000',
      // A booking is a night booking by the hour it is made: an empty night window keeps the walk the same at any hour.
      SETTINGS_OVERRIDES: JSON.stringify({ night_booking_start: '00:00', night_booking_end: '00:00' }),
    },
    // A PostgreSQL database made empty is migrated and seeded by the server before it answers.
    { timeoutMs: 180_000 },
  );
}

/** Waits until the price list offers `company`'s `vehicle` at `price`; answers how long after `since` it did. */
async function offeredWithin(request: APIRequestContext, company: string, vehicle: string, price: number, since: number) {
  const query = airportRideQuery();
  for (;;) {
    const list = (await (await request.get(`/api/passenger/get_price_list?${query}`)).json()) as {
      data: { items: Array<{ partner: { name: string }; vehicle_name: string; merged: number; hide: boolean }> };
    };
    const offer = list.data.items.find((item) => item.partner.name === company && item.vehicle_name === vehicle && !item.hide);
    if (offer) {
      expect(offer.merged).toBe(price);
      return Date.now() - since;
    }
    if (Date.now() - since > 10_000) throw new Error(`${company} is not in the price list 10 s after its fare`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Fare {
  /** The seeded class '4 chỗ cốp rộng' (id 1), as the price list names it. */
  vehicle: string;
  price: number;
}

/** The seeded class the walk's car and fare are of. */
const VEHICLE_TYPE_ID = 1;

/**
 * The owner's first fare, through the console's own call with a session of the new login (the Fares tab's form is
 * walked by partner-fares.spec.ts): the airport fare from Nội Bài to the inner city of Hanoi for a private ride of
 * the class, which alone makes the class an offer of the partner on that ride.
 */
async function setAirportFare(request: APIRequestContext, owner: { phone: string; password: string }, fare: Fare) {
  const login = await request.post(PARTNER_PATHS.login, { data: { phone_number: owner.phone, password: owner.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  const airport = await request.post(PARTNER_FARES_PATHS.airportAdd, {
    headers,
    data: {
      airport_code: 'HAN',
      zone: 'Nội thành Hà Nội',
      max_km: 25,
      province_codes: ['01'],
      vehicle_type_id: VEHICLE_TYPE_ID,
      ride_method: 1,
      price: fare.price,
    },
  });
  expect(airport.ok(), await airport.text()).toBe(true);
  await request.post(PARTNER_PATHS.logout, { headers });
}

const RUNS = [
  { database: 'PGlite', admin: undefined },
  // Named for what it does: without TEST_DATABASE_URL it walks nothing and says so (and fails under CI).
  process.env.TEST_DATABASE_URL
    ? { database: 'PostgreSQL', admin: process.env.TEST_DATABASE_URL }
    : { database: 'PostgreSQL: not walked, TEST_DATABASE_URL is not set', admin: '' },
] as const;

for (const run of RUNS) {
  test(`vi: a transport company joins from nothing and runs a trip through to its statement, on ${run.database}`, async ({
    page,
  }) => {
    if (run.admin === '') {
      // Never silently left out: CI (.ci/run) always gives TEST_DATABASE_URL, so there its absence fails; elsewhere
      // the run says plainly that the walk ran on PGlite only.
      expect(process.env.CI, 'TEST_DATABASE_URL is not set: CI walks the supply side on PostgreSQL too').toBeFalsy();
      const note = 'TEST_DATABASE_URL is not set: the supply walk ran on PGlite only; .ci/run also runs it on PostgreSQL';
      test.info().annotations.push({ type: 'PGlite only', description: note });
      console.log(`\n(${note})`);
      return;
    }
    test.setTimeout(300_000);
    const database = run.admin ? await emptyPostgres(run.admin) : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'vivu-walk-'));
    let server: OwnServer | undefined;
    try {
      server = await startServer(dataDir, database?.url);
      await walk(page, dataDir);
    } catch (error) {
      if (server) await test.info().attach('server output', { body: server.report(), contentType: 'text/plain' });
      if (server) console.log(`\n${server.report()}`);
      throw error;
    } finally {
      // The page leaves first: its polls to a stopped server would be failed loads, which the console check counts.
      // (A page already gone has nothing to leave.)
      await page.goto('about:blank').catch(() => undefined);
      await server?.stop();
      await database?.drop();
    }
  });
}

async function walk(page: Page, outbox: string) {
  const t = TEXT.vi;
  const unique = String(Date.now()).slice(-8);
  const company = `Nhà xe Đường Dài ${unique}`;
  const owner = { phone: `9${unique}`, password: 'nhaxe123' };
  const dispatcher = { name: 'Trần Điều Phối', phone: `8${unique}`, password: 'dieuphoi123' };
  const driver = { name: 'Phạm Văn Lái', phone: `0977${unique.slice(-6)}` };
  const car = { plate: '30H-789.12', name: 'Toyota Innova', vehicleClass: '4 chỗ cốp rộng', year: '2023' };
  // Below the demo partners' airport fares, so the offer is on the price list's first page (ten options, the
  // highlighted brands and then the lowest prices first).
  const fare: Fare = { vehicle: car.vehicleClass, price: 199_000 };
  const passengerPhone = '912000981';

  // The company applies and the operator approves it.
  await fillApplication(page, 'vi', {
    company,
    fullname: 'Lê Văn Chủ',
    phone: owner.phone,
    email: `nhaxe-${unique}@example.com`,
  });
  const leadId = await sendApplication(page, 'vi', company);
  await approveApplication(page.request, leadId);

  // The owner sets a password from the texted link, then adds a dispatcher, a driver, a car and the airport fare.
  await setPasswordFromSms(page, 'vi', `0${owner.phone}`, owner.password, outbox);
  await expect(page.getByText(company)).toBeVisible();
  await addStaff(page, 'vi', dispatcher.name, dispatcher.phone, 'dispatcher');
  await page.getByRole('tab', { name: FLEET.vi.tab }).click();
  await addDriver(page, 'vi', driver.name, driver.phone);
  await saveCar(page, 'vi', await fillCar(page, 'vi', car), car.plate);
  await consoleLogOut(page, 'vi');
  await setAirportFare(page.request, { phone: `0${owner.phone}`, password: owner.password }, fare);
  const saved = Date.now();

  // Within 10 s the price list offers the company at that fare; the passenger books it, paying cash.
  expect(await offeredWithin(page.request, company, fare.vehicle, fare.price, saved)).toBeLessThan(10_000);
  const { code } = await bookCashRide(page, t, passengerPhone, { name: company, price: fare.price });
  await page.getByRole('link', { name: t.details }).click();
  const ticket = page.getByRole('dialog', { name: `Vé ${code}` });
  await expect(ticket).toBeVisible();

  // The dispatcher sets a password from their own texted link, signs in with it, accepts the ride and assigns the new
  // driver and car.
  const errors: string[] = [];
  const desk = await watchedPage(page, errors);
  await setPasswordFromSms(desk, 'vi', `0${dispatcher.phone}`, dispatcher.password, outbox);
  await consoleLogOut(desk, 'vi');
  await consoleLogIn(desk, 'vi', dispatcher.phone, dispatcher.password);
  const incoming = desk.getByRole('article', { name: code });
  await incoming.getByRole('button', { name: 'Nhận chuyến' }).click();
  await expect(incoming).toBeHidden();
  await desk.getByRole('tab', { name: 'Phục vụ' }).click();
  const card = desk.getByRole('article', { name: code });
  await card.getByRole('button', { name: 'Phân công tài xế' }).click();
  const dialog = desk.getByRole('dialog', { name: `Tài xế cho vé ${code}` });
  await dialog.getByRole('radio', { name: new RegExp(driver.name) }).check();
  await dialog.getByLabel('Xe', { exact: true }).selectOption({ label: `${car.plate} · ${car.name}` });
  await dialog.getByRole('button', { name: 'Phân công', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(driver.name, { exact: true })).toBeVisible();

  // The driver opens the texted link on a phone and presses the trip's moves; the passenger's open ticket follows.
  const link = await tripLinkSent(driver.phone, code, outbox);
  // The driver's phone allows its position: central Hà Nội, on the way to Nội Bài.
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ latitude: 21.0285, longitude: 105.8542, accuracy: 15 });
  const phone = await watchedPage(page, errors);
  await phone.setViewportSize({ width: 360, height: 740 });
  await phone.goto(link.pathname);
  await expect(phone.getByRole('heading', { level: 1, name: `Chuyến ${code}` })).toBeVisible();
  const states: string[] = [];
  const pressed = await driveTrip(phone, async (state) => {
    const pressedAt = Date.now();
    states.push(state);
    await expect(ticket.locator('.details dd', { hasText: TRIP_LABELS[state] })).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - pressedAt).toBeLessThan(5_000);
    if (state === 'trip_started') {
      // On the way, the driver shares the phone's position: the passenger sees the distance and the minutes.
      const sharedAt = Date.now();
      await phone.getByRole('button', { name: 'Chia sẻ vị trí của tôi' }).click();
      await expect(ticket.locator('.trip-distance')).toHaveText(/Tài xế cách [\d,]+ k?m, khoảng \d+ phút/, { timeout: 5_000 });
      expect(Date.now() - sharedAt).toBeLessThan(5_000);
    }
  });
  expect(states).toEqual(['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']);
  expect(pressed).toHaveLength(4);
  // Off the way, the distance is gone with the position.
  await expect(ticket.locator('.trip-distance')).toHaveCount(0);

  // The owner's statement of the trip's month: the trip at its fare with Vivu's commission, and a CSV that adds up.
  const info = await page.request.get(`/api/passenger/get_ticket_info?ticket_code=${code}&phone_number=0${passengerPhone}`);
  const { depart_time: departTime } = ((await info.json()) as { data: { depart_time: string } }).data;
  const parts = vnParts(parseVnDateTime(departTime) ?? 0);
  const month = `${parts.year}-${String(parts.month + 1).padStart(2, '0')}`;
  await consoleLogOut(desk, 'vi');
  await consoleLogIn(desk, 'vi', owner.phone, owner.password);
  await statementAddsUp(desk, 'vi', month, code, fare.price, commissionOf(fare.price));
  await expect(desk.locator(`[data-ticket="${code}"]`)).toContainText(formatVnd(fare.price));
  expect(errors, 'console errors of the console and the driver’s phone').toEqual([]);
}
