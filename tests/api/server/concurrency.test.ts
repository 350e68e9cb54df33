// Reliability: the money and seat rules under real concurrency (Promise.all of calls through the public API;
// truly parallel on PostgreSQL, serialized on PGlite, with the same results). Promised:
// - 50 concurrent submissions of one booking (one ticket_session) make exactly one ticket, and so do 50 concurrent
//   attempts (each its own ticket_session) to book the same trip from the same phone (the others are offered that one);
// - 1,000 races (250 on PGlite, which runs one transaction at a time) of a paid gateway callback against the passenger's cancellation of the same ticket never leave a ticket
//   both paid and cancelled: a cancelled ticket's money is always owed back (a refunds row for paid-then-cancelled,
//   the payment marked paid_after_cancel for cancelled-then-paid), and both orders happen;
// - 200 concurrent spends from a member balance worth 100 spends give exactly 100 successes and a balance of 0 (the
//   smallest spend the booking API takes is MIN_MEMBER_PROMOTION, 10,000 VND, so 1 unit = 10,000 VND);
// - a code with one use left, and a single-use-per-phone code, each succeed once among 20 concurrent bookings.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSign } from '../../../src/server/adapters/payments/sandbox';
import { createApp } from '../../../src/server/app';
import {
  payments,
  promotionRedemptions,
  promotions,
  refunds,
  settings,
  tickets,
  transportPartners,
  users,
} from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { SANDBOX_SECRET_KEY } from '../../../src/server/modules/payments/module';
import { ACCOUNT_PATHS, authResponseSchema, registerResponseSchema } from '../../../src/shared/contract/accounts';
import {
  BOOKING_ERROR_KEYS,
  BOOKING_PATHS,
  createTicketResponseSchema,
  TICKET_STATUS,
  TRANSACTION_STATUS,
} from '../../../src/shared/contract/booking';
import { CANCEL_PATHS, cancelResultResponseSchema, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { ipnResponseSchema, PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { MIN_MEMBER_PROMOTION } from '../../../src/shared/domain/fare-total';
import { formatVnDate, formatVnDateTime } from '../../../src/shared/domain/vn-time';
import {
  bookingPayload,
  inTwoDays,
  AIRPORT_TRIP,
  optionOf,
  post,
  startedPage,
  startPayment,
  uniquePhone,
  uniqueSession,
} from '../helpers/booking';
import { keyOf } from '../helpers/ticket-key';
import { lastCode } from '../helpers/outbox';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let vivu: PriceOption;
let partnerId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-races-'));
  app = createApp({ database: db.database, log: silent, dataDir, settingsTtlMs: 0 });
  vivu = await optionOf(app, 'Vivu Airport Express');
  const [partner] = await sql().select({ id: transportPartners.id }).from(transportPartners).limit(1);
  if (!partner) throw new Error('the seed has no transport partner');
  partnerId = partner.id;
  // Many bookings from one test: the anti-fraud limits (tested in tests/api/booking/night-flow.test.ts) must not be what refuses them.
  for (const key of ['vanguard_max_per_phone', 'vanguard_max_per_ip', 'vanguard_max_per_session'])
    await sql().update(settings).set({ value: 100_000 }).where(eq(settings.key, key));
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const sql = () => db.database.db;

/** Each caller its own address, so the per-address lookup limits never decide a race. */
let ipCounter = 0;
const newIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** A POST through the public API, with its status, text and JSON body. */
async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(app, path, body, headers);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as unknown };
}

/** Departure times spread over the day, so no two tests' bookings look like duplicates of each other. */
const tripAt = (i: number) => ({
  ...AIRPORT_TRIP,
  depart: inTwoDays(`${String(6 + (Math.floor(i / 4) % 16)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`),
});

