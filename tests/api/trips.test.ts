// The trip state machine over HTTP (spec 4 catalogue ticket states): a partner's staff login, the partner's own
// tickets, the legal path to "not rated", refused moves, another partner's ticket answering like an unknown code,
// one winner of two racing moves, and the passenger's cancellation recorded in the same history.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema, TICKET_STATUS, TRANSACTION_STATUS } from '../../src/shared/contract/booking';
import { CANCEL_ERROR_KEYS, CANCEL_PATHS, cancelTokenResponseSchema } from '../../src/shared/contract/cancellation';
import { failureSchema } from '../../src/shared/contract/envelope';
import type { PriceListItem } from '../../src/shared/contract/pricing';
import {
  TRIP_ERROR_KEYS,
  TRIP_PATHS,
  agentLoginResponseSchema,
  agentTicketsResponseSchema,
  agentTransitionResponseSchema,
  type TripState,
} from '../../src/shared/contract/trips';
import { createApp } from '../../src/server/app';
import { partnerStaff, tickets, tripEvents } from '../../src/server/db/schema';
import { partnerDemoPassword } from '../../src/server/db/seed-trips';
import type { Logger } from '../../src/server/http/errors';
import { bookingPayload, optionOf, post, uniquePhone } from './helpers/booking';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceListItem;
let other: PriceListItem;
let vivuToken: string;
let otherToken: string;

const sql = () => db.database.db;

async function ownerPhone(partnerId: number): Promise<string> {
  const [row] = await sql()
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  if (!row) throw new Error(`no owner for partner ${partnerId}`);
  return row.phone;
}

