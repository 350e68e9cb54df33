// The desk's tickets area: the search by each field, paged on the server; the timeline of a ticket booked, paid by
// card (the sandbox) and cancelled; finance marking its refund paid (never beyond what was paid, nothing written by a
// refused mark) and support refused that call; a move to another partner and the booking messages sent again once;
// every call answering as an unknown route without a session, to a passenger's or partner's token or another role.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messaging } from '../../../src/server/adapters/messaging/types';
import { createApp } from '../../../src/server/app';
import {
  deskAudit,
  messageOutbox,
  partnerStaff,
  refundPayouts,
  refunds,
  tickets,
  transportPartners,
  users,
} from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import {
  DESK_RESEND_MINUTES,
  DESK_TICKETS_ERROR_KEYS,
  DESK_TICKETS_PATHS,
  deskPartnersResponseSchema,
  deskTicketActionResponseSchema,
  deskTicketPageResponseSchema,
  deskTimelineResponseSchema,
} from '../../../src/shared/contract/desk-tickets';
import { ERROR_KEYS } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { formatVnDate } from '../../../src/shared/domain/vn-time';
import { bookingPayload, optionOf, payWithSandboxCard, post, uniquePhone } from '../helpers/booking';
import { deskMember, type TestDeskMember } from '../helpers/desk-member';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

interface Answer {
  code: string;
  message: string;
  data: unknown;
  errors?: { field: string; message: string; params?: Record<string, unknown> }[];
}

const silent: Logger = { info: () => {}, error: () => {} };
const quiet: Messaging = { sms: { send: async () => {} }, mailer: { send: async () => {} } };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let support: TestDeskMember;
let finance: TestDeskMember;
let content: TestDeskMember;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, messaging: quiet });
  vivu = await optionOf(app, 'Vivu Airport Express');
  [support, finance, content] = await Promise.all([
    deskMember(app, 'support'),
    deskMember(app, 'finance'),
    deskMember(app, 'content'),
  ]);
});
afterAll(async () => {
  await db.cleanup();
});

const sql = () => db.database.db;

