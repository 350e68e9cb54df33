// The attacks, each reproduced and shown refused: walking ticket ids, acting on a ticket with its code
// alone, escaping the per-address limits with X-Forwarded-For, bursts of logins, bookings and sign-ups that raced
// check-then-act limits, the sandbox's test card in production, NUL bytes and lone surrogates, sessions that never
// ended, departures in year 9999 and the most common passwords. On PGlite and on PostgreSQL (TEST_DB).
import { eq, sql as raw } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { openDatabase } from '../../../src/server/db/client';
import { payments, tickets } from '../../../src/server/db/schema';
import { businessAccounts } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { createRateLimiter } from '../../../src/server/http/rate-limit';
import { ACCOUNT_ERROR_KEYS, ACCOUNT_PATHS, authResponseSchema } from '../../../src/shared/contract/accounts';
import {
  BOOKING_ERROR_KEYS,
  BOOKING_PATHS,
  createTicketResponseSchema,
  payMethodsResponseSchema,
} from '../../../src/shared/contract/booking';
import { CANCEL_ERROR_KEYS, CANCEL_PATHS } from '../../../src/shared/contract/tickets';
import { DEPART_TIME_FAR_KEY } from '../../../src/shared/contract/common';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { businessLoginResponseSchema } from '../../../src/shared/contract/business';
import { LEAD_PATHS } from '../../../src/shared/contract/leads';
import { PAYMENT_ERROR_KEYS, PAYMENT_PATHS, checkStatusResponseSchema } from '../../../src/shared/contract/payments';
import { PUSH_PATHS } from '../../../src/shared/contract/push';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PRICING_PATHS } from '../../../src/shared/contract/pricing';
import { RATING_PATHS } from '../../../src/shared/contract/tickets';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { TEXT_KEY } from '../../../src/shared/contract/yup-text';
import { formatVnDateTime } from '../../../src/shared/domain/vn-time';
import {
  AIRPORT_TRIP,
  bookingPayload,
  inTwoDays,
  keyHeader,
  optionOf,
  startedPage,
  startPayment,
  uniquePhone,
  uniqueSession,
  type OwnedTicket,
} from '../helpers/booking';
import { mailTo, smsTo, waitForMail } from '../helpers/outbox';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';
import { BUSINESS_PATHS } from '../../../src/shared/contract/business';
import { SUPPORT_PATHS } from '../../../src/shared/contract/support';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
const DAY_MS = 24 * 60 * 60 * 1000;

let db: TestDatabase;
let dataDir: string;
let offsetMs = 0;
/**
 * Set while a burst runs: the servers' clock stands still, so that the login lock the burst sets (2 s at first) cannot
 * run out on a slow or busy machine before the test sends the right password (seen on a loaded CI run).
 */
let frozenAt: number | null = null;
const clock = () => new Date((frozenAt ?? Date.now()) + offsetMs);
/** Runs `fn` with the servers' clock stopped at the present. */
async function withClockStopped<T>(fn: () => Promise<T>): Promise<T> {
  frozenAt = Date.now();
  try {
    return await fn();
  } finally {
    frozenAt = null;
  }
}
/** The app as it runs by default: no proxy trusted (X-Forwarded-For ignored), the default limits. */
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let socketCounter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'vivu-security-'));
  app = createApp({
    database: db.database,
    log: silent,
    dataDir,
    trustProxy: '',
    now: clock,
    settingsTtlMs: 0,
  });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await db.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
// A test that fails while the clock stands still leaves it running for the next.
afterEach(() => {
  frozenAt = null;
});

const sql = () => db.database.db;

/** A fresh socket address, as a new client's connection has (the node server's env, which app.request accepts). */
const newSocket = () => `198.51.${Math.floor((socketCounter += 1) / 250)}.${socketCounter % 250}`;
const fromSocket = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

interface Answer {
  status: number;
  text: string;
  body: unknown;
}

async function send(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; ip?: string } = {},
  target = app,
): Promise<Answer> {
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const res = await target.request(
    url,
    {
      method,
      headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    fromSocket(options.ip ?? newSocket()),
  );
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: res.status, text, body };
}

const messageOf = (answer: Answer) => failureSchema.validateSync(answer.body).message;

/** A postpaid (or, with pay_method_id 8, online) ticket booked by its passenger: its code, key and phone. */
async function book(overrides: Record<string, unknown> = {}): Promise<OwnedTicket & { phone: string; id: number }> {
  const phone = uniquePhone();
  const online = overrides.pay_method_id === 8;
  const res = await send('POST', online ? BOOKING_PATHS.createTicketPaymentOnline : BOOKING_PATHS.createTicket, {
    body: bookingPayload(vivu, AIRPORT_TRIP, { phone, ...overrides }),
  });
  expect(res.status, res.text).toBe(200);
  const created = createTicketResponseSchema.validateSync(res.body);
  const [row] = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.code, created.ticket_code));
  return { code: created.ticket_code, key: created.data.ticket_key, phone, id: row!.id };
}

