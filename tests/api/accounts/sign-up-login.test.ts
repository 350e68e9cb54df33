// Passenger accounts (spec 4, 5, 6, 7): sign-up with an SMS code read from the outbox, login with backoff, bearer
// sessions and logout, the OTP rules (tries, expiry, replacement, daily sends), forgot password with a reset ticket,
// the signed-in password change, the profile, the member balance and the user's tickets.
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERROR_KEYS,
  ACCOUNT_PATHS,
  authResponseSchema,
  logoutResponseSchema,
  memberPromotionCostResponseSchema,
  notVerifiedFailureSchema,
  otpSentResponseSchema,
  registerResponseSchema,
  resetTicketResponseSchema,
  transactionInfoResponseSchema,
} from '../../../src/shared/contract/accounts';
import { createTicketResponseSchema, BOOKING_PATHS } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { createApp } from '../../../src/server/app';
import { loginThrottles, settings } from '../../../src/server/db/schema';
import { DEMO_USER } from '../../../src/server/db/seed-accounts';
import type { Logger } from '../../../src/server/http/errors';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { lastCode as outboxLastCode, smsTo as outboxSmsTo } from '../helpers/outbox';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
/** The accounts' clock: tests move it instead of sleeping. */
let offsetMs = 0;
const advance = (seconds: number) => (offsetMs += seconds * 1000);

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-accounts-'));
  // settingsTtlMs 0: a test below raises an anti-fraud limit and books at once.
  // Every call comes from one address: the per-address limits of logins and code SMS are tested in tests/api/server/attacks.test.ts.
  app = createApp({
    database: db.database,
    log: silent,
    dataDir,
    now: () => new Date(Date.now() + offsetMs),
    settingsTtlMs: 0,
    limits: { loginsPerAddress: 100_000, smsPerAddress: 100_000 },
  });
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(app, path, body, headers);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function failure(path: string, body: unknown) {
  const res = await call(path, body);
  return { status: res.status, ...failureSchema.validateSync(res.body) };
}

const smsTo = (phone: string) => outboxSmsTo(dataDir, phone);
const lastCode = (phone: string) => outboxLastCode(dataDir, phone);

/** Any 4-digit code other than the right one. */
const wrongCode = (right: string, n = 1) => String((Number(right) + n) % 10_000).padStart(4, '0');

const PASSWORD = 'vivu2026an';

async function register(phone = uniquePhone(), password = PASSWORD) {
  const res = await call(ACCOUNT_PATHS.registerAccount, {
    phone_number: phone,
    password,
    re_password: password,
    fullname: 'Lan',
  });
  expect(res.status).toBe(200);
  return { phone, user: registerResponseSchema.validateSync(res.body).data };
}

async function verify(userId: number, code: string) {
  return call(ACCOUNT_PATHS.verifyAccount, { user_id: userId, code_verify: code });
}

async function login(phone: string, password = PASSWORD) {
  return call(ACCOUNT_PATHS.login, { phone_number: phone, password });
}

/** A verified account, signed in. */
async function signedUp() {
  const { phone, user } = await register();
  const res = await verify(user.id, lastCode(phone));
  expect(res.status).toBe(200);
  return { phone, auth: authResponseSchema.validateSync(res.body).data };
}

async function balance(token: string, userId?: number) {
  return call(ACCOUNT_PATHS.memberPromotionCost, { token, ...(userId ? { user_id: userId } : {}) });
}

