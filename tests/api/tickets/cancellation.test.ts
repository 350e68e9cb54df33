// Ticket cancellation (spec 4, 7): the cancel token (by code with phone or e-mail, or by the owner's account token),
// the one-winner cancellation with its refund and member-balance return, the reasons list and the feedback, the
// per-address limit on ticket lookups, and bookings linked to the signed-in account with its member balance.
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  authResponseSchema,
  memberPromotionCostResponseSchema,
  registerResponseSchema,
  transactionInfoResponseSchema,
} from '../../../src/shared/contract/accounts';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import {
  CANCEL_ERROR_KEYS,
  CANCEL_PATHS,
  CANCEL_REASON_IDS,
  CANCEL_TOKEN_TTL_SECONDS,
  cancelResultResponseSchema,
  cancelTokenResponseSchema,
  feedbackResponseSchema,
  TICKET_LOOKUP_LIMIT,
  TICKET_LOOKUP_WINDOW_SECONDS,
  whyCancelListResponseSchema,
} from '../../../src/shared/contract/tickets';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { createApp } from '../../../src/server/app';
import { cancelFeedback, payments, refunds, settings, tickets, users } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { bookingPayload, keyHeader, optionOf, payWithSandboxCard, post, uniquePhone } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { lastCode as outboxLastCode, mailTo } from '../helpers/outbox';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let vivu: PriceOption;
/** The app's clock: tests move it instead of sleeping; reset after each test. */
let offsetMs = 0;
const advance = (seconds: number) => (offsetMs += seconds * 1000);

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-cancel-'));
  // settingsTtlMs 0: a test below changes the minimum member promotion and books at once.
  app = createApp({ database: db.database, log: silent, dataDir, now: () => new Date(Date.now() + offsetMs), settingsTtlMs: 0 });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  offsetMs = 0;
});

const sql = () => db.database.db;

/** Each test looks tickets up from its own address, so the lookup limit of one never touches another. */
let ipCounter = 0;
const newIp = () => `198.51.100.${(ipCounter += 1)}`;

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(app, path, body, headers);
  return { status: res.status, text: await res.clone().text(), body: (await res.json()) as unknown, headers: res.headers };
}

async function failure(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(path, body, headers);
  return { ...res, ...failureSchema.validateSync(res.body) };
}