describe(`ticket ids give away nothing, and a code alone opens nothing (${TEST_DB})`, () => {
  it('answers no ticket id, and walking ids through every call that took one learns no code', async () => {
    const victim = await book({ pay_method_id: 8 });
    const mine = await book();
    const codes = (await sql().select({ code: tickets.code }).from(tickets)).map((row) => row.code);
    const last = Math.max(victim.id, mine.id) + 3;
    const seen: string[] = [];
    for (let id = 1; id <= last; id += 1) {
      const asked = [
        await send('GET', PAYMENT_PATHS.checkStatus, { query: { ticket_id: String(id) } }),
        await send('POST', PAYMENT_PATHS.payOnlineRequest, { body: { ticket_id: id, pay_method: 8, url_return: '/' } }),
        await send('POST', PAYMENT_PATHS.paypalRequest, { body: { ticket_id: id, url_return: '/' } }),
        await send('POST', BOOKING_PATHS.quitNightBooking, { body: { ticket_id: id } }),
        await send('POST', BOOKING_PATHS.autoCancelBooking, { body: { ticket_id: id } }),
        await send('POST', BOOKING_PATHS.autoProcessTicket, { body: { id } }),
        await send('GET', BOOKING_PATHS.checkNightBooking, { query: { ticket_id: String(id) } }),
      ];
      for (const answer of asked) {
        expect(answer.status).toBe(400);
        seen.push(answer.text);
      }
      // The old browser navigation is no route any more (the path takes POST only).
      const navigation = await send('GET', PAYMENT_PATHS.payOnlineRequest, {
        query: { ticket_id: String(id), pay_method: '8', url_return: '/' },
      });
      expect(navigation.status).toBe(405);
      seen.push(navigation.text);
    }
    for (const code of codes) expect(seen.join('\n')).not.toContain(code);

    // The answers a passenger gets name the ticket by its code, never by its row.
    const info = await send('GET', TICKET_LOOKUP_PATHS.ticketInfo, {
      query: { ticket_code: victim.code },
      headers: keyHeader(victim.key),
    });
    expect(info.status, info.text).toBe(200);
    expect(ticketInfoResponseSchema.validateSync(info.body).data.code).toBe(victim.code);
    const status = await send('GET', PAYMENT_PATHS.checkStatus, {
      query: { ticket_code: victim.code },
      headers: keyHeader(victim.key),
    });
    expect(checkStatusResponseSchema.validateSync(status.body).data.ticket_code).toBe(victim.code);
    for (const answer of [info, status]) expect(answer.text).not.toContain('ticket_id');
  });

  it('refuses every ticket call made with the code alone, or with a wrong key or contact, as an unknown code', async () => {
    const victim = await book({ pay_method_id: 8 });
    const code = { ticket_code: victim.code };
    const wrongKey = keyHeader('x'.repeat(43));
    const calls: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      [PAYMENT_PATHS.checkStatus, 'GET', code],
      [PAYMENT_PATHS.payOnlineRequest, 'POST', { ...code, pay_method: 8, url_return: '/dat-xe' }],
      [PAYMENT_PATHS.paypalRequest, 'POST', { ...code, url_return: '/dat-xe' }],
      [BOOKING_PATHS.quitNightBooking, 'POST', code],
      [BOOKING_PATHS.autoCancelBooking, 'POST', code],
      [BOOKING_PATHS.autoProcessTicket, 'POST', code],
      [BOOKING_PATHS.checkNightBooking, 'GET', code],
      [TICKET_LOOKUP_PATHS.ticketInfo, 'GET', code],
      [CANCEL_PATHS.generateCancelToken, 'POST', code],
      [RATING_PATHS.rateTicket, 'POST', { ...code, stars: 5 }],
      [
        PUSH_PATHS.subscribe,
        'POST',
        {
          ...code,
          subscription: { endpoint: 'https://push.example/abc', keys: { p256dh: 'BNcR'.repeat(20), auth: 'tBHI'.repeat(5) } },
        },
      ],
    ];
    for (const [path, method, fields] of calls) {
      const asGet = (extra: Record<string, string> = {}) =>
        Object.fromEntries(Object.entries({ ...fields, ...extra }).map(([key, value]) => [key, String(value)]));
      const bare = method === 'GET' ? await send('GET', path, { query: asGet() }) : await send('POST', path, { body: fields });
      expect(bare.status, `${path} with the code alone: ${bare.text}`).toBe(400);
      const keyed =
        method === 'GET'
          ? await send('GET', path, { query: asGet(), headers: wrongKey })
          : await send('POST', path, { body: fields, headers: wrongKey });
      expect(keyed.status, `${path} with a wrong key: ${keyed.text}`).toBe(404);
      expect(messageOf(keyed)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
      const contactField = path === RATING_PATHS.rateTicket || path === PUSH_PATHS.subscribe ? 'contact' : 'phone_number';
      const guessed =
        method === 'GET'
          ? await send('GET', path, { query: asGet({ [contactField]: uniquePhone() }) })
          : await send('POST', path, { body: { ...fields, [contactField]: uniquePhone() } });
      expect(guessed.status, `${path} with a wrong phone: ${guessed.text}`).toBe(404);
      expect(messageOf(guessed)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    }
    // Nobody but its passenger started a payment: its payment window was never opened by a stranger.
    expect(await sql().select().from(payments).where(eq(payments.ticketId, victim.id))).toEqual([]);
    // Its passenger's browser, with the key, still can; and no txnRef carries the ticket's id.
    const page = await startedPage(await startPayment(app, victim));
    expect(page.searchParams.get('sb_txn_ref')).not.toMatch(new RegExp(`^${victim.id}T`));
    const [payment] = await sql().select().from(payments).where(eq(payments.ticketId, victim.id));
    expect(payment?.txnRef).toBe(page.searchParams.get('sb_txn_ref'));
  });

  it('does not count a right key among the lookups, and counts every wrong proof', async () => {
    const victim = await book({ pay_method_id: 8 });
    const ip = newSocket();
    // The booking browser polls its payment every few seconds: 40 polls from one address, all answered.
    for (let poll = 0; poll < 40; poll += 1) {
      const answer = await send('GET', PAYMENT_PATHS.checkStatus, {
        query: { ticket_code: victim.code },
        headers: keyHeader(victim.key),
        ip,
      });
      expect(answer.status).toBe(200);
    }
    // A key is never read from a URL (where histories and access logs keep it): only from the header.
    for (const path of [PAYMENT_PATHS.checkStatus, BOOKING_PATHS.checkNightBooking, TICKET_LOOKUP_PATHS.ticketInfo]) {
      const inUrl = await send('GET', path, { ip, query: { ticket_code: victim.code, ticket_key: victim.key } });
      expect(inUrl.status, path).toBe(400);
    }
    // A guesser's wrong keys and wrong phones from one address: 30 lookups, then 429 whatever the proof.
    const stranger = newSocket();
    const answers: number[] = [];
    frozenAt = Date.now();
    for (let guess = 0; guess < 32; guess += 1) {
      const proof =
        guess % 2 === 0 ? { headers: keyHeader(`guess${guess}`.padEnd(43, 'x')) } : { query: { phone_number: uniquePhone() } };
      const answer = await send('GET', PAYMENT_PATHS.checkStatus, {
        ip: stranger,
        headers: proof.headers,
        query: { ticket_code: victim.code, ...proof.query },
      });
      answers.push(answer.status);
    }
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(answers.slice(30)).toEqual([429, 429]);
    // Even the right phone is refused from that address now; the right key is not.
    const late = await send('GET', PAYMENT_PATHS.checkStatus, {
      ip: stranger,
      query: { ticket_code: victim.code, phone_number: victim.phone },
    });
    expect(late.status).toBe(429);
    expect(messageOf(late)).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    const owner = await send('GET', PAYMENT_PATHS.checkStatus, {
      ip: stranger,
      query: { ticket_code: victim.code },
      headers: keyHeader(victim.key),
    });
    expect(owner.status).toBe(200);
    frozenAt = null;
  });
});

describe(`the client address comes from a trusted proxy only (${TEST_DB})`, () => {
  it('refuses lookups from one socket from the 31st, whatever X-Forwarded-For says, by default', async () => {
    const ip = newSocket();
    const statuses: number[] = [];
    // The limit counts in fixed windows: the clock stands still, so that no window ends in the middle of the burst.
    await withClockStopped(async () => {
      for (let i = 0; i < 100; i += 1) {
        const answer = await send('GET', TICKET_LOOKUP_PATHS.ticketInfo, {
          ip,
          query: { ticket_code: 'VVAAAAAA', phone_number: uniquePhone() },
          headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
        });
        statuses.push(answer.status);
      }
    });
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses.slice(30)).toEqual(Array(70).fill(429));
  });

  it('behind one trusted proxy, reads only the entry the proxy appended', async () => {
    const proxied = createApp({ database: db.database, log: silent, dataDir, trustProxy: '1', now: clock });
    const proxy = newSocket();
    const statuses: number[] = [];
    frozenAt = Date.now();
    for (let i = 0; i < 40; i += 1) {
      // The client writes whatever it likes in front; the proxy appends the address it saw.
      const answer = await send(
        'GET',
        TICKET_LOOKUP_PATHS.ticketInfo,
        {
          ip: proxy,
          query: { ticket_code: 'VVAAAAAA', phone_number: uniquePhone() },
          headers: { 'x-forwarded-for': `10.9.${i}.1, 192.0.2.77` },
        },
        proxied,
      );
      statuses.push(answer.status);
    }
    frozenAt = null;
    expect(statuses.filter((status) => status === 404)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('keeps the 20 bookings per address, whatever X-Forwarded-For says', async () => {
    const ip = newSocket();
    let created = 0;
    for (let i = 0; i < 24; i += 1) {
      const answer = await send('POST', BOOKING_PATHS.createTicket, {
        ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        body: bookingPayload(vivu, AIRPORT_TRIP, { phone: uniquePhone() }),
      });
      if (answer.status === 200) created += 1;
      else expect(messageOf(answer)).toBe(BOOKING_ERROR_KEYS.spam);
    }
    expect(created).toBe(20);
  });
});

/** A business account made through the lead form, with the password its e-mail gives. */
async function businessAccount(): Promise<{ email: string; password: string }> {
  const email = `ketoan.${Date.now()}.${(socketCounter += 1)}@congty.vn`;
  const lead = await send('POST', LEAD_PATHS.leadContact, {
    body: {
      type: 'business',
      fullname: 'Trần Thị Bình',
      phone: '0912345678',
      email,
      company_name: 'Công ty TNHH Du lịch Sen',
      lang: 'vi',
    },
  });
  expect(lead.status, lead.text).toBe(200);
  const password = /Mật khẩu: (\S+)/.exec((await waitForMail(dataDir, email)).text)?.[1] ?? '';
  expect(password).not.toBe('');
  return { email, password };
}

/** 200 concurrent wrong logins of one name, each from its own address: how many were checked (401) and refused (429). */
async function burst(path: string, body: Record<string, string>): Promise<{ checked: number; refused: number }> {
  const answers = await Promise.all(Array.from({ length: 200 }, () => send('POST', path, { body })));
  const checked = answers.filter((answer) => answer.status === 401).length;
  const refused = answers.filter((answer) => answer.status === 429).length;
  expect(checked + refused, answers.find((answer) => answer.status !== 401 && answer.status !== 429)?.text).toBe(200);
  return { checked, refused };
}

describe(`limits are claimed atomically (${TEST_DB})`, () => {
  it('checks at most 5 of 200 concurrent wrong passenger logins, then refuses even the right password', async () => {
    const phone = uniquePhone();
    const registered = await send('POST', ACCOUNT_PATHS.registerAccount, {
      body: { phone_number: phone, password: 'vivu2026an', re_password: 'vivu2026an' },
    });
    expect(registered.status, registered.text).toBe(200);
    await withClockStopped(async () => {
      expect(await burst(ACCOUNT_PATHS.login, { phone_number: phone, password: 'wrong-1' })).toEqual({
        checked: 5,
        refused: 195,
      });
      const right = await send('POST', ACCOUNT_PATHS.login, { body: { phone_number: phone, password: 'vivu2026an' } });
      expect(right.status).toBe(429);
      expect(messageOf(right)).toBe(ACCOUNT_ERROR_KEYS.tooManyAttempts);
    });
  });

  it('checks at most 5 of 200 concurrent wrong partner staff logins', async () => {
    await withClockStopped(async () => {
      const result = await burst(PARTNER_PATHS.login, { phone_number: '0900000003', password: 'wrong-1' });
      expect(result).toEqual({ checked: 5, refused: 195 });
      const right = await send('POST', PARTNER_PATHS.login, {
        body: { phone_number: '0900000003', password: partnerDemoPassword() },
      });
      expect(right.status).toBe(429);
    });
  });

  it('checks at most 5 of 200 concurrent wrong business logins', async () => {
    const { email, password } = await businessAccount();
    await withClockStopped(async () => {
      expect(await burst(BUSINESS_PATHS.login, { email, password: 'wrong-password' })).toEqual({ checked: 5, refused: 195 });
      expect((await send('POST', BUSINESS_PATHS.login, { body: { email, password } })).status).toBe(429);
    });
  });

  it('refuses the 61st login from one address in 15 minutes, whatever the names', async () => {
    const ip = newSocket();
    const statuses: number[] = [];
    for (let i = 0; i < 65; i += 1) {
      const path = [ACCOUNT_PATHS.login, PARTNER_PATHS.login][i % 2]!;
      statuses.push((await send('POST', path, { ip, body: { phone_number: uniquePhone(), password: 'wrong-1' } })).status);
    }
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(401));
    expect(statuses.slice(60)).toEqual(Array(5).fill(429));
  });

  it('holds across two servers sharing one database: logins and bookings split between them still stop at the limit', async () => {
    // A second server process has its own connections (its own pool, on PostgreSQL) and nothing else in common.
    const second = TEST_DB === 'postgres' ? await openDatabase({ databaseUrl: db.url! }) : db.database;
    try {
      const other = createApp({ database: second, log: silent, dataDir, trustProxy: '', now: clock });
      const servers = [app, other];
      const phone = uniquePhone();
      const registered = await send('POST', ACCOUNT_PATHS.registerAccount, {
        body: { phone_number: phone, password: 'vivu2026an', re_password: 'vivu2026an' },
      });
      expect(registered.status, registered.text).toBe(200);
      const logins = await withClockStopped(() =>
        Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            send('POST', ACCOUNT_PATHS.login, { body: { phone_number: phone, password: 'wrong-1' } }, servers[i % 2]),
          ),
        ),
      );
      expect(logins.filter((answer) => answer.status === 401)).toHaveLength(5);
      const booker = uniquePhone();
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          send(
            'POST',
            BOOKING_PATHS.createTicket,
            {
              body: bookingPayload(vivu, AIRPORT_TRIP, {
                phone: booker,
                ticket_session: uniqueSession(),
                session_id: uniqueSession(),
                ignore_duplicate_warning: 1,
              }),
            },
            servers[i % 2],
          ),
        ),
      );
      expect(await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.phone, booker))).toHaveLength(5);
    } finally {
      if (second !== db.database) await second.close();
    }
  });

  it('makes at most 5 tickets of 50 concurrent bookings for one phone', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        send('POST', BOOKING_PATHS.createTicket, {
          // The same trip each time, knowingly (spec 7 ignore_duplicate_warning): only the phone's count can stop them.
          body: bookingPayload(vivu, AIRPORT_TRIP, {
            phone,
            ticket_session: uniqueSession(),
            session_id: uniqueSession(),
            ignore_duplicate_warning: 1,
          }),
        }),
      ),
    );
    const made = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.phone, phone));
    expect(made).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const answer of answers.filter((one) => one.status !== 200)) expect(messageOf(answer)).toBe(BOOKING_ERROR_KEYS.spam);
  });

  it('makes at most 20 tickets of 50 concurrent bookings from one address', async () => {
    const ip = newSocket();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        send('POST', BOOKING_PATHS.createTicket, {
          ip,
          body: bookingPayload(vivu, AIRPORT_TRIP, { phone: uniquePhone(), session_id: uniqueSession() }),
        }),
      ),
    );
    const made = await sql().select({ id: tickets.id }).from(tickets).where(eq(tickets.ip, ip));
    expect(made).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
  });

  it('sends at most 5 code SMS to 30 sign-ups from one address, and the configured number when lowered', async () => {
    const ip = newSocket();
    const phones = Array.from({ length: 30 }, () => uniquePhone());
    const answers = await Promise.all(
      phones.map((phone) =>
        send('POST', ACCOUNT_PATHS.registerAccount, {
          ip,
          body: { phone_number: phone, password: 'vivu2026an', re_password: 'vivu2026an' },
        }),
      ),
    );
    const sent = phones.filter((phone) => smsTo(dataDir, phone).length > 0);
    expect(sent).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(25);
    expect(messageOf(refused[0]!)).toBe(ACCOUNT_ERROR_KEYS.otpBusy);

    // An operator's lower numbers: 2 per address, and 3 in all today (on a database of its own, whose day is fresh).
    const fresh = await createTestDatabase();
    try {
      const strict = createApp({
        database: fresh.database,
        log: silent,
        dataDir,
        trustProxy: '',
        limits: { smsPerAddress: 2, smsPerDay: 3 },
      });
      const signUp = (ip: string) =>
        send(
          'POST',
          ACCOUNT_PATHS.registerAccount,
          { ip, body: { phone_number: uniquePhone(), password: 'vivu2026an', re_password: 'vivu2026an' } },
          strict,
        );
      const one = newSocket();
      expect([(await signUp(one)).status, (await signUp(one)).status, (await signUp(one)).status]).toEqual([200, 200, 429]);
      const other = newSocket();
      expect([(await signUp(other)).status, (await signUp(other)).status]).toEqual([200, 429]);
      // forgot_password spends the same share, known phone or not (a refusal tells nothing of the phone).
      const forgot = await send(
        'POST',
        ACCOUNT_PATHS.forgotPassword,
        { ip: newSocket(), body: { phone_number: uniquePhone() } },
        strict,
      );
      expect(forgot.status).toBe(429);
      expect(messageOf(forgot)).toBe(ACCOUNT_ERROR_KEYS.otpBusy);
    } finally {
      await fresh.cleanup();
    }
  });
});

