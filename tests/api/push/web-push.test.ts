// Web Push: the VAPID key shared by servers on one database, subscribing with the ticket's proof
// (a wrong proof answers like an unknown code), and real sends to a local HTTPS push service that the test
// decrypts like a browser; a 410 drops the subscription, a 500 counts a failure, a cancellation sends a push.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  PUSH_PATHS,
  pushPayloadSchema,
  pushSubscribeResponseSchema,
  pushUnsubscribeResponseSchema,
  vapidPublicKeyResponseSchema,
  type PushPayload,
} from '../../../src/shared/contract/push';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PARTNER_PATHS, staffFleetResponseSchema, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { partnerDemoPassword, partnerDemoPhone } from '../../../src/server/db/seed-trips';
import { normalizePhone } from '../../../src/shared/domain/phone';
import { pathFor } from '../../../src/shared/domain/route-table';
import { sandboxSign } from '../../../src/server/adapters/payments/sandbox';
import { createApp } from '../../../src/server/app';
import { pushSubscriptions, settings, tickets } from '../../../src/server/db/schema';
import { SANDBOX_SECRET_KEY } from '../../../src/server/modules/payments/module';
import type { Logger } from '../../../src/server/http/errors';
import { createConfigModule } from '../../../src/server/modules/config/module';
import { createTicketAccess } from '../../../src/server/modules/tickets/access';
import { createPushModule } from '../../../src/server/modules/push/module';
import { bookingPayload, keyHeader, optionOf, post, startedPage, startPayment, uniquePhone } from '../helpers/booking';
import { browserKeys, decryptAes128gcm, startPushEndpoint, verifyVapid, type PushEndpoint } from '../helpers/push-endpoint';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const logs: string[] = [];
const log: Logger = { info: () => {}, error: (message) => logs.push(message) };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let endpoint: PushEndpoint;
let vivu: PriceOption;
let ipCounter = 0;
const newIp = () => `203.0.113.${(ipCounter += 1)}`;

beforeAll(async () => {
  db = await createTestDatabase();
  endpoint = await startPushEndpoint();
  app = createApp({ database: db.database, log, push: { httpsAgent: endpoint.httpsAgent } });
  vivu = await optionOf(app, 'Vivu Airport Express');
});
afterAll(async () => {
  await endpoint?.close();
  await db?.cleanup();
});

async function publicKey(target = app): Promise<string> {
  const res = await target.request(PUSH_PATHS.vapidPublicKey);
  expect(res.status).toBe(200);
  return vapidPublicKeyResponseSchema.validateSync(await res.json()).data.public_key;
}

