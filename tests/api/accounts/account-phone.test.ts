// A phone added to an account signed up with an e-mail: a code by SMS to the phone (each send claimed from the client
// address's, the account's and the phone's limits), the code that makes it the account's verified phone, a phone
// another account verified refused without naming it; and the passenger's list, which holds the guest tickets booked
// with the account's verified e-mail or phone and none of another contact.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERROR_KEYS,
  ACCOUNT_MESSAGE_KEYS,
  ACCOUNT_PATHS,
  authResponseSchema,
  otpSentResponseSchema,
  registerResponseSchema,
  transactionInfoResponseSchema,
  type AuthData,
  PHONE_KEYS,
  PHONE_PATHS,
} from '../../../src/shared/contract/accounts';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { createApp } from '../../../src/server/app';
import type { Logger } from '../../../src/server/http/errors';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { bookingPayload, optionOf, post, uniquePhone } from '../helpers/booking';
import { lastCode, mailTo, smsTo } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let dataDir: string;
let vivu: PriceOption;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-account-phone-'));
  // Every call comes from one address: its share of code messages is raised here and tested on an app of its own.
  app = createApp({ database: db.database, log: silent, dataDir, limits: { loginsPerAddress: 100_000, smsPerAddress: 100_000 } });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(path: string, body: unknown, on = app, headers: Record<string, string> = {}) {
  const res = await post(on, path, body, headers);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function failure(path: string, body: unknown, on = app, headers: Record<string, string> = {}) {
  const res = await call(path, body, on, headers);
  return { status: res.status, ...failureSchema.validateSync(res.body) };
}

const PASSWORD = 'vivu2026an';
const uniqueEmail = () => `Lan.${randomBytes(5).toString('hex')}@Example.com`;
const wrongCode = (right: string) => String((Number(right) + 1) % 10_000).padStart(4, '0');
/** The number as the account page's field takes it: without its leading 0, the +84 standing before it. */
const national = (phone: string) => phone.slice(1);

function lastMailCode(email: string): string {
  const code = /(\d{4})/.exec(mailTo(dataDir, email).at(-1)?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A verified account signed up with `username` (an e-mail, or a phone), signed in. */
async function signedUp(username: string, on = app, headers: Record<string, string> = {}): Promise<AuthData> {
  const res = await call(
    ACCOUNT_PATHS.registerAccount,
    { phone_number: username, password: PASSWORD, re_password: PASSWORD, fullname: 'Lan' },
    on,
    headers,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const user = registerResponseSchema.validateSync(res.body).data;
  const code = username.includes('@') ? lastMailCode(username.toLowerCase()) : lastCode(dataDir, username);
  const verified = await call(ACCOUNT_PATHS.verifyAccount, { user_id: user.id, code_verify: code }, on);
  expect(verified.status).toBe(200);
  return authResponseSchema.validateSync(verified.body).data;
}

const sendCode = (auth: AuthData, phone: string, on = app, headers: Record<string, string> = {}) =>
  call(PHONE_PATHS.sendPhoneCode, { token: auth.token, user_id: auth.id, phone_number: phone, lang: 'en' }, on, headers);
const verifyPhone = (auth: AuthData, phone: string, code: string) =>
  call(PHONE_PATHS.verifyPhone, { token: auth.token, user_id: auth.id, phone_number: phone, code });

/** An e-mail account that added `phone` with the code sent to it. */
async function withPhone(phone: string): Promise<{ email: string; auth: AuthData }> {
  const email = uniqueEmail().toLowerCase();
  const auth = await signedUp(email);
  expect((await sendCode(auth, phone)).status).toBe(200);
  const res = await verifyPhone(auth, phone, lastCode(dataDir, phone));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { email, auth: authResponseSchema.validateSync(res.body).data };
}

async function history(auth: AuthData) {
  const res = await call(ACCOUNT_PATHS.transactionInfo, { token: auth.token, user_id: auth.id });
  expect(res.status).toBe(200);
  return transactionInfoResponseSchema.validateSync(res.body).data;
}

/** A guest booking (no token) with these contact details; answers its code. */
async function guestTicket(contact: { phone?: string; email?: string; token?: string }): Promise<string> {
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, contact));
  expect(res.status, await res.clone().text()).toBe(200);
  return createTicketResponseSchema.validateSync(await res.json()).ticket_code;
}

describe('a phone added to an e-mail account', () => {
  it('is verified by the SMS code, then shows on the account and signs it in', async () => {
    const email = uniqueEmail();
    const auth = await signedUp(email);
    expect(auth).toMatchObject({ phone_number: '', login_email: email.toLowerCase(), verified_phone: true });
    const phone = uniquePhone();

    const sent = await sendCode(auth, `${national(phone).slice(0, 2)} ${national(phone).slice(2)}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(otpSentResponseSchema.validateSync(sent.body)).toMatchObject({
      message: ACCOUNT_MESSAGE_KEYS.otpSent,
      data: { expires_in: 179 },
    });
    const texts = smsTo(dataDir, phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Your Vivu verification code is \d{4}\./);
    const code = lastCode(dataDir, phone);

    const wrong = await failure(PHONE_PATHS.verifyPhone, {
      token: auth.token,
      phone_number: national(phone),
      code: wrongCode(code),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.errors).toEqual([{ field: 'code', message: ACCOUNT_ERROR_KEYS.otpInvalid }]);

    const added = await verifyPhone(auth, national(phone), code);
    expect(added.status).toBe(200);
    const data = authResponseSchema.validateSync(added.body);
    expect(data.message).toBe(PHONE_KEYS.added);
    expect(data.data).toMatchObject({
      id: auth.id,
      token: auth.token,
      phone_number: phone,
      login_email: email.toLowerCase(),
      verified_phone: true,
    });

    // The code is used up, and the account has a phone now: no second one this way.
    expect((await failure(PHONE_PATHS.verifyPhone, { token: auth.token, phone_number: phone, code })).message).toBe(
      PHONE_KEYS.alreadySet,
    );
    const again = await failure(PHONE_PATHS.sendPhoneCode, { token: auth.token, phone_number: uniquePhone() });
    expect([again.status, again.message]).toEqual([409, PHONE_KEYS.alreadySet]);

    // The verified phone signs in to the same account, with its password; a sign-up of it is refused.
    const login = await call(ACCOUNT_PATHS.login, { phone_number: phone, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(authResponseSchema.validateSync(login.body).data).toMatchObject({ id: auth.id, phone_number: phone });
    const taken = await failure(ACCOUNT_PATHS.registerAccount, {
      phone_number: phone,
      password: PASSWORD,
      re_password: PASSWORD,
    });
    expect([taken.status, taken.message]).toEqual([409, ACCOUNT_ERROR_KEYS.phoneTaken]);
  });

  it('needs a signed-in account and a valid Vietnamese number, and sends nothing otherwise', async () => {
    const phone = uniquePhone();
    const anonymous = await failure(PHONE_PATHS.sendPhoneCode, { phone_number: phone });
    expect(anonymous.status).toBe(401);
    const revoked = await failure(PHONE_PATHS.sendPhoneCode, { token: 'x'.repeat(40), phone_number: phone });
    expect(revoked.status).toBe(401);
    const auth = await signedUp(uniqueEmail());
    for (const bad of ['0412345678', '12345', '09123456789', 'abc']) {
      const res = await failure(PHONE_PATHS.sendPhoneCode, { token: auth.token, phone_number: bad });
      expect(res.status).toBe(400);
      expect(res.errors).toEqual([{ field: 'phone_number', message: ACCOUNT_ERROR_KEYS.phone }]);
    }
    expect(smsTo(dataDir, phone)).toEqual([]);
    expect((await failure(PHONE_PATHS.verifyPhone, { phone_number: phone, code: '1234' })).status).toBe(401);
  });

  it('checks a code only for the account that asked for it', async () => {
    const phone = uniquePhone();
    const asking = await signedUp(uniqueEmail());
    const other = await signedUp(uniqueEmail());
    expect((await sendCode(asking, phone)).status).toBe(200);
    const code = lastCode(dataDir, phone);
    const stolen = await failure(PHONE_PATHS.verifyPhone, { token: other.token, phone_number: phone, code });
    expect([stolen.status, stolen.message]).toEqual([400, ACCOUNT_ERROR_KEYS.otpInvalid]);
    expect((await verifyPhone(asking, phone, code)).status).toBe(200);
  });

  it('refuses a phone another account verified with one message that names no account, and texts it nothing', async () => {
    const phone = uniquePhone();
    const holder = await signedUp(phone);
    const before = smsTo(dataDir, phone).length;
    const auth = await signedUp(uniqueEmail());
    const res = await call(PHONE_PATHS.sendPhoneCode, { token: auth.token, phone_number: phone });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      code: 'error',
      message: PHONE_KEYS.inUse,
      data: null,
      errors: [{ field: 'phone_number', message: PHONE_KEYS.inUse }],
    });
    expect(JSON.stringify(res.body)).not.toContain(String(holder.id));
    expect(smsTo(dataDir, phone)).toHaveLength(before);

    // A phone added to an e-mail account is held as verified too.
    const added = uniquePhone();
    await withPhone(added);
    const second = await failure(PHONE_PATHS.sendPhoneCode, { token: auth.token, phone_number: added });
    expect([second.status, second.message]).toEqual([409, PHONE_KEYS.inUse]);
  });

  it('is refused at the code when another account verified the phone after the code was sent', async () => {
    const phone = uniquePhone();
    const auth = await signedUp(uniqueEmail());
    expect((await sendCode(auth, phone)).status).toBe(200);
    const code = lastCode(dataDir, phone);
    // Meanwhile the phone's holder signs up with it and verifies it.
    await signedUp(phone);
    const late = await failure(PHONE_PATHS.verifyPhone, { token: auth.token, phone_number: phone, code });
    expect([late.status, late.message]).toEqual([409, PHONE_KEYS.inUse]);
    const account = await call(ACCOUNT_PATHS.memberPromotionCost, { token: auth.token });
    expect(account.status).toBe(200);
    const login = await call(ACCOUNT_PATHS.login, { phone_number: phone, password: PASSWORD });
    expect(authResponseSchema.validateSync(login.body).data.id).not.toBe(auth.id);
  });

  it('takes the phone from a sign-up that never verified it', async () => {
    const phone = uniquePhone();
    const unverified = await call(ACCOUNT_PATHS.registerAccount, {
      phone_number: phone,
      password: 'other2026',
      re_password: 'other2026',
    });
    const squatter = registerResponseSchema.validateSync(unverified.body).data;
    const signUpCode = lastCode(dataDir, phone);
    const { auth } = await withPhone(phone);
    // The unverified sign-up is gone: its code verifies nothing, its password signs nothing in.
    expect((await call(ACCOUNT_PATHS.verifyAccount, { user_id: squatter.id, code_verify: signUpCode })).status).toBe(400);
    expect((await call(ACCOUNT_PATHS.login, { phone_number: phone, password: 'other2026' })).status).toBe(401);
    const login = await call(ACCOUNT_PATHS.login, { phone_number: phone, password: PASSWORD });
    expect(authResponseSchema.validateSync(login.body).data.id).toBe(auth.id);
  });

  it("claims each send from the account's share: 5 a day, however many at once and whatever the numbers", async () => {
    const auth = await signedUp(uniqueEmail());
    const phones = Array.from({ length: 8 }, () => uniquePhone());
    const answers = await Promise.all(phones.map((phone) => sendCode(auth, phone)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(3);
    for (const res of refused) expect(failureSchema.validateSync(res.body).message).toBe(ACCOUNT_ERROR_KEYS.otpBusy);
    expect(phones.map((phone) => smsTo(dataDir, phone).length).reduce((a, b) => a + b, 0)).toBe(5);
  });

  it("claims each send from the phone's 5 codes a day, across accounts", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1) {
      const auth = await signedUp(uniqueEmail());
      expect((await sendCode(auth, phone)).status).toBe(200);
    }
    const sixth = await failure(PHONE_PATHS.sendPhoneCode, {
      token: (await signedUp(uniqueEmail())).token,
      phone_number: phone,
    });
    expect([sixth.status, sixth.message]).toEqual([429, ACCOUNT_ERROR_KEYS.otpLimit]);
    expect(smsTo(dataDir, phone)).toHaveLength(5);
  });

  it("claims each send from the client address's share of code messages", async () => {
    const fresh = await createTestDatabase();
    try {
      const strict = createApp({ database: fresh.database, log: silent, dataDir, limits: { smsPerAddress: 2 } });
      const from = { 'x-forwarded-for': `203.0.113.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` };
      // The sign-up's code is the first of the address's two.
      const auth = await signedUp(uniqueEmail(), strict, from);
      const first = uniquePhone();
      expect((await sendCode(auth, first, strict, from)).status).toBe(200);
      const second = uniquePhone();
      const busy = await failure(PHONE_PATHS.sendPhoneCode, { token: auth.token, phone_number: second }, strict, from);
      expect([busy.status, busy.message]).toEqual([429, ACCOUNT_ERROR_KEYS.otpBusy]);
      expect(smsTo(dataDir, second)).toEqual([]);
    } finally {
      await fresh.cleanup();
    }
  });
});

describe("the passenger's list and the account's verified contacts", () => {
  it('holds the guest tickets booked earlier with the sign-up e-mail, in any case, and those of the phone added', async () => {
    const typed = uniqueEmail();
    const email = typed.toLowerCase();
    const byEmail = await guestTicket({ email: `  ${typed.toUpperCase()} ` });
    const otherEmail = await guestTicket({ email: uniqueEmail() });
    const phone = uniquePhone();
    const byPhone = await guestTicket({ phone });

    const auth = await signedUp(typed);
    const before = await history(auth);
    expect(before.tickets.map((ticket) => ticket.code)).toEqual([byEmail]);
    expect(before.total).toBe(1);

    expect((await sendCode(auth, phone)).status).toBe(200);
    const added = authResponseSchema.validateSync((await verifyPhone(auth, phone, lastCode(dataDir, phone))).body).data;
    const signedIn = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { token: added.token }));
    expect(signedIn.status).toBe(200);
    const own = createTicketResponseSchema.validateSync(await signedIn.json()).ticket_code;

    const after = await history(added);
    expect(after.tickets.map((ticket) => ticket.code)).toEqual([own, byPhone, byEmail]);
    expect(after.total).toBe(3);
    expect(after.tickets.map((ticket) => ticket.code)).not.toContain(otherEmail);
    expect(added.login_email).toBe(email);
  });

  it("finds nothing by a profile's contact e-mail, which no code proved", async () => {
    const email = uniqueEmail().toLowerCase();
    const guest = await guestTicket({ email });
    const phone = uniquePhone();
    const auth = await signedUp(phone);
    const updated = await call(ACCOUNT_PATHS.updateAccount, { token: auth.token, fullname: 'Lan', email });
    expect(updated.status).toBe(200);
    const list = await history(auth);
    expect(list.total).toBe(0);
    expect(list.tickets.map((ticket) => ticket.code)).not.toContain(guest);
  });
});
