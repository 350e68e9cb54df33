// The trip state machine over HTTP (spec 4 catalogue ticket states): a partner's staff login, the partner's own
// tickets, the legal path to "not rated", refused moves, another partner's ticket answering like an unknown code,
// one winner of two racing moves, the passenger's cancellation recorded in the same history; the fleet and the
// driver assignment the passenger then sees; the partner's refusal with its refund; the rating that completes a trip.
import { and, asc, eq, sql as raw } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  TICKET_STATUS,
  TRANSACTION_STATUS,
} from '../../../src/shared/contract/booking';
import { CANCEL_ERROR_KEYS, CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { failureSchema } from '../../../src/shared/contract/envelope';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import {
  DRIVER_RAND_NAMES_MAX,
  PARTNER_ERROR_KEYS,
  PARTNER_PATHS,
  driverRandNamesResponseSchema,
  staffLoginResponseSchema,
  staffTicketsResponseSchema,
  staffAssignResponseSchema,
  staffFleetResponseSchema,
  staffTransitionResponseSchema,
} from '../../../src/shared/contract/partners';
import { type TripState } from '../../../src/shared/contract/tickets';
import {
  RATING_ERROR_KEYS,
  RATING_PATHS,
  customerRatingsResponseSchema,
  rateTicketResponseSchema,
} from '../../../src/shared/contract/tickets';
import { createApp } from '../../../src/server/app';
import {
  partnerStaff,
  payments,
  refunds,
  ticketAssignments,
  tickets,
  transportPartners,
  tripEvents,
} from '../../../src/server/db/schema';
import { businessAccounts, businessCreditEntries, leadContacts } from '../../../src/server/db/schema';
import { PAYMENT_PATHS, payOnlineResponseResponseSchema } from '../../../src/shared/contract/payments';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import {
  bookingPayload,
  keyHeader,
  optionOf,
  payWithSandboxCard,
  post,
  startedPage,
  startPayment,
  uniquePhone,
  type OwnedTicket,
} from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let other: PriceOption;
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
  const res = await post(app, PARTNER_PATHS.login, { phone_number: phone, password });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function tokenOf(option: PriceOption): Promise<string> {
  const res = await login(await ownerPhone(option.partner.id));
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(res.body).data.token;
}

async function book(option: PriceOption, overrides: Record<string, unknown> = {}) {
  const phone = uniquePhone();
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(option, undefined, { phone, ...overrides }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  // The booking browser proves the ticket with the key of the create answer.
  return { phone, code: created.ticket_code, key: created.data.ticket_key };
}

async function list(token: string, query: Record<string, string> = {}) {
  const res = await app.request(`${PARTNER_PATHS.tickets}?${new URLSearchParams(query).toString()}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function move(token: string, code: string, to: string, reason?: string) {
  const res = await post(
    app,
    PARTNER_PATHS.transition,
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

async function fleet(token: string, lang = 'vi') {
  const res = await app.request(`${PARTNER_PATHS.fleet}?lang=${lang}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return staffFleetResponseSchema.validateSync(await res.json()).data;
}

async function assign(token: string, code: string, driverId: number, carId: number) {
  const res = await post(
    app,
    PARTNER_PATHS.assign,
    { ticket_code: code, driver_id: driverId, car_id: carId },
    { authorization: `Bearer ${token}` },
  );
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as unknown };
}

/** Assigns the partner's first driver and car. */
async function assignFirst(code: string, token = vivuToken) {
  const { drivers, cars } = await fleet(token);
  const res = await assign(token, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
  expect(res.status, res.text).toBe(200);
  return { driver: drivers[0], car: cars[0] };
}

/** Moves the ticket along `path`; the driver is assigned once the partner has accepted. */
async function walk(code: string, path: TripState[]) {
  for (const to of path) {
    const res = await move(vivuToken, code, to);
    expect(res.status, res.text).toBe(200);
    if (to === 'not_started') await assignFirst(code);
  }
}

async function info(code: string, phone: string, lang = 'vi') {
  const res = await app.request(
    `${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams({ ticket_code: code, phone_number: phone, lang }).toString()}`,
    { headers: { 'x-forwarded-for': `203.0.113.${(ipCounter += 1) % 250}` } },
  );
  expect(res.status).toBe(200);
  return ticketInfoResponseSchema.validateSync(await res.json()).data;
}

async function rate(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await post(app, RATING_PATHS.rateTicket, body, {
    'x-forwarded-for': `192.0.2.${(ipCounter += 1) % 250}`,
    ...headers,
  });
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as unknown };
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

describe('staff login', () => {
  it('gives the seeded owner a token naming the partner, and refuses a wrong password like an unknown phone', async () => {
    const phone = await ownerPhone(vivu.partner.id);
    const good = await login(phone);
    expect(good.status).toBe(200);
    const session = staffLoginResponseSchema.validateSync(good.body).data;
    expect(session.staff).toMatchObject({ role: 'owner', partner_id: vivu.partner.id, partner_name: 'Vivu Airport Express' });

    const wrong = await login(phone, 'not-the-password');
    const unknown = await login('0999999999');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(failureSchema.validateSync(wrong.body).message).toBe(PARTNER_ERROR_KEYS.loginFailed);
  });

  it('refuses the console calls without a valid token', async () => {
    const res = await list('not-a-token');
    expect(res.status).toBe(401);
    expect(failureSchema.validateSync(res.body).message).toBe(PARTNER_ERROR_KEYS.unauthorized);
    const noHeader = await post(app, PARTNER_PATHS.transition, { ticket_code: 'VVAAAAAA', to: 'not_started' });
    expect(noHeader.status).toBe(401);
  });
});

describe('the partner’s tickets', () => {
  it('lists only the partner’s own tickets, newest first, filtered by state', async () => {
    const first = await book(vivu);
    const second = await book(vivu);
    const theirs = await book(other);

    const mine = staffTicketsResponseSchema.validateSync((await list(vivuToken)).body).data;
    const codes = mine.items.map((item) => item.ticket_code);
    expect(codes).toContain(first.code);
    expect(codes.indexOf(second.code)).toBeLessThan(codes.indexOf(first.code));
    expect(codes).not.toContain(theirs.code);
    const item = mine.items.find((entry) => entry.ticket_code === first.code);
    expect(item).toMatchObject({
      trip_state: 'driver_pending',
      next_states: ['not_started', 'cancelled'],
      status: TICKET_STATUS.pending,
      driver: null,
      rating: null,
      is_night_booking: false,
      night_seconds_left: null,
    });
    expect(item?.vehicle_name).not.toBe('');
    expect(mine.next_page).toBe(-1);

    const otherCodes = staffTicketsResponseSchema
      .validateSync((await list(otherToken)).body)
      .data.items.map((i) => i.ticket_code);
    expect(otherCodes).toContain(theirs.code);
    expect(otherCodes).not.toContain(first.code);

    await walk(first.code, ['not_started']);
    const filtered = staffTicketsResponseSchema.validateSync((await list(vivuToken, { trip_state: 'not_started' })).body).data;
    expect(filtered.items.map((entry) => entry.ticket_code)).toEqual([first.code]);
    const bad = await list(vivuToken, { trip_state: 'flying' });
    expect(bad.status).toBe(400);
    // A console tab asks for several states at once.
    const several = staffTicketsResponseSchema.validateSync(
      (await list(vivuToken, { trip_state: 'not_started,trip_started' })).body,
    ).data;
    expect(several.items.map((entry) => entry.ticket_code)).toEqual([first.code]);
    expect((await list(vivuToken, { trip_state: 'not_started,flying' })).status).toBe(400);
  });

  it('shows an unpaid online ticket as awaiting payment, which the partner cannot move', async () => {
    const { code } = await book(vivu, { pay_method_id: 8 });
    const mine = staffTicketsResponseSchema.validateSync((await list(vivuToken)).body).data;
    expect(mine.items.find((entry) => entry.ticket_code === code)).toMatchObject({
      trip_state: 'awaiting_payment',
      next_states: [],
    });
    const res = await move(vivuToken, code, 'not_started');
    expect(res.status).toBe(409);
    expect(failureSchema.validateSync(res.body).message).toBe(PARTNER_ERROR_KEYS.awaitingPayment);
    expect((await stored(code)).tripState).toBe('driver_pending');
  });
});

describe('the payment line of each ticket', () => {
  /** The passenger's choice on the sandbox gateway's page, and (as the browser does) the signed return read back. */
  async function atGateway(ticket: OwnedTicket, choice: 'pay' | 'decline' | 'abandon') {
    const page = await startedPage(await startPayment(app, ticket));
    const form = new URLSearchParams(page.searchParams);
    form.set('choice', choice);
    form.set('card_number', '4111 1111 1111 1111');
    const res = await app.request(PAYMENT_PATHS.sandboxPay, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    const query = new URLSearchParams([...back.searchParams].filter(([name]) => name.startsWith('sb_')));
    query.set('ticket_code', ticket.code);
    const returned = await app.request(`${PAYMENT_PATHS.payOnlineResponse}?${query.toString()}`, {
      headers: keyHeader(ticket.key),
    });
    expect(returned.status).toBe(200);
    return payOnlineResponseResponseSchema.validateSync(await returned.json()).data;
  }

  /** A business credit's ledger rows for the ticket (the leads module writes them when a credit pays a ride). */
  async function paidFromCredit(code: string, refunded = false) {
    const row = await stored(code);
    const [lead] = await sql()
      .insert(leadContacts)
      .values({ type: 'business', fullname: 'Trần Bình', phone: '0912345678', companyName: 'Công ty Sen' })
      .returning();
    const [account] = await sql()
      .insert(businessAccounts)
      .values({
        leadId: lead!.id,
        email: `ketoan.${row.id}@congty.vn`,
        companyName: 'Công ty Sen',
        contactName: 'Trần Bình',
        phone: '0912345678',
        passwordHash: 'x',
      })
      .returning();
    const entry = { accountId: account!.id, ticketId: row.id, balanceAfter: 0 };
    await sql()
      .insert(businessCreditEntries)
      .values({ ...entry, kind: 'booking', amount: -row.totalCost });
    if (refunded)
      await sql()
        .insert(businessCreditEntries)
        .values({ ...entry, kind: 'refund', amount: row.totalCost });
  }

  it('tells cash to the driver, business credit, paid, awaiting payment and not paid with why, per ticket', async () => {
    const cash = await book(vivu);
    const credit = await book(vivu);
    await paidFromCredit(credit.code);
    const refunded = await book(vivu);
    await paidFromCredit(refunded.code, true);
    const paid = await book(vivu, { pay_method_id: 8 });
    await payWithSandboxCard(app, paid);
    const waiting = await book(vivu, { pay_method_id: 8 });
    const started = await book(vivu, { pay_method_id: 8 });
    await startPayment(app, started);
    const declined = await book(vivu, { pay_method_id: 8 });
    expect((await atGateway(declined, 'decline')).attempt).toBe('declined');
    const abandoned = await book(vivu, { pay_method_id: 8 });
    expect((await atGateway(abandoned, 'abandon')).attempt).toBe('abandoned');
    // The passenger left the gateway's page open past the payment window (5 minutes), or never went to it.
    const lapsed = await book(vivu, { pay_method_id: 8 });
    await startPayment(app, lapsed);
    await sql()
      .update(payments)
      .set({ createdAt: raw`now() - interval '6 minutes'` })
      .where(eq(payments.ticketId, (await stored(lapsed.code)).id));
    const neverStarted = await book(vivu, { pay_method_id: 99 });
    await sql()
      .update(tickets)
      .set({ createdAt: raw`now() - interval '6 minutes'` })
      .where(eq(tickets.code, neverStarted.code));

    const items = staffTicketsResponseSchema.validateSync((await list(vivuToken, { lang: 'en' })).body).data.items;
    const paymentOf = (code: string) => items.find((item) => item.ticket_code === code)?.payment;
    expect(paymentOf(cash.code)).toEqual({ state: 'cash', reason: null });
    expect(paymentOf(credit.code)).toEqual({ state: 'credit', reason: null });
    // Given back to the credit by a cancellation: no longer paid from it.
    expect(paymentOf(refunded.code)).toEqual({ state: 'cash', reason: null });
    expect(paymentOf(paid.code)).toEqual({ state: 'paid', reason: null });
    expect(paymentOf(waiting.code)).toEqual({ state: 'awaiting', reason: null });
    expect(paymentOf(started.code)).toEqual({ state: 'awaiting', reason: null });
    expect(paymentOf(declined.code)).toEqual({ state: 'not_paid', reason: 'declined' });
    expect(paymentOf(abandoned.code)).toEqual({ state: 'not_paid', reason: 'abandoned' });
    expect(paymentOf(lapsed.code)).toEqual({ state: 'not_paid', reason: 'expired' });
    expect(paymentOf(neverStarted.code)).toEqual({ state: 'not_paid', reason: 'expired' });
    // The abandoned and expired tickets still await a payment as trips (the passenger may pay again).
    expect(items.find((item) => item.ticket_code === abandoned.code)?.trip_state).toBe('awaiting_payment');

    // Paid again on the same ticket after the abandon: paid.
    expect((await atGateway(abandoned, 'pay')).attempt).toBe('paid');
    const again = staffTicketsResponseSchema.validateSync((await list(vivuToken)).body).data.items;
    expect(again.find((item) => item.ticket_code === abandoned.code)).toMatchObject({
      trip_state: 'driver_pending',
      payment: { state: 'paid', reason: null },
    });
  });

  it('gives the assigned ticket its payment line too', async () => {
    const { code } = await book(vivu);
    await move(vivuToken, code, 'not_started');
    const { drivers, cars } = await fleet(vivuToken);
    const res = await assign(vivuToken, code, drivers[0]?.id ?? 0, cars[0]?.id ?? 0);
    expect(res.status, res.text).toBe(200);
    expect(staffAssignResponseSchema.validateSync(res.body).data.payment).toEqual({ state: 'cash', reason: null });
  });
});

describe('transitions', () => {
  it('walks the legal path to a completed trip the passenger has not rated yet, recording each move', async () => {
    const { code } = await book(vivu);
    const path: TripState[] = ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed'];
    let from: TripState = 'driver_pending';
    for (const to of path) {
      const res = await move(vivuToken, code, to, to === 'not_started' ? 'Tài xế Minh, 30A-123.45' : undefined);
      expect(res.status, res.text).toBe(200);
      if (to === 'not_started') await assignFirst(code);
      const data = staffTransitionResponseSchema.validateSync(res.body).data;
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
      ['not_started', 'trip_started', 'partner'],
      ['trip_started', 'arrived_at_pickup', 'partner'],
      ['arrived_at_pickup', 'passenger_picked_up', 'partner'],
      ['passenger_picked_up', 'trip_completed', 'partner'],
    ]);
    expect(history[0]?.reason).toBe('Tài xế Minh, 30A-123.45');
    expect(history[0]?.actorId).not.toBeNull();

    // The passenger's rating ends it, not the partner.
    expect((await move(vivuToken, code, 'completed')).status).toBe(409);
  });

  it('refuses illegal moves with 409 and leaves the ticket as it was', async () => {
    const { code } = await book(vivu);
    for (const to of ['trip_started', 'trip_completed', 'completed', 'driver_pending', 'pickup_failed', 'arrived_at_pickup']) {
      const res = await move(vivuToken, code, to);
      expect(res.status, to).toBe(409);
      expect(failureSchema.validateSync(res.body).message).toBe(PARTNER_ERROR_KEYS.illegalTransition);
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
    expect(failureSchema.validateSync(foreign.body).message).toBe(PARTNER_ERROR_KEYS.notFound);
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

  it('is refused once the passenger is on board', async () => {
    const { code, phone } = await book(vivu);
    await walk(code, ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up']);
    const res = await cancelToken(code, phone);
    expect(res.status).toBe(409);
    expect(failureSchema.validateSync(await res.json()).message).toBe(CANCEL_ERROR_KEYS.departed);
    expect((await stored(code)).tripState).toBe('passenger_picked_up');
  });
});

describe('drivers and cars', () => {
  it('lists only the partner’s own fleet, and assigns a driver the passenger then sees', async () => {
    const mine = await fleet(vivuToken);
    const theirs = await fleet(otherToken, 'en');
    expect(mine.drivers.length).toBeGreaterThan(0);
    expect(mine.cars.length).toBeGreaterThan(0);
    const theirIds = new Set(theirs.drivers.map((driver) => driver.id));
    expect(mine.drivers.some((driver) => theirIds.has(driver.id))).toBe(false);
    expect(mine.drivers[0]?.photo_url).toMatch(/^\/drivers\/driver-\d\.svg$/);

    const { code, phone } = await book(vivu);
    const before = await info(code, phone);
    expect(before).toMatchObject({ trip_state: 'driver_pending', driver_name: null, can_rate: false });

    // Not before the partner accepted; never another partner's driver or car.
    const early = await assign(vivuToken, code, mine.drivers[0]?.id ?? 0, mine.cars[0]?.id ?? 0);
    expect(early.status).toBe(409);
    expect(failureSchema.validateSync(early.body).message).toBe(PARTNER_ERROR_KEYS.notAssignable);
    expect((await move(vivuToken, code, 'not_started')).status).toBe(200);
    // Setting off needs a driver.
    const arrive = await move(vivuToken, code, 'trip_started');
    expect(arrive.status).toBe(409);
    expect(failureSchema.validateSync(arrive.body).message).toBe(PARTNER_ERROR_KEYS.driverRequired);
    const foreignDriver = await assign(vivuToken, code, theirs.drivers[0]?.id ?? 0, mine.cars[0]?.id ?? 0);
    const foreignCar = await assign(vivuToken, code, mine.drivers[0]?.id ?? 0, theirs.cars[0]?.id ?? 0);
    for (const res of [foreignDriver, foreignCar]) {
      expect(res.status).toBe(404);
      expect(failureSchema.validateSync(res.body).message).toBe(PARTNER_ERROR_KEYS.driverNotFound);
    }
    // Another partner's staff cannot assign on this ticket (answered like an unknown code).
    const intruder = await assign(otherToken, code, theirs.drivers[0]?.id ?? 0, theirs.cars[0]?.id ?? 0);
    expect(intruder.status).toBe(404);
    expect(failureSchema.validateSync(intruder.body).message).toBe(PARTNER_ERROR_KEYS.notFound);

    const driver = mine.drivers[1] ?? mine.drivers[0];
    const car = mine.cars[0];
    const res = await assign(vivuToken, code, driver?.id ?? 0, car?.id ?? 0);
    expect(res.status, res.text).toBe(200);
    const item = staffAssignResponseSchema.validateSync(res.body).data;
    expect(item.driver).toMatchObject({ driver_id: driver?.id, fullname: driver?.fullname, plate: car?.plate });
    expect(item.next_states).toContain('trip_started');

    const after = await info(code, phone);
    expect(after).toMatchObject({
      trip_state: 'not_started',
      driver_name: driver?.fullname,
      driver_phone: driver?.phone,
      driver_plate: car?.plate,
      driver_photo_url: driver?.photo_url,
      driver_car_name: car?.name,
    });
    const listed = staffTicketsResponseSchema.validateSync((await list(vivuToken, { trip_state: 'not_started' })).body).data;
    expect(listed.items.find((entry) => entry.ticket_code === code)?.driver?.plate).toBe(car?.plate);
    // A reassignment replaces the pair.
    await assign(vivuToken, code, mine.drivers[0]?.id ?? 0, car?.id ?? 0);
    const rows = await sql()
      .select()
      .from(ticketAssignments)
      .where(eq(ticketAssignments.ticketId, (await stored(code)).id));
    expect(rows.map((row) => row.driverId)).toEqual([mine.drivers[0]?.id]);
  });
});

describe('the partner’s refusal', () => {
  it('cancels the ticket as the partner’s move and hides it from the passenger’s driver wait', async () => {
    const { code, phone } = await book(vivu);
    const res = await move(vivuToken, code, 'cancelled', 'Hết xe 7 chỗ');
    expect(res.status, res.text).toBe(200);
    const row = await stored(code);
    expect(row).toMatchObject({ tripState: 'cancelled', status: TICKET_STATUS.cancelled });
    expect(row.cancelledAt).not.toBeNull();
    expect((await events(code)).map((event) => [event.toState, event.actor, event.reason])).toEqual([
      ['cancelled', 'partner', 'Hết xe 7 chỗ'],
    ]);
    expect(await info(code, phone)).toMatchObject({ trip_state: 'cancelled', can_cancel: false });
    // Once accepted the partner can no longer refuse.
    const accepted = await book(vivu);
    await walk(accepted.code, ['not_started']);
    expect((await move(vivuToken, accepted.code, 'cancelled')).status).toBe(409);
    expect(await sql().select().from(refunds).where(eq(refunds.ticketId, row.id))).toEqual([]);
  });

  it('owes the refund of a paid online ticket it refuses', async () => {
    const ticket = await book(vivu, { pay_method_id: 8 });
    const { code } = ticket;
    const row = await stored(code);
    await payWithSandboxCard(app, ticket);
    const res = await move(vivuToken, code, 'cancelled');
    expect(res.status, res.text).toBe(200);
    const owed = await sql().select().from(refunds).where(eq(refunds.ticketId, row.id));
    expect(owed.map((refund) => [refund.amount, refund.reason, refund.status])).toEqual([
      [row.totalCost, 'partner_refused', 'due'],
    ]);
  });
});

describe('ratings', () => {
  it('lets the passenger rate a completed trip once, completing it and moving the partner’s score', async () => {
    const { code, phone } = await book(vivu);
    // Not before the trip is over.
    const early = await rate({ ticket_code: code, contact: phone, stars: 5 });
    expect(early.status).toBe(409);
    expect(failureSchema.validateSync(early.body).message).toBe(RATING_ERROR_KEYS.notRateable);
    await walk(code, ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']);
    expect(await info(code, phone)).toMatchObject({ trip_state: 'trip_completed', can_rate: true, rating: null });

    const [before] = await sql().select().from(transportPartners).where(eq(transportPartners.id, vivu.partner.id));
    // A wrong proof answers like an unknown code; no star is a validation error in the user's words.
    const wrong = await rate({ ticket_code: code, contact: '0911111111', stars: 4 });
    expect(wrong.status).toBe(404);
    const noStars = await rate({ ticket_code: code, contact: phone, comment: 'Tốt' });
    expect(noStars.status).toBe(400);
    expect(noStars.text).toContain(RATING_ERROR_KEYS.stars);
    const tooLong = await rate({ ticket_code: code, contact: phone, stars: 4, comment: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain(RATING_ERROR_KEYS.comment);

    const [first, second] = await Promise.all([
      rate({ ticket_code: code, contact: phone, stars: 4, comment: 'Tài xế đúng giờ, xe sạch sẽ.' }),
      rate({ ticket_code: code, contact: phone, stars: 1, comment: 'Lần hai' }),
    ]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = [first, second].find((res) => res?.status === 200);
    const rated = rateTicketResponseSchema.validateSync(winner?.body).data;
    const count = (before?.ratingCount ?? 0) + 1;
    expect(rated.partner_rating_count).toBe(count);
    const expected = ((before?.rating ?? 0) * (before?.ratingCount ?? 0) + rated.stars) / count;
    expect(rated.partner_rating).toBeCloseTo(expected, 2);

    const after = await info(code, phone);
    expect(after).toMatchObject({ trip_state: 'completed', can_rate: false, status: TICKET_STATUS.finished });
    expect(after.rating).toMatchObject({ stars: rated.stars, comment: rated.comment });
    expect((await events(code)).at(-1)).toMatchObject({ fromState: 'trip_completed', toState: 'completed', actor: 'passenger' });
    // The partner's list shows it; the price list reads the new score.
    const listed = staffTicketsResponseSchema.validateSync((await list(vivuToken, { trip_state: 'completed' })).body).data;
    expect(listed.items.find((entry) => entry.ticket_code === code)?.rating?.stars).toBe(rated.stars);

    const home = await app.request(`${RATING_PATHS.customerRatings}?lang=vi&limit=5`);
    expect(home.status).toBe(200);
    const items = customerRatingsResponseSchema.validateSync(await home.json()).data.items;
    expect(items[0]).toMatchObject({ stars: rated.stars, comment: rated.comment, partner_name: 'Vivu Airport Express' });
    // Only the given name and the family name's initial.
    expect(items[0]?.name).toMatch(/^\S+ \S\.$/);
  });
});

describe('ratings proven by the booking browser’s key', () => {
  it('rates with the ticket’s key, answers another ticket’s key like an unknown code and the bare code as no proof', async () => {
    const ticket = await book(vivu);
    const stranger = await book(vivu);
    await walk(ticket.code, ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']);

    const otherKey = await rate({ ticket_code: ticket.code, stars: 2 }, keyHeader(stranger.key));
    const madeUp = await rate({ ticket_code: ticket.code, ticket_key: 'x'.repeat(43), stars: 2 });
    const unknown = await rate({ ticket_code: 'VVZZZZZZ', stars: 2 }, keyHeader(ticket.key));
    expect(unknown.status).toBe(404);
    expect(failureSchema.validateSync(unknown.body).message).toBe('booking.errors.ticket_not_found');
    expect([otherKey.status, otherKey.text]).toEqual([unknown.status, unknown.text]);
    expect([madeUp.status, madeUp.text]).toEqual([unknown.status, unknown.text]);
    // The code alone (or with the ticket's database id) is no proof.
    const bare = await rate({ ticket_code: ticket.code, ticket_id: (await stored(ticket.code)).id, stars: 2 });
    expect(bare.status).toBe(400);
    expect(bare.text).toContain(RATING_ERROR_KEYS.proofRequired);
    expect((await stored(ticket.code)).tripState).toBe('trip_completed');

    const rated = await rate({ ticket_code: ticket.code, stars: 5, comment: 'Rất tốt' }, keyHeader(ticket.key));
    expect(rated.status, rated.text).toBe(200);
    expect(rateTicketResponseSchema.validateSync(rated.body).data).toMatchObject({ stars: 5, comment: 'Rất tốt' });
    expect(await info(ticket.code, ticket.phone)).toMatchObject({ trip_state: 'completed', can_rate: false });
    // Rated once: the key in the body is refused as the second rating.
    const again = await rate({ ticket_code: ticket.code, ticket_key: ticket.key, stars: 1 });
    expect(again.status).toBe(409);
    expect(failureSchema.validateSync(again.body).message).toBe(RATING_ERROR_KEYS.notRateable);
  });

  it('rates with the ticket’s key in the body', async () => {
    const ticket = await book(vivu);
    await walk(ticket.code, ['not_started', 'trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']);
    const rated = await rate({ ticket_code: ticket.code, ticket_key: ticket.key, stars: 4 });
    expect(rated.status, rated.text).toBe(200);
    expect((await stored(ticket.code)).tripState).toBe('completed');
  });
});

describe('get_all_driver_rand_names', () => {
  it('answers shortened names of the active drivers, without repeats', async () => {
    const res = await app.request(PARTNER_PATHS.driverRandNames);
    expect(res.status).toBe(200);
    const { names } = driverRandNamesResponseSchema.validateSync(await res.json()).data;
    expect(names.length).toBeGreaterThan(3);
    expect(names.length).toBeLessThanOrEqual(DRIVER_RAND_NAMES_MAX);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^\S+ \S\.$/);
  });
});