describe(`concurrent duplicate bookings (${TEST_DB})`, () => {
  it('makes one ticket of 50 concurrent submissions of the same booking', async () => {
    const payload = bookingPayload(vivu, tripAt(1));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(BOOKING_PATHS.createTicket, payload, { 'x-forwarded-for': newIp() })),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const codes = new Set(answers.map((answer) => createTicketResponseSchema.validateSync(answer.body).ticket_code));
    expect(codes.size).toBe(1);
    const rows = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.ticketSession, payload.ticket_session));
    expect(rows).toHaveLength(1);
    const samePhone = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.phone, payload.phone));
    expect(samePhone).toHaveLength(1);
  });

  it('makes one ticket of 50 concurrent attempts (each its own ticket_session) to book the same trip from one phone', async () => {
    const payload = bookingPayload(vivu, tripAt(2));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(BOOKING_PATHS.createTicket, { ...payload, ticket_session: uniqueSession() }, { 'x-forwarded-for': newIp() }),
      ),
    );
    const made = answers.filter((answer) => answer.status === 200);
    expect(made).toHaveLength(1);
    const code = createTicketResponseSchema.validateSync(made[0]?.body).ticket_code;
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      // The identical pending ticket is the passenger's own, offered to continue (spec 8's duplicate,
      // which ignore_duplicate_warning overrides), never the spam refusal.
      expect(answer.status, answer.text).toBe(409);
      const failure = failureSchema.validateSync(answer.body);
      expect(failure.message).toBe('booking.errors.pending_ticket');
      expect(failure.data).toMatchObject({ ticket_code: code });
    }
    const samePhone = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.phone, payload.phone));
    expect(samePhone).toHaveLength(1);
  });
});

// Pay vs cancel: tickets written as the booking module writes an online booking, paid through the sandbox gateway's
// signed callback while the passenger cancels through the public calls.

interface RaceTicket {
  id: number;
  code: string;
  /** The ticket's access key, as its booking browser holds it. */
  key: string;
  phone: string;
  amount: number;
}

async function insertTicket(i: number): Promise<RaceTicket> {
  const departAt = new Date(Date.now() + 24 * 3600_000);
  const code = `VR${randomBytes(5).toString('hex').toUpperCase()}`;
  const phone = uniquePhone();
  const amount = 300_000 + (i % 50) * 1_000;
  const [row] = await sql()
    .insert(tickets)
    .values({
      code,
      ticketSession: `race-${code}`,
      payMethodId: 8,
      transactionStatusId: TRANSACTION_STATUS.processing,
      partnerId,
      optionId: `${partnerId}:1:1`,
      dimensionId: 1,
      rideMethodId: 1,
      vehicleId: 1,
      departTime: formatVnDateTime(departAt),
      departAt,
      pickAddress: 'Sân bay quốc tế Nội Bài',
      pickComponent: {},
      dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
      fullname: 'Nguyễn Văn An',
      phone,
      merged: amount,
      totalCost: amount,
    })
    .returning({ id: tickets.id, code: tickets.code });
  if (!row) throw new Error('ticket insert returned no row');
  return { ...row, key: await keyOf(sql(), row), phone, amount };
}

async function sandboxSecret(): Promise<string> {
  const [row] = await sql().select({ value: settings.value }).from(settings).where(eq(settings.key, SANDBOX_SECRET_KEY));
  if (typeof row?.value !== 'string') throw new Error('no sandbox secret yet');
  return row.value;
}

/** Starts the payment (pay_online_request) and signs the callback the sandbox gateway would send for "paid". */
async function paidCallback(ticket: RaceTicket): Promise<Record<string, string>> {
  const page = await startedPage(await startPayment(app, ticket));
  const order = Object.fromEntries(page.searchParams);
  return sandboxSign(
    {
      sb_gateway: order.sb_gateway ?? 'sandbox',
      sb_txn_ref: order.sb_txn_ref ?? '',
      sb_amount: order.sb_amount ?? '',
      sb_ticket_code: order.sb_ticket_code ?? '',
      sb_result: 'paid',
      sb_response_code: '00',
      sb_txn_no: `SB${ticket.id}`,
    },
    await sandboxSecret(),
  );
}

async function cancelToken(ticket: RaceTicket): Promise<string> {
  const res = await call(
    CANCEL_PATHS.generateCancelToken,
    { ticket_code: ticket.code, phone_number: ticket.phone },
    { 'x-forwarded-for': newIp() },
  );
  expect(res.status, res.text).toBe(200);
  return cancelTokenResponseSchema.validateSync(res.body).data.cancel_token;
}

async function deliver(params: Record<string, string>): Promise<string> {
  const res = await app.request(PAYMENT_PATHS.ipnSandbox, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return ipnResponseSchema.validateSync(await res.json()).RspCode;
}

async function cancel(ticket: RaceTicket, token: string) {
  return call(CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: token });
}

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** Head starts (ms) given to one side: 0 is a dead heat; the longer ones make sure each side also wins some races. */
const HEAD_STARTS = [0, 2, 5, 10, 20, 40, 80, 160];