async function login(phone: string, password = partnerDemoPassword()) {
  const res = await post(app, TRIP_PATHS.login, { phone_number: phone, password });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function tokenOf(item: PriceListItem): Promise<string> {
  const res = await login(await ownerPhone(item.partner.id));
  expect(res.status).toBe(200);
  return agentLoginResponseSchema.validateSync(res.body).data.token;
}

async function book(item: PriceListItem, overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(item, undefined, { phone, ...overrides }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { phone, code: createTicketResponseSchema.validateSync(JSON.parse(text)).ticket_code };
}

async function list(token: string, query: Record<string, string> = {}) {
  const res = await app.request(`${TRIP_PATHS.tickets}?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function move(token: string, code: string, to: string, reason?: string) {
  const res = await post(
    app,
    TRIP_PATHS.transition,
    { ticket_code: code, to, ...(reason ? { reason } : {}) },
    { authorization: `Bearer ${token}` },
  );
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as unknown };
}

async function stored(code: string) {
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, code));
  if (!row) throw new Error(`no ticket ${code}`);
  return row;
}

async function events(code: string) {
  const row = await stored(code);
  return sql().select().from(tripEvents).where(eq(tripEvents.ticketId, row.id)).orderBy(asc(tripEvents.id));
}

async function walk(code: string, path: TripState[]) {
  for (const to of path) {
    const res = await move(vivuToken, code, to);
    expect(res.status, res.text).toBe(200);
  }
}

let ipCounter = 0;
async function cancelToken(code: string, phone: string) {
  return post(
    app,
    CANCEL_PATHS.generateCancelToken,
    { ticket_code: code, phone_number: phone },
    { 'x-forwarded-for': `198.51.100.${(ipCounter += 1)}` },
  );
}

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  vivu = await optionOf(app, 'Vivu Airport Express');
  other = await optionOf(app, 'Taxi Thủ Đô');
  vivuToken = await tokenOf(vivu);
  otherToken = await tokenOf(other);
});
afterAll(async () => {
  await db.cleanup();
});

describe('agent login', () => {
  it('gives the seeded owner a token naming the partner, and refuses a wrong password like an unknown phone', async () => {
    const phone = await ownerPhone(vivu.partner.id);
    const good = await login(phone);
    expect(good.status).toBe(200);
    const session = agentLoginResponseSchema.validateSync(good.body).data;
    expect(session.staff).toMatchObject({ role: 'owner', partner_id: vivu.partner.id, partner_name: 'Vivu Airport Express' });

    const wrong = await login(phone, 'not-the-password');
    const unknown = await login('0999999999');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(failureSchema.validateSync(wrong.body).message).toBe(TRIP_ERROR_KEYS.loginFailed);
  });

  it('refuses the agent calls without a valid token', async () => {
    const res = await list('not-a-token');
    expect(res.status).toBe(401);
    expect(failureSchema.validateSync(res.body).message).toBe(TRIP_ERROR_KEYS.unauthorized);
    const noHeader = await post(app, TRIP_PATHS.transition, { ticket_code: 'VVAAAAAA', to: 'not_started' });
    expect(noHeader.status).toBe(401);
  });
});

describe('the partner’s tickets', () => {
  it('lists only the partner’s own tickets, newest first, filtered by state', async () => {
    const first = await book(vivu);
    const second = await book(vivu);
    const theirs = await book(other);

    const mine = agentTicketsResponseSchema.validateSync((await list(vivuToken)).body).data;
    const codes = mine.items.map((item) => item.ticket_code);
    expect(codes).toContain(first.code);
    expect(codes.indexOf(second.code)).toBeLessThan(codes.indexOf(first.code));
    expect(codes).not.toContain(theirs.code);
    const item = mine.items.find((entry) => entry.ticket_code === first.code);
    expect(item).toMatchObject({ trip_state: 'driver_pending', next_states: ['not_started'], status: TICKET_STATUS.pending });
    expect(mine.next_page).toBe(-1);

    const otherCodes = agentTicketsResponseSchema
      .validateSync((await list(otherToken)).body)
      .data.items.map((i) => i.ticket_code);
    expect(otherCodes).toContain(theirs.code);
    expect(otherCodes).not.toContain(first.code);

    await walk(first.code, ['not_started']);
    const filtered = agentTicketsResponseSchema.validateSync((await list(vivuToken, { trip_state: 'not_started' })).body).data;
    expect(filtered.items.map((entry) => entry.ticket_code)).toEqual([first.code]);
    const bad = await list(vivuToken, { trip_state: 'flying' });
    expect(bad.status).toBe(400);
  });

  it('shows an unpaid online ticket as awaiting payment, which the partner cannot move', async () => {
    const { code } = await book(vivu, { pay_method_id: 8 });
    const mine = agentTicketsResponseSchema.validateSync((await list(vivuToken)).body).data;
    expect(mine.items.find((entry) => entry.ticket_code === code)).toMatchObject({
      trip_state: 'awaiting_payment',
      next_states: [],
    });
    const res = await move(vivuToken, code, 'not_started');
    expect(res.status).toBe(409);
    expect(failureSchema.validateSync(res.body).message).toBe(TRIP_ERROR_KEYS.awaitingPayment);
    expect((await stored(code)).tripState).toBe('driver_pending');
  });
});

describe('transitions', () => {
  it('walks the legal path to a completed trip the passenger has not rated yet, recording each move', async () => {
    const { code } = await book(vivu);
    const path: TripState[] = ['not_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_started', 'trip_completed'];
    let from: TripState = 'driver_pending';
    for (const to of path) {
      const res = await move(vivuToken, code, to, to === 'not_started' ? 'Tài xế Minh, 30A-123.45' : undefined);
      expect(res.status, res.text).toBe(200);
      const data = agentTransitionResponseSchema.validateSync(res.body).data;
      expect(data).toMatchObject({ ticket_code: code, from, trip_state: to });
      from = to;
    }
    const row = await stored(code);
    expect(row.tripState).toBe('trip_completed');
    expect(row.status).toBe(TICKET_STATUS.notRated);
    expect(row.transactionStatusId).toBe(TRANSACTION_STATUS.success);

    const history = await events(code);
    expect(history.map((event) => [event.fromState, event.toState, event.actor])).toEqual([
      ['driver_pending', 'not_started', 'partner'],
      ['not_started', 'arrived_at_pickup', 'partner'],
      ['arrived_at_pickup', 'passenger_picked_up', 'partner'],
      ['passenger_picked_up', 'trip_started', 'partner'],
      ['trip_started', 'trip_completed', 'partner'],
    ]);
    expect(history[0]?.reason).toBe('Tài xế Minh, 30A-123.45');
    expect(history[0]?.actorId).not.toBeNull();

    // The passenger's rating ends it, not the partner.
    expect((await move(vivuToken, code, 'completed')).status).toBe(409);
  });

  it('refuses illegal moves with 409 and leaves the ticket as it was', async () => {
    const { code } = await book(vivu);
    for (const to of ['trip_started', 'trip_completed', 'cancelled', 'completed', 'driver_pending', 'pickup_failed']) {
      const res = await move(vivuToken, code, to);
      expect(res.status, to).toBe(409);
      expect(failureSchema.validateSync(res.body).message).toBe(TRIP_ERROR_KEYS.illegalTransition);
    }
    const row = await stored(code);
    expect(row.tripState).toBe('driver_pending');
    expect(row.status).toBe(TICKET_STATUS.pending);
    expect(await events(code)).toEqual([]);

    expect((await move(vivuToken, code, 'flying')).status).toBe(400);

    await walk(code, ['not_started', 'pickup_failed']);
    expect((await stored(code)).status).toBe(TICKET_STATUS.cancelled);
    expect((await move(vivuToken, code, 'arrived_at_pickup')).status).toBe(409);
  });

  it('answers another partner’s ticket exactly like an unknown code', async () => {
    const { code } = await book(other);
    const foreign = await move(vivuToken, code, 'not_started');
    const unknown = await move(vivuToken, 'VVZZZZZZ', 'not_started');
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
    expect(failureSchema.validateSync(foreign.body).message).toBe(TRIP_ERROR_KEYS.notFound);
    expect((await stored(code)).tripState).toBe('driver_pending');
  });

  it('lets one of two identical racing moves win', async () => {
    const { code } = await book(vivu);
    const results = await Promise.all([move(vivuToken, code, 'not_started'), move(vivuToken, code, 'not_started')]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await events(code)).toHaveLength(1);
    expect((await stored(code)).tripState).toBe('not_started');
  });
});

describe('the passenger’s cancellation', () => {
  it('cancels before the trip starts, recording it as the passenger’s move', async () => {
    const { code, phone } = await book(vivu);
    await walk(code, ['not_started']);
    const tokenRes = await cancelToken(code, phone);
    expect(tokenRes.status).toBe(200);
    const { cancel_token } = cancelTokenResponseSchema.validateSync(await tokenRes.json()).data;
    const res = await post(app, CANCEL_PATHS.cancelBooking, { ticket_code: code, cancel_token });
    expect(res.status, await res.clone().text()).toBe(200);

    const row = await stored(code);
    expect(row.tripState).toBe('cancelled');
    expect(row.status).toBe(TICKET_STATUS.cancelled);
    expect((await events(code)).map((event) => [event.fromState, event.toState, event.actor])).toEqual([
      ['driver_pending', 'not_started', 'partner'],
      ['not_started', 'cancelled', 'passenger'],
    ]);
    expect((await move(vivuToken, code, 'arrived_at_pickup')).status).toBe(409);
  });

  it('is refused once the trip has started', async () => {
    const { code, phone } = await book(vivu);
    await walk(code, ['not_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_started']);
    const res = await cancelToken(code, phone);
    expect(res.status).toBe(409);
    expect(failureSchema.validateSync(await res.json()).message).toBe(CANCEL_ERROR_KEYS.departed);
    expect((await stored(code)).tripState).toBe('trip_started');
  });
});