describe(`request counters of different windows share one table (${TEST_DB})`, () => {
  it("never cleans a longer window's counter away with a shorter one's clean-up", async () => {
    const daily = createRateLimiter(sql(), { limit: 3, windowSeconds: 24 * 60 * 60 });
    const tenMinutes = createRateLimiter(sql(), { limit: 3, windowSeconds: 600 });
    const day = new Date('2026-11-25T01:00:00Z');
    const key = `daily:${uniqueSession()}`;
    for (let i = 0; i < 3; i += 1) expect((await daily.hit(key, day)).allowed).toBe(true);
    // Hours later the same day, a short window's first hit of a new key cleans up: the day's count must survive it.
    const later = new Date(day.getTime() + 5 * 60 * 60 * 1000);
    expect((await tenMinutes.hit(`short:${uniqueSession()}`, later)).count).toBe(1);
    expect(await daily.hit(key, later)).toMatchObject({ allowed: false, count: 4 });
  });
});

describe(`production is safe by default (${TEST_DB})`, () => {
  const VNPAY = { VNPAY_TMN_CODE: 'VIVUTEST', VNPAY_HASH_SECRET: 'VNPAYTESTSECRET0123456789' };
  const methodsOf = async (target: ReturnType<typeof createApp>) =>
    payMethodsResponseSchema.validateSync((await send('GET', BOOKING_PATHS.payMethods, {}, target)).body).data.map((m) => m.id);

  it('refuses the sandbox test card in production unless PAYMENT_SANDBOX=1', async () => {
    const logs: string[] = [];
    const production = createApp({
      database: db.database,
      log: { info: (message) => logs.push(message), error: () => {} },
      dataDir,
      trustProxy: '',
      env: { NODE_ENV: 'production', ...VNPAY },
    });
    expect(logs).toContain('payment gateways: card (8) → VNPay; PayPal-style (99) → none (not offered)');
    expect(await methodsOf(production)).toEqual([3, 8]);
    // The PayPal-style ticket the attacker booked before: it cannot be made, and none can be paid with the test card.
    const booked = await send(
      'POST',
      BOOKING_PATHS.createTicketPaymentOnline,
      { body: bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: 99, phone: uniquePhone() }) },
      production,
    );
    expect(booked.status).toBe(409);
    expect(messageOf(booked)).toBe(PAYMENT_ERROR_KEYS.unavailable);
    const existing = await book({ pay_method_id: 99 });
    const started = await send(
      'POST',
      PAYMENT_PATHS.paypalRequest,
      { body: { ticket_code: existing.code, url_return: '/dat-xe' }, headers: keyHeader(existing.key) },
      production,
    );
    expect(started.status).toBe(503);
    expect(messageOf(started)).toBe(PAYMENT_ERROR_KEYS.unavailable);
    // The sandbox page of a payment the development server started is refused there too.
    const page = await startedPage(await startPayment(app, existing, { pay_method: 4 }, PAYMENT_PATHS.paypalRequest));
    const form = new URLSearchParams(page.searchParams);
    form.set('choice', 'pay');
    form.set('card_number', '4111 1111 1111 1111');
    const paid = await production.request(PAYMENT_PATHS.sandboxPay, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(paid.status).toBe(400);
    const [row] = await sql().select().from(tickets).where(eq(tickets.code, existing.code));
    expect(row?.transactionStatusId).toBe(1);

    // With no gateway at all, no online method is offered or booked; PAYMENT_SANDBOX=1 brings the sandbox back.
    const bare = createApp({ database: db.database, log: silent, dataDir, env: { NODE_ENV: 'production' } });
    expect(await methodsOf(bare)).toEqual([3]);
    const card = await send(
      'POST',
      BOOKING_PATHS.createTicketPaymentOnline,
      { body: bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: 8, phone: uniquePhone() }) },
      bare,
    );
    expect(messageOf(card)).toBe(PAYMENT_ERROR_KEYS.unavailable);
    const opted = createApp({
      database: db.database,
      log: silent,
      dataDir,
      env: { NODE_ENV: 'production', PAYMENT_SANDBOX: '1' },
    });
    expect(await methodsOf(opted)).toEqual([3, 8, 99]);
    const off = createApp({ database: db.database, log: silent, dataDir, env: { PAYMENT_SANDBOX: '0' } });
    expect(await methodsOf(off)).toEqual([3]);
  });
});