/** One race: the callback and the cancellation, one of them given a head start that varies from race to race. */
async function race(i: number, ticket: RaceTicket, callback: Record<string, string>, token: string) {
  const headStart = HEAD_STARTS[Math.floor(i / 2) % HEAD_STARTS.length] ?? 0;
  const cancelFirst = i % 2 === 0;
  const [code, cancelled] = await Promise.all([
    (cancelFirst ? later(headStart) : Promise.resolve()).then(() => deliver(callback)),
    (cancelFirst ? Promise.resolve() : later(headStart)).then(() => cancel(ticket, token)),
  ]);
  return { code, cancelled };
}

/**
 * The promise is 1,000 races where transactions truly overlap (PostgreSQL). PGlite runs one transaction at a time, so
 * there a race is decided by which call starts first: 128 races give every head start to each side 8 times or more,
 * at an eighth of the time. RELIABILITY_RACES=<n> runs another number while working on this file.
 */
const RACES = Number.parseInt(process.env.RELIABILITY_RACES ?? '', 10) || (TEST_DB === 'postgres' ? 1_000 : 128);

describe(`pay vs cancel (${TEST_DB})`, () => {
  it(`never leaves a ticket both paid and cancelled in ${RACES.toLocaleString('en')} races of a payment callback and a cancellation`, async () => {
    const BATCH = 10;
    const outcomes = { paidThenCancelled: 0, cancelledThenPaid: 0 };
    for (let start = 0; start < RACES; start += BATCH) {
      const indexes = Array.from({ length: Math.min(BATCH, RACES - start) }, (_, k) => start + k);
      const prepared = await Promise.all(
        indexes.map(async (i) => {
          const ticket = await insertTicket(i);
          const [callback, token] = await Promise.all([paidCallback(ticket), cancelToken(ticket)]);
          return { i, ticket, callback, token };
        }),
      );
      const results = await Promise.all(prepared.map(({ i, ticket, callback, token }) => race(i, ticket, callback, token)));

      const ids = prepared.map(({ ticket }) => ticket.id);
      const rows = await sql().select().from(tickets).where(inArray(tickets.id, ids));
      const paymentRows = await sql().select().from(payments).where(inArray(payments.ticketId, ids));
      const refundRows = await sql().select().from(refunds).where(inArray(refunds.ticketId, ids));
      for (const [k, { ticket }] of prepared.entries()) {
        const result = results[k];
        const row = rows.find((candidate) => candidate.id === ticket.id);
        const ofTicket = paymentRows.filter((payment) => payment.ticketId === ticket.id);
        const refund = refundRows.filter((candidate) => candidate.ticketId === ticket.id);
        const where = `race ${start + k} (${ticket.code})`;
        // The passenger may cancel a paid ticket, so the cancellation always succeeds: the question is the money.
        expect(result?.cancelled.status, `${where}: ${result?.cancelled.text}`).toBe(200);
        expect([row?.status, row?.transactionStatusId], where).toEqual([TICKET_STATUS.cancelled, TRANSACTION_STATUS.cancel]);
        expect(ofTicket, where).toHaveLength(1);
        const payment = ofTicket[0];
        const answered = cancelResultResponseSchema.validateSync(result?.cancelled.body).data;
        if (payment?.status === 'paid') {
          // Paid, then cancelled: the cancellation recorded the refund of the whole payment.
          expect(result?.code, where).toBe('00');
          expect(
            refund.map((entry) => [entry.paymentId, entry.amount, entry.status]),
            where,
          ).toEqual([[payment.id, ticket.amount, 'due']]);
          expect(answered.refund_amount, where).toBe(ticket.amount);
          outcomes.paidThenCancelled += 1;
        } else {
          // Cancelled, then paid: the payment is kept aside for a refund and the gateway told it was settled.
          expect(payment?.status, where).toBe('paid_after_cancel');
          expect(result?.code, where).toBe('02');
          expect(refund, where).toEqual([]);
          expect(answered.refund_amount, where).toBe(0);
          outcomes.cancelledThenPaid += 1;
        }
      }
    }
    expect(outcomes.paidThenCancelled + outcomes.cancelledThenPaid).toBe(RACES);
    // Both orders happened, so the rule was exercised both ways.
    expect(outcomes.paidThenCancelled).toBeGreaterThan(0);
    expect(outcomes.cancelledThenPaid).toBeGreaterThan(0);
    console.info(`pay vs cancel (${TEST_DB}): ${JSON.stringify(outcomes)}`);
  }, 600_000);
});