async function book(overrides: Record<string, unknown> = {}, path: string = BOOKING_PATHS.createTicket) {
  const phone = uniquePhone();
  const email = `p${phone}@example.com`;
  const res = await post(app, path, bookingPayload(vivu, undefined, { phone, email, ...overrides }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  // The database id is only for the test's own reads and writes of the row; no public call takes it.
  const [row] = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error(`no ticket ${created.ticket_code}`);
  return { phone, email, code: created.ticket_code, key: created.data.ticket_key, id: row.id, created };
}

async function cancelToken(body: Record<string, unknown>, ip = newIp(), headers: Record<string, string> = {}) {
  return call(CANCEL_PATHS.generateCancelToken, body, { 'x-forwarded-for': ip, ...headers });
}

async function tokenFor(code: string, phone: string) {
  const res = await cancelToken({ ticket_code: code, phone_number: phone });
  expect(res.status, res.text).toBe(200);
  return cancelTokenResponseSchema.validateSync(res.body).data;
}

async function cancel(code: string, token: string) {
  return call(CANCEL_PATHS.cancelBooking, { ticket_code: code, cancel_token: token });
}

async function ticketInfo(code: string, phone: string, ip = newIp()) {
  const res = await app.request(
    `${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams({ ticket_code: code, phone_number: phone }).toString()}`,
    { headers: { 'x-forwarded-for': ip } },
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
}

// Accounts: sign-up with the SMS code from the outbox.

const lastCode = (phone: string) => outboxLastCode(dataDir, phone);

async function signedUp(balance = 0) {
  const phone = uniquePhone();
  // Each sign-up from an address of its own: the code SMS are limited per address (5 an hour).
  const registered = await call(
    ACCOUNT_PATHS.registerAccount,
    {
      phone_number: phone,
      // Not one of the common passwords the sign-up refuses.
      password: 'vivu2026lan',
      re_password: 'vivu2026lan',
      fullname: 'Lan',
    },
    { 'x-forwarded-for': newIp() },
  );
  expect(registered.status, registered.text).toBe(200);
  const user = registerResponseSchema.validateSync(registered.body).data;
  const verified = await call(ACCOUNT_PATHS.verifyAccount, { user_id: user.id, code_verify: lastCode(phone) });
  expect(verified.status, verified.text).toBe(200);
  const auth = authResponseSchema.validateSync(verified.body).data;
  if (balance) await sql().update(users).set({ promotionCost: balance }).where(eq(users.id, auth.id));
  return { phone, auth };
}

async function balanceOf(token: string): Promise<number> {
  const res = await call(ACCOUNT_PATHS.memberPromotionCost, { token });
  expect(res.status, res.text).toBe(200);
  return memberPromotionCostResponseSchema.validateSync(res.body).data.promotion_cost;
}

async function ticketRow(id: number) {
  const [row] = await sql().select().from(tickets).where(eq(tickets.id, id));
  if (!row) throw new Error(`no ticket ${id}`);
  return row;
}

describe('generate_cancel_booking_token', () => {
  it('gives a token for the code with its phone, and with its e-mail, then cancels', async () => {
    const ticket = await book();
    const byPhone = await tokenFor(ticket.code, ticket.phone);
    expect(byPhone.expires_in).toBe(CANCEL_TOKEN_TTL_SECONDS);
    expect(byPhone.refund_amount).toBe(0);
    // At least 128 random bits: 32 bytes in base64url.
    expect(byPhone.cancel_token.length).toBeGreaterThanOrEqual(43);

    const byEmail = await cancelToken({ ticket_code: ticket.code.toLowerCase(), email: ticket.email.toUpperCase() });
    expect(byEmail.status, byEmail.text).toBe(200);
    const emailToken = cancelTokenResponseSchema.validateSync(byEmail.body).data.cancel_token;
    expect(emailToken).not.toBe(byPhone.cancel_token);

    const res = await cancel(ticket.code, emailToken);
    expect(res.status, res.text).toBe(200);
    const result = cancelResultResponseSchema.validateSync(res.body);
    expect(result.message).toBe('cancel.messages.cancelled');
    expect(result.data).toMatchObject({
      ticket_code: ticket.code,
      status: 5,
      transaction_status_id: 4,
      refund_amount: 0,
      member_promotion_returned: 0,
    });
    const row = await ticketRow(ticket.id);
    expect(row.status).toBe(5);
    expect(row.transactionStatusId).toBe(4);
    expect(row.cancelledAt?.toISOString()).toBe(result.data.cancelled_at);

    // The passenger is told by e-mail (the outbox here), in the ticket's language, once the messages are sent.
    await app.messages.drain();
    const mail = mailTo(dataDir, ticket.email).find((each) => each.subject.startsWith('Vé '));
    expect(mail?.subject).toBe(`Vé ${ticket.code} đã được hủy`);
    expect(mail?.text).toContain(`Vé ${ticket.code}`);
    expect(mail?.text).toContain('1900 6022');
  });

  it('answers a wrong phone exactly like an unknown code', async () => {
    const ticket = await book();
    const wrongPhone = await cancelToken({ ticket_code: ticket.code, phone_number: uniquePhone() });
    const wrongEmail = await cancelToken({ ticket_code: ticket.code, email: 'someone@example.com' });
    const unknown = await cancelToken({ ticket_code: 'VVZZZZZZ', phone_number: ticket.phone });
    expect(unknown.status).toBe(404);
    expect(failureSchema.validateSync(unknown.body).message).toBe('booking.errors.ticket_not_found');
    expect([wrongPhone.status, wrongPhone.text]).toEqual([unknown.status, unknown.text]);
    expect([wrongEmail.status, wrongEmail.text]).toEqual([unknown.status, unknown.text]);
    const neither = await cancelToken({ ticket_code: ticket.code });
    expect(neither.status).toBe(400);
  });

  it("gives a token for the code with the booking browser's key (header or body), and answers a wrong key like an unknown code", async () => {
    const ticket = await book();
    const stranger = await book();
    const byHeader = await cancelToken({ ticket_code: ticket.code }, newIp(), keyHeader(ticket.key));
    expect(byHeader.status, byHeader.text).toBe(200);
    const byBody = await cancelToken({ ticket_code: ticket.code.toLowerCase(), ticket_key: ticket.key });
    expect(byBody.status, byBody.text).toBe(200);
    const token = cancelTokenResponseSchema.validateSync(byBody.body).data.cancel_token;
    expect(token).not.toBe(cancelTokenResponseSchema.validateSync(byHeader.body).data.cancel_token);

    const unknown = await cancelToken({ ticket_code: 'VVZZZZZZ' }, newIp(), keyHeader(ticket.key));
    expect(unknown.status).toBe(404);
    expect(failureSchema.validateSync(unknown.body).message).toBe('booking.errors.ticket_not_found');
    const otherKey = await cancelToken({ ticket_code: ticket.code }, newIp(), keyHeader(stranger.key));
    const madeUp = await cancelToken({ ticket_code: ticket.code, ticket_key: 'x'.repeat(43) });
    expect([otherKey.status, otherKey.text]).toEqual([unknown.status, unknown.text]);
    expect([madeUp.status, madeUp.text]).toEqual([unknown.status, unknown.text]);
    // The code with the ticket's database id (no longer a proof) is a call without proof.
    const byId = await cancelToken({ ticket_code: ticket.code, ticket_id: ticket.id, id: ticket.id });
    expect(byId.status).toBe(400);

    const res = await cancel(ticket.code, token);
    expect(res.status, res.text).toBe(200);
    expect((await ticketRow(ticket.id)).status).toBe(5);
    expect((await ticketRow(stranger.id)).status).toBe(1);
  });

  it("works with the owner's account token (body or Bearer) and answers another user's token like an unknown code", async () => {
    const owner = await signedUp();
    const ticket = await book({ token: owner.auth.token });
    const byToken = await cancelToken({ ticket_code: ticket.code, token: owner.auth.token, user_id: owner.auth.id });
    expect(byToken.status, byToken.text).toBe(200);
    const byBearer = await cancelToken({ ticket_code: ticket.code }, newIp(), {
      authorization: `Bearer ${owner.auth.token}`,
    });
    expect(byBearer.status, byBearer.text).toBe(200);

    const other = await signedUp();
    const unknown = await cancelToken({ ticket_code: 'VVZZZZZZ', token: other.auth.token });
    const stranger = await cancelToken({ ticket_code: ticket.code, token: other.auth.token });
    expect(stranger.status).toBe(404);
    expect([stranger.status, stranger.text]).toEqual([unknown.status, unknown.text]);
    // The owner's token with someone else's user id, and a made-up token, prove nothing either.
    const mismatch = await cancelToken({ ticket_code: ticket.code, token: owner.auth.token, user_id: other.auth.id });
    expect([mismatch.status, mismatch.text]).toEqual([unknown.status, unknown.text]);
    const madeUp = await cancelToken({ ticket_code: ticket.code, token: 'not-a-token' });
    expect([madeUp.status, madeUp.text]).toEqual([unknown.status, unknown.text]);
    // A guest ticket has no owner account: a token proves nothing for it.
    const guest = await book();
    const guestByToken = await cancelToken({ ticket_code: guest.code, token: owner.auth.token });
    expect([guestByToken.status, guestByToken.text]).toEqual([unknown.status, unknown.text]);
  });

  it('refuses an already cancelled ticket and one whose departure has passed', async () => {
    const ticket = await book();
    const { cancel_token: token } = await tokenFor(ticket.code, ticket.phone);
    expect((await cancel(ticket.code, token)).status).toBe(200);
    const again = await failure(CANCEL_PATHS.generateCancelToken, { ticket_code: ticket.code, phone_number: ticket.phone });
    expect([again.status, again.message]).toEqual([409, CANCEL_ERROR_KEYS.alreadyCancelled]);
    // The same token again: the ticket is already cancelled.
    const second = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: token });
    expect([second.status, second.message]).toEqual([409, CANCEL_ERROR_KEYS.alreadyCancelled]);

    const later = await book();
    advance(3 * 24 * 3600);
    const departed = await failure(
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: later.code, phone_number: later.phone },
      { 'x-forwarded-for': newIp() },
    );
    expect([departed.status, departed.message]).toEqual([409, CANCEL_ERROR_KEYS.departed]);
    const info = ticketInfoResponseSchema.validateSync((await ticketInfo(later.code, later.phone)).body).data;
    expect(info.can_cancel).toBe(false);
  });

  it('refuses a trip that has begun, and re-checks the departure at cancel time', async () => {
    const started = await book();
    await sql().update(tickets).set({ status: 2 }).where(eq(tickets.id, started.id));
    const begun = await failure(
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: started.code, phone_number: started.phone },
      { 'x-forwarded-for': newIp() },
    );
    expect([begun.status, begun.message]).toEqual([409, CANCEL_ERROR_KEYS.departed]);

    const soon = await book();
    const { cancel_token: token } = await tokenFor(soon.code, soon.phone);
    // The departure moves to 5 minutes from now, then the clock passes it while the token still lives.
    await sql()
      .update(tickets)
      .set({ departAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(tickets.id, soon.id));
    advance(6 * 60);
    const late = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: soon.code, cancel_token: token });
    expect([late.status, late.message]).toEqual([409, CANCEL_ERROR_KEYS.departed]);
    expect((await ticketRow(soon.id)).status).toBe(1);
  });
});