describe(`text the database cannot keep is refused (${TEST_DB})`, () => {
  it('answers 400 to a NUL or a lone surrogate in every text field that answered 500', async () => {
    for (const bad of ['Nguy\u0000ễn', 'An \uD800 B', '\uDC00An']) {
      const cases: [string, unknown, string][] = [
        [BOOKING_PATHS.createTicket, bookingPayload(vivu, AIRPORT_TRIP, { fullname: bad }), 'fullname'],
        [
          ACCOUNT_PATHS.registerAccount,
          { phone_number: uniquePhone(), password: 'vivu2026an', re_password: 'vivu2026an', fullname: bad },
          'fullname',
        ],
        [SUPPORT_PATHS.request, { user: { phone: '0912345678', note: bad }, lang: 'vi' }, 'user.note'],
        [PUSH_PATHS.unsubscribe, { endpoint: `https://push.example/${bad}` }, 'endpoint'],
        [BUSINESS_PATHS.login, { email: `a${bad}@b.vn`, password: 'x' }, 'email'],
      ];
      for (const [path, body, field] of cases) {
        const answer = await send('POST', path, { body });
        expect(answer.status, `${path}: ${answer.text}`).toBe(400);
        expect(failureSchema.validateSync(answer.body).errors).toContainEqual({ field, message: TEXT_KEY });
      }
    }
    // In a query string too.
    const query = await send('GET', TICKET_LOOKUP_PATHS.ticketInfo, {
      query: { ticket_code: 'VV\u0000AAAA', phone_number: '0912345678' },
    });
    expect(query.status).toBe(400);
  });
});