// Member balance and promotions: bookings by a signed-in passenger through create_ticket.

async function signedUp(balance: number) {
  const phone = uniquePhone();
  const registered = await call(ACCOUNT_PATHS.registerAccount, {
    phone_number: phone,
    // Not one of the common passwords refused at sign-up.
    password: 'vivu2026race',
    re_password: 'vivu2026race',
    fullname: 'Lan',
  });
  expect(registered.status, registered.text).toBe(200);
  const user = registerResponseSchema.validateSync(registered.body).data;
  const verified = await call(ACCOUNT_PATHS.verifyAccount, {
    user_id: user.id,
    code_verify: lastCode(dataDir, phone),
  });
  expect(verified.status, verified.text).toBe(200);
  const auth = authResponseSchema.validateSync(verified.body).data;
  await sql().update(users).set({ promotionCost: balance }).where(eq(users.id, auth.id));
  return auth;
}

function book(i: number, overrides: Record<string, unknown>) {
  return call(BOOKING_PATHS.createTicket, bookingPayload(vivu, tripAt(i), overrides), {
    'x-forwarded-for': newIp(),
  });
}

describe(`member balance (${TEST_DB})`, () => {
  it('gives exactly 100 successes to 200 concurrent spends against a balance of 100 spends, and leaves 0', async () => {
    const SPEND = MIN_MEMBER_PROMOTION;
    const auth = await signedUp(100 * SPEND);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => book(i, { token: auth.token, promotion_cost: SPEND, session_id: uniqueSession() })),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(100);
    for (const answer of ok)
      expect(createTicketResponseSchema.validateSync(answer.body).data.amounts.member_promotion_cost).toBe(SPEND);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status, answer.text).toBe(422);
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.member_promotion');
    }
    const [user] = await sql().select({ balance: users.promotionCost }).from(users).where(eq(users.id, auth.id));
    expect(user?.balance).toBe(0);
    const spent = await sql().select({ cost: tickets.memberPromotionCost }).from(tickets).where(eq(tickets.userId, auth.id));
    expect(spent).toHaveLength(100);
    expect(spent.reduce((sum, row) => sum + row.cost, 0)).toBe(100 * SPEND);
  }, 300_000);
});

describe(`single-use promotions (${TEST_DB})`, () => {
  it('lets a code with one use left succeed once among 20 concurrent bookings', async () => {
    const [promotion] = await sql()
      .insert(promotions)
      .values({ code: 'RACEONCE', value: 20_000, maxUses: 1 })
      .returning({ id: promotions.id });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(i, { promotion_code: 'RACEONCE' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status, answer.text).toBe(422);
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.promotion_used_up');
    }
    const [after] = await sql()
      .select()
      .from(promotions)
      .where(eq(promotions.id, promotion?.id ?? 0));
    expect(after?.uses).toBe(1);
    const redemptions = await sql()
      .select()
      .from(promotionRedemptions)
      .where(eq(promotionRedemptions.promotionId, promotion?.id ?? 0));
    expect(redemptions).toHaveLength(1);
  });

  it('lets a single-use-per-phone code succeed once when one phone books 20 times at once', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(i, { promotion_code: 'CHAOBAN', phone, ticket_session: uniqueSession() })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status, answer.text).toBe(422);
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.promotion_already_used');
    }
    const [code] = await sql().select({ id: promotions.id }).from(promotions).where(eq(promotions.code, 'CHAOBAN'));
    const redemptions = await sql()
      .select()
      .from(promotionRedemptions)
      .where(and(eq(promotionRedemptions.promotionId, code?.id ?? 0), eq(promotionRedemptions.phone, phone)));
    expect(redemptions).toHaveLength(1);
  });
});