describe('cancel_booking', () => {
  it('refuses an expired token, a token of another ticket and a made-up one with tokenInvalid', async () => {
    const ticket = await book();
    const other = await book();
    const { cancel_token: otherToken } = await tokenFor(other.code, other.phone);
    const mismatch = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: otherToken });
    expect([mismatch.status, mismatch.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);
    const madeUp = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: 'x'.repeat(43) });
    expect([madeUp.status, madeUp.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);
    const unknownCode = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: 'VVZZZZZZ', cancel_token: otherToken });
    expect([unknownCode.status, unknownCode.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);

    const { cancel_token: token } = await tokenFor(ticket.code, ticket.phone);
    advance(CANCEL_TOKEN_TTL_SECONDS + 1);
    const expired = await failure(CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: token });
    expect([expired.status, expired.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);
    expect((await ticketRow(ticket.id)).status).toBe(1);
  });

  it('lets exactly one of two concurrent cancellations win', async () => {
    const ticket = await book();
    const { cancel_token: token } = await tokenFor(ticket.code, ticket.phone);
    const results = await Promise.all([cancel(ticket.code, token), cancel(ticket.code, token)]);
    const statuses = results.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((res) => res.status === 409);
    expect(failureSchema.validateSync(loser?.body).message).toBe(CANCEL_ERROR_KEYS.alreadyCancelled);
  });

  it('records the refund of a paid online ticket, and the ticket then shows cancelled', async () => {
    const ticket = await book({ pay_method_id: 8 }, BOOKING_PATHS.createTicketPaymentOnline);
    const total = ticket.created.data.amounts.total_cost;
    await payWithSandboxCard(app, ticket);
    const [payment] = await sql().select().from(payments).where(eq(payments.ticketId, ticket.id));
    expect(payment?.status).toBe('paid');

    const token = await tokenFor(ticket.code, ticket.phone);
    expect(token.refund_amount).toBe(total);
    const res = await cancel(ticket.code, token.cancel_token);
    expect(res.status, res.text).toBe(200);
    expect(cancelResultResponseSchema.validateSync(res.body).data.refund_amount).toBe(total);
    const rows = await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.id));
    expect(rows.map((row) => [row.paymentId, row.amount, row.reason, row.status])).toEqual([
      [payment?.id, total, 'passenger_cancel', 'due'],
    ]);

    const info = await ticketInfo(ticket.code, ticket.phone);
    expect(info.status).toBe(200);
    expect(ticketInfoResponseSchema.validateSync(info.body).data).toMatchObject({
      status: 5,
      transaction_status_id: 4,
      can_cancel: false,
    });
  });
});

