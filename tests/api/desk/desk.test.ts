// The operator desk's foundation: a login made by `npm run staff:create`'s service call (its one-time link works
// once), the password set, the authenticator enrolled by one code, sign-in with a password and a TOTP code accepted
// once, 12-hour sessions ended by sign-out, a role change and removal at once, every desk call answering a caller
// without the session or the role exactly like an unknown route, and the append-only audit log admins filter.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { createApp } from '../../../src/server/app';
import { deskAudit, messageOutbox, partnerStaff, transportPartners, users } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { audit, COMMAND_LINE } from '../../../src/server/modules/desk/service';
import { hashPassword } from '../../../src/server/security/crypto';
import { totpCode } from '../../../src/server/security/totp';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import {
  DESK_AUDIT_PAGE_SIZE,
  DESK_ERROR_KEYS,
  DESK_PATHS,
  deskAuditResponseSchema,
  deskEnrolmentResponseSchema,
  deskLoginResponseSchema,
  deskMeResponseSchema,
  deskSessionResponseSchema,
  deskStaffListResponseSchema,
  deskStaffMemberResponseSchema,
  type DeskRole,
} from '../../../src/shared/contract/desk';
import { ERROR_KEYS } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

interface Answer {
  code: string;
  message: string;
  data: unknown;
  errors?: { field: string; message: string }[];
}

const silent: Logger = { info: () => {}, error: () => {} };
const PASSWORD = 'banlamviec7';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
/** The server's clock: moved by the tests, so each code is used in the time-step they choose. */
let clock = new Date('2026-11-29T03:00:00Z');
const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
const mails: { to: string; subject: string; text: string }[] = [];
const messaging: Messaging = {
  sms: { send: async () => {} },
  mailer: { send: async (to, subject, text) => void mails.push({ to, subject, text }) },
};

async function call(path: string, options: { token?: string; body?: object; method?: string } = {}) {
  const res = await app.request(path, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  await app.messages.drain();
  return { status: res.status, body: (await res.json()) as Answer };
}

let emailSeq = 0;
const nextEmail = (role: string) => `${role}.${(emailSeq += 1)}@vivu.example`;

/** The link in the newest desk e-mail to `to`. */
function linkTokenOf(to: string): string {
  const text = mails.findLast((mail) => mail.to === to)?.text ?? '';
  return /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
}

/** A member made as `npm run staff:create` makes one, its password set from the mailed link and its authenticator enrolled. */
async function member(role: DeskRole) {
  const email = nextEmail(role);
  const made = await app.desk.create(COMMAND_LINE, { email, role, lang: 'en' });
  if (!made.ok) throw new Error(made.message);
  await app.messages.drain();
  const set = await call(DESK_PATHS.setPassword, {
    body: { token: linkTokenOf(email), password: PASSWORD, re_password: PASSWORD },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const enrolment = deskEnrolmentResponseSchema.validateSync(set.body).data;
  const enrolled = await call(DESK_PATHS.enrol, {
    body: { enrol_token: enrolment.enrol_token, code: totpCode(enrolment.secret, clock) },
  });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  const session = deskSessionResponseSchema.validateSync(enrolled.body).data;
  tick(30);
  return { id: made.data.member.id, email, secret: enrolment.secret, token: session.token };
}

async function signIn(email: string, secret: string) {
  const res = await call(DESK_PATHS.login, { body: { email, password: PASSWORD, code: totpCode(secret, clock) } });
  tick(30);
  return res;
}

const notFound = (answer: { status: number; body: Answer }) => {
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ code: 'error', message: ERROR_KEYS.notFound, data: null });
};

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, messaging, now: () => clock });
});
afterAll(async () => {
  await db.cleanup();
});

