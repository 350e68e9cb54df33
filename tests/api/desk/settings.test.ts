// The desk's settings: two servers share one database (as the processes of a cluster do), each keeping its settings
// for 5 s. An admin's change through one is answered by that one at once and by the other within 10 s of the shared
// clock (moved, never slept through); each value is checked by its rule; a change is audited with before and after; every call answers as an unknown route to a stranger or the wrong role.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { deskAudit, partnerStaff, transportPartners, users } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { CONFIG_PATHS, systemConfigsResponseSchema } from '../../../src/shared/contract/config';
import {
  DESK_SETTINGS_PATHS,
  deskSettingListResponseSchema,
  deskSettingResponseSchema,
} from '../../../src/shared/contract/desk-settings';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import { deskMember, type TestDeskMember } from '../helpers/desk-member';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
type App = ReturnType<typeof createApp>;
/** Two servers of one database, on one clock. */
let one: App;
let two: App;
let clock = Date.parse('2026-11-29T03:00:00Z');
const now = () => new Date(clock);
let admin: TestDeskMember;

beforeAll(async () => {
  db = await createTestDatabase();
  one = createApp({ database: db.database, log: silent, now });
  two = createApp({ database: db.database, log: silent, now });
  admin = await deskMember(one, 'admin', now);
});
afterAll(() => db.cleanup());

async function call(app: App, path: string, options: { token?: string; body?: object } = {}) {
  const res = await app.request(path, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const change = (key: string, value: string | number) =>
  call(one, DESK_SETTINGS_PATHS.change, { token: admin.token, body: { key, value } });
const paymentWindow = async (app: App) =>
  systemConfigsResponseSchema.validateSync((await call(app, CONFIG_PATHS.systemConfigs)).body).data.payment_window_minutes;
const fieldError = (body: unknown) => failureSchema.validateSync(body).errors?.[0];

describe('desk settings', () => {
  it('lists each setting with its value, default and topic', async () => {
    const list = deskSettingListResponseSchema.validateSync(
      (await call(one, DESK_SETTINGS_PATHS.list, { token: admin.token })).body,
    );
    const byKey = new Map(list.data.items.map((item) => [item.key, item]));
    expect(byKey.get('payment_window_minutes')).toMatchObject({ value: 5, default: 5, topic: 'payments' });
    // The test database's night window is empty (00:00–00:00); the spec's default is 22:00.
    expect(byKey.get('night_booking_start')).toMatchObject({ value: '00:00', default: '22:00', topic: 'night' });
    expect(byKey.get('partner_commission_percent')).toMatchObject({ value: 20, topic: 'commissions' });
  });

  it('reaches the other server within 10 s, and the changing one at once', async () => {
    expect(await paymentWindow(two)).toBe(5);
    const changed = await change('payment_window_minutes', '7');
    expect(deskSettingResponseSchema.validateSync(changed.body).data).toMatchObject({ value: 7, default: 5 });
    expect(await paymentWindow(one)).toBe(7);
    // The other server still holds what it read (its cache is real), until its lifetime has passed.
    expect(await paymentWindow(two)).toBe(5);
    clock += 10_000;
    expect(await paymentWindow(two)).toBe(7);

    const [entry] = await db.database.db
      .select()
      .from(deskAudit)
      .where(eq(deskAudit.action, 'setting_changed'))
      .orderBy(desc(deskAudit.id))
      .limit(1);
    expect(entry).toMatchObject({
      staffId: admin.id,
      subject: 'setting-payment_window_minutes',
      before: { key: 'payment_window_minutes', value: 5 },
      after: { key: 'payment_window_minutes', value: 7 },
    });
  });

  it('checks each value by its rule, writing nothing refused', async () => {
    const refusals: [string, string, string, object?][] = [
      ['payment_window_minutes', '0', 'desk_settings.errors.int', { min: 1, max: 60 }],
      ['partner_commission_percent', '12.5', 'desk_settings.errors.int', { min: 0, max: 100 }],
      ['night_booking_start', '25:00', 'desk_settings.errors.time'],
      ['vietqr_bank_bin', '97043', 'desk_settings.errors.text'],
      ['no_such_setting', '1', 'desk_settings.errors.key'],
    ];
    for (const [key, value, message, params] of refusals) {
      const res = await change(key, value);
      expect([key, res.status]).toEqual([key, 400]);
      expect(fieldError(res.body)).toMatchObject({ message, ...(params ? { params } : {}) });
    }
    expect((await change('night_booking_end', '05:30')).status).toBe(200);
    const list = deskSettingListResponseSchema.validateSync(
      (await call(one, DESK_SETTINGS_PATHS.list, { token: admin.token })).body,
    );
    const values = Object.fromEntries(list.data.items.map((item) => [item.key, item.value]));
    expect(values).toMatchObject({ night_booking_start: '00:00', night_booking_end: '05:30', partner_commission_percent: 20 });
  });

  it('answers as an unknown route without a session, with a passenger’s or a partner’s token, or with the wrong role', async () => {
    const data = db.database.db;
    await data.insert(users).values({
      phone: '0987000789',
      passwordHash: await hashPassword('banlamviec7'),
      verifiedPhone: true,
      referralCode: 'DESKSET',
    });
    const passenger = await call(one, ACCOUNT_PATHS.login, { body: { phone_number: '0987000789', password: 'banlamviec7' } });
    const [partner] = await data.insert(transportPartners).values({ slug: 'desk-settings-test', name: 'Nhà xe S' }).returning();
    await data.insert(partnerStaff).values({
      partnerId: partner!.id,
      phone: '0938111789',
      fullname: 'Owner',
      passwordHash: await hashPassword('banlamviec7'),
      role: 'owner',
    });
    const staff = await call(one, PARTNER_PATHS.login, { body: { phone_number: '0938111789', password: 'banlamviec7' } });
    const tokens = [
      undefined,
      'not-a-token',
      (passenger.body as { data: { token: string } }).data.token,
      (staff.body as { data: { token: string } }).data.token,
      ...(await Promise.all(
        (['support', 'finance', 'content'] as const).map(async (role) => (await deskMember(one, role, now)).token),
      )),
    ];
    for (const { path, body } of [
      { path: DESK_SETTINGS_PATHS.list },
      { path: DESK_SETTINGS_PATHS.change, body: { key: 'payment_window_minutes', value: 9 } },
    ])
      for (const token of tokens) {
        const res = await call(two, path, { token, body });
        expect([path, res.status, failureSchema.validateSync(res.body).message]).toEqual([path, 404, ERROR_KEYS.notFound]);
      }
  });
});
