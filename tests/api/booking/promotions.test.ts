// Promotion codes (spec 5, 7): the check call (percent vs money, dates, minimum order, pay-method restriction,
// unknown codes) and their use at ticket creation (one use per ticket, single-use per phone and max_uses held
// under concurrency, total never below 0).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema, promotionCheckResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { promotionRedemptions, promotions, settings } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { AIRPORT_TRIP, bookingPayload, inTwoDays, optionOf, post, uniquePhone, uniqueSession } from '../helpers/booking';

let t: TestApp;
let vivu: PriceOption;
beforeAll(async () => {
  // settingsTtlMs 0: the anti-fraud limit is raised below, after the first price list read the settings.
  t = await createTestApp({ settingsTtlMs: 0 });
  vivu = await optionOf(t.app, 'Vivu Airport Express');
  // The concurrency tests book many tickets from one phone; the anti-fraud limits are tested in tests/api/booking/night-flow.test.ts.
  await t.db.database.db.update(settings).set({ value: 1000 }).where(eq(settings.key, 'vanguard_max_per_phone'));
  await t.db.database.db.insert(promotions).values([
    { code: 'LIMIT1', value: 20_000, maxUses: 1 },
    { code: 'FREE100', value: 100 },
    { code: 'BIGORDER', value: 5, minOrder: 5_000_000 },
  ]);
});
afterAll(() => t.close());

