// The desk's promotion codes: finance creates a code with its limits (checked by the contract, a code once), the
// uses per phone hold at booking even when one phone books at once, the list counts the true uses and filters by
// state, a paused code is refused at booking as an unknown one, a code limited to partners and airports applies to
// their rides only (at the check and at booking), every change is audited with before and after, and every call
// answers as an unknown route to a stranger or the wrong role.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskAudit, partnerStaff, settings, transportPartners, users } from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS } from '../../../src/shared/contract/booking';
import {
  DESK_PROMOTION_PATHS,
  deskPromotionPageResponseSchema,
  deskPromotionResponseSchema,
} from '../../../src/shared/contract/desk-promotions';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { createTestApp, type TestApp } from '../helpers/app';
import { AIRPORT_TRIP, bookingPayload, inTwoDays, optionOf, post, uniquePhone, uniqueSession } from '../helpers/booking';
import { deskMember, type TestDeskMember } from '../helpers/desk-member';

let t: TestApp;
let vivu: PriceOption;
let finance: TestDeskMember;

beforeAll(async () => {
  t = await createTestApp({ settingsTtlMs: 0 });
  vivu = await optionOf(t.app, 'Vivu Airport Express');
  // One phone books several tickets below; the anti-fraud limits are another test's.
  await t.db.database.db.update(settings).set({ value: 1000 }).where(eq(settings.key, 'vanguard_max_per_phone'));
  finance = await deskMember(t.app, 'finance');
});
afterAll(() => t.close());