describe(`sessions end, departures stay near, common passwords are refused (${TEST_DB})`, () => {
  it("ends a passenger's session 90 days after its last use, and keeps a used one alive", async () => {
    const phone = uniquePhone();
    const registered = await send('POST', ACCOUNT_PATHS.registerAccount, {
      body: { phone_number: phone, password: 'vivu2026an', re_password: 'vivu2026an' },
    });
    const userId = (registered.body as { data: { id: number } }).data.id;
    const code = /\b(\d{4})\b/.exec(smsTo(dataDir, phone).at(-1) ?? '')?.[1] ?? '';
    const verified = await send('POST', ACCOUNT_PATHS.verifyAccount, { body: { user_id: userId, code_verify: code } });
    const token = authResponseSchema.validateSync(verified.body).data.token;
    const balance = () => send('POST', ACCOUNT_PATHS.memberPromotionCost, { body: { token } });
    try {
      offsetMs = 89 * DAY_MS;
      expect((await balance()).status).toBe(200);
      offsetMs = 178 * DAY_MS;
      expect((await balance()).status).toBe(200);
      offsetMs = 269 * DAY_MS;
      expect((await balance()).status).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });

  it('ends partner staff and business sessions 12 hours after their login', async () => {
    const staff = await send('POST', PARTNER_PATHS.login, {
      body: { phone_number: '0900000005', password: partnerDemoPassword() },
    });
    const staffToken = staffLoginResponseSchema.validateSync(staff.body).data.token;
    const { email, password } = await businessAccount();
    const business = await send('POST', BUSINESS_PATHS.login, { body: { email, password } });
    const businessToken = businessLoginResponseSchema.validateSync(business.body).data.token;
    const fleet = () => send('GET', PARTNER_PATHS.fleet, { headers: { authorization: `Bearer ${staffToken}` } });
    const credit = () => send('POST', BUSINESS_PATHS.credit, { body: { token: businessToken } });
    try {
      offsetMs = 11 * 60 * 60 * 1000;
      expect((await fleet()).status).toBe(200);
      expect((await credit()).status).toBe(200);
      offsetMs = 13 * 60 * 60 * 1000;
      expect((await fleet()).status).toBe(401);
      expect((await credit()).status).toBe(401);
    } finally {
      offsetMs = 0;
    }
    expect(await sql().select().from(businessAccounts).where(eq(businessAccounts.email, email))).toHaveLength(1);
  });

  it('refuses a departure past the horizon (365 days, or the configured one), on the price list and the booking', async () => {
    const far = '10:00 1/1/9999';
    const booked = await send('POST', BOOKING_PATHS.createTicket, {
      body: bookingPayload(vivu, { ...AIRPORT_TRIP, depart: far }, { phone: uniquePhone() }),
    });
    expect(booked.status).toBe(400);
    expect(failureSchema.validateSync(booked.body).errors).toContainEqual({
      field: 'depart_time',
      message: DEPART_TIME_FAR_KEY,
      params: { days: 365 },
    });
    const listed = await send('GET', PRICING_PATHS.priceList, {
      query: {
        depart_time: far,
        pick_address: AIRPORT_TRIP.pick.formatted_address,
        pick_address_component: JSON.stringify(AIRPORT_TRIP.pick),
        drop_address: AIRPORT_TRIP.drop.formatted_address,
        drop_address_component: JSON.stringify(AIRPORT_TRIP.drop),
        ride_method_id: '1',
      },
    });
    expect(listed.status).toBe(400);
    expect(failureSchema.validateSync(listed.body).errors).toContainEqual({
      field: 'depart_time',
      message: DEPART_TIME_FAR_KEY,
      params: { days: 365 },
    });

    // An operator's 30 days: 40 days ahead is refused with its number, 20 days ahead is taken.
    await sql().execute(raw`update settings set value = '30'::jsonb where key = 'booking_horizon_days'`);
    try {
      const at = (days: number) => formatVnDateTime(new Date(Date.now() + days * DAY_MS));
      const later = await send('POST', BOOKING_PATHS.createTicket, {
        body: bookingPayload(vivu, { ...AIRPORT_TRIP, depart: at(40) }, { phone: uniquePhone() }),
      });
      expect(failureSchema.validateSync(later.body).errors).toContainEqual({
        field: 'depart_time',
        message: DEPART_TIME_FAR_KEY,
        params: { days: 30 },
      });
      const sooner = await send('POST', BOOKING_PATHS.createTicket, {
        body: bookingPayload(vivu, { ...AIRPORT_TRIP, depart: at(20) }, { phone: uniquePhone() }),
      });
      expect(sooner.status, sooner.text).not.toBe(400);
    } finally {
      await sql().execute(raw`update settings set value = '365'::jsonb where key = 'booking_horizon_days'`);
    }
  });

  it('refuses the most common passwords at sign-up, keeping the 6 to 30 character rule', async () => {
    for (const common of ['123456', 'password', 'Password', 'qwerty123', 'iloveyou']) {
      const answer = await send('POST', ACCOUNT_PATHS.registerAccount, {
        body: { phone_number: uniquePhone(), password: common, re_password: common },
      });
      expect(answer.status, common).toBe(400);
      expect(failureSchema.validateSync(answer.body)).toMatchObject({
        message: ACCOUNT_ERROR_KEYS.passwordCommon,
        errors: [{ field: 'password', message: ACCOUNT_ERROR_KEYS.passwordCommon }],
      });
    }
    const short = await send('POST', ACCOUNT_PATHS.registerAccount, {
      body: { phone_number: uniquePhone(), password: 'abc', re_password: 'abc' },
    });
    expect(failureSchema.validateSync(short.body).errors).toEqual([{ field: 'password', message: ACCOUNT_ERROR_KEYS.password }]);
  });

  it('counts business pay_on_credit proofs among the lookups and answers a wrong contact like an unknown code', async () => {
    const { email, password } = await businessAccount();
    const login = await send('POST', BUSINESS_PATHS.login, { body: { email, password } });
    const token = businessLoginResponseSchema.validateSync(login.body).data.token;
    const ticket = await book();
    const ip = newSocket();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const answer = await send('POST', BUSINESS_PATHS.payOnCredit, {
        ip,
        body: { token, ticket_code: ticket.code, contact: uniquePhone() },
      });
      statuses.push(answer.status);
      if (answer.status === 404) expect(messageOf(answer)).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(404));
    expect(statuses[30]).toBe(429);
  });
});

