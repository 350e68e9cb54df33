// Accounts whose username is an e-mail (spec 3, 5: "username (phone or e-mail)"): the sign-up code goes by mail
// through the outbox, login and forgot password take the e-mail in any case, and every limit of the phone path counts
// e-mail targets too. Also spec 5's phone rule at sign-up and booking: numbers starting 06 are mobiles, 04 are not.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERROR_KEYS,
  ACCOUNT_PATHS,
  authResponseSchema,
  memberPromotionCostResponseSchema,
  notVerifiedFailureSchema,
  otpSentResponseSchema,
  registerResponseSchema,
  resetTicketResponseSchema,
} from '../../../src/shared/contract/accounts';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { createApp } from '../../../src/server/app';
import { outboxPaths } from '../../../src/server/adapters/messaging/outbox';
import { users } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { mailTo, smsTo } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
/** The accounts' clock: tests move it instead of sleeping. */
let offsetMs = 0;
const advance = (seconds: number) => (offsetMs += seconds * 1000);

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-accounts-email-'));
  app = createApp({
    database: db.database,
    log: silent,
    dataDir,
    now: () => new Date(Date.now() + offsetMs),
    limits: { loginsPerAddress: 100_000, smsPerAddress: 100_000 },
  });
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, body: unknown, headers: Record<string, string> = {}, on = app) {
  const res = await post(on, path, body, headers);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function failure(path: string, body: unknown) {
  const res = await call(path, body);
  return { status: res.status, ...failureSchema.validateSync(res.body) };
}

/** An address nobody used yet, in mixed case as people type it. */
const uniqueEmail = () => `Lan.${randomBytes(5).toString('hex')}@Example.com`;

/** Every SMS the outbox holds (to anyone): an e-mail sign-up must add none. */
function allSms(): number {
  try {
    return readFileSync(outboxPaths(dataDir).sms, 'utf8').split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

const mails = (email: string) => mailTo(dataDir, email.trim().toLowerCase());

/** The code of the newest code e-mail to an address. */
function lastMailCode(email: string): string {
  const code = /(\d{4})/.exec(mails(email).at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

const wrongCode = (right: string, n = 1) => String((Number(right) + n) % 10_000).padStart(4, '0');

const PASSWORD = 'vivu2026an';

async function register(username: string, lang: 'vi' | 'en' = 'vi') {
  const res = await call(ACCOUNT_PATHS.registerAccount, {
    phone_number: username,
    password: PASSWORD,
    re_password: PASSWORD,
    fullname: 'Lan',
    lang,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return registerResponseSchema.validateSync(res.body).data;
}

const verify = (userId: number, code: string) => call(ACCOUNT_PATHS.verifyAccount, { user_id: userId, code_verify: code });
const login = (username: string, password = PASSWORD) => call(ACCOUNT_PATHS.login, { phone_number: username, password });

async function signedUp(email = uniqueEmail()) {
  const user = await register(email);
  const res = await verify(user.id, lastMailCode(email));
  expect(res.status).toBe(200);
  return { email, auth: authResponseSchema.validateSync(res.body).data };
}

describe('sign-up with an e-mail', () => {
  it('mails exactly one code and sends no SMS, then verifies and signs in', async () => {
    const email = uniqueEmail();
    const smsBefore = allSms();
    const user = await register(email);
    expect(user).toMatchObject({ phone_number: '', email: email.toLowerCase(), verified_phone: false, token: '' });
    expect(allSms()).toBe(smsBefore);
    expect(smsTo(dataDir, email.toLowerCase())).toEqual([]);
    const sent = mails(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Mã xác thực Vivu: \d{4}$/);
    expect(sent[0]?.text).toMatch(/^Xin chào,\n\nMã xác thực Vivu của bạn là \d{4}\. Mã có hiệu lực trong 3 phút\./);
    expect(sent[0]?.text).toContain(lastMailCode(email));

    const verified = await verify(user.id, lastMailCode(email));
    expect(verified.status).toBe(200);
    const auth = authResponseSchema.validateSync(verified.body).data;
    expect(auth).toMatchObject({ id: user.id, verified_phone: true, phone_number: '', email: email.toLowerCase() });
    const cost = await call(ACCOUNT_PATHS.memberPromotionCost, { token: auth.token, user_id: auth.id });
    expect(memberPromotionCostResponseSchema.validateSync(cost.body).data.promotion_cost).toBe(0);
  });

  it('mails the code in English for an English sign-up', async () => {
    const email = uniqueEmail();
    await register(email, 'en');
    const [mail] = mails(email);
    expect(mail?.subject).toMatch(/^Your Vivu verification code: \d{4}$/);
    expect(mail?.text).toMatch(/^Hello,\n\nYour Vivu verification code is \d{4}\. It is valid for 3 minutes\./);
  });

  it('logs in by the e-mail in any case and with spaces around it', async () => {
    const { email, auth } = await signedUp();
    const res = await login(`  ${email.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(authResponseSchema.validateSync(res.body).data.id).toBe(auth.id);
    expect((await login(email.toLowerCase())).status).toBe(200);
  });

  it('answers not_verified to an unverified e-mail and mails a new code on resend', async () => {
    const email = uniqueEmail();
    const user = await register(email);
    const res = await login(email);
    expect(res.status).toBe(403);
    expect(notVerifiedFailureSchema.validateSync(res.body).data.user_id).toBe(user.id);
    const resent = await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id, lang: 'en' });
    expect(resent.status).toBe(200);
    otpSentResponseSchema.validateSync(resent.body);
    expect(mails(email)).toHaveLength(2);
    expect(mails(email)[1]?.subject).toMatch(/^Your Vivu verification code/);
    expect((await verify(user.id, lastMailCode(email))).status).toBe(200);
  });

  it('refuses a second sign-up of a verified e-mail, whatever its case', async () => {
    const { email } = await signedUp();
    const res = await failure(ACCOUNT_PATHS.registerAccount, {
      phone_number: email.toUpperCase(),
      password: PASSWORD,
      re_password: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(res.message).toBe(ACCOUNT_ERROR_KEYS.emailTaken);
    expect(mails(email)).toHaveLength(1);
  });

  it('refuses an e-mail of a wrong format with the username key (forgot password: the e-mail key), and sends nothing', async () => {
    for (const bad of ['lan@example', 'lan@@example.com', 'lan tran@example.com', '@example.com']) {
      const res = await failure(ACCOUNT_PATHS.registerAccount, { phone_number: bad, password: PASSWORD, re_password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual([{ field: 'phone_number', message: ACCOUNT_ERROR_KEYS.username }]);
    }
    const forgot = await failure(ACCOUNT_PATHS.forgotPassword, { phone_number: 'lan@example' });
    expect(forgot.errors).toEqual([{ field: 'phone_number', message: ACCOUNT_ERROR_KEYS.email }]);
    expect(mails('lan@example')).toEqual([]);
  });
});

describe('concurrent sign-ups of one e-mail', () => {
  it('make one account and at most 5 codes, whatever the case of each', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(ACCOUNT_PATHS.registerAccount, {
          phone_number: i % 2 ? email.toUpperCase() : email,
          password: PASSWORD,
          re_password: PASSWORD,
        }),
      ),
    );
    const rows = await db.database.db.select({ id: users.id }).from(users).where(eq(users.loginEmail, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(5);
    for (const answer of ok) expect(registerResponseSchema.validateSync(answer.body).data.id).toBe(rows[0]?.id);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    expect(mails(email)).toHaveLength(ok.length);
  });
});

describe('login limits by e-mail', () => {
  it('answers a wrong password exactly as an unknown e-mail, and backs both off alike', async () => {
    const { email } = await signedUp();
    const unknown = uniqueEmail();
    for (let i = 0; i < 5; i += 1) {
      const known = await login(email, 'wrong-1');
      expect(known.status).toBe(401);
      expect(failureSchema.validateSync(known.body).message).toBe(ACCOUNT_ERROR_KEYS.loginFailed);
      expect(await login(unknown, 'wrong-1')).toEqual(known);
    }
    // The sixth try of the same name in another case is the same name: it waits.
    const known = await login(email.toUpperCase(), 'wrong-1');
    expect(known.status).toBe(429);
    expect(failureSchema.validateSync(known.body).message).toBe(ACCOUNT_ERROR_KEYS.tooManyAttempts);
    // The same refusal (the seconds left may differ by one: the clock runs between the two calls).
    const other = await login(unknown.toLowerCase(), 'wrong-1');
    expect(other.status).toBe(429);
    expect(failureSchema.validateSync(other.body).message).toBe(ACCOUNT_ERROR_KEYS.tooManyAttempts);
  });
});

describe('codes to an e-mail', () => {
  it('sends at most 5 codes to an e-mail in 24 hours, and 5 tries a code', async () => {
    const email = uniqueEmail();
    const user = await register(email);
    for (let i = 0; i < 4; i += 1) expect((await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id })).status).toBe(200);
    const refused = await failure(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id });
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(ACCOUNT_ERROR_KEYS.otpLimit);
    expect(mails(email)).toHaveLength(5);
    const right = lastMailCode(email);
    for (let i = 1; i <= 5; i += 1) expect((await verify(user.id, wrongCode(right, i))).status).toBe(400);
    expect((await verify(user.id, right)).status).toBe(400);
    advance(24 * 60 * 60 + 1);
    expect((await call(ACCOUNT_PATHS.resendVerifyAccount, { user_id: user.id })).status).toBe(200);
    expect((await verify(user.id, lastMailCode(email))).status).toBe(200);
  });

  it('counts e-mailed codes in the per-address budget of code messages', async () => {
    const fresh = await createTestDatabase();
    try {
      const strict = createApp({ database: fresh.database, log: silent, dataDir, limits: { smsPerAddress: 2 } });
      const from = { 'x-forwarded-for': `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` };
      const signUp = (username: string) =>
        call(ACCOUNT_PATHS.registerAccount, { phone_number: username, password: PASSWORD, re_password: PASSWORD }, from, strict);
      const emails = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
      expect((await signUp(emails[0]!)).status).toBe(200);
      expect((await signUp(uniquePhone())).status).toBe(200);
      const third = await signUp(emails[1]!);
      expect(third.status).toBe(429);
      expect(failureSchema.validateSync(third.body).message).toBe(ACCOUNT_ERROR_KEYS.otpBusy);
      // forgot_password by e-mail spends the same share, known address or not.
      const forgot = await call(ACCOUNT_PATHS.forgotPassword, { phone_number: emails[2] }, from, strict);
      expect(forgot.status).toBe(429);
      expect(mails(emails[1]!)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });
});

describe('forgot password by e-mail', () => {
  it('answers an unknown e-mail as a known one and mails only the known one', async () => {
    const { email } = await signedUp();
    const unknown = uniqueEmail();
    const known = await call(ACCOUNT_PATHS.forgotPassword, { phone_number: email, lang: 'en' });
    const other = await call(ACCOUNT_PATHS.forgotPassword, { phone_number: unknown, lang: 'en' });
    expect(known.status).toBe(200);
    otpSentResponseSchema.validateSync(known.body);
    expect(other).toEqual(known);
    expect(mails(email)).toHaveLength(2);
    expect(mails(email)[1]?.subject).toMatch(/^Your Vivu verification code/);
    expect(mails(unknown)).toEqual([]);
  });

  it('resets the password with the mailed code, typed in another case, and logs in with the new one', async () => {
    const { email, auth } = await signedUp();
    const smsBefore = allSms();
    await call(ACCOUNT_PATHS.forgotPassword, { phone_number: email.toUpperCase() });
    expect(allSms()).toBe(smsBefore);
    const code = lastMailCode(email);
    expect((await call(ACCOUNT_PATHS.verifyOtpCode, { phone_number: email, code: wrongCode(code) })).status).toBe(400);
    const checked = await call(ACCOUNT_PATHS.verifyOtpCode, { phone_number: ` ${email.toLowerCase()}`, code });
    expect(checked.status).toBe(200);
    const { reset_ticket } = resetTicketResponseSchema.validateSync(checked.body).data;
    const res = await call(ACCOUNT_PATHS.updatePassword, { reset_ticket, password: 'newpass1', re_password: 'newpass1' });
    expect(res.status).toBe(200);
    expect(authResponseSchema.validateSync(res.body).data.id).toBe(auth.id);
    expect((await login(email)).status).toBe(401);
    expect((await login(email, 'newpass1')).status).toBe(200);
  });
});

describe('spec 5 phone numbers', () => {
  const eightDigits = () => Array.from(randomBytes(8), (byte) => String(byte % 10)).join('');

  it('signs up a number starting 06 and refuses one starting 04', async () => {
    const phone = `06${eightDigits()}`;
    const user = await register(phone);
    expect(user.phone_number).toBe(phone);
    expect(smsTo(dataDir, phone)).toHaveLength(1);
    const refused = await failure(ACCOUNT_PATHS.registerAccount, {
      phone_number: '0412345678',
      password: PASSWORD,
      re_password: PASSWORD,
    });
    expect(refused.errors).toEqual([{ field: 'phone_number', message: ACCOUNT_ERROR_KEYS.username }]);
  });

  it('books with 0612345678 and refuses 0412345678', async () => {
    const vivu = await optionOf(app, 'Vivu Airport Express');
    const accepted = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { phone: '0612345678' }));
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    createTicketResponseSchema.validateSync(await accepted.json());
    const refused = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { phone: '0412345678' }));
    expect(refused.status).toBe(400);
    const body = failureSchema.validateSync(await refused.json());
    expect(body.errors).toContainEqual(expect.objectContaining({ field: 'phone', message: 'booking.errors.phone' }));
  });
});
