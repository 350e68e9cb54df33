// The owner's staff logins: listed, added (the member's one-time set-password link by SMS), removed (its sessions end
// at once: the next call of its token is 401) and given another role (its sessions end too); the last owner is never
// removed or demoted; only an owner may, and only within its own partner (another partner's staff id answers like an
// unknown one).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { createApp } from '../../../src/server/app';
import { messageOutbox, partnerPasswordLinks, partnerStaff, transportPartners } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { JOIN_ERROR_KEYS, JOIN_PATHS, PASSWORD_LINK_RESENDS_PER_HOUR } from '../../../src/shared/contract/partner-join';
import { PARTNER_FORBIDDEN, type PartnerRole } from '../../../src/shared/contract/partner-roles';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/** The envelope as these tests read it (success or failure). */
interface Answer {
  message: string;
  errors: { field: string; message: string }[];
  data: {
    id: number;
    partner_id: number;
    created: boolean;
    token: string;
    role: string;
    staff: Record<string, unknown>;
    items: { phone: string; has_password: boolean }[];
  };
}

const silent: Logger = { info: () => {}, error: () => {} };
const PASSWORD = 'nhan-vien-123';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let partnerA = 0;
let partnerB = 0;
const sms: { to: string; text: string }[] = [];
const messaging: Messaging = {
  sms: { send: async (to, text) => void sms.push({ to, text }) },
  mailer: { send: async () => {} },
};

let phoneSeq = 0;
async function member(partnerId: number, role: PartnerRole) {
  phoneSeq += 1;
  const phone = `0938${String(phoneSeq).padStart(6, '0')}`;
  const [row] = await db.database.db
    .insert(partnerStaff)
    .values({ partnerId, phone, fullname: `${role} ${phoneSeq}`, passwordHash: await hashPassword(PASSWORD), role })
    .returning();
  return { id: row!.id, phone, token: await login(phone) };
}

async function login(phone: string) {
  const res = await app.request(PARTNER_PATHS.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

async function call(token: string, path: string, body?: object) {
  const res = await app.request(path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  // What the call wrote to the message outbox is sent, as a running server's dispatcher does after the commit.
  if (body) await app.messages.drain();
  return { status: res.status, body: (await res.json()) as Answer };
}

const ticketsOf = (token: string) => call(token, `${PARTNER_PATHS.tickets}?page=1&lang=vi`);

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, messaging });
  const made = await db.database.db
    .insert(transportPartners)
    .values([
      { slug: 'staff-test-a', name: 'Nhà xe A' },
      { slug: 'staff-test-b', name: 'Nhà xe B' },
    ])
    .returning({ id: transportPartners.id });
  partnerA = made[0]!.id;
  partnerB = made[1]!.id;
});
afterAll(async () => {
  await db.cleanup();
});