describe(`anti-fraud limits under concurrency (${TEST_DB})`, () => {
  // The counts of tickets per phone, per IP and per session (the spec's defaults: 5, 20, 5 in the window) are
  // checked again inside the insert, under locks: concurrent bookings cannot all pass the pre-check and overshoot.
  it.each([
    ['phone', 'vanguard_max_per_phone', 5, 'phone_limit'],
    ['IP', 'vanguard_max_per_ip', 20, 'ip_limit'],
    ['session', 'vanguard_max_per_session', 5, 'session_limit'],
  ] as const)(
    'books exactly the limit among 3 times as many concurrent bookings from one %s (%s), refusing the others',
    async (_name, setting, limit, reason) => {
      const phone = uniquePhone();
      const ip = newIp();
      const sessionId = uniqueSession();
      await sql().update(settings).set({ value: limit }).where(eq(settings.key, setting));
      try {
        const answers = await Promise.all(
          Array.from({ length: 3 * limit }, (_, i) => {
            const shared = reason === 'phone_limit' ? { phone } : reason === 'session_limit' ? { session_id: sessionId } : {};
            // Each its own attempt and trip: no answer is the identical-pending-ticket refusal.
            const payload = bookingPayload(vivu, tripAt(i), { ...shared, ticket_session: uniqueSession() });
            return call(BOOKING_PATHS.createTicket, payload, { 'x-forwarded-for': reason === 'ip_limit' ? ip : newIp() });
          }),
        );
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(limit);
        for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
          expect(answer.status, answer.text).toBe(429);
          const failure = failureSchema.validateSync(answer.body);
          expect(failure.message).toBe('booking.errors.spam');
          expect(failure.errors?.[0]?.params).toEqual({ reason });
        }
        const column = reason === 'phone_limit' ? tickets.phone : reason === 'ip_limit' ? tickets.ip : tickets.sessionId;
        const value = reason === 'phone_limit' ? phone : reason === 'ip_limit' ? ip : sessionId;
        expect(await sql().select({ id: tickets.id }).from(tickets).where(eq(column, value))).toHaveLength(limit);
      } finally {
        await sql().update(settings).set({ value: 100_000 }).where(eq(settings.key, setting));
      }
    },
    120_000,
  );
});

describe(`a partner's daily cap under concurrency (${TEST_DB})`, () => {
  it('creates exactly N tickets of 4N concurrent bookings under a cap of N, and a cancellation frees one place', async () => {
    const cap = 3;
    // A day no other test books, so the cap counts only this test's tickets.
    const trip = { ...AIRPORT_TRIP, depart: `10:00 ${formatVnDate(Date.now() + 9 * 86_400_000)}` };
    const option = await optionOf(app, 'Vivu Airport Express', trip);
    await sql().update(transportPartners).set({ dailyCap: cap }).where(eq(transportPartners.id, option.partner.id));
    try {
      const book = () => {
        const payload = bookingPayload(option, trip);
        return call(BOOKING_PATHS.createTicket, payload, { 'x-forwarded-for': newIp() }).then((answer) => ({ answer, payload }));
      };
      const results = await Promise.all(Array.from({ length: 4 * cap }, book));
      const made = results.filter((result) => result.answer.status === 200);
      expect(made).toHaveLength(cap);
      for (const { answer } of results.filter((result) => result.answer.status !== 200)) {
        expect(answer.status, answer.text).toBe(409);
        expect(failureSchema.validateSync(answer.body).message).toBe(BOOKING_ERROR_KEYS.dailyCap);
      }
      const day = await sql()
        .select({ id: tickets.id, status: tickets.status })
        .from(tickets)
        .where(and(eq(tickets.partnerId, option.partner.id), eq(tickets.departTime, trip.depart)));
      expect(day).toHaveLength(cap);

      // Full: the next booking is refused; once a passenger cancels, the place is free again.
      expect((await book()).answer.status).toBe(409);
      const first = made[0]!;
      const code = createTicketResponseSchema.validateSync(first.answer.body).ticket_code;
      const [row] = await sql().select().from(tickets).where(eq(tickets.code, code));
      if (!row) throw new Error('no ticket');
      const ticket = { id: row.id, code, key: '', phone: row.phone, amount: row.merged };
      const cancelled = await cancel(ticket, await cancelToken(ticket));
      expect(cancelled.status, cancelled.text).toBe(200);
      expect((await book()).answer.status).toBe(200);
      expect((await book()).answer.status).toBe(409);
    } finally {
      await sql().update(transportPartners).set({ dailyCap: null }).where(eq(transportPartners.id, option.partner.id));
    }
  });
});