describe('desk logins', () => {
  it('makes a login with no password whose mailed set-password link works once, and keeps no secret in the outbox', async () => {
    const email = nextEmail('admin');
    const made = await app.desk.create(COMMAND_LINE, { email, role: 'admin', lang: 'vi' });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.data.member).toMatchObject({ email, role: 'admin', has_password: false, enrolled: false });
    await app.messages.drain();
    const mail = mails.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Đặt mật khẩu trang quản trị Vivu');
    expect(mail.text).toContain(`/quan-tri#token=${made.data.link.token}`);
    const rows = await db.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.subject, `desk-${made.data.member.id}`));
    expect(rows.map((row) => [row.channel, row.status, 'token' in row.payload])).toEqual([['mail', 'sent', false]]);

    // No password signs in before the link is used.
    expect((await call(DESK_PATHS.login, { body: { email, password: PASSWORD } })).body.message).toBe(
      DESK_ERROR_KEYS.loginFailed,
    );
    const body = { token: made.data.link.token, password: PASSWORD, re_password: PASSWORD };
    const first = await call(DESK_PATHS.setPassword, { body });
    expect(first.status).toBe(200);
    expect(deskEnrolmentResponseSchema.validateSync(first.body).data).toMatchObject({ email });
    const again = await call(DESK_PATHS.setPassword, { body });
    expect([again.status, again.body.message]).toEqual([410, DESK_ERROR_KEYS.linkUsed]);
  });

  it('refuses a second login of the same e-mail, a bad e-mail and an unknown role with the contract’s keys', async () => {
    const admin = await member('admin');
    const taken = await call(DESK_PATHS.staffAdd, {
      token: admin.token,
      body: { email: admin.email, role: 'support', lang: 'en' },
    });
    expect([taken.status, taken.body.message]).toEqual([409, DESK_ERROR_KEYS.emailTaken]);
    const bad = await call(DESK_PATHS.staffAdd, {
      token: admin.token,
      body: { email: 'not-an-email', role: 'boss', lang: 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: DESK_ERROR_KEYS.email },
        { field: 'role', message: DESK_ERROR_KEYS.role },
      ]),
    );
    expect((await app.desk.list()).items.filter((item) => item.email === 'not-an-email')).toEqual([]);
  });
});