async function call(path: string, options: { token?: string; body?: object; query?: Record<string, string> } = {}) {
  const url = options.query ? `${path}?${new URLSearchParams(options.query).toString()}` : path;
  const res = await app.request(url, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  await app.messages.drain();
  return { status: res.status, body: (await res.json()) as Answer };
}

async function book(overrides: Record<string, unknown> = {}, path: string = BOOKING_PATHS.createTicket) {
  const phone = uniquePhone();
  const res = await post(app, path, bookingPayload(vivu, undefined, { phone, ...overrides }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await sql().select().from(tickets).where(eq(tickets.code, created.ticket_code));
  return { phone, code: created.ticket_code, key: created.data.ticket_key, row: row!, total: created.data.amounts.total_cost };
}

async function search(query: Record<string, string>, token = support.token) {
  const answer = await call(DESK_TICKETS_PATHS.search, { token, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return deskTicketPageResponseSchema.validateSync(answer.body).data.items.map((item) => item.code);
}

async function timeline(code: string, token = support.token) {
  const answer = await call(DESK_TICKETS_PATHS.timeline, { token, query: { code } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return deskTimelineResponseSchema.validateSync(answer.body).data;
}

const auditOf = (code: string) => sql().select().from(deskAudit).where(eq(deskAudit.subject, code)).orderBy(deskAudit.id);

describe('the tickets search', () => {
  it('finds a ticket by code, phone, e-mail, name, pick-up days, partner and state, and refuses a bad filter', async () => {
    const tag = `${Date.now() % 100_000}`;
    const ticket = await book({ fullname: `Trịnh Bảo Ngọc ${tag}`, email: `ngoc.${tag}@Example.com` });
    const other = await book({ fullname: `Lê Văn Tám ${tag}` });
    const day = formatVnDate(ticket.row.departAt)
      .split('/')
      .reverse()
      .map((part) => part.padStart(2, '0'))
      .join('-');

    expect(await search({ code: ticket.code.toLowerCase() })).toEqual([ticket.code]);
    expect(await search({ phone: ticket.phone.replace(/^0/, '+84 ') })).toEqual([ticket.code]);
    expect(await search({ email: `NGOC.${tag}@example.com` })).toEqual([ticket.code]);
    expect(await search({ name: `trịnh bảo ngọc ${tag}` })).toEqual([ticket.code]);
    const sameDay = await search({ from: day, to: day, name: 'L' });
    expect(sameDay).toContain(other.code);
    expect(sameDay).not.toContain(ticket.code);
    expect(await search({ from: '2001-01-01', to: '2001-01-02' })).toEqual([]);
    expect(await search({ partner_id: String(ticket.row.partnerId), state: 'driver_pending', name: `trịnh bảo` })).toContain(
      ticket.code,
    );
    expect(await search({ state: 'cancelled', name: `trịnh bảo ngọc ${tag}` })).toEqual([]);

    const partners = await call(DESK_TICKETS_PATHS.partners, { token: finance.token });
    expect(deskPartnersResponseSchema.validateSync(partners.body).data.items.map((partner) => partner.name)).toContain(
      'Vivu Airport Express',
    );
    const bad = await call(DESK_TICKETS_PATHS.search, { token: support.token, query: { from: '29/11/2026', state: 'lost' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => [error.field, error.message])).toEqual([
      ['from', DESK_TICKETS_ERROR_KEYS.filter],
      ['state', DESK_TICKETS_ERROR_KEYS.filter],
    ]);
  });
});

describe('a card ticket cancelled and refunded', () => {
  it('shows the timeline, lets finance mark the refund paid within what was paid, and refuses support', async () => {
    const ticket = await book({ pay_method_id: 8 }, BOOKING_PATHS.createTicketPaymentOnline);
    await payWithSandboxCard(app, ticket);
    const cancelled = await call(DESK_TICKETS_PATHS.cancel, {
      token: support.token,
      body: { code: ticket.code, reason: 'The passenger called: flight moved' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(deskTicketActionResponseSchema.validateSync(cancelled.body).data.trip_state).toBe('cancelled');

    const seen = await timeline(ticket.code);
    expect(seen.ticket).toMatchObject({ code: ticket.code, trip_state: 'cancelled', transaction_status_id: 4 });
    const kinds = seen.entries.map((entry) => `${entry.kind}:${entry.name}`);
    expect(kinds[0]).toBe('booked:booked');
    expect(kinds).toEqual(
      expect.arrayContaining([
        'payment:paid',
        'state:cancelled',
        'refund:due',
        'message:booking_received',
        'message:payment_received',
        'message:cancelled',
        'message:refund_owed',
        'desk:ticket_cancelled',
      ]),
    );
    expect(seen.entries.find((entry) => entry.kind === 'state' && entry.name === 'cancelled')).toMatchObject({
      from: 'driver_pending',
      by: 'desk',
      note: 'The passenger called: flight moved',
    });
    expect(seen.entries.find((entry) => entry.kind === 'desk')).toMatchObject({ by: support.email });
    expect(JSON.stringify(seen.entries)).not.toMatch(/token|payload/);
    expect(seen.refund).toEqual({ owed: ticket.total, paid_out: 0, remaining: ticket.total });
    expect(seen.may).toMatchObject({ refund: false, cancel: false, move: false, resend: false });
    expect((await timeline(ticket.code, finance.token)).may.refund).toBe(true);

    const mark = (token: string, amount: number, reference: string) =>
      call(DESK_TICKETS_PATHS.refund, {
        token,
        body: { code: ticket.code, amount, method: 'bank_transfer', reference, reason: 'Refund of the cancelled trip' },
      });
    expect((await mark(support.token, 1000, 'VCB-1')).status).toBe(404);
    const first = await mark(finance.token, ticket.total - 1000, 'VCB-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const beyond = await mark(finance.token, 2000, 'VCB-2');
    expect(beyond.status).toBe(409);
    expect(beyond.body.errors?.[0]).toMatchObject({
      field: 'amount',
      message: DESK_TICKETS_ERROR_KEYS.overRefund,
      params: { remaining: 1000 },
    });
    expect((await sql().select().from(refundPayouts)).filter((row) => row.reference === 'VCB-2')).toEqual([]);
    expect((await auditOf(ticket.code)).filter((row) => row.action === 'ticket_refund_paid')).toHaveLength(1);

    expect((await mark(finance.token, 1000, 'VCB-3')).status).toBe(200);
    expect((await mark(finance.token, 1, 'VCB-4')).body.message).toBe(DESK_TICKETS_ERROR_KEYS.noRefund);
    const [owed] = await sql().select().from(refunds).where(eq(refunds.ticketId, ticket.row.id));
    expect(owed?.status).toBe('refunded');
    const done = await timeline(ticket.code, finance.token);
    expect(done.refund).toEqual({ owed: ticket.total, paid_out: ticket.total, remaining: 0 });
    expect(done.entries.filter((entry) => entry.kind === 'payout').map((entry) => [entry.amount, entry.note, entry.by])).toEqual([
      [ticket.total - 1000, 'VCB-1', finance.email],
      [1000, 'VCB-3', finance.email],
    ]);
    const [entry] = (await auditOf(ticket.code)).filter((row) => row.action === 'ticket_refund_paid');
    expect(entry).toMatchObject({
      staffEmail: finance.email,
      before: { owed: ticket.total, paid_out: 0, status: 'due' },
      after: { paid_out: ticket.total - 1000, method: 'bank_transfer', reference: 'VCB-1' },
    });

    const reasonless = await call(DESK_TICKETS_PATHS.cancel, { token: support.token, body: { code: ticket.code, reason: ' ' } });
    expect(reasonless.status).toBe(400);
    expect(reasonless.body.errors?.[0]?.field).toBe('reason');
  });
});

describe('moving a ticket and sending its messages again', () => {
  it('gives the ticket to a partner that serves it and sends the booking message once in the limit', async () => {
    const ticket = await book();
    const before = await timeline(ticket.code);
    expect(before.may).toMatchObject({ cancel: true, resend: true });
    const target = before.move_to[0];
    expect(target, 'a second partner serves the airport trip').toBeDefined();
    const refused = await call(DESK_TICKETS_PATHS.move, {
      token: support.token,
      body: { code: ticket.code, partner_id: ticket.row.partnerId, reason: 'Same partner again' },
    });
    expect(refused.body.message).toBe(DESK_TICKETS_ERROR_KEYS.partnerNotServing);
    const moved = await call(DESK_TICKETS_PATHS.move, {
      token: support.token,
      body: { code: ticket.code, partner_id: target!.id, reason: 'The first partner has no car' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(deskTicketActionResponseSchema.validateSync(moved.body).data.partner).toEqual(target);
    const [entry] = await auditOf(ticket.code);
    expect(entry).toMatchObject({
      action: 'ticket_moved',
      before: { partner_id: ticket.row.partnerId },
      after: { partner_id: target!.id, reason: 'The first partner has no car' },
    });

    const booked = () =>
      sql()
        .select()
        .from(messageOutbox)
        .where(and(eq(messageOutbox.ticketId, ticket.row.id), eq(messageOutbox.event, 'booking_received')));
    const sentBefore = (await booked()).length;
    const resend = () =>
      call(DESK_TICKETS_PATHS.resend, { token: support.token, body: { code: ticket.code, reason: 'Lost the SMS' } });
    expect((await resend()).status).toBe(200);
    expect((await booked()).length).toBe(sentBefore * 2);
    const again = await resend();
    expect(again.status).toBe(429);
    expect(again.body.errors?.[0]).toMatchObject({ params: { minutes: DESK_RESEND_MINUTES } });
    expect((await booked()).length).toBe(sentBefore * 2);
  });
});

describe('every tickets desk call', () => {
  it('answers as an unknown route without a session, to a passenger’s or partner’s token and to another role', async () => {
    const password = 'banlamviec7';
    const phone = uniquePhone();
    await sql()
      .insert(users)
      .values({ phone, passwordHash: await hashPassword(password), verifiedPhone: true, referralCode: `DT${phone.slice(-6)}` });
    const passenger = await call(ACCOUNT_PATHS.login, { body: { phone_number: phone, password } });
    const passengerToken = (passenger.body.data as { token: string }).token;
    const [partner] = await sql().insert(transportPartners).values({ slug: 'desk-tickets-test', name: 'Nhà xe T' }).returning();
    const staffPhone = uniquePhone();
    await sql()
      .insert(partnerStaff)
      .values({
        partnerId: partner!.id,
        phone: staffPhone,
        fullname: 'Owner',
        passwordHash: await hashPassword(password),
        role: 'owner',
      });
    const staff = await call(PARTNER_PATHS.login, { body: { phone_number: staffPhone, password } });
    const partnerToken = (staff.body.data as { token: string }).token;
    expect(passengerToken && partnerToken).toBeTruthy();

    const calls: { path: string; body?: object; query?: Record<string, string> }[] = [
      { path: DESK_TICKETS_PATHS.search, query: { code: 'VV' } },
      { path: DESK_TICKETS_PATHS.partners },
      { path: DESK_TICKETS_PATHS.timeline, query: { code: 'VVAAAAAA' } },
      { path: DESK_TICKETS_PATHS.refund, body: { code: 'VVAAAAAA', amount: 1, method: 'cash', reference: 'x', reason: 'xxxxx' } },
      { path: DESK_TICKETS_PATHS.cancel, body: { code: 'VVAAAAAA', reason: 'xxxxx' } },
      { path: DESK_TICKETS_PATHS.move, body: { code: 'VVAAAAAA', partner_id: 1, reason: 'xxxxx' } },
      { path: DESK_TICKETS_PATHS.resend, body: { code: 'VVAAAAAA', reason: 'xxxxx' } },
    ];
    for (const token of [undefined, 'not-a-token', passengerToken, partnerToken, content.token])
      for (const request of calls) {
        const answer = await call(request.path, { ...request, token });
        expect([request.path, answer.status, answer.body.message]).toEqual([request.path, 404, ERROR_KEYS.notFound]);
      }
    // A stranger's bad input is not read either.
    expect((await call(DESK_TICKETS_PATHS.refund, { token: support.token, body: { amount: 'x' } })).status).toBe(404);
    expect((await call(DESK_TICKETS_PATHS.timeline, { token: support.token, query: { code: 'VVAAAAAA' } })).status).toBe(404);
    expect((await call(DESK_TICKETS_PATHS.timeline, { token: support.token, query: { code: 'VVAAAAAA' } })).body.message).toBe(
      DESK_TICKETS_ERROR_KEYS.notFound,
    );
  });
});
