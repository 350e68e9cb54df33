// The night flow (spec 4, 7, 8), the auto-cancel of timed-out tickets and the anti-fraud pre-check (hub vanguard).
// The booking module's clock is injected, so the partner's 20-second delay and the 5-minute payment window pass
// without sleeping.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autoProcessResponseSchema,
  BOOKING_PATHS,
  createTicketResponseSchema,
  nightCheckResponseSchema,
  ticketStateResponseSchema,
  vanguardNotifyResponseSchema,
  vanguardResponseSchema,
  type CreateTicketResponse,
} from '../../../src/shared/contract/booking';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS, staffLoginResponseSchema, staffTicketsResponseSchema } from '../../../src/shared/contract/partners';
import { partnerDemoPassword, partnerDemoPhone } from '../../../src/server/db/seed-trips';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { vnStartOfDay } from '../../../src/shared/domain/vn-time';
import { createApp } from '../../../src/server/app';
import { bookingNotifications, messageOutbox, partnerNightPolicies, settings, tickets } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  AIRPORT_TRIP,
  bookingPayload,
  inTwoDays,
  keyHeader,
  optionOf,
  post,
  uniquePhone,
  uniqueSession,
} from '../helpers/booking';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
let app: ReturnType<typeof createApp>;
let clock = new Date();
let vivu: PriceOption;
let thuDo: PriceOption;

/** 23:00 (night) or 10:00 (day) Vietnam time of the coming day. */
const at = (hour: number) => new Date(vnStartOfDay(Date.now()).getTime() + 24 * HOUR + hour * HOUR);
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ seededNightWindow: true });
  // settingsTtlMs 0: the anti-fraud tests change the limits between bookings.
  app = createApp({ database: t.db.database, log: { info() {}, error() {} }, now: () => clock, settingsTtlMs: 0 });
  vivu = await optionOf(app, 'Vivu Airport Express');
  thuDo = await optionOf(app, 'Taxi Thủ Đô');
});
afterAll(() => t.close());

async function book(option: PriceOption, overrides: Record<string, unknown> = {}, path: string = BOOKING_PATHS.createTicket) {
  const res = await post(app, path, bookingPayload(option, AIRPORT_TRIP, overrides));
  expect(res.status).toBe(200);
  return createTicketResponseSchema.validateSync(await res.json());
}

/** The booking browser names a ticket by its code and proves it with the key of the create answer. */
const ref = (ticket: CreateTicketResponse) => ({ ticket_code: ticket.ticket_code });
const proof = (ticket: CreateTicketResponse) => keyHeader(ticket.data.ticket_key);

/** Calls that spend lookups (a wrong proof, a contact) come from addresses of their own, so no limit is shared. */
let ipCounter = 0;
const newIp = () => ({ 'x-forwarded-for': `198.51.100.${(ipCounter += 1)}` });

async function processTicket(ticket: CreateTicketResponse, reprocess = 0) {
  const res = await post(app, BOOKING_PATHS.autoProcessTicket, { ...ref(ticket), reprocess }, proof(ticket));
  return { status: res.status, body: (await res.json()) as unknown };
}

async function checkNightAnswer(query: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await app.request(`${BOOKING_PATHS.checkNightBooking}?${new URLSearchParams(query).toString()}`, { headers });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function checkNight(ticket: CreateTicketResponse) {
  const res = await checkNightAnswer(ref(ticket), proof(ticket));
  expect(res.status).toBe(200);
  return nightCheckResponseSchema.validateSync(res.body).data;
}

async function call(path: string, ticket: CreateTicketResponse) {
  const res = await post(app, path, ref(ticket), proof(ticket));
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The ticket's database id, which no public call takes any more. */
async function idOf(code: string): Promise<number> {
  const [row] = await t.db.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.code, code));
  if (!row) throw new Error(`no ticket ${code}`);
  return row.id;
}

const message = (body: unknown) => failureSchema.validateSync(body).message;

