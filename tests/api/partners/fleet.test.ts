// The partner's fleet kept from the console: the owner creates, edits and retires drivers and cars; a dispatcher
// reads them but cannot change them; bad input is a 400 with the contract's message and writes nothing; another
// partner's ids answer like unknown ones; a retired driver or car, or a licence past its expiry on the trip's day, is
// refused on assignment; the night popup's names are only the really active drivers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { FORM_ERROR_KEYS } from '../../../src/shared/contract/common';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_FORBIDDEN } from '../../../src/shared/contract/partner-roles';
import {
  FLEET_ERROR_KEYS,
  FLEET_PATHS,
  fleetCarResponseSchema,
  fleetDriverResponseSchema,
  fleetListResponseSchema,
  fleetPhotoResponseSchema,
  FLEET_PHOTO_MAX_BYTES,
} from '../../../src/shared/contract/partner-fleet';
import {
  PARTNER_ERROR_KEYS,
  PARTNER_PATHS,
  driverRandNamesResponseSchema,
  staffAssignResponseSchema,
  staffLoginResponseSchema,
} from '../../../src/shared/contract/partners';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { createApp } from '../../../src/server/app';
import { drivers, partnerCars, partnerStaff, transportPartners } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import { vnIsoDate } from '../../../src/server/modules/partners/fleet-service';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let other: PriceOption;
let owner: string;
let dispatcher: string;
let otherOwner: string;

const sql = () => db.database.db;
const DAY = 86_400_000;