describe('sign-up, verification, login and logout', () => {
  it('registers, verifies with the SMS code, logs in, uses the token and logs out', async () => {
    const { phone, user } = await register();
    expect(user.verified_phone).toBe(false);
    expect(user.token).toBe('');
    expect(user.phone_number).toBe(phone);
    expect(user.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(smsTo(phone)).toHaveLength(1);
    expect(smsTo(phone)[0]).toMatch(/^Mã xác thực Vivu của bạn là \d{4}\. Mã có hiệu lực trong 3 phút\.$/);

    const verified = await verify(user.id, lastCode(phone));
    expect(verified.status).toBe(200);
    expect(authResponseSchema.validateSync(verified.body).data.verified_phone).toBe(true);

    const res = await login(phone);
    expect(res.status).toBe(200);
    const auth = authResponseSchema.validateSync(res.body).data;
    expect(auth.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.id).toBe(user.id);

    const cost = await balance(auth.token, auth.id);
    expect(cost.status).toBe(200);
    expect(memberPromotionCostResponseSchema.validateSync(cost.body).data.promotion_cost).toBe(0);
    // spec 6 token + user_id; the token of another user's id is refused.
    expect((await balance(auth.token, auth.id + 1000)).status).toBe(401);

    const out = await call(ACCOUNT_PATHS.logout, { token: auth.token, user_id: auth.id });
    expect(out.status).toBe(200);
    logoutResponseSchema.validateSync(out.body);
    const dead = await failure(ACCOUNT_PATHS.memberPromotionCost, { token: auth.token, user_id: auth.id });
    expect(dead.status).toBe(401);
    expect(dead.message).toBe(ACCOUNT_ERROR_KEYS.unauthorized);
  });

  it('accepts the token as Authorization: Bearer', async () => {
    const { auth } = await signedUp();
    const res = await call(ACCOUNT_PATHS.memberPromotionCost, {}, { authorization: `Bearer ${auth.token}` });
    expect(res.status).toBe(200);
    expect((await call(ACCOUNT_PATHS.memberPromotionCost, {}, { authorization: 'Bearer nonsense' })).status).toBe(401);
    expect((await call(ACCOUNT_PATHS.memberPromotionCost, {})).status).toBe(401);
  });

  it('sends the code in English when the sign-up is in English', async () => {
    const phone = uniquePhone();
    const res = await call(ACCOUNT_PATHS.registerAccount, {
      phone_number: phone,
      password: PASSWORD,
      re_password: PASSWORD,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    expect(smsTo(phone)[0]).toMatch(/^Your Vivu verification code is \d{4}\. It is valid for 3 minutes\.$/);
  });

  it('answers not_verified with the user id to an unverified login', async () => {
    const { phone, user } = await register();
    const res = await login(phone);
    expect(res.status).toBe(403);
    const body = notVerifiedFailureSchema.validateSync(res.body);
    expect(body.data.user_id).toBe(user.id);
  });

  it('refuses a second sign-up of a verified phone', async () => {
    const { phone } = await signedUp();
    const res = await failure(ACCOUNT_PATHS.registerAccount, { phone_number: phone, password: PASSWORD, re_password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.message).toBe(ACCOUNT_ERROR_KEYS.phoneTaken);
  });

  it('answers a wrong password exactly as an unknown phone', async () => {
    const { phone } = await signedUp();
    const wrong = await login(phone, 'not-it1');
    const unknown = await login(uniquePhone(), 'not-it1');
    expect(wrong.status).toBe(401);
    expect(unknown).toEqual(wrong);
    expect(failureSchema.validateSync(wrong.body).message).toBe(ACCOUNT_ERROR_KEYS.loginFailed);
  });

  it('backs off after 5 failed logins, then a success resets the count', async () => {
    const { phone } = await signedUp();
    for (let i = 0; i < 4; i += 1) expect((await login(phone, 'wrong-1')).status).toBe(401);
    // The fifth failure starts the backoff (2 s), the sixth 4 s.
    expect((await login(phone, 'wrong-1')).status).toBe(401);
    const waiting = await failure(ACCOUNT_PATHS.login, { phone_number: phone, password: PASSWORD });
    expect(waiting.status).toBe(429);
    expect(waiting.message).toBe(ACCOUNT_ERROR_KEYS.tooManyAttempts);
    expect(waiting.errors?.[0]?.params).toEqual({ seconds: 2 });
    advance(3);
    expect((await login(phone, 'wrong-1')).status).toBe(401);
    const longer = await failure(ACCOUNT_PATHS.login, { phone_number: phone, password: PASSWORD });
    expect(longer.errors?.[0]?.params).toEqual({ seconds: 4 });
    advance(5);
    expect((await login(phone)).status).toBe(200);
    // The success forgets the phone's tries: the next wrong password is a first one again.
    const rows = await db.database.db
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `passenger:${phone}`));
    expect(rows).toEqual([]);
    for (let i = 0; i < 4; i += 1) expect((await login(phone, 'wrong-1')).status).toBe(401);
  });

  it('backs an unknown phone off exactly as a known one, so a 429 tells nothing either', async () => {
    const { phone } = await signedUp();
    const unknown = uniquePhone();
    for (let i = 0; i < 5; i += 1) {
      const known = await login(phone, 'wrong-1');
      expect(await login(unknown, 'wrong-1')).toEqual(known);
    }
    const known = await login(phone, 'wrong-1');
    expect(known.status).toBe(429);
    expect(await login(unknown, 'wrong-1')).toEqual(known);
  });

  it('seeds a verified demo user with a member balance', async () => {
    const res = await login(DEMO_USER.phone, process.env.DEMO_PASSWORD?.trim() || 'vivu123');
    expect(res.status).toBe(200);
    const auth = authResponseSchema.validateSync(res.body).data;
    expect(auth.promotion_cost).toBe(50_000);
    expect(auth.verified_phone).toBe(true);
  });
});

describe('OTP rules', () => {
  it('refuses the sixth try even with the right code', async () => {
    const { phone, user } = await register();
    const right = lastCode(phone);
    for (let i = 1; i <= 5; i += 1) {
      const res = await failure(ACCOUNT_PATHS.verifyAccount, { user_id: user.id, code_verify: wrongCode(right, i) });
      expect(res.message).toBe(ACCOUNT_ERROR_KEYS.otpInvalid);
    }
    expect((await verify(user.id, right)).status).toBe(400);
  });

  it('accepts the right code after fewer than 5 wrong tries, once', async () => {
    const { phone, user } = await register();
    const right = lastCode(phone);
    expect((await verify(user.id, wrongCode(right))).status).toBe(400);
    expect((await verify(user.id, right)).status).toBe(200);
    expect((await verify(user.id, right)).status).toBe(409);
  });

  it('kills a code after 179 seconds', async () => {
    const { phone, user } = await register();
    const right = lastCode(phone);
    advance(180);
    expect((await verify(user.id, right)).status).toBe(400);
  });

  it('kills a code replaced by a resend', async () => {
    const { phone, user } = await register();
    const first = lastCode(phone);
    let second = first;
    // A resend may draw the same 4 digits; resend until it differs (the daily limit allows 4 more).
    for (let i = 0; i < 4 && second === first; i += 1) {
      const res = await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id });
      expect(res.status).toBe(200);
      otpSentResponseSchema.validateSync(res.body);
      second = lastCode(phone);
    }
    expect(second).not.toBe(first);
    expect((await verify(user.id, first)).status).toBe(400);
    expect((await verify(user.id, second)).status).toBe(200);
  });

  it('sends at most 5 codes to a phone in 24 hours', async () => {
    const { phone, user } = await register();
    for (let i = 0; i < 4; i += 1) expect((await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id })).status).toBe(200);
    const refused = await failure(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(ACCOUNT_ERROR_KEYS.otpLimit);
    expect(smsTo(phone)).toHaveLength(5);
    advance(24 * 60 * 60 + 1);
    expect((await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id })).status).toBe(200);
    expect(smsTo(phone)).toHaveLength(6);
  });
});

