// The desk's numbers: tickets booked, paid (by the sandbox card) and cancelled through the passengers' own calls,
// across two Vietnam days and two partners, counted exactly per day, partner and service, with the commission of the
// partners' statements; each table's CSV holding the same figures; every call refused without a desk session of a
// role of the numbers area as an unknown route is; a bad range refused with the contract's keys.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { partnerStaff, refunds, tickets, users } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import {
  NUMBERS_ERROR_KEYS,
  NUMBERS_MAX_DAYS,
  NUMBERS_PATHS,
  numbersResponseSchema,
  type Numbers,
  type NumbersFigures,
} from '../../../src/shared/contract/desk-numbers';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { CANCEL_PATHS, cancelTokenResponseSchema } from '../../../src/shared/contract/tickets';
import { ticketCommission } from '../../../src/shared/domain/partner-statement';
import { formatVnDate, vnDate } from '../../../src/shared/domain/vn-time';
import { vnToday } from '../../../src/server/modules/desk/numbers-service';
import { bookingPayload, payWithSandboxCard, post, priceList, AIRPORT_TRIP, uniquePhone } from '../helpers/booking';
import { deskMember } from '../helpers/desk-member';
import { INBOX_KINDS, INBOX_PATHS, inboxPageResponseSchema } from '../../../src/shared/contract/desk-inbox';
import { LEAD_PATHS } from '../../../src/shared/contract/leads';
import { SUPPORT_PATHS } from '../../../src/shared/contract/support';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const tokens = { admin: '', finance: '', support: '', content: '', passenger: '', partner: '' };
let partnerA: PriceOption;
let partnerB: PriceOption;

// The two days: 10 and 11 March 2026, Vietnam time; the range asked is the 9th to the 11th.
const DAY_ONE = '2026-03-10';
const DAY_TWO = '2026-03-11';
const RANGE = { from: '2026-03-09', to: DAY_TWO };

interface Booked {
  id: number;
  code: string;
  phone: string;
  key: string;
  total: number;
}

async function book(option: PriceOption, payMethod: 3 | 8): Promise<Booked> {
  const phone = uniquePhone();
  const path = payMethod === 8 ? BOOKING_PATHS.createTicketPaymentOnline : BOOKING_PATHS.createTicket;
  const res = await post(app, path, bookingPayload(option, AIRPORT_TRIP, { phone, pay_method_id: payMethod }));
  const text = await res.text();
  expect(res.status, text).toBe(200);
  const created = createTicketResponseSchema.validateSync(JSON.parse(text));
  const [row] = await db.database.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.code, created.ticket_code));
  if (!row) throw new Error('no ticket');
  return { id: row.id, code: created.ticket_code, phone, key: created.data.ticket_key, total: created.data.amounts.total_cost };
}

let ipCounter = 0;
async function cancel(ticket: Booked): Promise<void> {
  const ip = { 'x-forwarded-for': `198.51.100.${(ipCounter += 1)}` };
  const tokenRes = await post(
    app,
    CANCEL_PATHS.generateCancelToken,
    { ticket_code: ticket.code, phone_number: ticket.phone },
    ip,
  );
  expect(tokenRes.status).toBe(200);
  const token = cancelTokenResponseSchema.validateSync(await tokenRes.json()).data.cancel_token;
  const res = await post(app, CANCEL_PATHS.cancelBooking, { ticket_code: ticket.code, cancel_token: token }, ip);
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The booking's moment, put on the day the test needs (the booking calls stamp it with the database's clock). */
const bookedAt = (ticket: Booked, at: Date) =>
  db.database.db.update(tickets).set({ createdAt: at }).where(eq(tickets.id, ticket.id));

async function get(path: string, token?: string) {
  return app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}
const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