describe('night bookings', () => {
  it('are bookings made inside the night window (22:00–06:00)', async () => {
    clock = at(10);
    const day = await book(vivu);
    expect(day.is_night_booking).toBe(false);
    expect(day.data.night_status).toBe('none');
    const processed = await processTicket(day);
    expect(processed.status).toBe(409);
    expect(message(processed.body)).toBe('booking.errors.not_night_booking');

    clock = at(23);
    const night = await book(vivu);
    expect(night.is_night_booking).toBe(true);
    expect(night.data).toMatchObject({ night_status: 'pending', transaction_status_id: 1 });
    clock = at(5.9);
    expect((await book(vivu)).is_night_booking).toBe(true);
    clock = at(6);
    expect((await book(vivu)).is_night_booking).toBe(false);
  });

  it("are accepted once the partner's delay has passed since the contact", async () => {
    clock = at(23);
    const ticket = await book(vivu);
    expect(await checkNight(ticket)).toEqual({ result: false, status: 'waiting', seconds_left: 180 });

    const processed = autoProcessResponseSchema.validateSync((await processTicket(ticket)).body).data;
    expect(processed).toEqual({
      ticket_code: ticket.ticket_code,
      night_status: 'contacting',
      contacted_at: clock.toISOString(),
    });
    // Processing again does not restart the partner's clock.
    advance(10);
    expect(autoProcessResponseSchema.validateSync((await processTicket(ticket)).body).data.contacted_at).toBe(
      processed.contacted_at,
    );

    advance(9);
    expect(await checkNight(ticket)).toEqual({ result: false, status: 'waiting', seconds_left: 161 });
    advance(1);
    expect(await checkNight(ticket)).toEqual({ result: true, status: 'accepted', seconds_left: 0 });
    expect(await checkNight(ticket)).toMatchObject({ result: true, status: 'accepted' });

    // A postpaid night booking is done once accepted; it can no longer be quit.
    const quit = await call(BOOKING_PATHS.quitNightBooking, ticket);
    expect(quit.status).toBe(409);
    expect(message(quit.body)).toBe('booking.errors.state_changed');
  });

  it('tell the policy’s answer as the partner’s: an acceptance, or a refusal and then the cancellation', async () => {
    const told = async (code: string) =>
      (
        await t.db.database.db
          .select({ event: messageOutbox.event, channel: messageOutbox.channel })
          .from(messageOutbox)
          .where(eq(messageOutbox.ticketId, await idOf(code)))
          .orderBy(asc(messageOutbox.id))
      ).map((row) => `${row.event} ${row.channel}`);
    clock = at(23);
    const accepted = await book(vivu);
    const refused = await book(thuDo);
    for (const ticket of [accepted, refused]) await processTicket(ticket);
    advance(20);
    expect((await checkNight(accepted)).status).toBe('accepted');
    expect((await checkNight(refused)).status).toBe('refused');
    // Asked again: the answer is told once.
    await checkNight(accepted);
    expect((await call(BOOKING_PATHS.autoCancelBooking, refused)).status).toBe(200);
    const booked = ['booking_received sms', 'booking_received mail'];
    expect(await told(accepted.ticket_code)).toEqual([...booked, 'partner_accepted sms', 'partner_accepted mail']);
    expect(await told(refused.ticket_code)).toEqual([
      ...booked,
      'partner_refused sms',
      'partner_refused mail',
      'cancelled sms',
      'cancelled mail',
    ]);
    expect((await app.messages.drain()).failed).toBe(0);
  });

  it('answer refused for a refusing partner, and the refused ticket can be auto-cancelled once', async () => {
    clock = at(23);
    const ticket = await book(thuDo);
    await processTicket(ticket);
    advance(9);
    expect((await checkNight(ticket)).status).toBe('waiting');
    advance(1);
    expect(await checkNight(ticket)).toEqual({ result: false, status: 'refused', seconds_left: 0 });

    const cancelled = await call(BOOKING_PATHS.autoCancelBooking, ticket);
    expect(cancelled.status).toBe(200);
    expect(ticketStateResponseSchema.validateSync(cancelled.body).data).toMatchObject({
      status: 5,
      transaction_status_id: 4,
      night_status: 'refused',
    });
    const again = await call(BOOKING_PATHS.autoCancelBooking, ticket);
    expect(again.status).toBe(409);
    expect(message(again.body)).toBe('booking.errors.ticket_cancelled');
  });

  it('are answered by the partner’s staff when they are online, not by the seeded policy', async () => {
    clock = at(23);
    const login = await post(app, PARTNER_PATHS.login, { phone_number: partnerDemoPhone(1), password: partnerDemoPassword() });
    expect(login.status).toBe(200);
    const { token, staff } = staffLoginResponseSchema.validateSync(await login.json()).data;
    expect(staff.partner_id).toBe(vivu.partner.id);
    const auth = { authorization: `Bearer ${token}` };
    const incoming = async () => {
      const res = await app.request(`${PARTNER_PATHS.tickets}?trip_state=driver_pending`, { headers: auth });
      return staffTicketsResponseSchema.validateSync(await res.json()).data.items;
    };
    try {
      const accepted = await book(vivu);
      const refused = await book(vivu);
      await processTicket(accepted);
      await processTicket(refused);
      await incoming(); // the console's refresh: the staff member is online
      advance(30);
      // The seeded policy would have accepted after 20 s; the online partner has not answered yet.
      expect(await checkNight(accepted)).toMatchObject({ result: false, status: 'waiting', seconds_left: 150 });
      const listed = (await incoming()).find((item) => item.ticket_code === accepted.ticket_code);
      expect(listed).toMatchObject({ is_night_booking: true, night_status: 'contacting', night_seconds_left: 150 });

      const yes = await post(app, PARTNER_PATHS.transition, { ticket_code: accepted.ticket_code, to: 'not_started' }, auth);
      expect(yes.status).toBe(200);
      expect(await checkNight(accepted)).toMatchObject({ result: true, status: 'accepted' });

      const no = await post(app, PARTNER_PATHS.transition, { ticket_code: refused.ticket_code, to: 'cancelled' }, auth);
      expect(no.status).toBe(200);
      expect(await checkNight(refused)).toMatchObject({ result: false, status: 'refused' });
      // The passenger's flow then auto-cancels: the ticket is already cancelled.
      expect((await call(BOOKING_PATHS.autoCancelBooking, refused)).status).toBe(409);
    } finally {
      await post(app, PARTNER_PATHS.logout, {}, auth);
    }
    // Logged out, the partner is offline again: the policy answers.
    const later = await book(vivu);
    await processTicket(later);
    advance(20);
    expect(await checkNight(later)).toMatchObject({ result: true, status: 'accepted' });
  });

  it('expire when the partner has not answered within 180 s, and can be processed again', async () => {
    clock = at(23);
    await t.db.database.db
      .update(partnerNightPolicies)
      .set({ acceptAfterSeconds: 600 })
      .where(eq(partnerNightPolicies.partnerId, vivu.partner.id));
    try {
      const ticket = await book(vivu);
      await processTicket(ticket);
      advance(179);
      expect(await checkNight(ticket)).toEqual({ result: false, status: 'waiting', seconds_left: 1 });
      advance(1);
      expect((await checkNight(ticket)).status).toBe('expired');
      const again = autoProcessResponseSchema.validateSync((await processTicket(ticket, 1)).body).data;
      expect(again).toMatchObject({ night_status: 'contacting', contacted_at: clock.toISOString() });
    } finally {
      await t.db.database.db
        .update(partnerNightPolicies)
        .set({ acceptAfterSeconds: 20 })
        .where(eq(partnerNightPolicies.partnerId, vivu.partner.id));
    }
  });

  it('can be quit by the passenger while waiting, by exactly one of many racing calls', async () => {
    clock = at(23);
    const ticket = await book(vivu);
    await processTicket(ticket);
    advance(5);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(BOOKING_PATHS.quitNightBooking, ticket)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const winner = answers.find((answer) => answer.status === 200);
    expect(ticketStateResponseSchema.validateSync(winner?.body).data).toMatchObject({
      status: 5,
      transaction_status_id: 4,
      night_status: 'cancelled',
    });
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) expect(answer.status).toBe(409);
    // The partner's acceptance can no longer arrive.
    advance(60);
    expect(await checkNight(ticket)).toMatchObject({ result: false, status: 'cancelled' });
  });

  it('are reached only with the ticket code and its proof, never by the id alone', async () => {
    clock = at(23);
    const ticket = await book(vivu);
    const stranger = await book(vivu);
    const id = await idOf(ticket.ticket_code);
    const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
    const quit = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      answer(await post(app, BOOKING_PATHS.quitNightBooking, body, { ...newIp(), ...headers }));

    // The ticket's key does not reach another code, even with the ticket's id beside it.
    const wrongCode = await quit({ ticket_id: id, ticket_code: 'VVAAAAAA' }, proof(ticket));
    expect(wrongCode.status).toBe(404);
    expect(message(wrongCode.body)).toBe('booking.errors.ticket_not_found');
    // Another ticket's key, a made-up key or a stranger's phone: answered exactly like an unknown code.
    const otherKey = await quit(ref(ticket), proof(stranger));
    const madeUp = await quit({ ...ref(ticket), ticket_key: 'x'.repeat(43) });
    const wrongPhone = await quit({ ...ref(ticket), phone_number: uniquePhone() });
    for (const wrong of [otherKey, madeUp, wrongPhone]) expect(wrong).toEqual(wrongCode);
    // The code with the id (the old call) or alone proves nothing: a malformed call.
    for (const bare of [await quit({ ticket_id: id, ticket_code: ticket.ticket_code }), await quit(ref(ticket))]) {
      expect(bare.status).toBe(400);
      expect(failureSchema.validateSync(bare.body).errors).toEqual([
        { field: 'ticket_key', message: 'booking.errors.proof_required' },
      ]);
    }
    // The other night calls refuse the same way.
    const byId = { id, ticket_id: id, ticket_code: ticket.ticket_code };
    const processed = await answer(await post(app, BOOKING_PATHS.autoProcessTicket, byId, newIp()));
    const cancelled = await answer(await post(app, BOOKING_PATHS.autoCancelBooking, byId, newIp()));
    const checked = await checkNightAnswer({ ticket_id: String(id), ticket_code: ticket.ticket_code }, newIp());
    for (const bare of [processed, cancelled, checked]) expect(bare.status).toBe(400);
    const processedByOther = await answer(await post(app, BOOKING_PATHS.autoProcessTicket, ref(ticket), proof(stranger)));
    const cancelledByOther = await answer(await post(app, BOOKING_PATHS.autoCancelBooking, ref(ticket), proof(stranger)));
    const checkedByOther = await checkNightAnswer(ref(ticket), { ...newIp(), ...proof(stranger) });
    for (const wrong of [processedByOther, cancelledByOther, checkedByOther]) expect(wrong).toEqual(wrongCode);

    // None of them touched the ticket: it is still pending, and its own key reaches it.
    const [row] = await t.db.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ status: 1, transactionStatusId: 1, contactedAt: null });
    expect(await checkNight(ticket)).toEqual({ result: false, status: 'waiting', seconds_left: 180 });
  });

  it('are reached with the phone or e-mail booked with, or the key in the body, instead of the header', async () => {
    clock = at(23);
    const payload = bookingPayload(vivu, AIRPORT_TRIP, { email: `n${uniquePhone()}@example.com` });
    const res = await post(app, BOOKING_PATHS.createTicket, payload);
    expect(res.status).toBe(200);
    const ticket = createTicketResponseSchema.validateSync(await res.json());
    const byPhone = await post(app, BOOKING_PATHS.autoProcessTicket, { ...ref(ticket), phone_number: payload.phone }, newIp());
    expect(byPhone.status).toBe(200);
    expect(autoProcessResponseSchema.validateSync(await byPhone.json()).data).toMatchObject({
      ticket_code: ticket.ticket_code,
      night_status: 'contacting',
    });
    const byEmail = await checkNightAnswer({ ...ref(ticket), email: payload.email.toUpperCase() }, newIp());
    expect(byEmail.status).toBe(200);
    expect(nightCheckResponseSchema.validateSync(byEmail.body).data.status).toBe('waiting');
    const byBodyKey = await post(app, BOOKING_PATHS.quitNightBooking, { ...ref(ticket), ticket_key: ticket.data.ticket_key });
    expect(byBodyKey.status).toBe(200);
    expect(ticketStateResponseSchema.validateSync(await byBodyKey.json()).data).toMatchObject({
      ticket_code: ticket.ticket_code,
      night_status: 'cancelled',
    });
  });
});

