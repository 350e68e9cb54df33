// The Zalo ZNS adapter and its SMS fallback against a local fake of Zalo's message/template endpoint
// (tests/fakes/zalo-fake.ts): delivery, a refused phone (one SMS instead), Zalo's own failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SmsSender } from '../../../src/server/adapters/messaging/types';
import {
  classifyZaloError,
  createZaloSmsFallback,
  createZaloZnsClient,
  zaloFromEnv,
  zaloPhone,
  ZaloSendError,
  type TripMessage,
} from '../../../src/server/adapters/messaging/zalo';
import { startZaloFake, type ZaloFake } from '../../fakes/zalo-fake';

let fake: ZaloFake;
beforeAll(async () => {
  fake = await startZaloFake();
});
afterAll(async () => {
  await fake.close();
});

const TEMPLATES = { booking_received: '231001', driver_assigned: '231002', payment_received: '231003' };

/** An SMS provider that records what it is given, and fails when told to. */
function recordingSms() {
  const sent: { phone: string; text: string }[] = [];
  let failWith: Error | null = null;
  const sender: SmsSender = {
    async send(phone, text) {
      sent.push({ phone, text });
      if (failWith) throw failWith;
    },
  };
  return { sender, sent, fail: (error: Error) => (failWith = error) };
}

const zalo = (overrides: Partial<Parameters<typeof createZaloZnsClient>[0]> = {}) =>
  createZaloZnsClient({ accessToken: fake.accessToken, templates: TEMPLATES, url: fake.url, ...overrides });

let n = 0;
const message = (overrides: Partial<TripMessage> = {}): TripMessage => ({
  phone: `09123${String((n += 1)).padStart(5, '0')}`,
  event: 'driver_assigned',
  templateData: { ticket_code: 'VVABC234', driver_name: 'Nguyễn Văn B', plate: '51H-123.45' },
  smsText: 'Vivu: tai xe Nguyen Van B, 51H-123.45, ve VVABC234',
  trackingId: `driver_assigned:42:${n}`,
  ...overrides,
});

beforeEach(() => {
  fake.delivered.length = 0;
});

describe('zaloPhone', () => {
  it('gives Zalo the 84 form of a Vietnamese number, and nothing for another country', () => {
    expect(zaloPhone('0912345678')).toBe('84912345678');
    expect(zaloPhone('+84912345678')).toBe('84912345678');
    expect(zaloPhone('84912345678')).toBe('84912345678');
    expect(zaloPhone('+12025550123')).toBeNull();
    expect(zaloPhone('091234567')).toBeNull();
  });
});

describe('classifyZaloError', () => {
  it('tells a refusing phone from a refused request and a passing failure', () => {
    for (const code of [-108, -114, -118, -119, -139]) expect(classifyZaloError(code)).toBe('refused');
    for (const code of [-124, -109, -112, -144]) expect(classifyZaloError(code)).toBe('rejected');
    expect(classifyZaloError(-100)).toBe('transient');
  });
});

describe('Zalo ZNS client', () => {
  it('sends the template message as Zalo documents it', async () => {
    const result = await zalo().sendTemplate({
      phone: '0912345678',
      templateId: '231001',
      data: { ticket_code: 'VVABC234', total: 350000 },
      trackingId: 't-1',
    });
    expect(result.msgId).toMatch(/^[0-9a-f]{32}$/);
    expect(fake.delivered).toEqual([
      {
        phone: '84912345678',
        template_id: '231001',
        template_data: { ticket_code: 'VVABC234', total: 350000 },
        tracking_id: 't-1',
        msg_id: result.msgId,
      },
    ]);
  });

  it("rejects with the kind of Zalo's refusal", async () => {
    fake.refusePhone('84900000001', -118);
    const kindOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 'delivered',
        (error: unknown) => (error instanceof ZaloSendError ? `${error.kind} ${error.code}` : 'other'),
      );
    const base = { templateId: '231001', data: { a: 1 }, trackingId: 't' };
    expect(await kindOf(zalo().sendTemplate({ ...base, phone: '0900000001' }))).toBe('refused -118');
    expect(await kindOf(zalo({ accessToken: 'expired' }).sendTemplate({ ...base, phone: '0912345678' }))).toBe('rejected -124');
    expect(await kindOf(zalo().sendTemplate({ ...base, phone: '0912345678', templateId: 'nope' }))).toBe('rejected -109');
    fake.failNext('http_500');
    expect(await kindOf(zalo().sendTemplate({ ...base, phone: '0912345678' }))).toBe('transient null');
    fake.failNext('unknown_error');
    expect(await kindOf(zalo().sendTemplate({ ...base, phone: '0912345678' }))).toBe('transient -100');
    fake.failNext('hang');
    expect(await kindOf(zalo({ timeoutMs: 200 }).sendTemplate({ ...base, phone: '0912345678' }))).toBe('transient null');
    expect(
      await kindOf(zalo({ url: 'http://127.0.0.1:1/message/template' }).sendTemplate({ ...base, phone: '0912345678' })),
    ).toBe('transient null');
    expect(fake.delivered).toEqual([]);
  });

  it('takes the access token from a function, asked at each send', async () => {
    let asked = 0;
    const client = zalo({
      accessToken: async () => {
        asked += 1;
        return fake.accessToken;
      },
    });
    await client.sendTemplate({ phone: '0912345678', templateId: '231001', data: {}, trackingId: 'a' });
    await client.sendTemplate({ phone: '0912345678', templateId: '231001', data: {}, trackingId: 'b' });
    expect(asked).toBe(2);
    expect(fake.delivered).toHaveLength(2);
  });
});

