// Every payment outcome leads somewhere. A passenger who goes back from the gateway without paying is told
// "not paid" at once (the gateway's signed return), a declined or expired payment can be paid again on the same
// ticket, a ticket not paid changes its method (cash later, or the other online method, the fee following), hourly
// hire is paid online like a ride, and booking the same trip again offers the pending ticket instead of "spam".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, sandboxCharges, tickets } from '../../../src/server/db/schema';
import {
  BOOKING_ERROR_KEYS,
  BOOKING_PATHS,
  createTicketResponseSchema,
  hourlyCreateResponseSchema,
  pendingTicketSchema,
  TRANSACTION_STATUS,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import {
  changeMethodResponseSchema,
  checkStatusResponseSchema,
  PAYMENT_ERROR_KEYS,
  PAYMENT_PATHS,
  payOnlineResponseResponseSchema,
} from '../../../src/shared/contract/payments';
import { hourlyPriceListResponseSchema, PRICING_PATHS, type PriceOption } from '../../../src/shared/contract/pricing';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  AIRPORT_TRIP,
  bookingPayload,
  inTwoDays,
  keyHeader,
  optionOf,
  post,
  startedPage,
  startPayment,
  uniquePhone,
  uniqueSession,
  type OwnedTicket,
} from '../helpers/booking';
import { PLACES } from '../helpers/places';
import { TEST_DB } from '../helpers/test-db';