describe('sign-in with a TOTP code', () => {
  it('confirms the enrolment only with a valid code of its secret', async () => {
    const email = nextEmail('support');
    const made = await app.desk.create(COMMAND_LINE, { email, role: 'support', lang: 'en' });
    if (!made.ok) throw new Error(made.message);
    const set = await call(DESK_PATHS.setPassword, {
      body: { token: made.data.link.token, password: PASSWORD, re_password: PASSWORD },
    });
    const enrolment = deskEnrolmentResponseSchema.validateSync(set.body).data;
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Vivu:.*secret=/);
    const wrong = String((Number(totpCode(enrolment.secret, clock)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(DESK_PATHS.enrol, { body: { enrol_token: enrolment.enrol_token, code: wrong } });
    expect([refused.status, refused.body.message]).toEqual([401, DESK_ERROR_KEYS.code]);
    // Until confirmed, a sign-in with the password answers a new enrolment, not a session.
    const early = deskLoginResponseSchema.validateSync(
      (await call(DESK_PATHS.login, { body: { email, password: PASSWORD } })).body,
    );
    expect(early.data.session).toBeNull();
    const fresh = early.data.enrolment!;
    const stale = await call(DESK_PATHS.enrol, {
      body: { enrol_token: enrolment.enrol_token, code: totpCode(enrolment.secret, clock) },
    });
    expect([stale.status, stale.body.message]).toEqual([410, DESK_ERROR_KEYS.enrolExpired]);
    const ok = await call(DESK_PATHS.enrol, { body: { enrol_token: fresh.enrol_token, code: totpCode(fresh.secret, clock) } });
    expect(ok.status).toBe(200);
    expect(deskSessionResponseSchema.validateSync(ok.body).data.staff).toMatchObject({ email, role: 'support' });
  });

  it('accepts a code once: the same code again, even within its window, is refused', async () => {
    const admin = await member('admin');
    const code = totpCode(admin.secret, clock);
    const first = await call(DESK_PATHS.login, { body: { email: admin.email, password: PASSWORD, code } });
    expect(first.status).toBe(200);
    expect(deskLoginResponseSchema.validateSync(first.body).data.session?.staff.email).toBe(admin.email);
    tick(5);
    const replay = await call(DESK_PATHS.login, { body: { email: admin.email, password: PASSWORD, code } });
    expect([replay.status, replay.body.message]).toEqual([401, DESK_ERROR_KEYS.code]);
    // Two uses at once: one wins.
    tick(30);
    const next = totpCode(admin.secret, clock);
    const both = await Promise.all(
      [1, 2].map(() => call(DESK_PATHS.login, { body: { email: admin.email, password: PASSWORD, code: next } })),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 401]);
    tick(30);
    expect((await signIn(admin.email, admin.secret)).status).toBe(200);
  });

  it('asks for the code after a right password, and answers a wrong password and an unknown e-mail alike', async () => {
    const admin = await member('admin');
    const noCode = await call(DESK_PATHS.login, { body: { email: admin.email, password: PASSWORD } });
    expect([noCode.status, noCode.body.message]).toEqual([401, DESK_ERROR_KEYS.codeRequired]);
    const wrong = await call(DESK_PATHS.login, { body: { email: admin.email, password: 'saimatkhau1', code: '123456' } });
    const unknown = await call(DESK_PATHS.login, { body: { email: 'nobody@vivu.example', password: PASSWORD, code: '123456' } });
    expect([wrong.status, wrong.body]).toEqual([401, unknown.body]);
    expect(unknown.status).toBe(401);
    const malformed = await call(DESK_PATHS.login, { body: { email: admin.email, password: PASSWORD, code: '12ab' } });
    expect([malformed.status, malformed.body.errors?.[0]?.message]).toEqual([400, DESK_ERROR_KEYS.code]);
  });

  it('backs a login off after 5 failed tries, before checking the password', async () => {
    const admin = await member('admin');
    for (let i = 0; i < 5; i += 1)
      expect((await call(DESK_PATHS.login, { body: { email: admin.email, password: 'saimatkhau1' } })).status).toBe(401);
    const locked = await call(DESK_PATHS.login, {
      body: { email: admin.email, password: PASSWORD, code: totpCode(admin.secret, clock) },
    });
    expect([locked.status, locked.body.message]).toEqual([429, DESK_ERROR_KEYS.tooManyAttempts]);
  });
});

describe('sessions', () => {
  it('ends a session on sign-out, and after 12 hours', async () => {
    const admin = await member('admin');
    expect(deskMeResponseSchema.validateSync((await call(DESK_PATHS.me, { token: admin.token })).body).data).toEqual({
      staff: { id: admin.id, email: admin.email, role: 'admin' },
      areas: ['staff', 'audit', 'content'],
    });
    expect((await call(DESK_PATHS.logout, { token: admin.token, body: {} })).status).toBe(200);
    notFound(await call(DESK_PATHS.me, { token: admin.token }));
    const again = deskLoginResponseSchema.validateSync((await signIn(admin.email, admin.secret)).body).data.session!;
    tick(11 * 3600);
    expect((await call(DESK_PATHS.me, { token: again.token })).status).toBe(200);
    tick(3600);
    notFound(await call(DESK_PATHS.me, { token: again.token }));
  });

  it('ends a removed member’s session at once, and a member’s sessions when its role changes', async () => {
    const admin = await member('admin');
    const support = await member('support');
    const finance = await member('finance');
    expect((await call(DESK_PATHS.me, { token: support.token })).status).toBe(200);
    const removed = await call(DESK_PATHS.staffRemove, { token: admin.token, body: { staff_id: support.id } });
    expect(removed.status).toBe(200);
    notFound(await call(DESK_PATHS.me, { token: support.token }));
    const again = await call(DESK_PATHS.login, {
      body: { email: support.email, password: PASSWORD, code: totpCode(support.secret, clock) },
    });
    expect([again.status, again.body.message]).toEqual([401, DESK_ERROR_KEYS.loginFailed]);

    const changed = await call(DESK_PATHS.staffRole, { token: admin.token, body: { staff_id: finance.id, role: 'content' } });
    expect(deskStaffMemberResponseSchema.validateSync(changed.body).data.role).toBe('content');
    notFound(await call(DESK_PATHS.me, { token: finance.token }));
    const back = deskLoginResponseSchema.validateSync((await signIn(finance.email, finance.secret)).body).data.session!;
    expect(back.staff.role).toBe('content');
  });

  it('keeps the last admin: never removed nor given another role', async () => {
    // A desk of its own: every admin of this file's database but one is removed first.
    const admin = await member('admin');
    for (const other of (await app.desk.list()).items.filter((item) => item.role === 'admin' && item.id !== admin.id))
      expect((await call(DESK_PATHS.staffRemove, { token: admin.token, body: { staff_id: other.id } })).status).toBe(200);
    const demote = await call(DESK_PATHS.staffRole, { token: admin.token, body: { staff_id: admin.id, role: 'support' } });
    expect([demote.status, demote.body.message]).toEqual([409, DESK_ERROR_KEYS.lastAdmin]);
    const remove = await call(DESK_PATHS.staffRemove, { token: admin.token, body: { staff_id: admin.id } });
    expect([remove.status, remove.body.message]).toEqual([409, DESK_ERROR_KEYS.lastAdmin]);
    const unknown = await call(DESK_PATHS.staffRemove, { token: admin.token, body: { staff_id: 999_999 } });
    expect([unknown.status, unknown.body.message]).toEqual([404, DESK_ERROR_KEYS.staffNotFound]);
  });

  it('sends a new link that resets the password and the authenticator, and kills the older link', async () => {
    const admin = await member('admin');
    const content = await member('content');
    const firstLink = linkTokenOf(content.email);
    const sent = await call(DESK_PATHS.staffResendLink, { token: admin.token, body: { staff_id: content.id, lang: 'en' } });
    expect(sent.status).toBe(200);
    const link = linkTokenOf(content.email);
    expect(link).not.toBe(firstLink);
    expect(mails.findLast((m) => m.to === content.email)?.subject).toBe('Set your Vivu operator desk password');
    // Its password keeps working until the link is used; using it ends every session and asks for a new enrolment.
    expect((await call(DESK_PATHS.me, { token: content.token })).status).toBe(200);
    const set = await call(DESK_PATHS.setPassword, {
      body: { token: link, password: 'moimatkhau8', re_password: 'moimatkhau8' },
    });
    expect(set.status).toBe(200);
    notFound(await call(DESK_PATHS.me, { token: content.token }));
    const old = await call(DESK_PATHS.login, {
      body: { email: content.email, password: 'moimatkhau8', code: totpCode(content.secret, clock) },
    });
    expect(deskLoginResponseSchema.validateSync(old.body).data.enrolment).not.toBeNull();
  });
});

describe('every desk call', () => {
  const adminCalls: { path: string; body?: object }[] = [
    { path: DESK_PATHS.staff },
    { path: DESK_PATHS.staffAdd, body: { email: 'x@vivu.example', role: 'support', lang: 'vi' } },
    { path: DESK_PATHS.staffRole, body: { staff_id: 1, role: 'support' } },
    { path: DESK_PATHS.staffRemove, body: { staff_id: 1 } },
    { path: DESK_PATHS.staffResendLink, body: { staff_id: 1, lang: 'vi' } },
    { path: `${DESK_PATHS.audit}?page=1` },
  ];
  const memberCalls: { path: string; body?: object }[] = [{ path: DESK_PATHS.me }, { path: DESK_PATHS.logout, body: {} }];

  it('answers as an unknown route without a session, with a passenger’s or a partner’s token, or with the wrong role', async () => {
    const phone = '0987000123';
    await db.database.db.insert(users).values({
      phone,
      passwordHash: await hashPassword(PASSWORD),
      verifiedPhone: true,
      referralCode: 'DESKTEST',
    });
    const passenger = await call(ACCOUNT_PATHS.login, { body: { phone_number: phone, password: PASSWORD } });
    expect(passenger.status).toBe(200);
    const passengerToken = (passenger.body.data as { token: string }).token;
    const [partner] = await db.database.db.insert(transportPartners).values({ slug: 'desk-test', name: 'Nhà xe D' }).returning();
    await db.database.db.insert(partnerStaff).values({
      partnerId: partner!.id,
      phone: '0938111222',
      fullname: 'Owner',
      passwordHash: await hashPassword(PASSWORD),
      role: 'owner',
    });
    const staff = await call(PARTNER_PATHS.login, { body: { phone_number: '0938111222', password: PASSWORD } });
    const partnerToken = (staff.body.data as { token: string }).token;
    const roles = await Promise.all((['support', 'finance', 'content'] as const).map((role) => member(role)));

    const strangers = [undefined, 'not-a-token', passengerToken, partnerToken];
    for (const { path, body } of [...adminCalls, ...memberCalls])
      for (const token of strangers) notFound(await call(path, { token, body }));
    for (const { path, body } of adminCalls) for (const { token } of roles) notFound(await call(path, { token, body }));
    // Bad input from a stranger is not even validated: still the unknown route.
    notFound(await call(DESK_PATHS.staffAdd, { token: passengerToken, body: { email: 42 } }));
    // The same members may use what every member may.
    for (const { token } of roles) expect((await call(DESK_PATHS.me, { token })).status).toBe(200);
  });
});

describe('the audit log', () => {
  it('lists sign-ins, failures, staff changes and enrolments with who, filtered and paged on the server', async () => {
    // Noon in Vietnam (05:00 UTC) of a day after the earlier tests' clock, so every entry below falls on that day.
    const noon = new Date(clock.getTime() + 24 * 3600_000);
    noon.setUTCHours(5, 0, 0, 0);
    clock = noon;
    const admin = await member('admin');
    const support = await member('support');
    await call(DESK_PATHS.login, { body: { email: support.email, password: 'saimatkhau1' } });
    await call(DESK_PATHS.staffRole, { token: admin.token, body: { staff_id: support.id, role: 'finance' } });
    const read = async (query: string) => {
      const answer = await call(`${DESK_PATHS.audit}?${query}`, { token: admin.token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return deskAuditResponseSchema.validateSync(answer.body).data;
    };
    const own = await read(`staff_id=${support.id}`);
    expect(own.items.map((entry) => entry.action)).toEqual(['sign_in_failed', 'sign_in', 'totp_enrolled', 'password_set']);
    const changed = await read(`action=staff_role_changed&staff_id=${admin.id}`);
    expect(changed.items[0]).toMatchObject({
      staff_email: admin.email,
      subject: `desk-${support.id}`,
      before: { email: support.email, role: 'support' },
      after: { email: support.email, role: 'finance' },
    });
    const created = await read('action=staff_created');
    expect(created.items.find((entry) => entry.subject === `desk-${support.id}`)?.staff_email).toBe('npm run staff:create');

    // Days are Vietnam's (UTC+7).
    const day = new Date(clock.getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await read(`from=${day}&to=${day}&staff_id=${support.id}`)).total).toBe(4);
    expect((await read(`from=2020-01-01&to=2020-01-02`)).total).toBe(0);

    for (let i = 0; i < DESK_AUDIT_PAGE_SIZE + 5; i += 1)
      await audit(db.database.db, { staff: admin, action: 'sign_out', at: clock });
    const first = await read(`action=sign_out&staff_id=${admin.id}`);
    const second = await read(`action=sign_out&staff_id=${admin.id}&page=2`);
    expect([first.items.length, second.items.length, first.pages, first.total]).toEqual([DESK_AUDIT_PAGE_SIZE, 5, 2, 55]);

    const bad = await call(`${DESK_PATHS.audit}?from=29-11-2026&action=drop_table`, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => error.message)).toEqual([DESK_ERROR_KEYS.filter, DESK_ERROR_KEYS.filter]);
  });

  it('is append-only: a second write of the same id fails, and no code updates or deletes it', async () => {
    const [row] = await db.database.db.select().from(deskAudit).limit(1);
    await expect(
      db.database.db.insert(deskAudit).values({ ...row!, action: 'sign_in', staffEmail: 'someone@else.example' }),
    ).rejects.toThrow();
    const [kept] = await db.database.db.select().from(deskAudit).where(eq(deskAudit.id, row!.id));
    expect(kept).toEqual(row);
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
      );
    const writers = sources('src/server').filter((file) => /\b(update|delete)\(\s*deskAudit\b/.test(readFileSync(file, 'utf8')));
    expect(writers).toEqual([]);
    const readers = sources('src/server').filter((file) => /\bdeskAudit\b/.test(readFileSync(file, 'utf8')));
    expect(readers.sort()).toEqual(['src/server/db/schema/desk.ts', 'src/server/modules/desk/audit.ts']);
  });
});

describe('the staff list', () => {
  it('lists every login with whether its password and authenticator are set', async () => {
    const admin = await member('admin');
    const waiting = nextEmail('finance');
    const added = await call(DESK_PATHS.staffAdd, {
      token: admin.token,
      body: { email: waiting.toUpperCase(), role: 'finance', lang: 'vi' },
    });
    expect(added.status).toBe(200);
    expect(JSON.stringify(added.body)).not.toContain(linkTokenOf(waiting));
    const list = deskStaffListResponseSchema.validateSync((await call(DESK_PATHS.staff, { token: admin.token })).body).data.items;
    expect(list.find((item) => item.email === waiting)).toMatchObject({ role: 'finance', has_password: false, enrolled: false });
    expect(list.find((item) => item.email === admin.email)).toMatchObject({ has_password: true, enrolled: true });
  });
});