describe('createZaloSmsFallback', () => {
  it('sends by Zalo when Zalo delivers, and no SMS', async () => {
    const sms = recordingSms();
    const sent = message();
    expect(await createZaloSmsFallback(zalo(), sms.sender).send(sent)).toBe('zalo');
    expect(fake.delivered).toMatchObject([
      { template_id: '231002', template_data: sent.templateData, tracking_id: sent.trackingId },
    ]);
    expect(sms.sent).toEqual([]);
  });

  it('sends one SMS when Zalo refuses the phone', async () => {
    const sms = recordingSms();
    fake.refusePhone('84987654321', -119);
    const calls = fake.calls();
    const sent = message({ phone: '0987654321' });
    expect(await createZaloSmsFallback(zalo(), sms.sender).send(sent)).toBe('sms');
    expect(sms.sent).toEqual([{ phone: '0987654321', text: sent.smsText }]);
    expect(fake.calls()).toBe(calls + 1);
    expect(fake.delivered).toEqual([]);
  });

  it('sends one SMS when Zalo rejects the request itself (an expired token)', async () => {
    const sms = recordingSms();
    const sent = message();
    expect(await createZaloSmsFallback(zalo({ accessToken: 'expired' }), sms.sender).send(sent)).toBe('sms');
    expect(sms.sent).toEqual([{ phone: sent.phone, text: sent.smsText }]);
  });

  it('sends no SMS on a transient failure: it rejects so the outbox tries again, and the next try goes by Zalo', async () => {
    const sms = recordingSms();
    const sender = createZaloSmsFallback(zalo(), sms.sender);
    const sent = message();
    fake.failNext('http_500');
    await expect(sender.send(sent)).rejects.toMatchObject({ kind: 'transient' });
    expect(sms.sent).toEqual([]);
    expect(await sender.send(sent)).toBe('zalo');
    expect(fake.delivered).toHaveLength(1);
    expect(sms.sent).toEqual([]);
  });

  it('goes straight to SMS for a message without a template and for a number abroad, without calling Zalo', async () => {
    const sms = recordingSms();
    const sender = createZaloSmsFallback(zalo(), sms.sender);
    const calls = fake.calls();
    expect(await sender.send(message({ event: 'cancelled' }))).toBe('sms');
    expect(await sender.send(message({ phone: '+12025550123' }))).toBe('sms');
    expect(fake.calls()).toBe(calls);
    expect(sms.sent).toHaveLength(2);
  });

  it('rejects when the SMS after a refusal fails, having tried the SMS once', async () => {
    const sms = recordingSms();
    sms.fail(new Error('SMS provider answered 503'));
    fake.refusePhone('84911111111');
    await expect(createZaloSmsFallback(zalo(), sms.sender).send(message({ phone: '0911111111' }))).rejects.toThrow('503');
    expect(sms.sent).toHaveLength(1);
  });
});

describe('zaloFromEnv', () => {
  it('needs the access token and at least one template', () => {
    expect(zaloFromEnv({})).toBeNull();
    expect(zaloFromEnv({ ZALO_ACCESS_TOKEN: 'token' })).toBeNull();
    expect(zaloFromEnv({ ZALO_TEMPLATE_DRIVER_ASSIGNED: '1' })).toBeNull();
    const client = zaloFromEnv({ ZALO_ACCESS_TOKEN: 'token', ZALO_TEMPLATE_DRIVER_ASSIGNED: '231002' });
    expect(client?.templateFor('driver_assigned')).toBe('231002');
    expect(client?.templateFor('cancelled')).toBeNull();
    expect(client?.templateFor('toString')).toBeNull();
  });
});
