// Every link a passenger is sent opens from where it arrives: after the real calls (a booking, a partner's
// acceptance, a payment, a sign-up and a forgotten password's codes, Zalo's template message, a push), the outbox
// files, Zalo's fake and the push sender hold only absolute http(s) links, on the origin the booking came through when
// PUBLIC_URL is unset; a Host the server cannot prove its own never reaches a message.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { outboxPaths } from '../../../src/server/adapters/messaging/outbox';
import type { PushSender } from '../../../src/server/adapters/push/types';
import { partnerStaff, tickets } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import { fallbackLinkOrigin } from '../../../src/server/http/origin';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { PUSH_PATHS, type PushPayload } from '../../../src/shared/contract/push';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { pathFor } from '../../../src/shared/domain/route-table';
import { bookingPayload, keyHeader, optionOf, uniquePhone } from '../helpers/booking';
import { mailTo, smsTo } from '../helpers/outbox';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { startZaloFake, type ZaloFake } from '../../fakes/zalo-fake';

const quiet = { info() {}, error() {} };
let db: TestDatabase;
let dataDir: string;
let zalo: ZaloFake;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
const pushed: PushPayload[] = [];
const sender: PushSender = {
  send: async (_target, payload) => {
    pushed.push(payload);
    return 'sent';
  },
};

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-links-'));
  zalo = await startZaloFake();
  const env: NodeJS.ProcessEnv = {
    ZALO_ACCESS_TOKEN: zalo.accessToken,
    ZALO_BASE_URL: zalo.url.replace(/\/message\/template$/, ''),
    ZALO_TEMPLATE_BOOKING_RECEIVED: '231001',
  };
  app = createApp({ database: db.database, log: quiet, dataDir, env, push: { sender } });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await zalo.close();
  await db?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

let ipCounter = 0;
const newIp = () => ({ 'x-forwarded-for': `198.20.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}` });

/** A POST on the given origin (the URL the server sees, Host included). */
function postOn(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...newIp(), ...headers },
    body: JSON.stringify(body),
  });
}

async function book(origin: string, overrides: Record<string, unknown> = {}) {
  const body = bookingPayload(vivu, undefined, { email: `l${randomBytes(5).toString('hex')}@example.com`, ...overrides });
  const res = await postOn(origin, BOOKING_PATHS.createTicket, body);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await db.database.db.select().from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error(`no ticket ${created.ticket_code}`);
  return { ...row, key: created.data.ticket_key };
}

