// A transport partner's joining: the application through the lead form (validated by the contract), the operator's
// approval (one partner and one owner login however many approvals race; a one-time set-password link by SMS and
// e-mail that works once and expires) and refusal (the reason told in the application's language), and the
// operator's call, which without its token answers exactly like an unknown route. The messages are rows of the
// message outbox written with the decision: a failing SMS provider is retried, and a sent row keeps no secret.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { createApp } from '../../../src/server/app';
import { leadContacts, messageOutbox, partnerStaff, transportPartners } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { LEAD_ERROR_KEYS, LEAD_PATHS } from '../../../src/shared/contract/leads';
import { JOIN_ERROR_KEYS, JOIN_PATHS, PASSWORD_LINK_HOURS } from '../../../src/shared/contract/partner-join';
import { PROVINCES } from '../../../src/shared/contract/provinces';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { SEED_PARTNERS } from '../../../src/server/db/seed-pricing';
import { partnerDemoPhone } from '../../../src/server/db/seed-trips';
import gazetteer from '../../../src/server/modules/places/data/gazetteer.json';

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
const OPERATOR = 'operator-secret-for-tests';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let bare: ReturnType<typeof createApp>;
let clock = new Date();
const sent: { channel: 'sms' | 'mail'; to: string; subject?: string; text: string }[] = [];
/** The SMS provider is down while this is set. */
let smsDown = false;
const messaging: Messaging = {
  sms: {
    send: async (to, text) => {
      if (smsDown) throw new Error('SMS provider unavailable');
      sent.push({ channel: 'sms', to, text });
    },
  },
  mailer: { send: async (to, subject, text) => void sent.push({ channel: 'mail', to, subject, text }) },
};

beforeAll(async () => {
  db = await createTestDatabase();
  const env = { ...process.env, OPERATOR_API_TOKEN: OPERATOR, PUBLIC_URL: 'https://vivu.test' };
  app = createApp({ database: db.database, log: silent, messaging, env, now: () => clock });
  const { OPERATOR_API_TOKEN: _none, ...without } = process.env;
  bare = createApp({ database: db.database, log: silent, messaging, env: without, now: () => clock });
});
afterAll(async () => {
  await db.cleanup();
});