describe(`a phone and a trip give away no ticket (${TEST_DB})`, () => {
  type Payload = ReturnType<typeof bookingPayload>;
  /** The anti-fraud pre-check's body for a booking (spec 7 vanguard). */
  const vanguardBody = (payload: Payload, overrides: Record<string, unknown> = {}) => ({
    phone_code: payload.phone_code,
    phone: payload.phone,
    pick_address: payload.pick_address,
    drop_address: payload.drop_address,
    depart_time: payload.depart_time,
    session_id: payload.session_id,
    ticket_session: uniqueSession(),
    ...overrides,
  });
  /** An answer as a stranger sees it: status, headers and body text. */
  async function raw(path: string, body: unknown, ip: string, headers: Record<string, string> = {}) {
    const res = await app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) },
      fromSocket(ip),
    );
    return { status: res.status, headers: [...res.headers.entries()], text: await res.text() };
  }
  /** The SMS to a phone that names every code, after the outbox is sent (the test app's dispatcher is drained by hand). */
  async function smsNaming(phone: string, ...codes: string[]): Promise<string> {
    await app.messages.drain();
    const found = smsTo(dataDir, phone).find((text) => codes.every((code) => text.includes(code)));
    if (!found) throw new Error(`no SMS to ${phone} naming ${codes.join(', ')}: ${JSON.stringify(smsTo(dataDir, phone))}`);
    return found;
  }
  /** A trip booked by its passenger, and the same trip's payload for another phone that holds nothing. */
  async function victimTrip(depart: string) {
    const trip = { ...AIRPORT_TRIP, depart: inTwoDays(depart) };
    const victim = bookingPayload(vivu, trip, { phone: uniquePhone(), email: `victim-${uniqueSession()}@example.com` });
    const booked = await send('POST', BOOKING_PATHS.createTicket, { body: victim });
    expect(booked.status, booked.text).toBe(200);
    const created = createTicketResponseSchema.validateSync(booked.body);
    return { trip, victim, code: created.ticket_code, key: created.data.ticket_key };
  }

  it('answers the vanguard the same with and without the trip, counts each check as a lookup, and refuses the 31st', async () => {
    const { trip, victim } = await victimTrip('07:15');
    const ip = newSocket();
    const stranger = uniqueSession();
    const control = uniquePhone();
    const held = await raw(BOOKING_PATHS.vanguard, vanguardBody(victim, { session_id: stranger }), ip);
    const free = await raw(BOOKING_PATHS.vanguard, vanguardBody({ ...victim, phone: control }, { session_id: stranger }), ip);
    expect(held).toEqual(free);
    expect(held.status).toBe(200);
    expect(JSON.parse(held.text)).toMatchObject({ data: { result: true, reason: null } });
    // The attack: 96 guessed departure times (every quarter hour of a day, the real one among them) from one address.
    const answers: { status: number; text: string }[] = [];
    for (let guess = 0; guess < 96; guess += 1) {
      const hhmm = `${String(Math.floor(guess / 4)).padStart(2, '0')}:${String((guess % 4) * 15).padStart(2, '0')}`;
      const answer = await raw(
        BOOKING_PATHS.vanguard,
        vanguardBody(victim, { session_id: stranger, depart_time: inTwoDays(hhmm) }),
        ip,
      );
      answers.push({ status: answer.status, text: answer.text });
    }
    expect(trip.depart).toBe(inTwoDays('07:15'));
    // Two checks above and 28 guesses within the 30 lookups, every one answered as a trip the phone does not have.
    expect(answers.slice(0, 28)).toEqual(Array(28).fill({ status: 200, text: free.text }));
    for (const answer of answers.slice(28)) {
      expect(answer.status).toBe(429);
      expect(failureSchema.validateSync(JSON.parse(answer.text)).message).toBe(CANCEL_ERROR_KEYS.tooManyLookups);
    }
  });

  it('books a stranger the same trip as a new ticket, never naming the earlier one, and tells the phone of both', async () => {
    const { victim, code } = await victimTrip('08:30');
    const ip = newSocket();
    const email = `stranger-${uniqueSession()}@example.com`;
    const control = uniquePhone();
    const attempt = (phone: string) =>
      raw(
        BOOKING_PATHS.createTicket,
        { ...victim, phone, email, ticket_session: uniqueSession(), session_id: uniqueSession() },
        ip,
      );
    const free = await attempt(control);
    const held = await attempt(victim.phone);
    expect(held.status, held.text).toBe(200);
    expect(held.text).not.toContain(code);
    // Byte for byte the same answer but for the new ticket's own code and key.
    const own = (answer: typeof held) => {
      const created = createTicketResponseSchema.validateSync(JSON.parse(answer.text));
      return {
        ...answer,
        text: answer.text.replaceAll(created.ticket_code, 'CODE').replaceAll(created.data.ticket_key, 'KEY'),
      };
    };
    expect(own(held)).toEqual(own(free));
    // Even when the stranger says the duplicate is wanted: a new ticket, the earlier one unnamed.
    const confirmed = await raw(
      BOOKING_PATHS.createTicket,
      { ...victim, email, ticket_session: uniqueSession(), session_id: uniqueSession(), ignore_duplicate_warning: 1 },
      ip,
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.text).not.toContain(code);
    // The phone's owner is told, with both tickets' links; the e-mail the stranger typed hears nothing of the earlier.
    const newCode = createTicketResponseSchema.validateSync(JSON.parse(held.text)).ticket_code;
    const told = await smsNaming(victim.phone, newCode, code);
    expect(told).toContain(`/${newCode}/`);
    expect(told).toContain(`/${code}/`);
    expect(mailTo(dataDir, email).length).toBeGreaterThan(0);
    for (const mail of mailTo(dataDir, email)) expect(`${mail.subject}\n${mail.text}`).not.toContain(code);
  });

  it('still names the earlier ticket to its booking browser and to its signed-in owner', async () => {
    const { victim, code, key } = await victimTrip('09:45');
    // The same browser (its session), another attempt: the vanguard's duplicate, then the pending ticket with its key.
    const again = await send('POST', BOOKING_PATHS.vanguard, { body: vanguardBody(victim) });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ data: { result: false, reason: 'duplicate' } });
    const rebooked = await send('POST', BOOKING_PATHS.createTicket, { body: { ...victim, ticket_session: uniqueSession() } });
    expect(rebooked.status, rebooked.text).toBe(409);
    expect(messageOf(rebooked)).toBe(BOOKING_ERROR_KEYS.pendingTicket);
    expect(failureSchema.validateSync(rebooked.body).data).toMatchObject({ ticket_code: code, ticket_key: key });

    // The signed-in owner, from another device: the duplicate answers too (no key: that device never held it).
    const phone = uniquePhone();
    const registered = await send('POST', ACCOUNT_PATHS.registerAccount, {
      body: { phone_number: phone, password: 'vivu2026an', re_password: 'vivu2026an' },
    });
    const userId = (registered.body as { data: { id: number } }).data.id;
    const otp = /\b(\d{4})\b/.exec(smsTo(dataDir, phone).at(-1) ?? '')?.[1] ?? '';
    const verified = await send('POST', ACCOUNT_PATHS.verifyAccount, { body: { user_id: userId, code_verify: otp } });
    const token = authResponseSchema.validateSync(verified.body).data.token;
    const owned = bookingPayload(vivu, { ...AIRPORT_TRIP, depart: inTwoDays('10:15') }, { phone, token });
    const first = await send('POST', BOOKING_PATHS.createTicket, { body: owned });
    expect(first.status, first.text).toBe(200);
    const ownedCode = createTicketResponseSchema.validateSync(first.body).ticket_code;
    const otherDevice = { session_id: uniqueSession() };
    const check = await send('POST', BOOKING_PATHS.vanguard, {
      body: vanguardBody(owned, otherDevice),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.body).toMatchObject({ data: { result: false, reason: 'duplicate' } });
    // The app sends the token in the body, as with the booking itself.
    const inBody = await send('POST', BOOKING_PATHS.vanguard, { body: vanguardBody(owned, { ...otherDevice, token }) });
    expect(inBody.body).toMatchObject({ data: { result: false, reason: 'duplicate' } });
    const withoutToken = await send('POST', BOOKING_PATHS.vanguard, { body: vanguardBody(owned, otherDevice) });
    expect(withoutToken.body).toMatchObject({ data: { result: true, reason: null } });
    const second = await send('POST', BOOKING_PATHS.createTicket, {
      body: { ...owned, ...otherDevice, ticket_session: uniqueSession() },
    });
    expect(second.status, second.text).toBe(409);
    expect(failureSchema.validateSync(second.body).data).toMatchObject({ ticket_code: ownedCode });
    expect(JSON.stringify(failureSchema.validateSync(second.body).data)).not.toContain('ticket_key');
  });
});