async function staffToken(partnerId: number): Promise<string> {
  const [owner] = await db.database.db
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')));
  const res = await postOn('http://localhost', PARTNER_PATHS.login, {
    phone_number: owner?.phone,
    password: partnerDemoPassword(),
  });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

/** Every whitespace-separated piece of `text` that is a link or a path (a date such as 27/11/2026 is neither). */
function linksIn(text: string): string[] {
  return text
    .split(/\s+/)
    .map((piece) => piece.replace(/[.,;:)]+$/, ''))
    .filter((piece) => piece.includes('/') && !/^\(?\d{1,2}\/\d{1,2}\/\d{4}$/.test(piece));
}

/** Everything sent: each SMS and e-mail in the outbox files, each Zalo template's data, each push. */
function everythingSent(): string[] {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const paths = outboxPaths(dataDir);
  const lines = [...read(paths.sms).split('\n'), ...read(paths.mail).split('\n')].filter(Boolean);
  const texts = lines.flatMap((line) => {
    const entry = JSON.parse(line) as { subject?: string; text: string };
    return [entry.subject ?? '', entry.text];
  });
  return [
    ...texts,
    ...zalo.delivered.flatMap((message) => Object.values(message.template_data).map(String)),
    ...pushed.map((payload) => payload.url),
  ];
}

const ABSOLUTE = /^https?:\/\/[^/\s]+\/\S*$/;

describe('links in messages', () => {
  it('go on the origin the booking came through, in the SMS, the e-mail and the partner’s acceptance', async () => {
    const ticket = await book('http://localhost:8331', { lang: 'en', email: 'links-en@example.com' });
    const token = await staffToken(vivu.partner.id);
    const accepted = await postOn(
      'http://localhost:8331',
      PARTNER_PATHS.transition,
      { ticket_code: ticket.code, to: 'not_started' },
      { authorization: `Bearer ${token}` },
    );
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    await app.messages.drain();
    const link = `http://localhost:8331${pathFor('ticket-detail', 'en', { code: ticket.code, phone: ticket.phone })}`;
    const sms = smsTo(dataDir, ticket.phone);
    expect(sms.length).toBeGreaterThanOrEqual(2);
    for (const text of sms) expect(text).toContain(`Your ticket: ${link}`);
    const mails = mailTo(dataDir, 'links-en@example.com');
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) expect(mail.text).toContain(link);
  });

  it('never carry a Host the server cannot prove its own: such a booking links on the server’s fallback origin', async () => {
    const ticket = await book('http://evil.example', { lang: 'en', email: 'links-forged@example.com' });
    await app.messages.drain();
    const sms = smsTo(dataDir, ticket.phone).join('\n');
    const mails = JSON.stringify(mailTo(dataDir, 'links-forged@example.com'));
    expect(sms).not.toContain('evil.example');
    expect(mails).not.toContain('evil.example');
    expect(sms).toContain(`${fallbackLinkOrigin()}${pathFor('ticket-detail', 'en', { code: ticket.code, phone: ticket.phone })}`);
  });

  it('go on PUBLIC_URL’s origin when it is set, whatever the request’s', async () => {
    const behindProxy = createApp({ database: db.database, log: quiet, dataDir, env: { PUBLIC_URL: 'https://vivu.vn/' } });
    const body = bookingPayload(vivu, undefined, { lang: 'vi', email: 'links-public@example.com' });
    const res = await behindProxy.request(`http://localhost:8331${BOOKING_PATHS.createTicket}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...newIp() },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const code = createTicketResponseSchema.validateSync(await res.json()).ticket_code;
    await behindProxy.messages.drain();
    const [row] = await db.database.db.select().from(tickets).where(eq(tickets.code, code));
    const link = `https://vivu.vn${pathFor('ticket-detail', 'vi', { code, phone: row?.phone ?? '' })}`;
    expect(smsTo(dataDir, row?.phone ?? '').join('\n')).toContain(`Xem vé: ${link}`);
  });

  it('go by Zalo’s template message with its link absolute too', async () => {
    const before = zalo.delivered.length;
    const ticket = await book('http://127.0.0.1:8331', { lang: 'vi', phone: uniquePhone() });
    await app.messages.drain();
    const message = zalo.delivered.slice(before).find((sent) => sent.template_data.ticket_code === ticket.code);
    expect(message?.template_data.link).toBe(
      `http://127.0.0.1:8331${pathFor('ticket-detail', 'vi', { code: ticket.code, phone: ticket.phone })}`,
    );
  });

  it('open the ticket from a push with its absolute address', async () => {
    const ticket = await book('http://localhost:8331', { lang: 'vi' });
    const subscribed = await postOn(
      'http://localhost:8331',
      PUSH_PATHS.subscribe,
      {
        subscription: {
          endpoint: `https://push.example.com/send/${randomBytes(8).toString('hex')}`,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        },
        ticket_code: ticket.code,
      },
      keyHeader(ticket.key),
    );
    expect(subscribed.status, await subscribed.clone().text()).toBe(200);
    const token = await staffToken(vivu.partner.id);
    const moved = await postOn(
      'http://localhost:8331',
      PARTNER_PATHS.transition,
      { ticket_code: ticket.code, to: 'not_started' },
      { authorization: `Bearer ${token}` },
    );
    expect(moved.status).toBe(200);
    await app.messages.drain();
    const payload = pushed.find((sent) => sent.ticket_code === ticket.code);
    expect(payload?.url).toBe(
      `http://localhost:8331${pathFor('ticket-detail', 'vi', { code: ticket.code, phone: ticket.phone })}`,
    );
  });

  it('are absolute in everything sent, codes of a sign-up and of a forgotten password included', async () => {
    const phone = uniquePhone();
    const registered = await postOn('http://localhost:8331', ACCOUNT_PATHS.registerAccount, {
      phone_number: phone,
      password: 'vivu2026an',
      re_password: 'vivu2026an',
      fullname: 'Lan',
    });
    expect(registered.status).toBe(200);
    const forgot = await postOn('http://localhost:8331', ACCOUNT_PATHS.forgotPassword, { phone_number: phone });
    expect(forgot.status).toBe(200);
    expect(smsTo(dataDir, phone.replace(/^0/, '84')).length + smsTo(dataDir, phone).length).toBeGreaterThanOrEqual(2);

    const sent = everythingSent();
    const links = sent.flatMap(linksIn);
    expect(links.length).toBeGreaterThanOrEqual(8);
    expect(links.filter((link) => !ABSOLUTE.test(link))).toEqual([]);
  });
});