async function login(phone: string, password = partnerDemoPassword()): Promise<string> {
  const res = await post(app, PARTNER_PATHS.login, { phone_number: phone, password });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

async function ownerToken(partnerId: number): Promise<string> {
  const [row] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  if (!row) throw new Error(`no owner for partner ${partnerId}`);
  return login(row.phone);
}

async function call(token: string, path: string, body: object) {
  const res = await post(app, path, body, { authorization: `Bearer ${token}` });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function list(token: string, lang = 'vi') {
  const res = await app.request(`${FLEET_PATHS.list}?lang=${lang}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return fleetListResponseSchema.validateSync(await res.json()).data;
}

let phoneSeq = 0;
const driverPhone = () => `09770${String((phoneSeq += 1)).padStart(5, '0')}`;
const driverBody = (overrides: Record<string, unknown> = {}) => ({
  fullname: 'Trương Văn Khải',
  phone: driverPhone(),
  licence_number: '790123456789',
  licence_expires_on: '2031-06-30',
  ...overrides,
});
let plateSeq = 0;
const carBody = (overrides: Record<string, unknown> = {}) => ({
  plate: `30H-${String(500 + (plateSeq += 1)).padStart(3, '0')}.${String(10 + plateSeq).slice(-2)}`,
  name: 'Toyota Vios',
  vehicle_id: 17,
  seats: 4,
  year: 2022,
  lang: 'vi',
  ...overrides,
});

async function createDriver(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(token, FLEET_PATHS.saveDriver, driverBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return fleetDriverResponseSchema.validateSync(res.body).data;
}

async function createCar(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(token, FLEET_PATHS.saveCar, carBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return fleetCarResponseSchema.validateSync(res.body).data;
}

/** A ticket of the partner, accepted (not_started), ready for a driver; its trip is in two days. */
async function acceptedTicket(option: PriceOption): Promise<string> {
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option, undefined, { phone: uniquePhone() }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const code = createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code;
  const moved = await call(owner, PARTNER_PATHS.transition, { ticket_code: code, to: 'not_started' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return code;
}

const messageOf = (body: unknown) => failureSchema.validateSync(body).message;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  vivu = await optionOf(app, 'Vivu Airport Express');
  other = await optionOf(app, 'Taxi Thủ Đô');
  owner = await ownerToken(vivu.partner.id);
  otherOwner = await ownerToken(other.partner.id);
  const password = 'dieu-phoi-123';
  await sql()
    .insert(partnerStaff)
    .values({
      partnerId: vivu.partner.id,
      phone: '0939555001',
      fullname: 'Điều phối',
      role: 'dispatcher',
      passwordHash: await hashPassword(password),
    });
  dispatcher = await login('0939555001', password);
});
afterAll(async () => {
  await db.cleanup();
});

describe('the seeded demo fleet', () => {
  it('was created through the fleet service: licences, seats of the class and model years recorded', async () => {
    const fleet = await list(owner);
    expect(fleet.drivers.length).toBe(3);
    for (const driver of fleet.drivers) {
      expect(driver.status).toBe('active');
      expect(driver.licence_number).toMatch(/^\d{12}$/);
      expect(driver.licence_expires_on).toMatch(/^20\d\d-\d\d-\d\d$/);
      expect(driver.photo_url).toMatch(/^\/drivers\/driver-\d\.svg$/);
    }
    expect(fleet.cars.length).toBeGreaterThan(0);
    for (const car of fleet.cars) {
      expect(car.seats).toBe(fleet.classes.find((c) => c.id === car.vehicle_id)?.seats);
      expect(car.plate).toMatch(/^30A-\d{3}\.\d{2}$/);
      expect(car.vehicle_name).not.toBe('');
    }
    expect(fleet.today).toBe(vnIsoDate(new Date()));
  });
});

describe('drivers', () => {
  it('are created, edited and retired by the owner; the phone is normalised and unique within the partner', async () => {
    const created = await createDriver(owner, { phone: '+84 977 111 222' });
    expect(created).toMatchObject({ phone: '0977111222', status: 'active', licence_number: '790123456789' });

    const taken = await call(owner, FLEET_PATHS.saveDriver, driverBody({ phone: '0977111222' }));
    expect(taken.status).toBe(409);
    expect(messageOf(taken.body)).toBe(FLEET_ERROR_KEYS.phoneTaken);
    // Another partner may have a driver with the same phone (a driver may work for two companies).
    await createDriver(otherOwner, { phone: '0977111222' });

    const edited = await call(owner, FLEET_PATHS.saveDriver, {
      ...driverBody({ phone: '0977111222' }),
      id: created.id,
      fullname: 'Trương Văn Khải Hoàn',
      licence_expires_on: '2032-01-31',
    });
    expect(edited.status).toBe(200);
    expect(fleetDriverResponseSchema.validateSync(edited.body).data).toMatchObject({
      id: created.id,
      fullname: 'Trương Văn Khải Hoàn',
      licence_expires_on: '2032-01-31',
    });

    const retired = await call(owner, FLEET_PATHS.retireDriver, { id: created.id });
    expect(retired.status).toBe(200);
    expect(fleetDriverResponseSchema.validateSync(retired.body).data.status).toBe('retired');
    const fleet = await list(owner);
    expect(fleet.drivers.find((d) => d.id === created.id)?.status).toBe('retired');
  });

  it('refuses bad input with the contract’s messages and writes nothing', async () => {
    const before = (await sql().select({ id: drivers.id }).from(drivers)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ phone: '0123' }, FORM_ERROR_KEYS.phone],
      [{ fullname: '  ' }, FORM_ERROR_KEYS.blank],
      [{ licence_number: 'AB!' }, FLEET_ERROR_KEYS.licenceNumber],
      [{ licence_expires_on: '2031-02-30' }, FLEET_ERROR_KEYS.licenceExpiry],
      [{ licence_expires_on: '30/06/2031' }, FLEET_ERROR_KEYS.licenceExpiry],
      [{ photo_url: 'https://evil.example/x.png' }, FLEET_ERROR_KEYS.photo],
    ];
    for (const [overrides, key] of cases) {
      const res = await call(owner, FLEET_PATHS.saveDriver, driverBody(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(key);
    }
    expect((await sql().select({ id: drivers.id }).from(drivers)).length).toBe(before);
  });

  it('answers another partner’s driver exactly like an unknown one', async () => {
    const theirs = await createDriver(otherOwner);
    const probes = [
      await call(owner, FLEET_PATHS.saveDriver, { ...driverBody(), id: theirs.id }),
      await call(owner, FLEET_PATHS.retireDriver, { id: theirs.id }),
    ];
    const unknown = [
      await call(owner, FLEET_PATHS.saveDriver, { ...driverBody(), id: 999_999 }),
      await call(owner, FLEET_PATHS.retireDriver, { id: 999_999 }),
    ];
    probes.forEach((probe, i) => {
      expect(probe.status).toBe(404);
      expect(probe.body).toEqual(unknown[i]?.body);
    });
    const [row] = await sql().select().from(drivers).where(eq(drivers.id, theirs.id));
    expect(row).toMatchObject({ active: true, fullname: theirs.fullname });
    expect((await list(owner)).drivers.some((d) => d.id === theirs.id)).toBe(false);
  });
});

describe('cars', () => {
  it('take Vietnamese plates, normalised so the same car cannot be registered twice', async () => {
    const accepted = [
      ['30a 12345', '30A-123.45'],
      ['51G-123.45', '51G-123.45'],
      ['29LD-123.45', '29LD-123.45'],
      ['30K1-234.56', '30K1-234.56'],
      ['43C1234', '43C-1234'],
    ];
    for (const [typed, stored] of accepted) {
      const car = await createCar(owner, { plate: typed });
      expect(car.plate).toBe(stored);
    }
    const again = await call(owner, FLEET_PATHS.saveCar, carBody({ plate: '30A 123 45' }));
    expect(again.status).toBe(409);
    expect(messageOf(again.body)).toBe(FLEET_ERROR_KEYS.plateTaken);
    // A plate is one car in the whole country: another partner cannot register it either.
    const elsewhere = await call(otherOwner, FLEET_PATHS.saveCar, carBody({ plate: '30A-123.45' }));
    expect(elsewhere.status).toBe(409);

    for (const plate of ['10A-123.45', '30-123.45', 'ABC-123.45', '30A-12.34', '30A-123.456', '30ABC-123.45']) {
      const res = await call(owner, FLEET_PATHS.saveCar, carBody({ plate }));
      expect(res.status, plate).toBe(400);
      expect(JSON.stringify(res.body), plate).toContain(FLEET_ERROR_KEYS.plate);
    }
  });

  it('check the year and the seats of the class, and are edited and retired', async () => {
    const before = (await sql().select({ id: partnerCars.id }).from(partnerCars)).length;
    const badYear = await call(owner, FLEET_PATHS.saveCar, carBody({ year: 1975 }));
    expect(badYear.status).toBe(400);
    expect(JSON.stringify(badYear.body)).toContain(FLEET_ERROR_KEYS.year);
    const badSeats = await call(owner, FLEET_PATHS.saveCar, carBody({ vehicle_id: 2, seats: 4 }));
    expect(badSeats.status).toBe(400);
    expect(messageOf(badSeats.body)).toBe(FLEET_ERROR_KEYS.seats);
    expect(JSON.stringify(badSeats.body)).toContain('"seats":7');
    const badClass = await call(owner, FLEET_PATHS.saveCar, carBody({ vehicle_id: 999 }));
    expect(badClass.status).toBe(400);
    expect(messageOf(badClass.body)).toBe(FLEET_ERROR_KEYS.vehicle);
    expect((await sql().select({ id: partnerCars.id }).from(partnerCars)).length).toBe(before);

    const car = await createCar(owner, { vehicle_id: 2, seats: 7, name: 'Toyota Innova' });
    const edited = await call(
      owner,
      FLEET_PATHS.saveCar,
      carBody({ id: car.id, plate: car.plate, vehicle_id: 2, seats: 7, year: 2020, name: 'Toyota Innova Cross' }),
    );
    expect(edited.status).toBe(200);
    expect(fleetCarResponseSchema.validateSync(edited.body).data).toMatchObject({
      id: car.id,
      year: 2020,
      name: 'Toyota Innova Cross',
    });
    const retired = await call(owner, FLEET_PATHS.retireCar, { id: car.id, lang: 'en' });
    expect(fleetCarResponseSchema.validateSync(retired.body).data).toMatchObject({ status: 'retired', vehicle_name: '7-seat' });

    const theirs = await call(otherOwner, FLEET_PATHS.retireCar, { id: car.id });
    const unknown = await call(otherOwner, FLEET_PATHS.retireCar, { id: 999_999 });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(unknown.body);
  });
});

describe('photos', () => {
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
  const upload = (token: string, body: Uint8Array<ArrayBuffer>, type = 'image/png') =>
    app.request(FLEET_PATHS.photo, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });

  it('keeps an image under a random name, serves it, and puts it on the driver', async () => {
    const res = await upload(owner, PNG);
    expect(res.status).toBe(200);
    const { photo_url } = fleetPhotoResponseSchema.validateSync(await res.json()).data;
    expect(photo_url).toMatch(/^\/api\/agent\/fleet\/photo\/[0-9a-f]{32}\.png$/);
    const served = await app.request(photo_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const driver = await createDriver(owner, { photo_url });
    expect(driver.photo_url).toBe(photo_url);
  });

  it('refuses what is not an image, an image too large, a dispatcher, and paths it did not give', async () => {
    const text = await upload(owner, new TextEncoder().encode('<svg onload="alert(1)"></svg>'));
    expect(text.status).toBe(400);
    expect(messageOf(await text.json())).toBe(FLEET_ERROR_KEYS.photo);
    const big = new Uint8Array(FLEET_PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const large = await upload(owner, big);
    expect(large.status).toBe(413);
    expect(messageOf(await large.json())).toBe(FLEET_ERROR_KEYS.photo);
    const refused = await upload(dispatcher, PNG);
    expect(refused.status).toBe(403);
    const missing = await app.request(`${FLEET_PATHS.photo}/${'0'.repeat(32)}.png`);
    expect(missing.status).toBe(404);
    const climb = await app.request(`${FLEET_PATHS.photo}/..%2F..%2Fpglite.lock`);
    expect(climb.status).toBe(404);
    const foreign = await call(owner, FLEET_PATHS.saveDriver, driverBody({ photo_url: '/api/agent/fleet/photo/../../x.png' }));
    expect(foreign.status).toBe(400);
  });
});

describe('roles', () => {
  it('let a dispatcher read the fleet but not create, edit or retire', async () => {
    expect((await list(dispatcher)).drivers.length).toBeGreaterThan(0);
    const [driver] = (await list(dispatcher)).drivers;
    const count = (await sql().select({ id: drivers.id }).from(drivers)).length;
    const refused = [
      await call(dispatcher, FLEET_PATHS.saveDriver, driverBody()),
      await call(dispatcher, FLEET_PATHS.saveDriver, { ...driverBody(), id: driver?.id }),
      await call(dispatcher, FLEET_PATHS.retireDriver, { id: driver?.id }),
      await call(dispatcher, FLEET_PATHS.saveCar, carBody()),
      await call(dispatcher, FLEET_PATHS.retireCar, { id: 1 }),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(messageOf(res.body)).toBe(PARTNER_FORBIDDEN);
    }
    expect((await sql().select({ id: drivers.id }).from(drivers)).length).toBe(count);
    expect((await list(owner)).drivers.find((d) => d.id === driver?.id)?.status).toBe('active');
  });
});

describe('assignment', () => {
  it('refuses a retired driver or car, and a licence past its expiry on the trip’s day', async () => {
    const code = await acceptedTicket(vivu);
    const driver = await createDriver(owner);
    const car = await createCar(owner);
    const retiredDriver = await createDriver(owner);
    const retiredCar = await createCar(owner);
    await call(owner, FLEET_PATHS.retireDriver, { id: retiredDriver.id });
    await call(owner, FLEET_PATHS.retireCar, { id: retiredCar.id });
    for (const [driverId, carId] of [
      [retiredDriver.id, car.id],
      [driver.id, retiredCar.id],
    ]) {
      const res = await call(owner, PARTNER_PATHS.assign, { ticket_code: code, driver_id: driverId, car_id: carId });
      expect(res.status).toBe(404);
      expect(messageOf(res.body)).toBe(PARTNER_ERROR_KEYS.driverNotFound);
    }
    // Valid today and tomorrow, expired by the trip (in two days).
    const expiring = await createDriver(owner, { licence_expires_on: vnIsoDate(new Date(Date.now() + DAY)) });
    const late = await call(owner, PARTNER_PATHS.assign, { ticket_code: code, driver_id: expiring.id, car_id: car.id });
    expect(late.status).toBe(409);
    expect(messageOf(late.body)).toBe(FLEET_ERROR_KEYS.licenceExpired);

    const good = await call(dispatcher, PARTNER_PATHS.assign, { ticket_code: code, driver_id: driver.id, car_id: car.id });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(staffAssignResponseSchema.validateSync(good.body).data.driver).toMatchObject({
      driver_id: driver.id,
      plate: car.plate,
    });

    // Retiring keeps history: the ticket still shows its driver.
    await call(owner, FLEET_PATHS.retireDriver, { id: driver.id });
    const res = await app.request(`${PARTNER_PATHS.tickets}?trip_state=not_started&lang=vi`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const listed = JSON.stringify(await res.json());
    expect(listed).toContain(driver.fullname);
  });

  it('lists for the assignment dialog only the active ones, with their licence expiry', async () => {
    const res = await app.request(`${PARTNER_PATHS.fleet}?lang=vi`, { headers: { authorization: `Bearer ${dispatcher}` } });
    const body = (await res.json()) as { data: { drivers: { id: number; licence_expires_on: string | null }[] } };
    const all = await list(owner);
    const active = all.drivers.filter((d) => d.status === 'active');
    expect(body.data.drivers.map((d) => d.id).sort()).toEqual(active.map((d) => d.id).sort());
    for (const d of body.data.drivers) expect(d.licence_expires_on).toBe(active.find((a) => a.id === d.id)?.licence_expires_on);
  });
});

describe('the night popup’s drivers', () => {
  async function names(): Promise<string[]> {
    const res = await app.request(PARTNER_PATHS.driverRandNames);
    expect(res.status).toBe(200);
    return driverRandNamesResponseSchema.validateSync(await res.json()).data.names;
  }

  it('are only drivers really active: not retired, of an active partner, licence valid today', async () => {
    // Keep the whole list within its size so every real driver is in it.
    await sql().update(drivers).set({ active: false }).where(eq(drivers.partnerId, other.partner.id));
    const retired = await createDriver(owner, { fullname: 'Hồ Văn Quyết' });
    await call(owner, FLEET_PATHS.retireDriver, { id: retired.id });
    await createDriver(owner, { fullname: 'Lạc Văn Xuân', licence_expires_on: vnIsoDate(new Date(Date.now() - DAY)) });
    await createDriver(owner, { fullname: 'Kha Văn Yên', licence_expires_on: vnIsoDate(new Date()) });
    const listed = await names();
    expect(listed).toContain('Yên K.');
    expect(listed).not.toContain('Quyết H.');
    expect(listed).not.toContain('Xuân L.');
    const everyActive = await sql().select({ fullname: drivers.fullname }).from(drivers).where(eq(drivers.active, true));
    expect(listed.length).toBeGreaterThan(0);
    for (const name of listed) expect(everyActive.some((d) => d.fullname.endsWith(name.split(' ')[0] ?? '?'))).toBe(true);

    // A partner no longer active: its drivers leave the list.
    await sql().update(transportPartners).set({ active: false }).where(eq(transportPartners.id, vivu.partner.id));
    const without = await names();
    expect(without).not.toContain('Yên K.');
    await sql().update(transportPartners).set({ active: true }).where(eq(transportPartners.id, vivu.partner.id));
  });
});