let ip = 0;
async function post(path: string, body: unknown, headers: Record<string, string> = {}, on = app) {
  ip += 1;
  const res = await on.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${ip % 250}`, ...headers },
    body: JSON.stringify(body),
  });
  // What the call wrote to the message outbox is sent, as a running server's dispatcher does after the commit.
  await on.messages.drain();
  return { status: res.status, body: (await res.json()) as Answer };
}

let phoneSeq = 100;
function application(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  return {
    type: 'transport',
    fullname: 'Lê Văn Cường',
    phone: `0987${String(phoneSeq).padStart(6, '0')}`,
    email: `nhaxe${phoneSeq}@example.vn`,
    company_name: `Nhà xe Cường Phát ${phoneSeq}`,
    tax_code: '0101234567',
    fleet_size: 12,
    provinces: ['38', '01'],
    lang: 'vi',
    ...overrides,
  };
}

async function apply(overrides: Record<string, unknown> = {}) {
  const res = await post(LEAD_PATHS.leadContact, application(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}

const asOperator = { authorization: `Bearer ${OPERATOR}` };
const approve = (leadId: number) => post(JOIN_PATHS.approve, { lead_id: leadId }, asOperator);
const linkIn = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('the demo partners', () => {
  it('each joined by an application the operator approved, its owner the applicant with the demo phone', async () => {
    const partners = await db.database.db
      .select({ id: transportPartners.id, slug: transportPartners.slug, name: transportPartners.name })
      .from(transportPartners)
      .orderBy(transportPartners.id);
    expect(partners.map((p) => [p.id, p.slug])).toEqual(SEED_PARTNERS.map((seed, index) => [index + 1, seed.partner.slug]));
    const applications = await db.database.db.select().from(leadContacts).where(eq(leadContacts.type, 'transport'));
    for (const [index, partner] of partners.entries()) {
      const phone = partnerDemoPhone(index + 1);
      expect(applications.filter((row) => row.partnerId === partner.id)).toEqual([
        expect.objectContaining({ status: 'approved', companyName: partner.name, phone }),
      ]);
      const owners = await db.database.db.select().from(partnerStaff).where(eq(partnerStaff.partnerId, partner.id));
      expect(owners.filter((row) => row.role === 'owner').map((row) => row.phone)).toEqual([phone]);
    }
    // Their links were used by the seed, and nobody was told: no demo phone has a message waiting.
    const told = await db.database.db
      .select()
      .from(messageOutbox)
      .where(sql`${messageOutbox.recipient} like '09000000%'`);
    expect(told).toEqual([]);
  });
});

describe('the application', () => {
  it('keeps the provinces as the gazetteer has them', () => {
    expect(PROVINCES.map((p) => [p.code, p.vi, p.en])).toEqual(
      gazetteer.provinces.map((p: { code: string; name_vi: string; name_en: string }) => [p.code, p.name_vi, p.name_en]),
    );
  });

  it('asks a transport partner for the tax code, e-mail, fleet size and current provinces', async () => {
    const missing = await post(LEAD_PATHS.leadContact, application({ tax_code: '', email: '', fleet_size: '', provinces: [] }));
    expect(missing.status).toBe(400);
    const fields = Object.fromEntries(
      (missing.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      tax_code: LEAD_ERROR_KEYS.blank,
      email: LEAD_ERROR_KEYS.blank,
      fleet_size: LEAD_ERROR_KEYS.blank,
      provinces: JOIN_ERROR_KEYS.provinces,
    });
    const former = await post(LEAD_PATHS.leadContact, application({ provinces: ['38', '35'] }));
    expect(former.status).toBe(400);
    expect(former.body.errors[0]).toMatchObject({ field: 'provinces', message: JOIN_ERROR_KEYS.provinces });
  });

  it('waits for the operator with its provinces', async () => {
    const id = await apply({ provinces: ['38', '38', '01'] });
    const [row] = await db.database.db.select().from(leadContacts).where(eq(leadContacts.id, id));
    expect(row).toMatchObject({ type: 'transport', status: 'new', provinces: ['38', '01'], partnerId: null });
  });
});

describe('the operator call', () => {
  it('answers like an unknown route without the token configured, and with a wrong one', async () => {
    const id = await apply();
    const unknown = await post('/api/operator/partner_applications/nothing', { lead_id: id }, asOperator, bare);
    const without = await post(JOIN_PATHS.approve, { lead_id: id }, asOperator, bare);
    const wrong = await post(JOIN_PATHS.approve, { lead_id: id }, { authorization: 'Bearer guess' });
    const none = await post(JOIN_PATHS.refuse, { lead_id: id, reason: 'x' });
    for (const res of [without, wrong, none]) {
      expect(res.status).toBe(unknown.status);
      expect(res.body).toEqual(unknown.body);
    }
    const [row] = await db.database.db.select().from(leadContacts).where(eq(leadContacts.id, id));
    expect(row?.status).toBe('new');
  });

  it('refuses an unknown application and a business lead alike', async () => {
    const business = await post(LEAD_PATHS.leadContact, application({ type: 'business', email: 'biz@example.vn' }));
    for (const leadId of [business.body.data.id as number, 999_999]) {
      const res = await approve(leadId);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(JOIN_ERROR_KEYS.applicationNotFound);
    }
  });
});

describe('approval', () => {
  it('makes one partner and one owner however many approvals race, and sends the link once', async () => {
    const form = application();
    const id = await apply(form);
    const answers = await Promise.all(Array.from({ length: 5 }, () => approve(id)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const partnerIds = new Set(answers.map((res) => res.body.data.partner_id));
    expect(partnerIds.size).toBe(1);
    expect(answers.filter((res) => res.body.data.created)).toHaveLength(1);
    const partners = await db.database.db.select().from(transportPartners).where(eq(transportPartners.name, form.company_name));
    expect(partners).toHaveLength(1);
    expect(partners[0]).toMatchObject({ provinces: ['38', '01'], active: true });
    const owners = await db.database.db.select().from(partnerStaff).where(eq(partnerStaff.partnerId, partners[0]!.id));
    expect(owners).toEqual([expect.objectContaining({ phone: form.phone, role: 'owner', fullname: form.fullname })]);
    const [row] = await db.database.db.select().from(leadContacts).where(eq(leadContacts.id, id));
    expect(row).toMatchObject({ status: 'approved', partnerId: partners[0]!.id });
    const sms = sent.filter((m) => m.to === form.phone);
    const mail = sent.filter((m) => m.to === form.email);
    expect(sms).toHaveLength(1);
    expect(mail).toHaveLength(1);
    expect(sms[0]!.text).toContain('https://vivu.test/doi-tac/dat-mat-khau#token=');
    expect(linkIn(mail[0]!.text)).toBe(linkIn(sms[0]!.text));
    // 32 random bytes: 256 bits.
    expect(linkIn(sms[0]!.text)).toHaveLength(43);
  });

  it('leaves the owner no usable password until the link sets one; the link works once and signs in', async () => {
    const form = application({ lang: 'en' });
    await approve(await apply(form));
    const token = linkIn(sent.findLast((m) => m.to === form.phone)!.text);
    expect(sent.findLast((m) => m.to === form.phone)!.text).toContain('https://vivu.test/en/partner/set-password#token=');
    for (const password of ['', 'doitac123']) {
      const login = await post(PARTNER_PATHS.login, { phone_number: form.phone, password });
      expect(login.status).not.toBe(200);
    }
    const mismatch = await post(JOIN_PATHS.setPassword, { token, password: 'matkhau1', re_password: 'matkhau2', lang: 'en' });
    expect(mismatch.status).toBe(400);
    const set = await post(JOIN_PATHS.setPassword, { token, password: 'matkhau1', re_password: 'matkhau1', lang: 'en' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.staff).toMatchObject({ role: 'owner', partner_name: form.company_name });
    const tickets = await app.request(`${PARTNER_PATHS.tickets}?page=1&lang=en`, {
      headers: { authorization: `Bearer ${set.body.data.token}` },
    });
    expect(tickets.status).toBe(200);
    const again = await post(JOIN_PATHS.setPassword, { token, password: 'matkhau9', re_password: 'matkhau9', lang: 'en' });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(JOIN_ERROR_KEYS.linkUsed);
    const login = await post(PARTNER_PATHS.login, { phone_number: form.phone, password: 'matkhau1' });
    expect(login.status).toBe(200);
  });

  it('lets the link expire', async () => {
    const form = application();
    await approve(await apply(form));
    const token = linkIn(sent.findLast((m) => m.to === form.phone)!.text);
    const start = clock;
    try {
      clock = new Date(start.getTime() + PASSWORD_LINK_HOURS * 3_600_000 + 1000);
      const late = await post(JOIN_PATHS.setPassword, { token, password: 'matkhau1', re_password: 'matkhau1', lang: 'vi' });
      expect(late.status).toBe(410);
      expect(late.body.message).toBe(JOIN_ERROR_KEYS.linkExpired);
    } finally {
      clock = start;
    }
    const unknown = await post(JOIN_PATHS.setPassword, {
      token: 'x'.repeat(43),
      password: 'matkhau1',
      re_password: 'matkhau1',
      lang: 'vi',
    });
    expect(unknown.status).toBe(410);
    expect(unknown.body.message).toBe(JOIN_ERROR_KEYS.linkUsed);
  });

  it('keeps the link in the outbox while the SMS provider fails, sends it on a retry, and then keeps no secret', async () => {
    const form = application();
    smsDown = true;
    try {
      const res = await approve(await apply(form));
      expect(res.status).toBe(200);
    } finally {
      smsDown = false;
    }
    // The decision stands and the e-mail went; the SMS waits for its retry.
    expect(sent.filter((m) => m.to === form.phone)).toHaveLength(0);
    expect(sent.filter((m) => m.to === form.email)).toHaveLength(1);
    const sms = and(eq(messageOutbox.recipient, form.phone), eq(messageOutbox.event, 'partner_application_approved'));
    const [waiting] = await db.database.db.select().from(messageOutbox).where(sms);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, ticketId: null, channel: 'sms' });
    expect(waiting!.lastError).toContain('SMS provider unavailable');
    // Its back-off has passed.
    await db.database.db
      .update(messageOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(messageOutbox.id, waiting!.id));
    expect(await app.messages.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const texts = sent.filter((m) => m.to === form.phone);
    expect(texts).toHaveLength(1);
    const token = linkIn(texts[0]!.text);
    expect(token).toBe(linkIn(sent.findLast((m) => m.to === form.email)!.text));
    // Sent rows keep what they said but not the link's secret.
    const rows = await db.database.db.select().from(messageOutbox).where(eq(messageOutbox.subject, waiting!.subject!));
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    for (const row of rows) {
      expect(row.payload).toMatchObject({ company: form.company_name, name: form.fullname });
      expect(JSON.stringify(row)).not.toContain(token);
    }
    expect(await app.messages.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    const set = await post(JOIN_PATHS.setPassword, { token, password: 'matkhau1', re_password: 'matkhau1', lang: 'vi' });
    expect(set.status).toBe(200);
  });

  it('sends the owner a new link by the operator’s call, and the approval’s link dies', async () => {
    const form = application({ lang: 'en' });
    await approve(await apply(form));
    const lost = linkIn(sent.findLast((m) => m.to === form.phone)!.text);
    const wrong = await post(JOIN_PATHS.resendLink, { phone: form.phone, lang: 'en' }, { authorization: 'Bearer guess' });
    expect(wrong.status).toBe(404);
    const unknown = await post(JOIN_PATHS.resendLink, { phone: '0987999999', lang: 'en' }, asOperator);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(JOIN_ERROR_KEYS.staffNotFound);
    const res = await post(JOIN_PATHS.resendLink, { phone: form.phone.slice(1), phone_code: '+84', lang: 'en' }, asOperator);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const text = sent.findLast((m) => m.to === form.phone)!.text;
    expect(text).toContain(`${form.company_name} (owner)`);
    expect(text).toContain('https://vivu.test/en/partner/set-password#token=');
    const fresh = linkIn(text);
    expect(fresh).not.toBe(lost);
    const use = (token: string) =>
      post(JOIN_PATHS.setPassword, { token, password: 'matkhau1', re_password: 'matkhau1', lang: 'en' });
    expect((await use(lost)).status).toBe(410);
    expect((await use(fresh)).status).toBe(200);
  });

  it('refuses an applicant whose phone already signs in to a console', async () => {
    const first = application();
    await approve(await apply(first));
    const second = await apply({ ...application(), phone: first.phone });
    const res = await approve(second);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(JOIN_ERROR_KEYS.phoneTaken);
    const [row] = await db.database.db.select().from(leadContacts).where(eq(leadContacts.id, second));
    expect(row).toMatchObject({ status: 'new', partnerId: null });
  });
});

describe('refusal', () => {
  it('records the reason and tells the applicant in the application language, once', async () => {
    const form = application({ lang: 'en' });
    const id = await apply(form);
    const blank = await post(JOIN_PATHS.refuse, { lead_id: id, reason: '  ' }, asOperator);
    expect(blank.status).toBe(400);
    const reason = 'The business licence does not cover passenger transport';
    const res = await post(JOIN_PATHS.refuse, { lead_id: id, reason }, asOperator);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ lead_id: id, refused: true });
    const again = await post(JOIN_PATHS.refuse, { lead_id: id, reason }, asOperator);
    expect(again.body.data).toEqual({ lead_id: id, refused: false });
    const [row] = await db.database.db.select().from(leadContacts).where(eq(leadContacts.id, id));
    expect(row).toMatchObject({ status: 'refused', refusalReason: reason, partnerId: null });
    const sms = sent.filter((m) => m.to === form.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain(`Reason: ${reason}`);
    const mail = sent.filter((m) => m.to === form.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Vivu transport partner application');
    const approveRefused = await approve(id);
    expect(approveRefused.status).toBe(409);
    expect(approveRefused.body.message).toBe(JOIN_ERROR_KEYS.alreadyDecided);
  });

  it('tells a Vietnamese applicant in Vietnamese, and an approved one cannot be refused', async () => {
    const form = application();
    const id = await apply(form);
    await post(JOIN_PATHS.refuse, { lead_id: id, reason: 'Chưa đủ giấy phép kinh doanh vận tải' }, asOperator);
    expect(sent.findLast((m) => m.to === form.phone)!.text).toContain('Lý do: Chưa đủ giấy phép kinh doanh vận tải');
    const approvedId = await apply();
    await approve(approvedId);
    const res = await post(JOIN_PATHS.refuse, { lead_id: approvedId, reason: 'x' }, asOperator);
    expect(res.status).toBe(409);
  });
});