describe('forgot password and password change', () => {
  it('answers an unknown phone as a known one and sends it nothing', async () => {
    const { phone } = await signedUp();
    const unknownPhone = uniquePhone();
    const known = await call(ACCOUNT_PATHS.forgotPassword, { phone_number: phone });
    const unknown = await call(ACCOUNT_PATHS.forgotPassword, { phone_number: unknownPhone });
    expect(known.status).toBe(200);
    otpSentResponseSchema.validateSync(known.body);
    expect(unknown).toEqual(known);
    expect(smsTo(phone)).toHaveLength(2);
    expect(smsTo(unknownPhone)).toHaveLength(0);
  });

  it('resets the password with the code and a single-use ticket, ending the other sessions', async () => {
    const { phone, auth: first } = await signedUp();
    const second = authResponseSchema.validateSync((await login(phone)).body).data;
    await call(ACCOUNT_PATHS.forgotPassword, { phone_number: phone });
    const code = lastCode(phone);
    expect((await call(ACCOUNT_PATHS.verifyOtpCode, { phone_number: phone, code: wrongCode(code) })).status).toBe(400);
    const checked = await call(ACCOUNT_PATHS.verifyOtpCode, { phone_number: phone, code });
    expect(checked.status).toBe(200);
    const { reset_ticket } = resetTicketResponseSchema.validateSync(checked.body).data;

    // A common password is refused before the ticket is used: the same ticket then sets a better one.
    const common = await failure(ACCOUNT_PATHS.updatePassword, { reset_ticket, password: '12345678', re_password: '12345678' });
    expect(common.errors).toEqual([{ field: 'password', message: ACCOUNT_ERROR_KEYS.passwordCommon }]);
    const reset = { reset_ticket, password: 'newpass1', re_password: 'newpass1' };
    const res = await call(ACCOUNT_PATHS.updatePassword, reset);
    expect(res.status).toBe(200);
    const fresh = authResponseSchema.validateSync(res.body).data;
    expect((await balance(first.token)).status).toBe(401);
    expect((await balance(second.token)).status).toBe(401);
    expect((await balance(fresh.token)).status).toBe(200);
    expect((await login(phone)).status).toBe(401);
    expect((await login(phone, 'newpass1')).status).toBe(200);

    const again = await failure(ACCOUNT_PATHS.updatePassword, reset);
    expect(again.message).toBe(ACCOUNT_ERROR_KEYS.resetExpired);
  });

  it('changes the password signed in only with the current one, and ends the other sessions', async () => {
    const { phone, auth } = await signedUp();
    const wrong = await failure(ACCOUNT_PATHS.updatePassword, {
      token: auth.token,
      user_id: auth.id,
      current_password: 'wrong-1',
      password: 'changed1',
      re_password: 'changed1',
    });
    expect(wrong.message).toBe(ACCOUNT_ERROR_KEYS.currentPassword);
    const common = await failure(ACCOUNT_PATHS.updatePassword, {
      token: auth.token,
      user_id: auth.id,
      current_password: PASSWORD,
      password: 'iloveyou',
      re_password: 'iloveyou',
    });
    expect(common.errors).toEqual([{ field: 'password', message: ACCOUNT_ERROR_KEYS.passwordCommon }]);
    expect((await balance(auth.token)).status).toBe(200);
    const res = await call(ACCOUNT_PATHS.updatePassword, {
      token: auth.token,
      user_id: auth.id,
      current_password: PASSWORD,
      password: 'changed1',
      re_password: 'changed1',
    });
    expect(res.status).toBe(200);
    const fresh = authResponseSchema.validateSync(res.body).data;
    expect(fresh.token).not.toBe(auth.token);
    expect((await balance(auth.token)).status).toBe(401);
    expect((await balance(fresh.token)).status).toBe(200);
    expect((await login(phone, 'changed1')).status).toBe(200);
  });

  it('answers the password rules with their message keys', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const res = await failure(ACCOUNT_PATHS.registerAccount, body);
      expect(res.status).toBe(400);
      return Object.fromEntries((res.errors ?? []).map((error) => [error.field, error.message]));
    };
    const phone = uniquePhone();
    expect(await fields({ phone_number: phone, password: 'abc', re_password: 'abc' })).toEqual({
      password: ACCOUNT_ERROR_KEYS.password,
    });
    expect(await fields({ phone_number: phone, password: 'abc 1234', re_password: 'abc 1234' })).toEqual({
      password: ACCOUNT_ERROR_KEYS.password,
    });
    expect(await fields({ phone_number: phone, password: 'abc123', re_password: 'abc124' })).toEqual({
      re_password: ACCOUNT_ERROR_KEYS.passwordMismatch,
    });
    expect(await fields({ phone_number: '12345', password: 'vivu2026an', re_password: 'vivu2026an' })).toEqual({
      phone_number: ACCOUNT_ERROR_KEYS.username,
    });
    const otp = await failure(ACCOUNT_PATHS.verifyOtpCode, { phone_number: phone, code: '12a4' });
    expect(otp.errors).toEqual([{ field: 'code', message: ACCOUNT_ERROR_KEYS.otpInvalid }]);
    expect(smsTo(phone)).toHaveLength(0);
  });
});