async function numbers(params: Record<string, string> = RANGE, token = tokens.finance): Promise<Numbers> {
  const res = await get(`${NUMBERS_PATHS.numbers}${query(params)}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return numbersResponseSchema.validateSync(await res.json()).data;
}

const figures = (bookings: number, paid: number, cancelled: number, revenue: number, commission: number): NumbersFigures => ({
  bookings,
  paid,
  cancelled,
  revenue,
  commission,
});
const only = (row: NumbersFigures): NumbersFigures => ({
  bookings: row.bookings,
  paid: row.paid,
  cancelled: row.cancelled,
  revenue: row.revenue,
  commission: row.commission,
});

let cashA: Booked;
let cardA: Booked;
let cancelledUnpaidA: Booked;
let refundedB: Booked;
let finishedB: Booked;
let keptA: Booked;
const KEPT = 50_000;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, settingsTtlMs: 0 });
  const options = (await priceList(app, AIRPORT_TRIP)).filter((item) => !item.hide);
  const byPartner = new Map(options.map((item) => [item.partner.id, item]));
  [partnerA, partnerB] = [...byPartner.values()] as [PriceOption, PriceOption];
  if (!partnerA || !partnerB) throw new Error('two partners on the airport trip needed');

  // Day one: a cash ticket standing (not paid yet), a card ticket paid late in the evening (23:30 Vietnam, 16:30 UTC),
  // a cash ticket cancelled.
  cashA = await book(partnerA, 3);
  cardA = await book(partnerA, 8);
  await payWithSandboxCard(app, cardA);
  cancelledUnpaidA = await book(partnerA, 3);
  await cancel(cancelledUnpaidA);
  // Day two: a card ticket paid then cancelled and refunded whole, a cash trip finished, a card ticket paid then
  // cancelled of which Vivu kept 50.000đ (its refund is 50.000đ less than the payment).
  refundedB = await book(partnerB, 8);
  await payWithSandboxCard(app, refundedB);
  await cancel(refundedB);
  finishedB = await book(partnerB, 3);
  await db.database.db
    .update(tickets)
    .set({ status: 4, tripState: 'completed', transactionStatusId: 2 })
    .where(eq(tickets.id, finishedB.id));
  keptA = await book(partnerA, 8);
  await payWithSandboxCard(app, keptA);
  await cancel(keptA);
  await db.database.db
    .update(refunds)
    .set({ amount: keptA.total - KEPT })
    .where(eq(refunds.ticketId, keptA.id));

  await bookedAt(cashA, vnDate(2026, 2, 10, 8, 0));
  await bookedAt(cardA, vnDate(2026, 2, 10, 23, 30));
  await bookedAt(cancelledUnpaidA, vnDate(2026, 2, 10, 12, 0));
  // 00:10 on the 11th in Vietnam is still the 10th in UTC.
  await bookedAt(refundedB, vnDate(2026, 2, 11, 0, 10));
  await bookedAt(finishedB, vnDate(2026, 2, 11, 9, 0));
  await bookedAt(keptA, vnDate(2026, 2, 11, 18, 0));
  // Outside the range: the last minute of the 8th and the first of the 12th.
  await bookedAt(await book(partnerA, 3), vnDate(2026, 2, 8, 23, 59));
  await bookedAt(await book(partnerB, 3), vnDate(2026, 2, 12, 0, 0));

  tokens.admin = (await deskMember(app, 'admin')).token;
  tokens.finance = (await deskMember(app, 'finance')).token;
  tokens.support = (await deskMember(app, 'support')).token;
  tokens.content = (await deskMember(app, 'content')).token;

  // A passenger's and a partner's tokens, to be refused.
  const password = 'so-lieu-123';
  const passwordHash = await hashPassword(password);
  await db.database.db.insert(users).values({ phone: '0987000456', passwordHash, verifiedPhone: true, referralCode: 'NUMBERS' });
  const passenger = await post(app, ACCOUNT_PATHS.login, { phone_number: '0987000456', password });
  expect(passenger.status).toBe(200);
  tokens.passenger = ((await passenger.json()) as { data: { token: string } }).data.token;
  await db.database.db.insert(partnerStaff).values({
    partnerId: partnerA.partner.id,
    phone: '0938200001',
    fullname: 'Chủ A',
    passwordHash,
    role: 'owner',
  });
  const staff = await post(app, PARTNER_PATHS.login, { phone_number: '0938200001', password });
  tokens.partner = staffLoginResponseSchema.validateSync(await staff.json()).data.token;
}, 120_000);

afterAll(async () => {
  await db.cleanup();
});

describe('the numbers of a range', () => {
  it('counts the tickets booked per Vietnam day, partner and service, exactly', async () => {
    const data = await numbers();
    const percent = data.commission_percent;
    const finishedCommission = ticketCommission(finishedB.total, percent);
    const keptCommission = ticketCommission(KEPT, percent);
    expect(data.from).toBe(RANGE.from);
    expect(data.to).toBe(RANGE.to);
    expect(data.days.map((day) => day.date)).toEqual(['2026-03-09', DAY_ONE, DAY_TWO]);
    expect(data.days.map(only)).toEqual([
      figures(0, 0, 0, 0, 0),
      // The cash ticket is not paid until its trip is done; the cancelled cash ticket carries no money.
      figures(3, 1, 1, cardA.total, 0),
      // The refunded ticket is cancelled and not paid; the finished trip and the kept money are paid, with commission.
      figures(3, 2, 2, finishedB.total + KEPT, finishedCommission + keptCommission),
    ]);
    const a = data.partners.find((row) => row.partner_id === partnerA.partner.id);
    const b = data.partners.find((row) => row.partner_id === partnerB.partner.id);
    expect(data.partners).toHaveLength(2);
    expect(a?.name).toBe(partnerA.partner.name);
    expect(only(a!)).toEqual(figures(4, 2, 2, cardA.total + KEPT, keptCommission));
    expect(only(b!)).toEqual(figures(2, 1, 1, finishedB.total, finishedCommission));
    expect(data.services).toEqual([
      { service: 'airport', ...figures(6, 3, 3, cardA.total + finishedB.total + KEPT, finishedCommission + keptCommission) },
    ]);
    expect(data.totals).toEqual(figures(6, 3, 3, cardA.total + finishedB.total + KEPT, finishedCommission + keptCommission));

    // The CSV of each table: a BOM, the header in the member's language, the same figures as plain integers.
    const csv = async (table: string, lang: string) => {
      const res = await get(`${NUMBERS_PATHS.csv}${query({ ...RANGE, table, lang })}`, tokens.finance);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toContain(`vivu-${table}-${RANGE.from}-${RANGE.to}.csv`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    };
    const total = data.totals;
    const totalCells = `${total.bookings},${total.paid},${total.cancelled},${total.revenue},${total.commission}`;
    expect(await csv('days', 'vi')).toEqual([
      'Ngày,Lượt đặt,Vé đã thanh toán,Vé đã hủy,Doanh thu (đ),Hoa hồng (đ)',
      '2026-03-09,0,0,0,0,0',
      `${DAY_ONE},3,1,1,${cardA.total},0`,
      `${DAY_TWO},3,2,2,${finishedB.total + KEPT},${finishedCommission + keptCommission}`,
      `Tổng cộng,${totalCells}`,
    ]);
    const partnersCsv = await csv('partners', 'en');
    expect(partnersCsv[0]).toBe('Partner,Partner id,Bookings,Paid tickets,Cancelled tickets,Revenue (VND),Commission (VND)');
    expect(partnersCsv).toContain(
      `${partnerA.partner.name},${partnerA.partner.id},4,2,2,${cardA.total + KEPT},${keptCommission}`,
    );
    expect(partnersCsv.at(-1)).toBe(`Total,,${totalCells}`);
    expect(await csv('services', 'en')).toEqual([
      'Service,Bookings,Paid tickets,Cancelled tickets,Revenue (VND),Commission (VND)',
      `Airport,${totalCells}`,
      `Total,${totalCells}`,
    ]);
  });

  it("adds the inbox's answer times for the items received in the range: answered within the promise, and waiting", async () => {
    const today = vnToday(new Date());
    const before = (await numbers({ from: today, to: today })).answers;
    const count = (rows: typeof before, kind: string) => rows.find((row) => row.kind === kind)!;
    const sent = await post(app, LEAD_PATHS.specialRequest, {
      fullname: 'Trần Thị Bình',
      phone_code: '84',
      phone: '0912000437',
      email: 'binh.tran@example.com',
      pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
      drop_address: 'Hạ Long, Quảng Ninh',
      depart_time: `07:30 ${formatVnDate(Date.now() + 3 * 86_400_000)}`,
      days: 2,
      seats: 16,
      lang: 'vi',
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const waiting = await post(app, SUPPORT_PATHS.request, {
      user: { phone: '0987 000 437', note: 'Xe 9 chỗ?' },
      page: '/',
      lang: 'vi',
    });
    expect(waiting.status).toBe(200);
    const listed = await get(`${INBOX_PATHS.list}${query({ kind: 'special_request', state: 'active' })}`, tokens.support);
    const item = inboxPageResponseSchema
      .validateSync(await listed.json())
      .data.items.find((entry) => entry.name === 'Trần Thị Bình')!;
    const auth = { authorization: `Bearer ${tokens.support}` };
    expect((await post(app, INBOX_PATHS.take, { id: item.id }, auth)).status).toBe(200);
    const answered = await post(app, INBOX_PATHS.answer, { id: item.id, channel: 'mail', text: 'Còn xe 16 chỗ.' }, auth);
    expect(answered.status, await answered.clone().text()).toBe(200);

    const after = (await numbers({ from: today, to: today })).answers;
    expect(after.map((row) => row.kind)).toEqual([...INBOX_KINDS]);
    const special = count(after, 'special_request');
    const was = count(before, 'special_request');
    expect([special.received, special.answered, special.within_promise, special.late]).toEqual([
      was.received + 1,
      was.answered + 1,
      was.within_promise + 1,
      was.late,
    ]);
    expect(special.max_minutes).not.toBeNull();
    const callback = count(after, 'callback');
    expect([callback.received, callback.waiting]).toEqual([
      count(before, 'callback').received + 1,
      count(before, 'callback').waiting + 1,
    ]);
    const res = await get(
      `${NUMBERS_PATHS.csv}${query({ from: today, to: today, table: 'answers', lang: 'en' })}`,
      tokens.finance,
    );
    const lines = new TextDecoder()
      .decode(new Uint8Array(await res.arrayBuffer()).slice(3))
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Kind,Received,Answered,Within promise,Late,Waiting,Overdue,"First answer (minutes, average)",Slowest (minutes)',
    );
    expect(lines[1]).toMatch(new RegExp(`^Special request,${special.received},${special.answered},${special.within_promise},0,`));
    expect(lines).toHaveLength(1 + INBOX_KINDS.length);
  });

  it('answers the last 30 days without a range, and refuses a bad range with the contract keys', async () => {
    const data = await numbers({}, tokens.admin);
    expect(data.days).toHaveLength(30);
    expect(data.to).toBe(data.days.at(-1)?.date);

    const refused = async (params: Record<string, string>, path: string = NUMBERS_PATHS.numbers) => {
      const res = await get(`${path}${query(params)}`, tokens.finance);
      expect(res.status).toBe(400);
      return failureSchema.validateSync(await res.json()).errors?.map((error) => [error.field, error.message]);
    };
    expect(await refused({ from: '2026-02-30', to: DAY_TWO })).toEqual([['from', NUMBERS_ERROR_KEYS.date]]);
    expect(await refused({ from: 'yesterday' })).toEqual([['from', NUMBERS_ERROR_KEYS.date]]);
    expect(await refused({ from: DAY_TWO, to: DAY_ONE })).toEqual([['to', NUMBERS_ERROR_KEYS.order]]);
    expect(await refused({ from: '2025-01-01', to: '2026-01-02' })).toEqual([['to', NUMBERS_ERROR_KEYS.tooLong]]);
    // 2025-01-01 to 2026-01-01 is 366 days, the most a range may be.
    expect((await numbers({ from: '2025-01-01', to: '2026-01-01' })).days).toHaveLength(NUMBERS_MAX_DAYS);
    expect(await refused({ ...RANGE, table: 'tickets' }, NUMBERS_PATHS.csv)).toEqual([['table', NUMBERS_ERROR_KEYS.table]]);
  });

  it('refuses every call without a desk session of admin or finance, as an unknown route', async () => {
    const unknown = await get('/api/desk/no_such_call');
    const unknownBody = await unknown.json();
    for (const path of [`${NUMBERS_PATHS.numbers}${query(RANGE)}`, `${NUMBERS_PATHS.csv}${query({ ...RANGE, table: 'days' })}`])
      for (const token of [undefined, tokens.passenger, tokens.partner, tokens.support, tokens.content]) {
        const res = await get(path, token);
        expect(res.status, `${path} ${token}`).toBe(404);
        expect(await res.json()).toEqual(unknownBody);
      }
    // Refused before validation: a bad range tells a stranger nothing either.
    const bad = await get(`${NUMBERS_PATHS.numbers}${query({ from: 'x' })}`, tokens.support);
    expect(bad.status).toBe(404);
    expect(failureSchema.validateSync(await bad.json()).message).toBe(ERROR_KEYS.notFound);
  });
});
