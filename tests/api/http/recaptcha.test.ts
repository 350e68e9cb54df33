// The recaptcha check of ticket creation and sign-up (spec 7), against a local endpoint that answers like
// Google's siteverify and records what it was asked. On only while a site key is configured and the server has a
// verifier; a refused or missing token answers 403 errors.recaptcha and writes nothing; when the service does not
// answer, the booking goes on (the anti-fraud check still runs).
import { eq } from 'drizzle-orm';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { googleRecaptcha } from '../../../src/server/adapters/recaptcha/google';
import { settings, tickets } from '../../../src/server/db/schema';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { BOOKING_PATHS } from '../../../src/shared/contract/booking';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { RECAPTCHA_HEADER } from '../../../src/shared/contract/recaptcha';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { bookingPayload, optionOf, post, uniquePhone, uniqueSession } from '../helpers/booking';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/** What the fake siteverify answers per token, and what it was asked. */
const ANSWERS: Record<string, object> = {
  good: { success: true, score: 0.9, action: 'create_ticket' },
  'good-signup': { success: true, score: 0.8, action: 'register_account' },
  bot: { success: true, score: 0.1, action: 'create_ticket' },
  'other-action': { success: true, score: 0.9, action: 'login' },
  expired: { success: false, 'error-codes': ['timeout-or-duplicate'] },
};
const asked: URLSearchParams[] = [];
let verifyServer: Server;
let verifyUrl = '';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
const errors: string[] = [];

beforeAll(async () => {
  verifyServer = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      asked.push(form);
      if (form.get('response') === 'server-down') return res.writeHead(503).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(ANSWERS[form.get('response') ?? ''] ?? { success: false }));
    });
  });
  await new Promise<void>((resolve) => verifyServer.listen(0, '127.0.0.1', resolve));
  verifyUrl = `http://127.0.0.1:${(verifyServer.address() as AddressInfo).port}/siteverify`;
  db = await createTestDatabase();
  app = createApp({
    database: db.database,
    log: { info() {}, error: (message) => errors.push(message) },
    settingsTtlMs: 0,
    recaptcha: googleRecaptcha({ secret: 'test-secret', url: verifyUrl }),
  });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  await new Promise((resolve) => verifyServer.close(resolve));
});

const setSiteKey = (value: string) =>
  db.database.db.update(settings).set({ value }).where(eq(settings.key, 'recaptcha_site_key'));

beforeEach(async () => {
  asked.length = 0;
  errors.length = 0;
  await setSiteKey('site-key-for-tests');
});

async function book(token?: string) {
  const session = uniqueSession();
  const res = await post(
    app,
    BOOKING_PATHS.createTicket,
    bookingPayload(vivu, undefined, { phone: uniquePhone(), ticket_session: session }),
    token === undefined ? {} : { [RECAPTCHA_HEADER]: token },
  );
  const rows = await db.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.ticketSession, session));
  return { res, written: rows.length };
}

async function refusal(res: Response) {
  expect(res.status).toBe(403);
  return failureSchema.validateSync(await res.json()).message;
}

describe('recaptcha on create_ticket', () => {
  it('books with a good token, and sends the secret, the token and the address to the service', async () => {
    const { res, written } = await book('good');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(written).toBe(1);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get('secret')).toBe('test-secret');
    expect(asked[0]?.get('response')).toBe('good');
    expect(asked[0]?.has('remoteip')).toBe(true);
  });

  it('refuses a missing token without asking the service, and writes nothing', async () => {
    const { res, written } = await book();
    expect(await refusal(res)).toBe(ERROR_KEYS.recaptcha);
    expect(written).toBe(0);
    expect(asked).toHaveLength(0);
  });

  it('refuses a low score, a token made for another action and a token the service rejects', async () => {
    for (const token of ['bot', 'other-action', 'expired']) {
      const { res, written } = await book(token);
      expect(await refusal(res)).toBe(ERROR_KEYS.recaptcha);
      expect(written).toBe(0);
    }
  });

  it('lets the booking through, logged, when the service does not answer', async () => {
    const { res, written } = await book('server-down');
    expect(res.status).toBe(200);
    expect(written).toBe(1);
    expect(errors).toContain('recaptcha unavailable, request let through');
  });

  it('asks for nothing while no site key is configured', async () => {
    await setSiteKey('');
    const { res, written } = await book();
    expect(res.status).toBe(200);
    expect(written).toBe(1);
    expect(asked).toHaveLength(0);
  });

  it('guards the online-payment creation too', async () => {
    const res = await post(
      app,
      BOOKING_PATHS.createTicketPaymentOnline,
      bookingPayload(vivu, undefined, { phone: uniquePhone(), pay_method_id: 8 }),
    );
    expect(await refusal(res)).toBe(ERROR_KEYS.recaptcha);
  });
});

describe('recaptcha on register_account', () => {
  const body = () => ({ phone_number: uniquePhone(), password: 'vivu2026an', re_password: 'vivu2026an', fullname: 'Lan' });

  it('registers with a token made for the sign-up, and refuses one made for a booking', async () => {
    const ok = await post(app, ACCOUNT_PATHS.registerAccount, body(), { [RECAPTCHA_HEADER]: 'good-signup' });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const wrong = await post(app, ACCOUNT_PATHS.registerAccount, body(), { [RECAPTCHA_HEADER]: 'good' });
    expect(await refusal(wrong)).toBe(ERROR_KEYS.recaptcha);
  });
});

describe('the content security policy', () => {
  it('lets recaptcha in only while a site key is configured', async () => {
    // The policy pages get (robots.txt stands for any answer that is not JSON).
    const csp = async () => (await app.request('/robots.txt')).headers.get('content-security-policy') ?? '';
    expect(await csp()).toMatch(/script-src [^;]*https:\/\/www\.google\.com https:\/\/www\.gstatic\.com/);
    expect(await csp()).toMatch(/frame-src https:\/\/www\.google\.com/);
    await setSiteKey('');
    expect(await csp()).not.toContain('www.google.com');
  });
});
