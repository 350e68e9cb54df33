// Ticket creation (spec 4, 7): re-pricing, the spec 5 total, idempotency on ticket_session, per-field validation,
// online methods, hourly bookings, the pay methods and the ticket lookup's access rule.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_PATHS,
  createTicketResponseSchema,
  hourlyCreateResponseSchema,
  payMethodsResponseSchema,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { hourlyPriceListResponseSchema, PRICING_PATHS, type PriceOption } from '../../../src/shared/contract/pricing';
import { fareTotal } from '../../../src/shared/domain/fare-total';
import { createApp } from '../../../src/server/app';
import { partnerFees, settings, tickets } from '../../../src/server/db/schema';
import { SEED_PARTNERS } from '../../../src/server/db/seed-pricing';
import { createTestDatabase } from '../helpers/test-db';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  AIRPORT_TRIP,
  bookingPayload,
  inTwoDays,
  optionOf,
  post,
  startedPage,
  startPayment,
  uniquePhone,
  uniqueSession,
} from '../helpers/booking';
import { PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import { PLACES } from '../helpers/places';
import { TICKET_LOOKUP_PATHS, ticketInfoResponseSchema } from '../../../src/shared/contract/tickets';

let t: TestApp;
let vivu: PriceOption;
beforeAll(async () => {
  t = await createTestApp();
  vivu = await optionOf(t.app, 'Vivu Airport Express');
});
afterAll(() => t.close());

async function create(body: unknown, path: string = BOOKING_PATHS.createTicket) {
  const res = await post(t.app, path, body);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function failure(body: unknown, path: string = BOOKING_PATHS.createTicket) {
  const res = await create(body, path);
  return { status: res.status, ...failureSchema.validateSync(res.body) };
}

const fieldErrors = (errors: { field: string; message: string }[] | undefined) =>
  Object.fromEntries((errors ?? []).map((error) => [error.field, error.message]));

describe('create_ticket', () => {
  it('creates a postpaid ticket priced by the server', async () => {
    const res = await create(bookingPayload(vivu));
    expect(res.status).toBe(200);
    const body = createTicketResponseSchema.validateSync(res.body);
    expect(body.ticket_code).toMatch(/^VV[A-HJ-NP-Z2-9]{6}$/);
    expect(body.data.ticket_code).toBe(body.ticket_code);
    expect(body.pay_method_id).toBe(3);
    expect(body.data.transaction_status_id).toBe(2);
    expect(body.data.status).toBe(1);
    expect(body.data.ticket_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data).not.toHaveProperty('ticket_id');
    expect(body.data.amounts.merged).toBe(vivu.merged);
    expect(body.data.amounts.total_cost).toBe(vivu.merged + (vivu.toll_fee === 'NA' ? 0 : vivu.toll_fee));
  });

  it('answers 50 concurrent submissions of one attempt with one ticket and one answer', async () => {
    const payload = bookingPayload(vivu);
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(payload)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const first = JSON.stringify(answers[0]?.body);
    for (const answer of answers) {
      createTicketResponseSchema.validateSync(answer.body);
      expect(JSON.stringify(answer.body)).toBe(first);
    }
    const rows = await t.db.database.db.select().from(tickets).where(eq(tickets.ticketSession, payload.ticket_session));
    expect(rows).toHaveLength(1);
  });

  it('answers a later resubmission with the same ticket', async () => {
    const payload = bookingPayload(vivu);
    const first = await create(payload);
    const again = await create({ ...payload, comment: 'changed my mind' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('refuses a price the server does not offer, with the current price', async () => {
    const res = await failure(bookingPayload(vivu, AIRPORT_TRIP, { merged: vivu.merged - 1000 }));
    expect(res.status).toBe(409);
    expect(res.message).toBe('booking.errors.price_changed');
    expect(res.errors?.[0]?.params).toEqual({ merged: vivu.merged });
  });

  it('refuses an option that no longer exists', async () => {
    const res = await failure(bookingPayload(vivu, AIRPORT_TRIP, { option_id: `${vivu.partner.id}:999:1` }));
    expect(res.status).toBe(409);
    expect(res.message).toBe('booking.errors.option_unavailable');
  });

  it('refuses more passengers than the vehicle takes (spec 5)', async () => {
    const res = await failure(bookingPayload(vivu, AIRPORT_TRIP, { chair: 5 }));
    expect(res.status).toBe(409);
    expect(res.errors).toEqual([{ field: 'chair', message: 'booking.errors.chairs', params: { max: vivu.vehicle_seat_left } }]);
  });

  it('refuses an option of another partner than the one named', async () => {
    const res = await failure(bookingPayload(vivu, AIRPORT_TRIP, { brand_partner_id: vivu.partner.id + 1 }));
    expect(res.status).toBe(409);
    expect(res.message).toBe('booking.errors.option_unavailable');
  });

  it('adds the board price, VAT on the discounted price, and the toll (spec 5)', async () => {
    const payload = bookingPayload(vivu, AIRPORT_TRIP, {
      catch_in_house: 1,
      xhd: 1,
      company: {
        name: 'Công ty TNHH Vivu',
        address: '1 Tràng Tiền, Hà Nội',
        mst: '0101234567',
        address_receive: 'hoadon@vivu.vn',
      },
    });
    const body = createTicketResponseSchema.validateSync((await create(payload)).body);
    const expected = fareTotal({
      merged: vivu.merged,
      boardPrice: vivu.board_price,
      byBoard: true,
      promotion: 0,
      memberPromotion: 0,
      vat: true,
      vatPercent: 10,
      tollFee: vivu.toll_fee,
      payMethodFeePercent: 0,
    });
    expect(vivu.board_price).toBeGreaterThan(0);
    expect(body.data.amounts.board_price).toBe(vivu.board_price);
    expect(body.data.amounts.vat_cost).toBe(Math.round((vivu.merged + vivu.board_price) / 10));
    expect(body.data.amounts.total_cost).toBe(expected.total);
  });

  it('leaves the toll out when the partner gives none (NA)', async () => {
    await t.db.database.db.update(partnerFees).set({ tollBands: null }).where(eq(partnerFees.partnerId, vivu.partner.id));
    try {
      // The pricing catalogue is cached; a fresh app reads the change.
      const fresh = createApp({ database: t.db.database, log: { info() {}, error() {} } });
      const item = await optionOf(fresh, 'Vivu Airport Express');
      expect(item.toll_fee).toBe('NA');
      const res = await post(fresh, BOOKING_PATHS.createTicket, bookingPayload(item));
      const body = createTicketResponseSchema.validateSync(await res.json());
      expect(body.data.amounts.toll_fee).toBe('NA');
      expect(body.data.amounts.total_cost).toBe(item.merged);
    } finally {
      const original = SEED_PARTNERS.find((seed) => seed.partner.name === 'Vivu Airport Express')?.fees.tollBands ?? null;
      await t.db.database.db.update(partnerFees).set({ tollBands: original }).where(eq(partnerFees.partnerId, vivu.partner.id));
    }
  });

  it('adds the 5% PayPal-style fee for the PayPal-style method, whose payment is then started by its key', async () => {
    const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: 99 });
    const res = await create(payload, BOOKING_PATHS.createTicketPaymentOnline);
    const body = createTicketResponseSchema.validateSync(res.body);
    expect(body.pay_method_id).toBe(4);
    expect(body.data.transaction_status_id).toBe(1);
    const beforeFee = vivu.merged + (vivu.toll_fee === 'NA' ? 0 : vivu.toll_fee);
    expect(body.data.amounts.paypal_fee).toBe(Math.round(beforeFee * 0.05));
    expect(body.data.amounts.total_cost).toBe(beforeFee + Math.round(beforeFee * 0.05));
    const started = await startPayment(
      t.app,
      { code: body.ticket_code, key: body.data.ticket_key },
      { pay_method: 4 },
      PAYMENT_PATHS.paypalRequest,
    );
    expect((await startedPage(started)).searchParams.get('sb_gateway')).toBe('paypal_sandbox');
  });

  it('takes card payment (8) without a fee', async () => {
    const body = createTicketResponseSchema.validateSync(
      (await create(bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: 8 }), BOOKING_PATHS.createTicketPaymentOnline)).body,
    );
    expect(body.data.amounts.paypal_fee).toBe(0);
    const started = await startPayment(t.app, { code: body.ticket_code, key: body.data.ticket_key });
    expect((await startedPage(started)).searchParams.get('sb_gateway')).toBe('sandbox');
  });

  it('refuses a postpaid method on the online call', async () => {
    const res = await failure(bookingPayload(vivu), BOOKING_PATHS.createTicketPaymentOnline);
    expect(res.status).toBe(400);
    expect(fieldErrors(res.errors)).toEqual({ pay_method_id: 'booking.errors.online_required' });
  });
});

describe('create_ticket validation (spec 5)', () => {
  it('names each invalid field with its message key', async () => {
    const res = await failure(
      bookingPayload(vivu, AIRPORT_TRIP, {
        fullname: '  ',
        phone: '0212345678',
        email: 'an@',
        plane_number: 'ABC',
        plane_type: 3,
      }),
    );
    expect(res.status).toBe(400);
    expect(fieldErrors(res.errors)).toEqual({
      fullname: 'booking.errors.fullname',
      phone: 'booking.errors.phone',
      email: 'booking.errors.email',
      plane_number: 'booking.errors.plane_number',
      plane_type: 'booking.errors.plane_type',
    });
  });

  // Valid numbers are made unique (the anti-fraud check refuses an identical pending ticket).
  it.each([
    ['84 9xx xxx xxx', (p: string) => `84 ${p.slice(1, 4)} ${p.slice(4, 7)} ${p.slice(7)}`, true],
    ['09xxxxxxxx', (p: string) => p, true],
    ['9xxxxxxxx', (p: string) => p.slice(1), true],
    ['84212345678', () => '84212345678', false],
    ['09123456', () => '09123456', false],
    ['09123456789', () => '09123456789', false],
  ])('checks the phone %s', async (_label, phoneOf, valid) => {
    const res = await create(bookingPayload(vivu, AIRPORT_TRIP, { phone: phoneOf(uniquePhone()) }));
    if (valid) expect(res.status).toBe(200);
    else expect(fieldErrors(failureSchema.validateSync(res.body).errors)).toEqual({ phone: 'booking.errors.phone' });
  });

  it('stores the phone as sent to the server (spec 5: no spaces, 84 becomes 0)', async () => {
    const phone = uniquePhone();
    const body = createTicketResponseSchema.validateSync(
      (await create(bookingPayload(vivu, AIRPORT_TRIP, { phone: `84 ${phone.slice(1, 4)} ${phone.slice(4)}` }))).body,
    );
    const [row] = await t.db.database.db.select().from(tickets).where(eq(tickets.code, body.ticket_code));
    expect(row?.phone).toBe(phone);
  });

  it('keeps the old ticket code a rebooking names, and refuses one longer than a code (spec 7 old_ticket_code)', async () => {
    const body = createTicketResponseSchema.validateSync(
      (await create(bookingPayload(vivu, AIRPORT_TRIP, { old_ticket_code: 'AB12CD' }))).body,
    );
    const [row] = await t.db.database.db.select().from(tickets).where(eq(tickets.code, body.ticket_code));
    expect(row?.oldTicketCode).toBe('AB12CD');
    const tooLong = await create(bookingPayload(vivu, AIRPORT_TRIP, { old_ticket_code: 'X'.repeat(21) }));
    expect(tooLong.status).toBe(400);
  });

  it('needs the flight number and type only for airport tickets', async () => {
    const missing = await failure(bookingPayload(vivu, AIRPORT_TRIP, { plane_number: '', plane_type: undefined }));
    expect(fieldErrors(missing.errors)).toEqual({
      plane_number: 'booking.errors.plane_number',
      plane_type: 'booking.errors.plane_type',
    });
  });

  it('needs the invoice fields when a VAT invoice is asked for', async () => {
    const res = await failure(
      bookingPayload(vivu, AIRPORT_TRIP, { xhd: 1, company: { name: '', address: '', mst: '01A', address_receive: '' } }),
    );
    expect(fieldErrors(res.errors)).toEqual({
      'company.name': 'booking.errors.company_name',
      'company.address': 'booking.errors.company_address',
      'company.mst': 'booking.errors.tax_code',
      'company.address_receive': 'booking.errors.billing_address',
    });
  });

  it('ignores the invoice fields without an invoice', async () => {
    const res = await create(
      bookingPayload(vivu, AIRPORT_TRIP, { xhd: 0, company: { name: '', address: '', mst: 'x', address_receive: '' } }),
    );
    expect(res.status).toBe(200);
  });

  it("needs the other person's name and phone when booking for someone else", async () => {
    const res = await failure(bookingPayload(vivu, AIRPORT_TRIP, { not_use: 1, use: { name: '', phone: '123' } }));
    expect(fieldErrors(res.errors)).toEqual({
      'use.name': 'booking.errors.other_fullname',
      'use.phone': 'booking.errors.other_phone',
    });
  });

  it('needs the location details, a future departure, a pay method and an attempt key', async () => {
    const res = await failure(
      bookingPayload(vivu, AIRPORT_TRIP, {
        drop_address_component: undefined,
        depart_time: '08:00 1/1/2020',
        pay_method_id: 5,
        ticket_session: undefined,
      }),
    );
    expect(fieldErrors(res.errors)).toEqual({
      drop_address_component: 'booking.errors.location',
      depart_time: 'validation.depart_time_past',
      pay_method_id: 'booking.errors.pay_method',
      ticket_session: 'validation.required',
    });
  });
});

describe('create_hourly_booking', () => {
  it('books an hourly hire at the package price and answers its inquiry code', async () => {
    const query = new URLSearchParams({
      depart_time: inTwoDays('09:00'),
      pick_address: PLACES.hoanKiem.formatted_address,
      pick_address_component: JSON.stringify(PLACES.hoanKiem),
      duration: '6',
    });
    const list = hourlyPriceListResponseSchema.validateSync(
      await (await t.app.request(`${PRICING_PATHS.hourlyPriceList}?${query.toString()}`)).json(),
    );
    const item = list.data.items.find((candidate) => !candidate.hide);
    if (!item) throw new Error('no hourly option');
    const payload = {
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
      vat: 1,
      company: { name: 'Công ty Bình An', address: '2 Hàng Bài', mst: '0109876543', address_receive: '2 Hàng Bài' },
      extra_price_hour: item.extra_price_hour,
      extra_price_km: item.extra_price_km,
      ticket_session: uniqueSession(),
      session_id: uniqueSession(),
      lang: 'vi',
    };
    const res = await post(t.app, BOOKING_PATHS.createHourlyBooking, payload);
    expect(res.status).toBe(200);
    const body = hourlyCreateResponseSchema.validateSync(await res.json());
    expect(body.data.trip_price_inquiry_code).toMatch(/^VV/);
    expect(body.data.amounts.merged).toBe(item.price);
    expect(body.data.amounts.vat_cost).toBe(Math.round(item.price / 10));
    expect(body.data.amounts.total_cost).toBe(item.price + Math.round(item.price / 10));

    const changed = await post(t.app, BOOKING_PATHS.createHourlyBooking, {
      ...payload,
      phone: uniquePhone(),
      ticket_session: uniqueSession(),
      price: item.price + 1,
    });
    expect(changed.status).toBe(409);
    expect(failureSchema.validateSync(await changed.json()).message).toBe('booking.errors.price_changed');
  });
});

describe('get/pay_method', () => {
  it('lists postpaid 3, online 8 and PayPal-style 99 sent as 4 with its 5% fee', async () => {
    const body = payMethodsResponseSchema.validateSync(await (await t.app.request(BOOKING_PATHS.payMethods)).json());
    expect(body.data.map((method) => [method.id, method.sent_id, method.fee_percent, method.online])).toEqual([
      [3, 3, 0, false],
      [8, 8, 0, true],
      [99, 4, 5, true],
    ]);
  });
});

describe('get_ticket_info', () => {
  it('shows a ticket to whoever gives its code with its phone or e-mail, and nobody else', async () => {
    const phone = uniquePhone();
    const created = createTicketResponseSchema.validateSync(
      (await create(bookingPayload(vivu, AIRPORT_TRIP, { phone, email: 'Lookup@Example.com' }))).body,
    );
    const code = created.ticket_code;
    const info = async (params: Record<string, string>) => {
      const res = await t.app.request(`${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams(params).toString()}`);
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const byPhone = await info({ ticket_code: code, phone_number: phone, lang: 'en' });
    expect(byPhone.status).toBe(200);
    const ticket = ticketInfoResponseSchema.validateSync(byPhone.body).data;
    expect(ticket).toMatchObject({
      code,
      status: 1,
      transaction_status_id: 2,
      partner_name: 'Vivu Airport Express',
      driver_name: null,
      can_cancel: true,
    });
    expect(ticket.amounts.total_cost).toBe(created.data.amounts.total_cost);

    expect((await info({ ticket_code: code.toLowerCase(), email: 'lookup@example.com' })).status).toBe(200);
    const strangers: Record<string, string>[] = [
      { ticket_code: code, phone_number: uniquePhone() },
      { ticket_code: code, email: 'someone@example.com' },
      { ticket_code: 'VVZZZZZZ', phone_number: phone },
    ];
    for (const params of strangers) {
      const res = await info(params);
      expect(res.status).toBe(404);
      expect(failureSchema.validateSync(res.body).message).toBe('booking.errors.ticket_not_found');
    }
    const neither = await info({ ticket_code: code });
    expect(neither.status).toBe(400);
  });
});

describe('get_ticket_info in the page language', () => {
  it('names a place booked in Vietnamese in English on an English page, the Vietnamese kept in brackets', async () => {
    const phone = uniquePhone();
    const created = createTicketResponseSchema.validateSync((await create(bookingPayload(vivu, AIRPORT_TRIP, { phone }))).body);
    const info = async (lang: string) =>
      ticketInfoResponseSchema.validateSync(
        await (
          await t.app.request(
            `${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams({ ticket_code: created.ticket_code, phone_number: phone, lang })}`,
          )
        ).json(),
      ).data;
    const vi = await info('vi');
    expect(vi.pick_address).toBe('Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội');
    const en = await info('en');
    expect(en.pick_address).toBe(
      'Noi Bai International Airport, Noi Bai Commune, Hanoi (Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội)',
    );
    // The Vietnamese page shows the address as booked.
    expect(vi.drop_address).toBe(AIRPORT_TRIP.drop.formatted_address);
  });
});

describe('use_range_time (spec 3 useRangeTime, spec 7)', () => {
  const info = async (code: string, phone: string) =>
    ticketInfoResponseSchema.validateSync(
      await (
        await t.app.request(
          `${TICKET_LOOKUP_PATHS.ticketInfo}?${new URLSearchParams({ ticket_code: code, phone_number: phone })}`,
        )
      ).json(),
    ).data;

  it('keeps a flexible pickup on the ticket and shows its window, 15 minutes either side', async () => {
    const phone = uniquePhone();
    const created = createTicketResponseSchema.validateSync(
      (await create(bookingPayload(vivu, AIRPORT_TRIP, { phone, use_range_time: 1 }))).body,
    );
    const ticket = await info(created.ticket_code, phone);
    const day = AIRPORT_TRIP.depart.split(' ')[1];
    expect(ticket.range_time).toEqual({ from: `13:45 ${day}`, to: `14:15 ${day}` });
    const [row] = await t.db.database.db
      .select({ useRangeTime: tickets.useRangeTime })
      .from(tickets)
      .where(eq(tickets.code, created.ticket_code));
    expect(row?.useRangeTime).toBe(true);
  });

  it('books a pickup at the time itself without it', async () => {
    const phone = uniquePhone();
    const created = createTicketResponseSchema.validateSync((await create(bookingPayload(vivu, AIRPORT_TRIP, { phone }))).body);
    expect((await info(created.ticket_code, phone)).range_time).toBeNull();
  });
});

describe('booking settings', () => {
  it('are seeded in the settings table', async () => {
    const seeded = await createTestDatabase({ seededNightWindow: true });
    const rows = await seeded.database.db.select().from(settings).where(eq(settings.grp, 'booking'));
    await seeded.cleanup();
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toMatchObject({
      night_booking_start: '22:00',
      night_booking_end: '06:00',
      vanguard_max_per_phone: 5,
    });
  });
});