let t: TestApp;
let vivu: PriceOption;
let ipCounter = 0;
const newIp = () => `198.18.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp();
  vivu = await optionOf(t.app, 'Vivu Airport Express');
});
afterAll(async () => {
  await t.close();
});

const sql = () => t.db.database.db;

async function book(overrides: Record<string, unknown> = {}) {
  const payload = bookingPayload(vivu, AIRPORT_TRIP, { pay_method_id: 8, phone: uniquePhone(), ...overrides });
  const res = await post(t.app, BOOKING_PATHS.createTicketPaymentOnline, payload, { 'x-forwarded-for': newIp() });
  const text = await res.text();
  return { res, text, payload };
}

async function booked(overrides: Record<string, unknown> = {}): Promise<OwnedTicket & { payload: Record<string, unknown> }> {
  const { res, text, payload } = await book(overrides);
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  return { code: created.ticket_code, key: created.data.ticket_key, payload };
}

/** The passenger's choice on the sandbox gateway's page: the signed parameters the browser comes back with. */
async function onGateway(page: URL, choice: 'pay' | 'decline' | 'abandon'): Promise<Record<string, string>> {
  const form = new URLSearchParams(page.searchParams);
  form.set('choice', choice);
  form.set('card_number', '4111 1111 1111 1111');
  const res = await t.app.request(PAYMENT_PATHS.sandboxPay, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location') ?? '');
  return Object.fromEntries([...back.searchParams].filter(([name]) => name.startsWith('sb_')));
}

async function returned(ticket: OwnedTicket, params: Record<string, string>) {
  const query = new URLSearchParams({ ...params, ticket_code: ticket.code });
  const res = await t.app.request(`${PAYMENT_PATHS.payOnlineResponse}?${query.toString()}`, { headers: keyHeader(ticket.key) });
  expect(res.status).toBe(200);
  return payOnlineResponseResponseSchema.validateSync(await res.json()).data;
}

async function status(ticket: OwnedTicket) {
  const res = await t.app.request(`${PAYMENT_PATHS.checkStatus}?ticket_code=${ticket.code}`, { headers: keyHeader(ticket.key) });
  return checkStatusResponseSchema.validateSync(await res.json()).data;
}

async function changeMethod(ticket: OwnedTicket, method: number) {
  return post(t.app, PAYMENT_PATHS.changeMethod, { ticket_code: ticket.code, pay_method_id: method }, keyHeader(ticket.key));
}

const row = async (code: string) => (await sql().select().from(tickets).where(eq(tickets.code, code)))[0]!;

describe(`payment outcomes (${TEST_DB})`, () => {
  it('says "not paid" at once when the passenger goes back from the gateway, then takes a new attempt that pays', async () => {
    const ticket = await booked();
    const page = await startedPage(await startPayment(t.app, ticket));
    const back = await returned(ticket, await onGateway(page, 'abandon'));
    expect(back).toMatchObject({ attempt: 'abandoned', transaction_status_id: TRANSACTION_STATUS.processing });
    expect((await status(ticket)).attempt).toBe('abandoned');
    // A replayed return changes nothing; the ticket awaits its payment.
    expect((await returned(ticket, await onGateway(page, 'abandon'))).attempt).toBe('abandoned');
    // Pay again: a new attempt on the same ticket, paid.
    const again = await startedPage(await startPayment(t.app, ticket));
    expect(again.searchParams.get('sb_txn_ref')).not.toBe(page.searchParams.get('sb_txn_ref'));
    const paid = await returned(ticket, await onGateway(again, 'pay'));
    expect(paid).toMatchObject({ attempt: 'paid', transaction_status_id: TRANSACTION_STATUS.success });
    const attempts = await sql()
      .select()
      .from(payments)
      .where(eq(payments.ticketId, (await row(ticket.code)).id));
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual(['abandoned', 'paid']);
  });

  it('says "not paid" for a declined card, and pays the same ticket again', async () => {
    const ticket = await booked();
    const page = await startedPage(await startPayment(t.app, ticket));
    const back = await returned(ticket, await onGateway(page, 'decline'));
    expect(back).toMatchObject({ attempt: 'declined', transaction_status_id: TRANSACTION_STATUS.error });
    const again = await startedPage(await startPayment(t.app, ticket));
    expect((await status(ticket)).transaction_status_id).toBe(TRANSACTION_STATUS.processing);
    expect((await returned(ticket, await onGateway(again, 'pay'))).attempt).toBe('paid');
  });

  it('switches a ticket not paid to cash (done, the PayPal-style fee taken off) or to the other online method', async () => {
    const paypal = await booked({ pay_method_id: 99 });
    const before = await row(paypal.code);
    expect(before.paypalFee).toBeGreaterThan(0);
    await returned(
      paypal,
      await onGateway(
        await startedPage(await startPayment(t.app, paypal, { pay_method: 4 }, PAYMENT_PATHS.paypalRequest)),
        'abandon',
      ),
    );
    // PayPal-style → card: the fee goes, the ticket still awaits its payment.
    const toCard = changeMethodResponseSchema.validateSync(await (await changeMethod(paypal, 8)).json()).data;
    expect(toCard).toMatchObject({
      pay_method_id: 8,
      total_cost: before.totalCost - before.paypalFee,
      transaction_status_id: TRANSACTION_STATUS.processing,
    });
    // Card → PayPal-style: the 5% fee comes back.
    const toPaypal = changeMethodResponseSchema.validateSync(await (await changeMethod(paypal, 99)).json()).data;
    expect(toPaypal).toMatchObject({ pay_method_id: 4, total_cost: before.totalCost });
    // → cash later: a day booking is done, without the fee.
    const toCash = changeMethodResponseSchema.validateSync(await (await changeMethod(paypal, 3)).json()).data;
    expect(toCash).toMatchObject({
      pay_method_id: 3,
      total_cost: before.totalCost - before.paypalFee,
      transaction_status_id: TRANSACTION_STATUS.success,
    });
    expect(await row(paypal.code)).toMatchObject({ payMethodId: 3, paypalFee: 0, transactionStatusId: 2 });
    // Cash again is no change; a stranger cannot change it.
    expect(failureSchema.validateSync(await (await changeMethod(paypal, 3)).json()).message).toBe(
      PAYMENT_ERROR_KEYS.methodUnchangeable,
    );
    const stranger = await post(
      t.app,
      PAYMENT_PATHS.changeMethod,
      { ticket_code: paypal.code, pay_method_id: 8 },
      {
        ...keyHeader('x'.repeat(43)),
        'x-forwarded-for': newIp(),
      },
    );
    expect(stranger.status).toBe(404);
  });

  it('refunds a card payment that arrives after a switch to cash from the sandbox’s books, never on the cash ticket', async () => {
    const ticket = await booked();
    const page = await startedPage(await startPayment(t.app, ticket));
    expect((await changeMethod(ticket, 3)).status).toBe(200);
    const id = (await row(ticket.code)).id;
    expect((await sql().select().from(payments).where(eq(payments.ticketId, id)))[0]?.status).toBe('void');
    // The passenger still pays on the gateway's page they had open: the callback is acknowledged, the money owed back.
    const back = await returned(ticket, await onGateway(page, 'pay'));
    expect(back).toMatchObject({ transaction_status_id: TRANSACTION_STATUS.success });
    expect(await row(ticket.code)).toMatchObject({ payMethodId: 3, transactionStatusId: TRANSACTION_STATUS.success });
    const [payment, ...others] = await sql().select().from(payments).where(eq(payments.ticketId, id));
    expect(others).toHaveLength(0);
    // The sandbox gave the money back from its own books (VNPay's is left to the operator: callbacks.test.ts).
    expect(payment?.status).toBe('refunded');
    const [charge] = await sql()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.txnRef, payment?.txnRef ?? ''));
    expect(charge).toMatchObject({ txnNo: payment?.gatewayTxnNo, amount: payment?.amount });
    expect(charge?.refundId).toMatch(/^SBR[0-9A-F]{12}$/);
  });

  it('refuses a change of method once the ticket is paid, and where its promotion code needs online payment', async () => {
    const ticket = await booked();
    await returned(ticket, await onGateway(await startedPage(await startPayment(t.app, ticket)), 'pay'));
    const paid = await changeMethod(ticket, 3);
    expect(paid.status).toBe(409);
    expect(failureSchema.validateSync(await paid.json()).message).toBe(PAYMENT_ERROR_KEYS.alreadyPaid);

    const promoted = await booked({ promotion_code: 'ONLINE15' });
    expect((await row(promoted.code)).promotionCode).toBe('ONLINE15');
    const cash = await changeMethod(promoted, 3);
    expect(cash.status).toBe(409);
    expect(failureSchema.validateSync(await cash.json()).message).toBe(BOOKING_ERROR_KEYS.promotionPayMethod);
    expect((await row(promoted.code)).payMethodId).toBe(8);
  });

  it('offers the pending ticket when the same trip is booked again to the browser that booked it only', async () => {
    const first = await booked();
    await returned(first, await onGateway(await startedPage(await startPayment(t.app, first)), 'abandon'));
    // The same passenger, trip and browser session, a new attempt: not "spam", the ticket to continue.
    const again = await book({
      ...first.payload,
      ticket_session: uniqueSession(),
    });
    expect(again.res.status, again.text).toBe(409);
    const refusal = failureSchema.validateSync(JSON.parse(again.text));
    expect(refusal.message).toBe(BOOKING_ERROR_KEYS.pendingTicket);
    const pending = pendingTicketSchema.validateSync(refusal.data);
    expect(pending).toEqual({
      ticket_code: first.code,
      pay_method_id: 8,
      transaction_status_id: TRANSACTION_STATUS.processing,
      ticket_key: first.key,
    });
    // Another browser with the same phone and trip proves nothing: it is booked a ticket of its own, never told the
    // first one's code (the phone is told of both by SMS).
    const elsewhere = await book({ ...first.payload, ticket_session: uniqueSession(), session_id: uniqueSession() });
    expect(elsewhere.res.status, elsewhere.text).toBe(200);
    expect(elsewhere.text).not.toContain(first.code);
    // Knowingly booking it again (spec 7 ignore_duplicate_warning) makes a second ticket.
    const second = await book({ ...first.payload, ticket_session: uniqueSession(), ignore_duplicate_warning: 1 });
    expect(second.res.status, second.text).toBe(200);
  });

  it('pays an hourly hire online like a ride: awaiting payment, the fee for PayPal-style, then paid', async () => {
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
    const hire = (payMethod: number) =>
      post(
        t.app,
        BOOKING_PATHS.createHourlyBooking,
        {
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
          pay_method_id: payMethod,
          ticket_session: uniqueSession(),
          session_id: uniqueSession(),
          lang: 'en',
        },
        { 'x-forwarded-for': newIp() },
      );
    const card = hourlyCreateResponseSchema.validateSync(await (await hire(8)).json()).data;
    expect(card.transaction_status_id).toBe(TRANSACTION_STATUS.processing);
    expect(card.amounts.paypal_fee).toBe(0);
    const ticket = { code: card.trip_price_inquiry_code, key: card.ticket_key };
    expect((await returned(ticket, await onGateway(await startedPage(await startPayment(t.app, ticket)), 'pay'))).attempt).toBe(
      'paid',
    );
    expect(await row(ticket.code)).toMatchObject({ kind: 'hourly', payMethodId: 8, transactionStatusId: 2 });

    const paypal = hourlyCreateResponseSchema.validateSync(await (await hire(99)).json()).data;
    expect(paypal.amounts.paypal_fee).toBe(Math.round(item.price * 0.05));
    expect(paypal.amounts.total_cost).toBe(item.price + Math.round(item.price * 0.05));
    const cash = hourlyCreateResponseSchema.validateSync(await (await hire(3)).json()).data;
    expect(cash.transaction_status_id).toBe(TRANSACTION_STATUS.success);
  });
});