async function book(overrides: Record<string, unknown> = {}, path: string = BOOKING_PATHS.createTicket) {
  const phone = uniquePhone();
  const email = `p${phone}@example.com`;
  const res = await post(app, path, bookingPayload(vivu, undefined, { phone, email, ...overrides }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  // The database id is only for the server-side calls below (the push module's notifyTicket); no public call takes it.
  const [row] = await db.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error(`no ticket ${created.ticket_code}`);
  return { phone, email, code: created.ticket_code, key: created.data.ticket_key, id: row.id };
}

let endpointCounter = 0;
function newSubscription() {
  const browser = browserKeys();
  const url = `${endpoint.origin}/push/${(endpointCounter += 1)}`;
  return { browser, url, path: new URL(url).pathname, subscription: { endpoint: url, keys: browser.keys } };
}

async function subscribe(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await post(app, PUSH_PATHS.subscribe, body, { 'x-forwarded-for': newIp(), ...headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

const rowsFor = (url: string) => db.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, url));

async function waitForPush(path: string, count = 1) {
  // A ticket's pushes go through the message outbox, sent when the dispatcher drains it.
  await app.messages.drain();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const found = endpoint.received.filter((push) => push.path === path);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no push arrived at ${path}`);
}

/** A second push module over the same database, as another part of the server would call it. */
const pushModule = () =>
  createPushModule({
    db: db.database.db,
    log,
    access: createTicketAccess({
      db: db.database.db,
      secrets: createConfigModule({ db: db.database.db }).secrets,
      userIdForToken: async () => null,
      now: () => new Date(),
    }),
    clientIp: () => '',
    httpsAgent: endpoint.httpsAgent,
  });

describe('VAPID key', () => {
  it('is generated once and shared by every app on the database', async () => {
    const first = await publicKey();
    const other = createApp({ database: db.database, log });
    expect(await publicKey(other)).toBe(first);
    // An uncompressed P-256 point.
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
  });
});

describe('subscribe', () => {
  it('accepts the code with its phone or e-mail, and answers a wrong proof like an unknown code', async () => {
    const ticket = await book();
    const { subscription, url } = newSubscription();
    const okPhone = await subscribe({ subscription, ticket_code: ticket.code, contact: ticket.phone });
    expect(okPhone.status).toBe(200);
    expect(pushSubscribeResponseSchema.validateSync(okPhone.body).data.subscribed).toBe(true);
    expect(await rowsFor(url)).toHaveLength(1);

    const byMail = newSubscription();
    const okMail = await subscribe({ subscription: byMail.subscription, ticket_code: ticket.code, contact: ticket.email });
    expect(okMail.status).toBe(200);

    const wrong = await subscribe({
      subscription: newSubscription().subscription,
      ticket_code: ticket.code,
      contact: uniquePhone(),
    });
    const unknown = await subscribe({
      subscription: newSubscription().subscription,
      ticket_code: 'VVZZZZZZ',
      contact: ticket.phone,
    });
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrong.body).toEqual(unknown.body);
    expect(failureSchema.validateSync(wrong.body).message).toBe(BOOKING_ERROR_KEYS.ticketNotFound);

    const noProof = await subscribe({ subscription: newSubscription().subscription, ticket_code: ticket.code });
    expect(noProof.status).toBe(400);
    // The code alone, even with the ticket's database id beside it, is no proof.
    const byId = await subscribe({
      subscription: newSubscription().subscription,
      ticket_code: ticket.code,
      ticket_id: ticket.id,
    });
    expect(byId.status).toBe(400);
    const notHttps = await subscribe({
      subscription: { ...subscription, endpoint: 'http://127.0.0.1/x' },
      ticket_code: ticket.code,
      contact: ticket.phone,
    });
    expect(notHttps.status).toBe(400);
  });

  it('accepts the booking browser’s key (header or body), and answers another ticket’s key like an unknown code', async () => {
    const ticket = await book();
    const stranger = await book();
    const byHeader = newSubscription();
    const okHeader = await subscribe({ subscription: byHeader.subscription, ticket_code: ticket.code }, keyHeader(ticket.key));
    expect(okHeader.status).toBe(200);
    expect(pushSubscribeResponseSchema.validateSync(okHeader.body).data.subscribed).toBe(true);
    expect(await rowsFor(byHeader.url)).toMatchObject([{ ticketId: ticket.id }]);
    const byBody = newSubscription();
    const okBody = await subscribe({ subscription: byBody.subscription, ticket_code: ticket.code, ticket_key: ticket.key });
    expect(okBody.status).toBe(200);
    expect(await rowsFor(byBody.url)).toMatchObject([{ ticketId: ticket.id }]);

    const other = newSubscription();
    const otherKey = await subscribe({ subscription: other.subscription, ticket_code: ticket.code }, keyHeader(stranger.key));
    const unknown = await subscribe(
      { subscription: newSubscription().subscription, ticket_code: 'VVZZZZZZ' },
      keyHeader(ticket.key),
    );
    expect(otherKey.status).toBe(404);
    expect(otherKey.body).toEqual(unknown.body);
    expect(failureSchema.validateSync(otherKey.body).message).toBe(BOOKING_ERROR_KEYS.ticketNotFound);
    expect(await rowsFor(other.url)).toHaveLength(0);
  });

  it('updates the same endpoint when it subscribes again, and unsubscribes it', async () => {
    const first = await book();
    const second = await book();
    const { subscription, url } = newSubscription();
    expect((await subscribe({ subscription, ticket_code: first.code, contact: first.phone })).status).toBe(200);
    const renewed = { ...subscription, keys: browserKeys().keys };
    expect((await subscribe({ subscription: renewed, ticket_code: second.code, contact: second.phone, lang: 'en' })).status).toBe(
      200,
    );
    const rows = await rowsFor(url);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ticketId: second.id, p256dh: renewed.keys.p256dh, lang: 'en' });

    const res = await post(app, PUSH_PATHS.unsubscribe, { endpoint: url });
    expect(pushUnsubscribeResponseSchema.validateSync(await res.json()).data.unsubscribed).toBe(true);
    expect(await rowsFor(url)).toHaveLength(0);
  });
});

describe('sending', () => {
  it('delivers an encrypted, VAPID-signed message that the browser decrypts to the payload', async () => {
    const ticket = await book();
    const { subscription, browser, url, path } = newSubscription();
    expect((await subscribe({ subscription, ticket_code: ticket.code, contact: ticket.phone })).status).toBe(200);

    const report = await pushModule().service.notifyTicket(ticket.id, 'driver_assigned', 'https://vivu.vn');
    expect(report).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [push] = await waitForPush(path);
    if (!push) throw new Error('no push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    const claims = verifyVapid(String(push.headers.authorization), await publicKey(), endpoint.origin);
    expect(typeof claims.sub).toBe('string');

    const payload: PushPayload = pushPayloadSchema.validateSync(JSON.parse(decryptAes128gcm(push.body, browser)));
    expect(payload).toEqual({
      type: 'driver_assigned',
      ticket_code: ticket.code,
      title: 'Tài xế đã được phân công',
      body: `Xem thông tin tài xế của vé ${ticket.code}.`,
      url: `https://vivu.vn${pathFor('ticket-detail', 'vi', { code: ticket.code, phone: normalizePhone('84', ticket.phone) })}`,
      lang: 'vi',
    });
    const [row] = await rowsFor(url);
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
    expect(row?.failures).toBe(0);
  });

  it('drops a subscription the push service says is gone (410), and counts a failure on a 500', async () => {
    const ticket = await book();
    const gone = newSubscription();
    const broken = newSubscription();
    endpoint.answer.set(gone.path, 410);
    endpoint.answer.set(broken.path, 500);
    for (const each of [gone, broken])
      expect((await subscribe({ subscription: each.subscription, ticket_code: ticket.code, contact: ticket.phone })).status).toBe(
        200,
      );

    const report = await pushModule().service.notifyTicket(ticket.id, 'trip_started', 'https://vivu.vn');
    expect(report).toEqual({ sent: 0, gone: 1, failed: 1 });
    expect(await rowsFor(gone.url)).toHaveLength(0);
    const [kept] = await rowsFor(broken.url);
    expect(kept?.failures).toBe(1);
    expect(kept?.lastSuccessAt).toBeNull();
    expect(logs).toContain('push send failed');
  });

  it('tells the subscribed browser when the passenger cancels the ticket', async () => {
    const ticket = await book();
    const { subscription, browser, path } = newSubscription();
    expect((await subscribe({ subscription, ticket_code: ticket.code, contact: ticket.phone })).status).toBe(200);

    const tokenRes = await post(
      app,
      CANCEL_PATHS.generateCancelToken,
      { ticket_code: ticket.code, phone_number: ticket.phone },
      { 'x-forwarded-for': newIp() },
    );
    expect(tokenRes.status).toBe(200);
    const token = cancelTokenResponseSchema.validateSync(await tokenRes.json()).data.cancel_token;
    const cancelled = await post(app, CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: token });
    expect(cancelled.status).toBe(200);

    const [push] = await waitForPush(path);
    if (!push) throw new Error('no push');
    const payload = pushPayloadSchema.validateSync(JSON.parse(decryptAes128gcm(push.body, browser)));
    expect(payload).toMatchObject({ type: 'cancelled', ticket_code: ticket.code, title: 'Vé đã được hủy', lang: 'vi' });
  });

  it('tells the subscribed browser, in the ticket’s language, each time the partner moves the trip', async () => {
    const ticket = await book({ lang: 'en' });
    const { subscription, browser, path } = newSubscription();
    expect((await subscribe({ subscription, ticket_code: ticket.code, contact: ticket.phone, lang: 'en' })).status).toBe(200);
    const login = await post(app, PARTNER_PATHS.login, { phone_number: partnerDemoPhone(1), password: partnerDemoPassword() });
    const auth = { authorization: `Bearer ${staffLoginResponseSchema.validateSync(await login.json()).data.token}` };
    const moveTo = async (to: string) =>
      expect((await post(app, PARTNER_PATHS.transition, { ticket_code: ticket.code, to }, auth)).status).toBe(200);
    const types: string[] = [];
    const next = async () => {
      const pushes = await waitForPush(path, types.length + 1);
      const push = pushes[types.length];
      if (!push) throw new Error('no push');
      const payload = pushPayloadSchema.validateSync(JSON.parse(decryptAes128gcm(push.body, browser)));
      expect(payload).toMatchObject({ ticket_code: ticket.code, lang: 'en' });
      expect(payload.url).toBe(
        `http://localhost${pathFor('ticket-detail', 'en', { code: ticket.code, phone: normalizePhone('84', ticket.phone) })}`,
      );
      types.push(payload.type);
      return payload;
    };

    await moveTo('not_started');
    expect(await next()).toMatchObject({ type: 'partner_accepted' });
    const fleetRes = await app.request(PARTNER_PATHS.fleet, { headers: auth });
    const fleet = staffFleetResponseSchema.validateSync(await fleetRes.json()).data;
    const assigned = await post(
      app,
      PARTNER_PATHS.assign,
      { ticket_code: ticket.code, driver_id: fleet.drivers[0]?.id, car_id: fleet.cars[0]?.id },
      auth,
    );
    expect(assigned.status).toBe(200);
    expect((await next()).type).toBe('driver_assigned');
    await moveTo('trip_started');
    expect((await next()).type).toBe('trip_started');
    await moveTo('arrived_at_pickup');
    expect((await next()).type).toBe('driver_arrived');
    await moveTo('passenger_picked_up');
    // Picking up sends nothing (the passenger is in the car); four messages in all.
    expect(types).toEqual(['partner_accepted', 'driver_assigned', 'trip_started', 'driver_arrived']);
  });

  it('tells the subscribed browser when the gateway confirms the payment', async () => {
    const ticket = await book({ pay_method_id: 8 }, BOOKING_PATHS.createTicketPaymentOnline);
    const { subscription, browser, path } = newSubscription();
    expect((await subscribe({ subscription, ticket_code: ticket.code, contact: ticket.email })).status).toBe(200);

    const page = await startedPage(await startPayment(app, ticket));
    const order = Object.fromEntries(page.searchParams);
    const [secret] = await db.database.db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, SANDBOX_SECRET_KEY));
    const signed = sandboxSign(
      {
        sb_gateway: order.sb_gateway ?? 'sandbox',
        sb_txn_ref: order.sb_txn_ref ?? '',
        sb_amount: order.sb_amount ?? '',
        sb_ticket_code: order.sb_ticket_code ?? '',
        sb_result: 'paid',
        sb_response_code: '00',
        sb_txn_no: 'SBPUSH1',
      },
      String(secret?.value),
    );
    const ipn = await app.request(PAYMENT_PATHS.ipnSandbox, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(signed).toString(),
    });
    expect(ipn.status).toBe(200);

    const [push] = await waitForPush(path);
    if (!push) throw new Error('no push');
    const payload = pushPayloadSchema.validateSync(JSON.parse(decryptAes128gcm(push.body, browser)));
    expect(payload).toMatchObject({ type: 'payment_succeeded', ticket_code: ticket.code, title: 'Thanh toán thành công' });
  });
});
