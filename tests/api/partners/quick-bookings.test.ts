// The side menu's quick booking (spec 2, 5, 7): saved through save_pending with kind 'quick' and handled like a lead.
// Its validation (depart time later than now, seats with a drop address, a vehicle type without), the billing save
// left as it was, the transport partners' list (open to all without the contact, 'mine' with it once taken,
// 'taken' for the others), the take with its 409 and 404, one winner of concurrent takes, and the purge that keeps
// an untaken quick booking still ahead.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { LEAD_ERROR_KEYS, LEAD_PATHS, savePendingResponseSchema } from '../../../src/shared/contract/leads';
import {
  QUICK_BOOKING_ERROR_KEYS,
  staffQuickBookingsResponseSchema,
  staffTakeQuickBookingResponseSchema,
  type StaffQuickBooking,
} from '../../../src/shared/contract/partners';
import { PARTNER_ERROR_KEYS, PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import { createApp } from '../../../src/server/app';
import { partnerStaff } from '../../../src/server/db/schema';
import { pendingBookings } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { createLeadsRepository } from '../../../src/server/modules/leads/repository';
import { inTwoDays, post, uniquePhone, uniqueSession } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let ipCounter = 0;
/** Each booking posts from its own address, so the public forms' limit never touches another test. */
const newIp = () => `198.51.100.${(ipCounter += 1)}`;
/** The owners of the first two seeded transport partners. */
let partnerOne: string;
let partnerTwo: string;

const sql = () => db.database.db;

async function send(path: string, body: unknown, ip = newIp()) {
  const res = await post(app, path, body, { 'x-forwarded-for': ip });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function loginToken(phone: string): Promise<string> {
  const res = await send(PARTNER_PATHS.login, { phone_number: phone, password: partnerDemoPassword() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffLoginResponseSchema.validateSync(res.body).data.token;
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  const owners = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(eq(partnerStaff.role, 'owner'))
    .orderBy(asc(partnerStaff.partnerId));
  expect(owners.length).toBeGreaterThanOrEqual(2);
  partnerOne = await loginToken(owners[0]!.phone);
  partnerTwo = await loginToken(owners[1]!.phone);
});
afterAll(async () => {
  await db.cleanup();
});

function quick(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'quick',
    ticket_session: uniqueSession(),
    fullname: 'Lê Văn Cường',
    phone_code: '84',
    phone: uniquePhone(),
    pick_address: 'Sân bay quốc tế Nội Bài',
    drop_address: 'Phố cổ Hoàn Kiếm',
    depart_time: inTwoDays('08:15'),
    seats: 3,
    note: 'Hai vali lớn',
    lang: 'vi',
    ...overrides,
  };
}

async function refusal(body: unknown) {
  const res = await send(LEAD_PATHS.savePending, body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  const failure = failureSchema.validateSync(res.body);
  return Object.fromEntries((failure.errors ?? []).map((error) => [error.field, error.message]));
}

/** Saves a quick booking and answers its row id. */
async function saveQuick(overrides: Record<string, unknown> = {}): Promise<number> {
  const body = quick(overrides);
  const res = await send(LEAD_PATHS.savePending, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(savePendingResponseSchema.validateSync(res.body).data.saved).toBe(true);
  const [row] = await sql()
    .select({ id: pendingBookings.id })
    .from(pendingBookings)
    .where(eq(pendingBookings.ticketSession, body.ticket_session));
  return row!.id;
}

async function list(token: string, lang = 'vi') {
  const res = await app.request(`${LEAD_PATHS.staffQuickBookings}?lang=${lang}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return staffQuickBookingsResponseSchema.validateSync(await res.json()).data;
}

async function seen(token: string, id: number, lang = 'vi'): Promise<StaffQuickBooking | undefined> {
  return (await list(token, lang)).items.find((item) => item.id === id);
}

async function take(token: string, id: number) {
  const res = await post(app, LEAD_PATHS.staffTakeQuickBooking, { id, lang: 'vi' }, { authorization: `Bearer ${token}` });
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('quick booking through save_pending', () => {
  it('is stored as a pending booking of kind quick with its trip', async () => {
    const body = quick();
    const res = await send(LEAD_PATHS.savePending, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await sql().select().from(pendingBookings).where(eq(pendingBookings.ticketSession, body.ticket_session));
    expect(row).toMatchObject({ kind: 'quick', fullname: 'Lê Văn Cường', phone: body.phone, takenByPartnerId: null });
    expect(row?.trip).toMatchObject({ seats: 3, vehicle_id: null, note: 'Hai vali lớn', depart_time: body.depart_time });
    expect(row?.departAt?.getTime()).toBeGreaterThan(Date.now() + DAY);
  });

  it('refuses a depart time not later than now', async () => {
    expect(await refusal(quick({ depart_time: formatVnDateTime(Date.now() - HOUR) }))).toMatchObject({
      depart_time: LEAD_ERROR_KEYS.departTime,
    });
    expect(await refusal(quick({ depart_time: 'tomorrow' }))).toMatchObject({ depart_time: LEAD_ERROR_KEYS.departTime });
  });

  it('needs seats with a drop address and a vehicle type without one', async () => {
    expect(await refusal(quick({ seats: undefined }))).toMatchObject({ seats: LEAD_ERROR_KEYS.blank });
    expect(await refusal(quick({ seats: 99 }))).toMatchObject({ seats: LEAD_ERROR_KEYS.quickSeats });
    expect(await refusal(quick({ drop_address: '', seats: undefined }))).toMatchObject({
      vehicle_id: LEAD_ERROR_KEYS.blank,
    });
    expect(await refusal(quick({ drop_address: '', vehicle_id: 999 }))).toMatchObject({
      vehicle_id: LEAD_ERROR_KEYS.quickVehicle,
    });
    expect(await refusal(quick({ fullname: '', phone: '123' }))).toMatchObject({
      fullname: LEAD_ERROR_KEYS.blank,
      phone: LEAD_ERROR_KEYS.phone,
    });
  });

  it('leaves the billing form save as it was', async () => {
    const session = uniqueSession();
    const res = await send(LEAD_PATHS.savePending, { ticket_session: session, phone: '0966777888', fullname: 'An' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(savePendingResponseSchema.validateSync(res.body).data.saved).toBe(true);
    const [row] = await sql().select().from(pendingBookings).where(eq(pendingBookings.ticketSession, session));
    expect(row).toMatchObject({ kind: 'billing', fullname: 'An', departAt: null });
    // The billing schema still answers its own errors (no quick booking fields are asked for).
    expect(await refusal({ ticket_session: session, phone: '123' })).toEqual({ phone: LEAD_ERROR_KEYS.phone });
  });
});

describe('partners and quick bookings', () => {
  it('lists a new quick booking to every partner as open, without the contact', async () => {
    const id = await saveQuick({ drop_address: '', seats: undefined, vehicle_id: 2 });
    for (const token of [partnerOne, partnerTwo]) {
      const item = await seen(token, id);
      expect(item).toMatchObject({ state: 'open', fullname: null, phone: null, vehicle_id: 2, seats: null });
      expect(item?.vehicle_name).not.toBe('');
    }
    const vi = await seen(partnerOne, id, 'vi');
    const en = await seen(partnerOne, id, 'en');
    expect(vi?.vehicle_name).not.toBe(en?.vehicle_name);
    const page = await list(partnerOne);
    expect(page.page).toBe(1);
    expect(page.items[0]!.id).toBeGreaterThanOrEqual(id); // newest first
  });

  it('shows the contact to the partner who took it, and "taken" without it to the others, who get 409', async () => {
    const phone = uniquePhone();
    const id = await saveQuick({ phone });
    const won = await take(partnerOne, id);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(staffTakeQuickBookingResponseSchema.validateSync(won.body).data).toMatchObject({
      id,
      state: 'mine',
      phone,
      fullname: 'Lê Văn Cường',
    });
    expect(await seen(partnerOne, id)).toMatchObject({ state: 'mine', phone });
    expect(await seen(partnerTwo, id)).toMatchObject({ state: 'taken', phone: null, fullname: null });
    const lost = await take(partnerTwo, id);
    expect(lost.status).toBe(409);
    expect(failureSchema.validateSync(lost.body).message).toBe(QUICK_BOOKING_ERROR_KEYS.taken);
    // Taking it again is fine for the partner who has it.
    expect((await take(partnerOne, id)).status).toBe(200);
    const [row] = await sql().select().from(pendingBookings).where(eq(pendingBookings.id, id));
    expect(row?.takenByPartnerId).not.toBeNull();
    expect(row?.takenAt).not.toBeNull();
  });

  it('gives a racing take to exactly one partner', async () => {
    const id = await saveQuick();
    const results = await Promise.all([take(partnerOne, id), take(partnerTwo, id), take(partnerOne, id), take(partnerTwo, id)]);
    const winners = new Set(
      results.filter((r) => r.status === 200).map((r) => staffTakeQuickBookingResponseSchema.validateSync(r.body).data.state),
    );
    const statuses = results.map((r) => r.status).sort();
    // One partner's two calls succeed (taking twice is fine), the other's two get 409.
    expect(statuses).toEqual([200, 200, 409, 409]);
    expect([...winners]).toEqual(['mine']);
    const one = await seen(partnerOne, id);
    const two = await seen(partnerTwo, id);
    expect([one?.state, two?.state].sort()).toEqual(['mine', 'taken']);
  });

  it('answers 404 for an unknown id and for a billing row', async () => {
    const missing = await take(partnerOne, 2_000_000_000);
    expect(missing.status).toBe(404);
    expect(failureSchema.validateSync(missing.body).message).toBe(QUICK_BOOKING_ERROR_KEYS.notFound);
    const session = uniqueSession();
    await send(LEAD_PATHS.savePending, { ticket_session: session, phone: '0966777889', fullname: 'Bình' });
    const [billing] = await sql().select().from(pendingBookings).where(eq(pendingBookings.ticketSession, session));
    expect((await take(partnerOne, billing!.id)).status).toBe(404);
    expect((await list(partnerOne)).items.some((item) => item.id === billing!.id)).toBe(false);
  });

  it('refuses both calls without a staff token', async () => {
    const id = await saveQuick();
    const bare = await app.request(LEAD_PATHS.staffQuickBookings);
    expect(bare.status).toBe(401);
    expect(failureSchema.validateSync(await bare.json()).message).toBe(PARTNER_ERROR_KEYS.unauthorized);
    const wrong = await app.request(LEAD_PATHS.staffQuickBookings, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect((await post(app, LEAD_PATHS.staffTakeQuickBooking, { id })).status).toBe(401);
    expect(await seen(partnerOne, id)).toMatchObject({ state: 'open' });
  });

  it('does not let a resend of the form change a taken quick booking', async () => {
    const body = quick();
    await send(LEAD_PATHS.savePending, body);
    const [row] = await sql().select().from(pendingBookings).where(eq(pendingBookings.ticketSession, body.ticket_session));
    expect((await take(partnerTwo, row!.id)).status).toBe(200);
    const again = await send(LEAD_PATHS.savePending, { ...body, fullname: 'Người khác' });
    expect(again.status).toBe(200);
    expect(savePendingResponseSchema.validateSync(again.body).data.saved).toBe(false);
    expect(await seen(partnerTwo, row!.id)).toMatchObject({ fullname: 'Lê Văn Cường' });
  });
});

describe('the 30-day purge', () => {
  it('keeps a quick booking still ahead and deletes old billing rows and departed quick bookings', async () => {
    const repository = createLeadsRepository(sql());
    const now = new Date();
    const old = new Date(now.getTime() - 40 * DAY);
    const rows = [
      { ticketSession: uniqueSession(), kind: 'billing', departAt: null },
      { ticketSession: uniqueSession(), kind: 'quick', departAt: new Date(now.getTime() + 10 * DAY) },
      { ticketSession: uniqueSession(), kind: 'quick', departAt: new Date(now.getTime() - DAY) },
    ];
    for (const row of rows) await repository.savePending({ ...row, trip: {} }, old);
    await repository.deletePendingBefore(new Date(now.getTime() - 30 * DAY), now, new Date(now.getTime() - 366 * DAY));
    const left = new Set<string>();
    for (const row of rows) {
      const found = await sql()
        .select({ s: pendingBookings.ticketSession })
        .from(pendingBookings)
        .where(and(eq(pendingBookings.ticketSession, row.ticketSession)));
      if (found.length) left.add(row.ticketSession);
    }
    expect([...left]).toEqual([rows[1]!.ticketSession]);
  });
});