async function check(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const res = await t.app.request(`${BOOKING_PATHS.checkPromotionCode}?${query.toString()}`);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function refusal(params: Record<string, string | number>) {
  const res = await check(params);
  return { status: res.status, ...failureSchema.validateSync(res.body) };
}

const tripAt = (i: number) => ({
  ...AIRPORT_TRIP,
  depart: inTwoDays(`${String(6 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`),
});

async function book(overrides: Record<string, unknown>, i = 0) {
  const trip = tripAt(i);
  const res = await post(t.app, BOOKING_PATHS.createTicket, bookingPayload(vivu, trip, overrides));
  return { status: res.status, body: (await res.json()) as unknown };
}

describe('check_promotion_code', () => {
  it('reads a value up to 100 as a percent of the amount', async () => {
    const res = await check({ promotion_code: 'vivu10', amount: 500_000, phone_number: '0912345678' });
    expect(res.status).toBe(200);
    const body = promotionCheckResponseSchema.validateSync(res.body);
    expect(body).toMatchObject({ discount_text: '10%', discount_price: 50_000 });
    expect(body.data).toMatchObject({ code: 'VIVU10', kind: 'percent', value: 10 });
  });

  it('reads a value above 100 as money', async () => {
    const body = promotionCheckResponseSchema.validateSync((await check({ promotion_code: 'GIAM50K', amount: 400_000 })).body);
    expect(body).toMatchObject({ discount_text: '50.000đ', discount_price: 50_000 });
    expect(body.data.kind).toBe('amount');
  });

  it('refuses an order below the minimum, with the minimum', async () => {
    const res = await refusal({ promotion_code: 'GIAM50K', amount: 150_000 });
    expect(res.status).toBe(422);
    expect(res.message).toBe('booking.errors.promotion_min_order');
    expect(res.errors?.[0]).toEqual({
      field: 'promotion_code',
      message: 'booking.errors.promotion_min_order',
      params: { min: 200_000 },
    });
  });

  it('refuses an expired code', async () => {
    expect((await refusal({ promotion_code: 'TET2025', amount: 500_000 })).message).toBe('booking.errors.promotion_expired');
  });

  it("answers 'Promotion code does not exist' for an unknown code", async () => {
    const res = await refusal({ promotion_code: 'NOSUCHCODE' });
    expect(res.status).toBe(404);
    expect(res.message).toBe('booking.errors.promotion_not_found');
  });

  it('holds a pay-method restriction (PayPal-style 99 counts as 4)', async () => {
    expect((await refusal({ promotion_code: 'ONLINE15', payment_method_id: 3, amount: 500_000 })).message).toBe(
      'booking.errors.promotion_pay_method',
    );
    expect((await check({ promotion_code: 'ONLINE15', payment_method_id: 99, amount: 500_000 })).status).toBe(200);
    expect((await check({ promotion_code: 'ONLINE15', payment_method_id: 8, amount: 500_000 })).status).toBe(200);
  });

  it('refuses a code that is not for hourly hire on an hourly booking', async () => {
    const res = await refusal({ promotion_code: 'ONLINE15', payment_method_id: 8, is_hourly_booking: 1 });
    expect(res.message).toBe('booking.errors.promotion_not_applicable');
  });
});

describe('promotions at ticket creation', () => {
  it('takes a percent off the base price once, however often the attempt is submitted', async () => {
    const [before] = await t.db.database.db.select().from(promotions).where(eq(promotions.code, 'VIVU10'));
    const payload = bookingPayload(vivu, AIRPORT_TRIP, { promotion_code: 'vivu10' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(t.app, BOOKING_PATHS.createTicket, payload)));
    const bodies = await Promise.all(answers.map(async (res) => createTicketResponseSchema.validateSync(await res.json())));
    const discount = Math.round(vivu.merged * 0.1);
    for (const body of bodies) expect(body.data.amounts.promotion_cost).toBe(discount);
    expect(bodies[0]?.data.amounts.total_cost).toBe(vivu.merged - discount + (vivu.toll_fee === 'NA' ? 0 : vivu.toll_fee));
    const [after] = await t.db.database.db.select().from(promotions).where(eq(promotions.code, 'VIVU10'));
    expect((after?.uses ?? 0) - (before?.uses ?? 0)).toBe(1);
  });

  it('takes money off the base price', async () => {
    const body = createTicketResponseSchema.validateSync((await book({ promotion_code: 'GIAM50K' })).body);
    expect(body.data.amounts.promotion_cost).toBe(50_000);
  });

  it('never goes below 0: a 100% code leaves only the toll, and no VAT', async () => {
    const body = createTicketResponseSchema.validateSync(
      (
        await book({
          promotion_code: 'FREE100',
          xhd: 1,
          company: { name: 'Công ty A', address: '1 Lê Lợi', mst: '0101234567', address_receive: '1 Lê Lợi' },
        })
      ).body,
    );
    expect(body.data.amounts.promotion_cost).toBe(vivu.merged);
    expect(body.data.amounts.vat_cost).toBe(0);
    expect(body.data.amounts.total_cost).toBe(vivu.toll_fee === 'NA' ? 0 : vivu.toll_fee);
  });

  it('refuses a restricted code with another pay method, and keeps the ticket uncreated', async () => {
    const res = await book({ promotion_code: 'ONLINE15', pay_method_id: 3 });
    expect(res.status).toBe(422);
    expect(failureSchema.validateSync(res.body).message).toBe('booking.errors.promotion_pay_method');
  });

  it('refuses a booking below the minimum order, priced by the server', async () => {
    const res = await book({ promotion_code: 'BIGORDER' });
    expect(res.status).toBe(422);
    expect(failureSchema.validateSync(res.body).errors?.[0]?.params).toEqual({ min: 5_000_000 });
  });

  it('refuses an unknown code at creation', async () => {
    const res = await book({ promotion_code: 'NOSUCHCODE' });
    expect(res.status).toBe(404);
    expect(failureSchema.validateSync(res.body).message).toBe('booking.errors.promotion_not_found');
  });

  it('lets a single-use code succeed once when one phone tries it 20 times at once', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book({ promotion_code: 'CHAOBAN', phone, ticket_session: uniqueSession() }, i)),
    );
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(422);
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.promotion_already_used');
    }
    const [promotion] = await t.db.database.db.select().from(promotions).where(eq(promotions.code, 'CHAOBAN'));
    const redemptions = await t.db.database.db
      .select()
      .from(promotionRedemptions)
      .where(eq(promotionRedemptions.promotionId, promotion?.id ?? 0));
    expect(redemptions).toHaveLength(1);
    expect(promotion?.uses).toBe(1);
    // Another phone may still use it.
    expect((await book({ promotion_code: 'CHAOBAN' })).status).toBe(200);
  });

  it('lets a code with one use left succeed once among 20 concurrent bookings', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book({ promotion_code: 'LIMIT1' }, i)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(failureSchema.validateSync(answer.body).message).toBe('booking.errors.promotion_used_up');
    }
    const [promotion] = await t.db.database.db.select().from(promotions).where(eq(promotions.code, 'LIMIT1'));
    expect(promotion?.uses).toBe(1);
  });
});