describe('staff logins', () => {
  it('adds a member with a one-time set-password link by SMS, and lists the partner’s own staff only', async () => {
    const owner = await member(partnerA, 'owner');
    await member(partnerB, 'owner');
    const added = await call(owner.token, JOIN_PATHS.staffAdd, {
      fullname: 'Trần Điều Phối',
      phone: '0912000111',
      role: 'dispatcher',
      lang: 'vi',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ phone: '0912000111', role: 'dispatcher', has_password: false });
    const text = sms.findLast((m) => m.to === '0912000111')!.text;
    expect(text).toMatch(/Nhà xe A .*điều phối/);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const set = await app.request(JOIN_PATHS.setPassword, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'dieuphoi1', re_password: 'dieuphoi1', lang: 'vi' }),
    });
    expect(set.status).toBe(200);
    const list = await call(owner.token, JOIN_PATHS.staff);
    expect(list.status).toBe(200);
    const phones = (list.body.data.items as { phone: string; has_password: boolean }[]).map((m) => [m.phone, m.has_password]);
    expect(phones).toEqual([
      [owner.phone, true],
      ['0912000111', true],
    ]);
  });

  it('refuses a bad role and a phone that already signs in, with the contract messages', async () => {
    const owner = await member(partnerA, 'owner');
    const other = await member(partnerB, 'dispatcher');
    const bad = await call(owner.token, JOIN_PATHS.staffAdd, { fullname: 'X', phone: '0912000222', role: 'boss', lang: 'vi' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'role', message: JOIN_ERROR_KEYS.role });
    const badPhone = await call(owner.token, JOIN_PATHS.staffAdd, { fullname: 'X', phone: '12', role: 'dispatcher', lang: 'vi' });
    expect(badPhone.status).toBe(400);
    const taken = await call(owner.token, JOIN_PATHS.staffAdd, {
      fullname: 'X',
      phone: other.phone,
      role: 'accountant',
      lang: 'vi',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(JOIN_ERROR_KEYS.phoneTaken);
  });

  it('ends a removed member’s sessions at once', async () => {
    const owner = await member(partnerA, 'owner');
    const dispatcher = await member(partnerA, 'dispatcher');
    expect((await ticketsOf(dispatcher.token)).status).toBe(200);
    const removed = await call(owner.token, JOIN_PATHS.staffRemove, { staff_id: dispatcher.id });
    expect(removed.status).toBe(200);
    expect((await ticketsOf(dispatcher.token)).status).toBe(401);
    const rows = await db.database.db.select().from(partnerStaff).where(eq(partnerStaff.id, dispatcher.id));
    expect(rows).toHaveLength(0);
  });

  it('ends a member’s sessions when its role changes, and the new role holds at the next login', async () => {
    const owner = await member(partnerA, 'owner');
    const dispatcher = await member(partnerA, 'dispatcher');
    const changed = await call(owner.token, JOIN_PATHS.staffRole, { staff_id: dispatcher.id, role: 'accountant' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe('accountant');
    expect((await ticketsOf(dispatcher.token)).status).toBe(401);
    const again = await login(dispatcher.phone);
    expect((await ticketsOf(again)).status).toBe(403);
  });

  it('never removes or demotes the last owner, even two owners at once', async () => {
    const [solo] = await db.database.db.insert(transportPartners).values({ slug: 'staff-test-c', name: 'Nhà xe C' }).returning();
    const first = await member(solo!.id, 'owner');
    const last = await call(first.token, JOIN_PATHS.staffRemove, { staff_id: first.id });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(JOIN_ERROR_KEYS.lastOwner);
    const demote = await call(first.token, JOIN_PATHS.staffRole, { staff_id: first.id, role: 'dispatcher' });
    expect(demote.status).toBe(409);
    const second = await member(solo!.id, 'owner');
    const both = await Promise.all([
      call(first.token, JOIN_PATHS.staffRole, { staff_id: second.id, role: 'dispatcher' }),
      call(second.token, JOIN_PATHS.staffRole, { staff_id: first.id, role: 'dispatcher' }),
    ]);
    const statuses = both.map((res) => res.status).sort();
    // One demotion wins; the other is refused as the last owner's, or its caller was the one demoted (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const owners = await db.database.db.select().from(partnerStaff).where(eq(partnerStaff.partnerId, solo!.id));
    expect(owners.filter((row) => row.role === 'owner')).toHaveLength(1);
  });

  it('answers another partner’s staff id exactly like an unknown one', async () => {
    const owner = await member(partnerA, 'owner');
    const theirs = await member(partnerB, 'dispatcher');
    for (const [path, body] of [
      [JOIN_PATHS.staffRemove, { staff_id: theirs.id }],
      [JOIN_PATHS.staffRole, { staff_id: theirs.id, role: 'accountant' }],
      [JOIN_PATHS.staffResendLink, { staff_id: theirs.id, lang: 'vi' }],
    ] as const) {
      const probe = await call(owner.token, path, body);
      const unknown = await call(owner.token, path, { ...body, staff_id: 9_999_999 });
      expect(probe.status).toBe(404);
      expect(probe.body).toEqual(unknown.body);
    }
    expect((await ticketsOf(theirs.token)).status).toBe(200);
    expect(sms.filter((m) => m.to === theirs.phone)).toHaveLength(0);
  });

  it('sends a member a new link that kills the older ones, a few an hour, claimed one at a time', async () => {
    const owner = await member(partnerA, 'owner');
    const added = await call(owner.token, JOIN_PATHS.staffAdd, {
      fullname: 'Lê Kế Toán',
      phone: '0912000444',
      role: 'accountant',
      lang: 'en',
    });
    expect(added.status).toBe(200);
    const linkOf = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const first = linkOf(sms.findLast((m) => m.to === '0912000444')!.text);
    const resend = () => call(owner.token, JOIN_PATHS.staffResendLink, { staff_id: added.body.data.id, lang: 'en' });
    const answers = await Promise.all(Array.from({ length: PASSWORD_LINK_RESENDS_PER_HOUR + 2 }, resend));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(PASSWORD_LINK_RESENDS_PER_HOUR).fill(200), 429, 429]);
    expect(answers.find((res) => res.status === 429)!.body.message).toBe(JOIN_ERROR_KEYS.resendLimit);
    const links = await db.database.db
      .select()
      .from(partnerPasswordLinks)
      .where(eq(partnerPasswordLinks.staffId, added.body.data.id));
    expect(links).toHaveLength(PASSWORD_LINK_RESENDS_PER_HOUR + 1);
    expect(links.filter((link) => link.usedAt === null)).toHaveLength(1);
    // No outbox row of the member keeps a secret: each was sent, or withdrawn unsent by a newer link.
    const rows = await db.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.subject, `staff-${added.body.data.id}`));
    expect(rows.every((row) => !('token' in row.payload))).toBe(true);
    const texts = sms.filter((m) => m.to === '0912000444');
    expect(texts.at(-1)!.text).toMatch(/^Vivu: set your password for the partner console of Nhà xe A \(accountant\)/);
    const use = (token: string) =>
      app.request(JOIN_PATHS.setPassword, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'ketoan123', re_password: 'ketoan123', lang: 'en' }),
      });
    expect((await use(first)).status).toBe(410);
    expect((await use(linkOf(texts.at(-1)!.text))).status).toBe(200);
  });

  it('resets a member’s password with a new link: the old password works until it is used, then no session of it', async () => {
    const owner = await member(partnerA, 'owner');
    const dispatcher = await member(partnerA, 'dispatcher');
    const sent = await call(owner.token, JOIN_PATHS.staffResendLink, { staff_id: dispatcher.id, lang: 'vi' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ staff_id: dispatcher.id, phone: dispatcher.phone });
    expect((await ticketsOf(dispatcher.token)).status).toBe(200);
    const token = /#token=([A-Za-z0-9_-]+)/.exec(sms.findLast((m) => m.to === dispatcher.phone)!.text)![1]!;
    const set = await app.request(JOIN_PATHS.setPassword, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'dieuphoi99', re_password: 'dieuphoi99', lang: 'vi' }),
    });
    expect(set.status).toBe(200);
    expect((await ticketsOf(dispatcher.token)).status).toBe(401);
  });

  it('lets only an owner manage staff', async () => {
    const dispatcher = await member(partnerA, 'dispatcher');
    const accountant = await member(partnerA, 'accountant');
    for (const who of [dispatcher, accountant]) {
      const list = await call(who.token, JOIN_PATHS.staff);
      expect(list.status).toBe(403);
      expect(list.body.message).toBe(PARTNER_FORBIDDEN);
      const add = await call(who.token, JOIN_PATHS.staffAdd, { fullname: 'X', phone: '0912000333', role: 'owner', lang: 'vi' });
      expect(add.status).toBe(403);
      const promote = await call(who.token, JOIN_PATHS.staffRole, { staff_id: who.id, role: 'owner' });
      expect(promote.status).toBe(403);
      const resend = await call(who.token, JOIN_PATHS.staffResendLink, { staff_id: who.id, lang: 'vi' });
      expect(resend.status).toBe(403);
    }
    const rows = await db.database.db.select().from(partnerStaff).where(eq(partnerStaff.phone, '0912000333'));
    expect(rows).toHaveLength(0);
  });
});