describe('profile, tickets and balance', () => {
  it('updates the name and e-mail', async () => {
    const { auth } = await signedUp();
    const res = await call(ACCOUNT_PATHS.updateAccount, {
      token: auth.token,
      user_id: auth.id,
      fullname: 'Trần Lan',
      email: 'Lan@Example.com',
    });
    expect(res.status).toBe(200);
    const updated = authResponseSchema.validateSync(res.body).data;
    expect(updated).toMatchObject({ fullname: 'Trần Lan', email: 'lan@example.com', token: auth.token });
    const bad = await failure(ACCOUNT_PATHS.updateAccount, { token: auth.token, fullname: 'Lan', email: 'nope' });
    expect(bad.errors).toEqual([{ field: 'email', message: ACCOUNT_ERROR_KEYS.email }]);
  });

  it("lists the user's tickets by phone, newest first, 10 a page", async () => {
    const { phone, auth } = await signedUp();
    // The anti-fraud pre-check allows 5 tickets an hour per phone and asks before a duplicate; this test books 11.
    await db.database.db.update(settings).set({ value: 50 }).where(eq(settings.key, 'vanguard_max_per_phone'));
    const vivu = await optionOf(app, 'Vivu Airport Express');
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await post(
        app,
        BOOKING_PATHS.createTicket,
        bookingPayload(vivu, undefined, { phone, ignore_duplicate_warning: 1 }),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      codes.push(createTicketResponseSchema.validateSync(await res.json()).ticket_code);
    }
    const first = transactionInfoResponseSchema.validateSync(
      (await call(ACCOUNT_PATHS.transactionInfo, { token: auth.token, user_id: auth.id })).body,
    ).data;
    expect(first.total).toBe(11);
    expect(first.tickets).toHaveLength(10);
    expect(first.next_page).toBe(2);
    expect(first.tickets[0]?.code).toBe(codes.at(-1));
    expect(first.tickets[0]?.status).toBe(1);
    const second = transactionInfoResponseSchema.validateSync(
      (await call(ACCOUNT_PATHS.transactionInfo, { token: auth.token, page: 2 })).body,
    ).data;
    expect(second.tickets.map((ticket) => ticket.code)).toEqual([codes[0]]);
    expect(second.next_page).toBe(-1);
    // Someone else's tickets never show.
    const other = await signedUp();
    const theirs = transactionInfoResponseSchema.validateSync(
      (await call(ACCOUNT_PATHS.transactionInfo, { token: other.auth.token })).body,
    ).data;
    expect(theirs.total).toBe(0);

    // spec 9 tickets_per_page comes from the configuration.
    await db.database.db.update(settings).set({ value: 4 }).where(eq(settings.key, 'tickets_per_page'));
    try {
      const configured = transactionInfoResponseSchema.validateSync(
        (await call(ACCOUNT_PATHS.transactionInfo, { token: auth.token, page: 3 })).body,
      ).data;
      expect([configured.per_page, configured.tickets.length, configured.next_page]).toEqual([4, 3, -1]);
      expect(configured.tickets.map((ticket) => ticket.code)).toEqual(codes.slice(0, 3).reverse());
    } finally {
      await db.database.db.update(settings).set({ value: 10 }).where(eq(settings.key, 'tickets_per_page'));
    }
  });
});