describe('get_why_cancel_list and customer_feedback_why_cancel', () => {
  it('lists the reasons in the order of spec 7, in Vietnamese and in English', async () => {
    const list = async (lang: string) => {
      const res = await app.request(`${CANCEL_PATHS.whyCancelList}?lang=${lang}`);
      expect(res.status).toBe(200);
      return whyCancelListResponseSchema.validateSync(await res.json()).data;
    };
    const vi = await list('vi');
    const en = await list('en');
    expect(vi.map((reason) => reason.id)).toEqual([...CANCEL_REASON_IDS]);
    expect(en.map((reason) => reason.id)).toEqual([1, 3, 4, 5, 2, 20, 11, 9]);
    expect(vi[0]?.text).toBe('Tôi đổi kế hoạch');
    expect(en[0]?.text).toBe('My plans changed');
    vi.forEach((reason, index) => expect(reason.text).not.toBe(en[index]?.text));
    expect((await app.request(`${CANCEL_PATHS.whyCancelList}?lang=fr`)).status).toBe(400);
  });

  it('saves the feedback of a cancelled ticket once per ticket, the second replacing the first', async () => {
    const ticket = await book();
    const { cancel_token: token } = await tokenFor(ticket.code, ticket.phone);
    const early = await failure(CANCEL_PATHS.feedbackWhyCancel, { ticket_code: ticket.code, cancel_token: token, reason_id: 1 });
    expect([early.status, early.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);
    expect((await cancel(ticket.code, token)).status).toBe(200);

    const first = await call(CANCEL_PATHS.feedbackWhyCancel, { ticket_code: ticket.code, cancel_token: token, reason_id: 3 });
    expect(first.status, first.text).toBe(200);
    expect(feedbackResponseSchema.validateSync(first.body).data.saved).toBe(true);
    const second = await call(CANCEL_PATHS.feedbackWhyCancel, {
      ticket_code: ticket.code,
      cancel_token: token,
      reason_id: 9,
      note: '  Đổi sang xe buýt  ',
    });
    expect(second.status, second.text).toBe(200);
    const rows = await sql().select().from(cancelFeedback).where(eq(cancelFeedback.ticketId, ticket.id));
    expect(rows.map((row) => [row.reasonId, row.note])).toEqual([[9, 'Đổi sang xe buýt']]);

    const bad = await failure(CANCEL_PATHS.feedbackWhyCancel, { ticket_code: ticket.code, cancel_token: token, reason_id: 7 });
    expect(bad.status).toBe(400);
    expect(bad.errors).toEqual([{ field: 'reason_id', message: CANCEL_ERROR_KEYS.reason }]);
    const missing = await failure(CANCEL_PATHS.feedbackWhyCancel, { ticket_code: ticket.code, cancel_token: token });
    expect(missing.errors).toEqual([{ field: 'reason_id', message: CANCEL_ERROR_KEYS.reason }]);

    advance(CANCEL_TOKEN_TTL_SECONDS + 1);
    const expired = await failure(CANCEL_PATHS.feedbackWhyCancel, {
      ticket_code: ticket.code,
      cancel_token: token,
      reason_id: 1,
    });
    expect([expired.status, expired.message]).toEqual([403, CANCEL_ERROR_KEYS.tokenInvalid]);
  });
});

describe('ticket lookup limit per client address', () => {
  it('answers 429 with Retry-After to the 31st lookup of an address in the window, not to other addresses', async () => {
    const ticket = await book();
    const ip = newIp();
    // get_ticket_info and generate_cancel_booking_token count together.
    for (let i = 0; i < TICKET_LOOKUP_LIMIT; i += 1) {
      const res =
        i % 2 === 0
          ? await ticketInfo(ticket.code, ticket.phone, ip)
          : await cancelToken({ ticket_code: 'VVZZZZZZ', phone_number: ticket.phone }, ip);
      expect(res.status, `lookup ${i + 1}`).toBe(i % 2 === 0 ? 200 : 404);
    }
    const limited = await cancelToken({ ticket_code: ticket.code, phone_number: ticket.phone }, ip);
    expect(limited.status).toBe(429);
    const body = failureSchema.validateSync(limited.body);
    expect(body.message).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(TICKET_LOOKUP_WINDOW_SECONDS);
    expect(body.errors?.[0]?.params).toEqual({ seconds: retryAfter });
    const info = await ticketInfo(ticket.code, ticket.phone, ip);
    expect(info.status).toBe(429);
    expect(info.headers.get('retry-after')).not.toBeNull();

    // Another address (the last X-Forwarded-For entry is the one our proxy appends) is not limited.
    expect((await ticketInfo(ticket.code, ticket.phone, `${ip}, ${newIp()}`)).status).toBe(200);
    expect((await ticketInfo(ticket.code, ticket.phone, `${newIp()}, ${ip}`)).status).toBe(429);

    advance(TICKET_LOOKUP_WINDOW_SECONDS);
    expect((await ticketInfo(ticket.code, ticket.phone, ip)).status).toBe(200);
    expect((await cancelToken({ ticket_code: ticket.code, phone_number: ticket.phone }, ip)).status).toBe(200);
  });
});

describe('ticket lookups proven by the key', () => {
  it('does not count a right key among the address’s lookups, but counts a wrong one', async () => {
    const ticket = await book();
    const stranger = await book();
    const ip = newIp();
    for (let i = 0; i < TICKET_LOOKUP_LIMIT + 5; i += 1) {
      const res = await cancelToken({ ticket_code: ticket.code }, ip, keyHeader(ticket.key));
      expect(res.status, `right key ${i + 1}`).toBe(200);
    }
    // The address's lookups are all left: a contact still gets through, then wrong keys spend the rest.
    expect((await cancelToken({ ticket_code: ticket.code, phone_number: ticket.phone }, ip)).status).toBe(200);
    for (let i = 1; i < TICKET_LOOKUP_LIMIT; i += 1) {
      const res = await cancelToken({ ticket_code: ticket.code }, ip, keyHeader(stranger.key));
      expect(res.status, `wrong key ${i + 1}`).toBe(404);
    }
    const limited = await cancelToken({ ticket_code: ticket.code }, ip, keyHeader(stranger.key));
    expect(limited.status).toBe(429);
    expect(failureSchema.validateSync(limited.body).message).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    expect((await cancelToken({ ticket_code: ticket.code, phone_number: ticket.phone }, ip)).status).toBe(429);
    expect((await ticketInfo(ticket.code, ticket.phone, ip)).status).toBe(429);
    // The booking browser's own key still reaches the ticket from that address.
    expect((await cancelToken({ ticket_code: ticket.code }, ip, keyHeader(ticket.key))).status).toBe(200);
  });
});

describe('bookings of a signed-in passenger and the member balance', () => {
  it('links the ticket to the account of a valid token and books a bad token as a guest', async () => {
    const { auth } = await signedUp();
    // Booked for another phone: only the account link can put it in the account's list.
    const ticket = await book({ token: auth.token });
    expect((await ticketRow(ticket.id)).userId).toBe(auth.id);
    const list = await call(ACCOUNT_PATHS.transactionInfo, { token: auth.token, user_id: auth.id });
    expect(list.status, list.text).toBe(200);
    const info = transactionInfoResponseSchema.validateSync(list.body).data;
    expect(info.tickets.map((item) => item.code)).toEqual([ticket.code]);

    const guest = await book({ token: 'expired-or-made-up' });
    expect((await ticketRow(guest.id)).userId).toBeNull();
  });

  it('uses the member balance, takes it from the account and gives it back on cancellation', async () => {
    const { auth } = await signedUp(50_000);
    const ticket = await book({ token: auth.token, promotion_cost: 30_000 });
    const amounts = ticket.created.data.amounts;
    expect(amounts.member_promotion_cost).toBe(30_000);
    const toll = amounts.toll_fee === 'NA' ? 0 : amounts.toll_fee;
    expect(amounts.total_cost).toBe(vivu.merged - 30_000 + toll);
    expect(await balanceOf(auth.token)).toBe(20_000);
    // Submitted again (same ticket_session), the ticket is answered and nothing more is taken.
    const row = await ticketRow(ticket.id);
    const again = await post(
      app,
      BOOKING_PATHS.createTicket,
      bookingPayload(vivu, undefined, {
        phone: ticket.phone,
        email: ticket.email,
        token: auth.token,
        promotion_cost: 30_000,
        ticket_session: row.ticketSession,
      }),
    );
    expect(again.status).toBe(200);
    expect(await balanceOf(auth.token)).toBe(20_000);

    // Asking more than the balance uses what is there.
    const capped = await book({ token: auth.token, promotion_cost: 90_000 });
    expect(capped.created.data.amounts.member_promotion_cost).toBe(20_000);
    expect(await balanceOf(auth.token)).toBe(0);

    const { cancel_token: token } = await tokenFor(ticket.code, ticket.phone);
    const res = await cancel(ticket.code, token);
    expect(res.status, res.text).toBe(200);
    expect(cancelResultResponseSchema.validateSync(res.body).data.member_promotion_returned).toBe(30_000);
    expect(await balanceOf(auth.token)).toBe(30_000);
  });

  it('refuses a member promotion below 10,000 VND and ignores one without a valid token', async () => {
    const { auth } = await signedUp(8_000);
    const refusedBody = bookingPayload(vivu, undefined, { token: auth.token, promotion_cost: 8_000 });
    const low = await failure(BOOKING_PATHS.createTicket, refusedBody);
    expect(low.status).toBe(422);
    expect(low.message).toBe('booking.errors.member_promotion');
    expect(await balanceOf(auth.token)).toBe(8_000);

    const rich = await signedUp(50_000);
    const small = await failure(
      BOOKING_PATHS.createTicket,
      bookingPayload(vivu, undefined, { token: rich.auth.token, promotion_cost: 5_000 }),
    );
    expect([small.status, small.message]).toEqual([422, 'booking.errors.member_promotion']);
    expect(await balanceOf(rich.auth.token)).toBe(50_000);

    const guest = await book({ promotion_cost: 30_000 });
    expect(guest.created.data.amounts.member_promotion_cost).toBe(0);
  });

  it('takes the minimum member promotion from the configuration (spec 9 min_member_promotion)', async () => {
    const { auth } = await signedUp(50_000);
    await db.database.db.update(settings).set({ value: 30_000 }).where(eq(settings.key, 'min_member_promotion'));
    try {
      const low = await failure(
        BOOKING_PATHS.createTicket,
        bookingPayload(vivu, undefined, { token: auth.token, promotion_cost: 20_000 }),
      );
      expect([low.status, low.message]).toEqual([422, 'booking.errors.member_promotion']);
      expect(await balanceOf(auth.token)).toBe(50_000);
      const enough = await book({ token: auth.token, promotion_cost: 30_000 });
      expect(enough.created.data.amounts.member_promotion_cost).toBe(30_000);
    } finally {
      await db.database.db.update(settings).set({ value: 10_000 }).where(eq(settings.key, 'min_member_promotion'));
    }
  });

  it('never takes the balance below 0 when two bookings race for it', async () => {
    const { auth } = await signedUp(30_000);
    const results = await Promise.all(
      [0, 1].map(() =>
        post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { token: auth.token, promotion_cost: 20_000 })),
      ),
    );
    // Either both read 30,000 and the second debit finds too little (422), or the second read what the first left
    // (10,000, still the minimum) and took that. Never more than was there, and what was taken is on the tickets.
    const statuses = results.map((res) => res.status).sort();
    const balance = await balanceOf(auth.token);
    const taken = await sql().select({ cost: tickets.memberPromotionCost }).from(tickets).where(eq(tickets.userId, auth.id));
    const spent = taken.reduce((sum, row) => sum + row.cost, 0);
    if (statuses[1] === 422) {
      expect(statuses).toEqual([200, 422]);
      expect(balance).toBe(10_000);
    } else {
      expect(statuses).toEqual([200, 200]);
      expect(balance).toBe(0);
    }
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(spent + balance).toBe(30_000);
  });
});