describe('auto_cancel_booking', () => {
  it('cancels an unpaid online ticket only after the 5-minute payment window, once', async () => {
    clock = at(10);
    const ticket = await book(vivu, { pay_method_id: 8 }, BOOKING_PATHS.createTicketPaymentOnline);
    advance(4 * 60 + 59);
    const early = await call(BOOKING_PATHS.autoCancelBooking, ticket);
    expect(early.status).toBe(409);
    expect(message(early.body)).toBe('booking.errors.not_timed_out');
    advance(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(BOOKING_PATHS.autoCancelBooking, ticket)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(ticketStateResponseSchema.validateSync(answers.find((answer) => answer.status === 200)?.body).data).toMatchObject({
      status: 5,
      transaction_status_id: 99,
    });
  });

  it('does not cancel a postpaid day ticket', async () => {
    clock = at(10);
    const ticket = await book(vivu);
    advance(3600);
    const res = await call(BOOKING_PATHS.autoCancelBooking, ticket);
    expect(res.status).toBe(409);
    expect(message(res.body)).toBe('booking.errors.not_timed_out');
  });
});

describe('vanguard (anti-fraud pre-check)', () => {
  const check = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const res = await post(app, BOOKING_PATHS.vanguard, body, headers);
    expect(res.status).toBe(200);
    return vanguardResponseSchema.validateSync(await res.json()).data;
  };
  const precheck = (payload: ReturnType<typeof bookingPayload>) => ({
    phone: payload.phone,
    pick_address: payload.pick_address,
    drop_address: payload.drop_address,
    depart_time: payload.depart_time,
    session_id: payload.session_id,
    ticket_session: uniqueSession(),
  });
  const tripAt = (i: number) => ({ ...AIRPORT_TRIP, depart: inTwoDays(`${String(7 + i).padStart(2, '0')}:00`) });

  it('refuses a sixth ticket from one phone within the hour, at the pre-check and at creation', async () => {
    clock = at(10);
    const phone = uniquePhone();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, tripAt(i), { phone }));
      expect(res.status).toBe(200);
    }
    const sixth = bookingPayload(vivu, tripAt(6), { phone });
    expect(await check(precheck(sixth))).toEqual({ result: false, reason: 'phone_limit' });
    const res = await post(app, BOOKING_PATHS.createTicket, sixth);
    expect(res.status).toBe(429);
    expect(message(await res.json())).toBe('booking.errors.spam');
    // An hour later the window has moved on.
    advance(3601);
    expect(await check(precheck(sixth))).toEqual({ result: true, reason: null });
  });

  it('refuses too many tickets from one IP (the address our proxy appends)', async () => {
    clock = at(10);
    await t.db.database.db.update(settings).set({ value: 3 }).where(eq(settings.key, 'vanguard_max_per_ip'));
    try {
      const ip = { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' };
      for (let i = 0; i < 3; i += 1) {
        expect((await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, tripAt(i)), ip)).status).toBe(200);
      }
      const next = bookingPayload(vivu, tripAt(4));
      expect(await check(precheck(next), ip)).toEqual({ result: false, reason: 'ip_limit' });
      expect(await check(precheck(next), { 'x-forwarded-for': '203.0.113.10' })).toEqual({ result: true, reason: null });
    } finally {
      await t.db.database.db.update(settings).set({ value: 20 }).where(eq(settings.key, 'vanguard_max_per_ip'));
    }
  });

  it('refuses too many tickets from one browser session', async () => {
    clock = at(10);
    const session = uniqueSession();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, tripAt(i), { session_id: session }))).status).toBe(
        200,
      );
    }
    expect(await check(precheck(bookingPayload(vivu, tripAt(6), { session_id: session })))).toEqual({
      result: false,
      reason: 'session_limit',
    });
  });

  it('refuses an identical pending ticket to its booking session, but not a resubmission of the same attempt', async () => {
    clock = at(10);
    const payload = bookingPayload(vivu);
    expect((await post(app, BOOKING_PATHS.createTicket, payload)).status).toBe(200);
    expect(await check(precheck(payload))).toEqual({ result: false, reason: 'duplicate' });
    // Another browser with the same phone and trip proves nothing: answered as if the phone had no such ticket.
    expect(await check({ ...precheck(payload), session_id: uniqueSession() })).toEqual({ result: true, reason: null });
    expect(await check({ ...precheck(payload), ticket_session: payload.ticket_session })).toEqual({ result: true, reason: null });
    expect(await check({ ...precheck(payload), depart_time: inTwoDays('21:00') })).toEqual({ result: true, reason: null });
    // The passenger confirmed a second identical booking (spec 7 ignore_duplicate_warning).
    expect(await check({ ...precheck(payload), ignore_duplicate_warning: 1 })).toEqual({ result: true, reason: null });
    // The identical booking is the passenger's own pending ticket, offered to continue (not spam).
    const second = await post(app, BOOKING_PATHS.createTicket, { ...payload, ticket_session: uniqueSession() });
    expect(second.status).toBe(409);
    expect(message(await second.json())).toBe('booking.errors.pending_ticket');
    const confirmed = await post(app, BOOKING_PATHS.createTicket, {
      ...payload,
      ticket_session: uniqueSession(),
      ignore_duplicate_warning: 1,
    });
    expect(confirmed.status).toBe(200);
  });
});

