// Affiliate partner visitors (spec 6): a booking made while a partner referral is valid carries its
// partner_domain and aff_sid, which the ticket keeps; a booking without one keeps none. The price lists accept both
// and price the same.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_PATHS, createTicketResponseSchema, hourlyCreateResponseSchema } from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { hourlyPriceListResponseSchema, PRICING_PATHS, type PriceOption } from '../../../src/shared/contract/pricing';
import { tickets } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  AIRPORT_TRIP,
  bookingPayload,
  inTwoDays,
  optionOf,
  post,
  priceList,
  uniquePhone,
  uniqueSession,
} from '../helpers/booking';
import { PLACES } from '../helpers/places';

let t: TestApp;
let vivu: PriceOption;
beforeAll(async () => {
  t = await createTestApp();
  vivu = await optionOf(t.app, 'Vivu Airport Express');
});
afterAll(() => t.close());

async function referralOf(code: string) {
  const [row] = await t.db.database.db
    .select({ partnerDomain: tickets.partnerDomain, affSid: tickets.affSid })
    .from(tickets)
    .where(eq(tickets.code, code));
  return row;
}

async function createRide(overrides: Record<string, unknown>) {
  const res = await post(t.app, BOOKING_PATHS.createTicket, bookingPayload(vivu, AIRPORT_TRIP, overrides));
  expect(res.status).toBe(200);
  return createTicketResponseSchema.validateSync(await res.json()).ticket_code;
}

describe('create_ticket with a partner referral', () => {
  it('keeps the partner domain and affiliate id, trimmed', async () => {
    const code = await createRide({ partner_domain: ' partner.example.vn ', aff_sid: ' A123 ' });
    expect(await referralOf(code)).toEqual({ partnerDomain: 'partner.example.vn', affSid: 'A123' });
  });

  it('keeps a domain without an affiliate id', async () => {
    const code = await createRide({ partner_domain: 'partner.example.vn' });
    expect(await referralOf(code)).toEqual({ partnerDomain: 'partner.example.vn', affSid: null });
  });

  it('keeps nothing for a booking without one, or with empty values', async () => {
    expect(await referralOf(await createRide({}))).toEqual({ partnerDomain: null, affSid: null });
    expect(await referralOf(await createRide({ partner_domain: ' ', aff_sid: '' }))).toEqual({
      partnerDomain: null,
      affSid: null,
    });
  });

  it('refuses values longer than 200 characters', async () => {
    const res = await post(
      t.app,
      BOOKING_PATHS.createTicket,
      bookingPayload(vivu, AIRPORT_TRIP, { partner_domain: `${'a'.repeat(198)}.vn`, aff_sid: 'S'.repeat(201) }),
    );
    expect(res.status).toBe(400);
    const body = failureSchema.validateSync(await res.json());
    expect((body.errors ?? []).map((error) => error.field).sort()).toEqual(['aff_sid', 'partner_domain']);
  });
});

describe('create_hourly_booking with a partner referral', () => {
  it('keeps the partner domain and affiliate id on the ticket', async () => {
    const query = new URLSearchParams({
      depart_time: inTwoDays('09:00'),
      pick_address: PLACES.hoanKiem.formatted_address,
      pick_address_component: JSON.stringify(PLACES.hoanKiem),
      duration: '6',
      partner_domain: 'partner.example.vn',
      aff_sid: 'A123',
    });
    const list = hourlyPriceListResponseSchema.validateSync(
      await (await t.app.request(`${PRICING_PATHS.hourlyPriceList}?${query.toString()}`)).json(),
    );
    const item = list.data.items.find((candidate) => !candidate.hide);
    if (!item) throw new Error('no hourly option');
    const res = await post(t.app, BOOKING_PATHS.createHourlyBooking, {
      full_name: 'Trần Thị Bình',
      phone: uniquePhone(),
      email: 'binh@example.com',
      option_id: item.option_id,
      price: item.price,
      vehicle_id: item.vehicle_id,
      city_id: '01',
      brand_partner_id: item.partner.id,
      duration: 6,
      pick_address: PLACES.hoanKiem.formatted_address,
      pick_address_component: PLACES.hoanKiem,
      pick_pos: { lat: '21.0287', lng: '105.8523' },
      depart_time: inTwoDays('09:00'),
      comment: '',
      vat: 0,
      extra_price_hour: item.extra_price_hour,
      extra_price_km: item.extra_price_km,
      ticket_session: uniqueSession(),
      session_id: uniqueSession(),
      lang: 'en',
      partner_domain: 'partner.example.vn',
      aff_sid: 'A123',
    });
    expect(res.status).toBe(200);
    const code = hourlyCreateResponseSchema.validateSync(await res.json()).data.trip_price_inquiry_code;
    expect(await referralOf(code)).toEqual({ partnerDomain: 'partner.example.vn', affSid: 'A123' });
  });
});

describe('get_price_list with a partner referral', () => {
  it('accepts partner_domain and aff_sid and prices the same', async () => {
    const plain = await priceList(t.app, AIRPORT_TRIP);
    const referred = await priceList(t.app, AIRPORT_TRIP, { partner_domain: 'partner.example.vn', aff_sid: 'A123' });
    expect(referred.map((item) => [item.option_id, item.merged])).toEqual(plain.map((item) => [item.option_id, item.merged]));
  });
});