async function call(path: string, options: { token?: string; body?: object } = {}) {
  const res = await t.app.request(path, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const as = (token: string, body?: object) => ({ token, body });

async function book(code: string, phone: string, i: number) {
  const depart = inTwoDays(`${String(6 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);
  const res = await post(
    t.app,
    BOOKING_PATHS.createTicket,
    bookingPayload(vivu, { ...AIRPORT_TRIP, depart }, { promotion_code: code, phone, ticket_session: uniqueSession() }),
  );
  return { status: res.status, body: (await res.json()) as unknown };
}

const lastAudit = async (action: string) =>
  (await t.db.database.db.select().from(deskAudit).where(eq(deskAudit.action, action)).orderBy(desc(deskAudit.id)).limit(1))[0];

describe('desk promotions', () => {
  it('creates a code with its limits, refusing bad limits per field and a code twice', async () => {
    const bad = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, {
        code: 'a b',
        value: 0,
        valid_from: '2027-02-10',
        valid_to: '2027-02-01',
        max_uses: -1,
        pay_method_ids: [7],
      }),
    );
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries((failureSchema.validateSync(bad.body).errors ?? []).map((e) => [e.field, e.message]));
    expect(fields).toEqual({
      code: 'desk_promotions.errors.code',
      value: 'desk_promotions.errors.value',
      valid_to: 'desk_promotions.errors.day_order',
      max_uses: 'desk_promotions.errors.count',
      'pay_method_ids[0]': 'desk_promotions.errors.pay_method',
    });

    const made = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, { code: 'hai2lan', value: 20_000, max_uses_per_phone: 2, pay_method_ids: [3], valid_from: '2026-01-01' }),
    );
    expect(made.status).toBe(200);
    expect(deskPromotionResponseSchema.validateSync(made.body).data).toMatchObject({
      code: 'HAI2LAN',
      value: 20_000,
      max_uses_per_phone: 2,
      pay_method_ids: [3],
      valid_from: '2026-01-01',
      valid_to: null,
      state: 'active',
      uses: 0,
    });
    const twice = await call(DESK_PROMOTION_PATHS.create, as(finance.token, { code: 'HAI2LAN', value: 5 }));
    expect(twice.status).toBe(409);
    expect(failureSchema.validateSync(twice.body).errors?.[0]).toMatchObject({
      field: 'code',
      message: 'desk_promotions.errors.code_taken',
    });
    const entry = await lastAudit('promotion_created');
    expect(entry).toMatchObject({ staffId: finance.id, subject: expect.stringMatching(/^promotion-\d+$/), before: null });
    expect(entry?.after).toMatchObject({ code: 'HAI2LAN', max_uses_per_phone: 2 });
  });

  it('holds the uses per phone at booking, counts the true uses, and refuses a paused code', async () => {
    const phone = uniquePhone();
    // Four bookings of one phone at once: the limit of two holds.
    const answers = await Promise.all([0, 1, 2, 3].map((i) => book('HAI2LAN', phone, i)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 422, 422]);
    for (const answer of answers.filter((a) => a.status === 422))
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.promotion_already_used');
    expect((await book('HAI2LAN', uniquePhone(), 4)).status).toBe(200);

    const listed = await call(`${DESK_PROMOTION_PATHS.list}?q=hai2&state=active`, as(finance.token));
    const page = deskPromotionPageResponseSchema.validateSync(listed.body).data;
    expect(page.items.map((p) => [p.code, p.uses])).toEqual([['HAI2LAN', 3]]);
    const id = page.items[0]!.id;

    const paused = await call(DESK_PROMOTION_PATHS.pause, as(finance.token, { id }));
    expect(deskPromotionResponseSchema.validateSync(paused.body).data).toMatchObject({ paused: true, state: 'paused', uses: 3 });
    const refused = await book('HAI2LAN', uniquePhone(), 5);
    expect(refused.status).toBe(404);
    expect(failureSchema.validateSync(refused.body).message).toBe('booking.errors.promotion_not_found');
    const pausedList = deskPromotionPageResponseSchema.validateSync(
      (await call(`${DESK_PROMOTION_PATHS.list}?state=paused`, as(finance.token))).body,
    ).data;
    expect(pausedList.items.map((p) => p.code)).toEqual(['HAI2LAN']);
    const entry = await lastAudit('promotion_paused');
    expect([entry?.before, entry?.after]).toMatchObject([{ paused: false }, { paused: true }]);

    expect((await call(DESK_PROMOTION_PATHS.resume, as(finance.token, { id }))).status).toBe(200);
    // Total uses lowered to those made: the code has ended.
    const changed = await call(
      DESK_PROMOTION_PATHS.update,
      as(finance.token, { id, value: 20_000, max_uses: 3, max_uses_per_phone: 2, pay_method_ids: [3], valid_from: '2026-01-01' }),
    );
    expect(deskPromotionResponseSchema.validateSync(changed.body).data).toMatchObject({
      state: 'ended',
      max_uses: 3,
      paused: false,
    });
    const edit = await lastAudit('promotion_changed');
    expect([edit?.before, edit?.after]).toMatchObject([{ max_uses: null }, { max_uses: 3 }]);
    expect((await book('HAI2LAN', uniquePhone(), 6)).status).toBe(422);
    const missing = await call(DESK_PROMOTION_PATHS.pause, as(finance.token, { id: 999_999 }));
    expect(missing.status).toBe(404);
    expect(failureSchema.validateSync(missing.body).message).toBe('desk_promotions.errors.not_found');
  });

  it('limits a code to transport partners and airports, at the check and at booking', async () => {
    const fieldOf = (body: unknown) => failureSchema.validateSync(body).errors?.[0];
    const unknownPartner = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, { code: 'NOIBAI10', value: 10, partner_ids: [999_999] }),
    );
    expect([unknownPartner.status, fieldOf(unknownPartner.body)]).toEqual([
      400,
      { field: 'partner_ids', message: 'desk_promotions.errors.partner' },
    ]);
    const unknownAirport = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, { code: 'NOIBAI10', value: 10, airport_codes: ['XYZ'] }),
    );
    expect([unknownAirport.status, fieldOf(unknownAirport.body)]).toEqual([
      400,
      { field: 'airport_codes', message: 'desk_promotions.errors.airport', params: { code: 'XYZ' } },
    ]);
    const malformed = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, { code: 'NOIBAI10', value: 10, airport_codes: ['Nội Bài'], partner_ids: ['x'] }),
    );
    expect(malformed.status).toBe(400);
    expect(
      Object.fromEntries((failureSchema.validateSync(malformed.body).errors ?? []).map((e) => [e.field, e.message])),
    ).toEqual({
      partner_ids: 'desk_promotions.errors.partner',
      airport_codes: 'desk_promotions.errors.airport',
    });

    const made = await call(
      DESK_PROMOTION_PATHS.create,
      as(finance.token, { code: 'NOIBAI10', value: 10, partner_ids: [vivu.partner.id], airport_codes: [vivu.airport_code] }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(deskPromotionResponseSchema.validateSync(made.body).data).toMatchObject({
      partner_ids: [vivu.partner.id],
      airport_codes: [vivu.airport_code],
    });

    const check = async (query: Record<string, string>) => {
      const res = await t.app.request(
        `${BOOKING_PATHS.checkPromotionCode}?${new URLSearchParams({ promotion_code: 'noibai10', amount: String(vivu.merged), ...query })}`,
      );
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const partner = String(vivu.partner.id);
    expect((await check({ transport_partner_id: partner, airport_code: vivu.airport_code })).status).toBe(200);
    const otherPartner = await check({ transport_partner_id: String(vivu.partner.id + 1000), airport_code: vivu.airport_code });
    expect([otherPartner.status, failureSchema.validateSync(otherPartner.body).message]).toEqual([
      422,
      BOOKING_ERROR_KEYS.promotionPartner,
    ]);
    const otherAirport = await check({ transport_partner_id: partner, airport_code: 'SGN' });
    expect([otherAirport.status, fieldOf(otherAirport.body)]).toEqual([
      422,
      { field: '', message: BOOKING_ERROR_KEYS.promotionAirport, params: { airports: vivu.airport_code } },
    ]);
    // An hourly hire has no airport end.
    const hourly = await check({ transport_partner_id: partner, is_hourly_booking: 'true' });
    expect(failureSchema.validateSync(hourly.body).message).toBe(BOOKING_ERROR_KEYS.promotionAirport);

    // At booking the server takes the partner and the airport from the option itself.
    const booked = await book('NOIBAI10', uniquePhone(), 7);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const taxi = await optionOf(t.app, 'Taxi Thủ Đô');
    const elsewhere = await post(
      t.app,
      BOOKING_PATHS.createTicket,
      bookingPayload(taxi, AIRPORT_TRIP, { promotion_code: 'NOIBAI10', phone: uniquePhone(), ticket_session: uniqueSession() }),
    );
    expect([elsewhere.status, failureSchema.validateSync(await elsewhere.json()).message]).toEqual([
      422,
      BOOKING_ERROR_KEYS.promotionPartner,
    ]);
  });

  it('answers as an unknown route without a session, with a passenger’s or a partner’s token, or with the wrong role', async () => {
    const db = t.db.database.db;
    const phone = '0987000456';
    await db
      .insert(users)
      .values({ phone, passwordHash: await hashPassword('banlamviec7'), verifiedPhone: true, referralCode: 'DESKPROMO' });
    const passenger = await call(ACCOUNT_PATHS.login, { body: { phone_number: phone, password: 'banlamviec7' } });
    const [partner] = await db.insert(transportPartners).values({ slug: 'desk-promo-test', name: 'Nhà xe P' }).returning();
    await db.insert(partnerStaff).values({
      partnerId: partner!.id,
      phone: '0938111456',
      fullname: 'Owner',
      passwordHash: await hashPassword('banlamviec7'),
      role: 'owner',
    });
    const staff = await call(PARTNER_PATHS.login, { body: { phone_number: '0938111456', password: 'banlamviec7' } });
    const tokens = [
      undefined,
      'not-a-token',
      (passenger.body as { data: { token: string } }).data.token,
      (staff.body as { data: { token: string } }).data.token,
      (await deskMember(t.app, 'support')).token,
      (await deskMember(t.app, 'content')).token,
    ];
    const calls = [
      { path: `${DESK_PROMOTION_PATHS.list}?page=1` },
      { path: DESK_PROMOTION_PATHS.create, body: { code: 'NOPE123', value: 5 } },
      { path: DESK_PROMOTION_PATHS.update, body: { id: 1, value: 5 } },
      { path: DESK_PROMOTION_PATHS.pause, body: { id: 1 } },
      { path: DESK_PROMOTION_PATHS.resume, body: { id: 1 } },
    ];
    for (const { path, body } of calls)
      for (const token of tokens) {
        const res = await call(path, { token, body });
        expect([path, res.status, failureSchema.validateSync(res.body).message]).toEqual([path, 404, ERROR_KEYS.notFound]);
      }
    // An admin may.
    expect((await call(DESK_PROMOTION_PATHS.list, as((await deskMember(t.app, 'admin')).token))).status).toBe(200);
  });
});