describe('vanguard/notify', () => {
  it('records the creation notification of a proven ticket only; an unknown code or a wrong key is not found', async () => {
    clock = at(10);
    const ticket = await book(vivu);
    const stranger = await book(vivu);
    const res = await post(app, BOOKING_PATHS.vanguardNotify, ref(ticket), proof(ticket));
    expect(res.status).toBe(200);
    expect(vanguardNotifyResponseSchema.validateSync(await res.json()).data).toEqual({ recorded: true });
    const rows = () =>
      t.db.database.db.select().from(bookingNotifications).where(eq(bookingNotifications.ticketCode, ticket.ticket_code));
    expect(await rows()).toHaveLength(1);

    // A stranger can no longer record notifications of a ticket by its code alone.
    const unknown = await post(app, BOOKING_PATHS.vanguardNotify, { ticket_code: 'VVAAAAAA' }, { ...newIp(), ...proof(ticket) });
    expect(unknown.status).toBe(404);
    const unknownBody = (await unknown.json()) as unknown;
    expect(message(unknownBody)).toBe('booking.errors.ticket_not_found');
    const wrongKey = await post(app, BOOKING_PATHS.vanguardNotify, ref(ticket), { ...newIp(), ...proof(stranger) });
    expect(wrongKey.status).toBe(404);
    expect(await wrongKey.json()).toEqual(unknownBody);
    const bare = await post(app, BOOKING_PATHS.vanguardNotify, ref(ticket), newIp());
    expect(bare.status).toBe(400);
    expect(await rows()).toHaveLength(1);
  });
});
