// The partner's monthly statement: only its own finished trips and the cancelled tickets whose money Vivu kept, each
// ticket's commission rounded on its own, totals equal to the sum of the CSV's rows and to the ticket ledger, Vivu's
// online collections told from the drivers' cash, the commission percent read from the settings, and the call kept to
// the roles holding the statements permission (owner, accountant).
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { partnerStaff, payments, refunds, settings, tickets, transportPartners } from '../../../src/server/db/schema';
import { SETTING_GROUPS } from '../../../src/server/db/seed';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_FORBIDDEN } from '../../../src/shared/contract/partner-roles';
import {
  STATEMENT_ERROR_KEYS,
  STATEMENT_PATHS,
  statementResponseSchema,
  type Statement,
} from '../../../src/shared/contract/partner-statements';
import { PARTNER_PATHS, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { formatVnDateTime, vnDate } from '../../../src/shared/domain/vn-time';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
const PASSWORD = 'doi-soat-123';
const MONTH = '2025-03';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let partnerA = 0;
let partnerB = 0;
const tokens: Record<'ownerA' | 'accountantA' | 'dispatcherA' | 'accountantB', string> = {
  ownerA: '',
  accountantA: '',
  dispatcherA: '',
  accountantB: '',
};
let serial = 0;

async function login(phone: string): Promise<string> {
  const res = await app.request(PARTNER_PATHS.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return staffLoginResponseSchema.validateSync(await res.json()).data.token;
}

interface Made {
  partnerId: number;
  departAt: Date;
  status: number;
  payMethodId: number;
  totalCost: number;
  /** A successful online payment of this amount. */
  paid?: number;
  /** Given back for the cancellation. */
  refunded?: number;
}

/** A ticket as the booking and the trip left it, with its payment and refund rows. */
async function make(ticket: Made): Promise<string> {
  serial += 1;
  const code = `VS${String(serial).padStart(6, '0')}`;
  const sql = db.database.db;
  const [row] = await sql
    .insert(tickets)
    .values({
      code,
      ticketSession: `statement-${code}`,
      status: ticket.status,
      transactionStatusId: ticket.status === 5 ? 4 : ticket.paid ? 2 : 1,
      payMethodId: ticket.payMethodId,
      partnerId: ticket.partnerId,
      optionId: 'statement',
      dimensionId: 1,
      rideMethodId: 1,
      vehicleId: 1,
      departTime: formatVnDateTime(ticket.departAt),
      departAt: ticket.departAt,
      pickAddress: 'Sân bay quốc tế Nội Bài',
      pickComponent: {},
      fullname: 'Nguyễn Văn Đối',
      phone: '0912000222',
      merged: ticket.totalCost,
      totalCost: ticket.totalCost,
      tripState: ticket.status === 5 ? 'cancelled' : ticket.status >= 3 ? 'completed' : 'driver_pending',
    })
    .returning({ id: tickets.id });
  if (!row) throw new Error('no ticket');
  if (ticket.paid) {
    const [payment] = await sql
      .insert(payments)
      .values({
        ticketId: row.id,
        gateway: ticket.payMethodId === 20 ? 'vietqr' : 'sandbox',
        payMethodId: ticket.payMethodId,
        chargeTypeId: 2,
        txnRef: `txn-${code}`,
        amount: ticket.paid,
        status: 'paid',
        expiresAt: ticket.departAt,
        paidAt: ticket.departAt,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('no payment');
    if (ticket.refunded)
      await sql
        .insert(refunds)
        .values({ ticketId: row.id, paymentId: payment.id, amount: ticket.refunded, reason: 'passenger_cancel' });
  }
  return code;
}

const march = (day: number, hour = 9, minute = 0) => vnDate(2025, 2, day, hour, minute);
type MadeName =
  | 'card'
  | 'vietqr'
  | 'cash'
  | 'cancelledKept'
  | 'lastEvening'
  | 'cancelledUnpaid'
  | 'cancelledRefunded'
  | 'pending'
  | 'april'
  | 'february'
  | 'otherPartner';
/** The made tickets' codes by what each is. */
const codes = {} as Record<MadeName, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent, settingsTtlMs: 0 });
  const partners = await db.database.db.select({ id: transportPartners.id }).from(transportPartners).limit(2);
  if (partners.length < 2) throw new Error('two seeded partners needed');
  partnerA = partners[0]!.id;
  partnerB = partners[1]!.id;
  const passwordHash = await hashPassword(PASSWORD);
  await db.database.db.insert(partnerStaff).values([
    { partnerId: partnerA, phone: '0938100001', fullname: 'Chủ A', passwordHash, role: 'owner' },
    { partnerId: partnerA, phone: '0938100002', fullname: 'Kế toán A', passwordHash, role: 'accountant' },
    { partnerId: partnerA, phone: '0938100003', fullname: 'Điều phối A', passwordHash, role: 'dispatcher' },
    { partnerId: partnerB, phone: '0938100004', fullname: 'Kế toán B', passwordHash, role: 'accountant' },
  ]);
  tokens.ownerA = await login('0938100001');
  tokens.accountantA = await login('0938100002');
  tokens.dispatcherA = await login('0938100003');
  tokens.accountantB = await login('0938100004');

  const A = partnerA;
  codes.card = await make({ partnerId: A, departAt: march(3), status: 4, payMethodId: 8, totalCost: 350_000, paid: 350_000 });
  codes.vietqr = await make({
    partnerId: A,
    departAt: march(3, 14),
    status: 3,
    payMethodId: 20,
    totalCost: 333_333,
    paid: 333_333,
  });
  codes.cash = await make({ partnerId: A, departAt: march(10), status: 4, payMethodId: 3, totalCost: 250_003 });
  // Cancelled, paid by card, 100.000đ given back: Vivu kept 200.000đ.
  codes.cancelledKept = await make({
    partnerId: A,
    departAt: march(12),
    status: 5,
    payMethodId: 8,
    totalCost: 300_000,
    paid: 300_000,
    refunded: 100_000,
  });
  // Late on the month's last Vietnam day (16:30 UTC): March's.
  codes.lastEvening = await make({ partnerId: A, departAt: march(31, 23, 30), status: 4, payMethodId: 3, totalCost: 100_000 });
  // Not counted: a cancelled ticket never paid, a cancelled ticket refunded whole, a trip not finished, the first
  // minutes of April and the last of February in Vietnam time, and another partner's finished trip.
  codes.cancelledUnpaid = await make({ partnerId: A, departAt: march(15), status: 5, payMethodId: 3, totalCost: 200_000 });
  codes.cancelledRefunded = await make({
    partnerId: A,
    departAt: march(16),
    status: 5,
    payMethodId: 8,
    totalCost: 400_000,
    paid: 400_000,
    refunded: 400_000,
  });
  codes.pending = await make({ partnerId: A, departAt: march(20), status: 2, payMethodId: 8, totalCost: 500_000, paid: 500_000 });
  codes.april = await make({ partnerId: A, departAt: vnDate(2025, 3, 1, 0, 10), status: 4, payMethodId: 3, totalCost: 90_000 });
  codes.february = await make({
    partnerId: A,
    departAt: vnDate(2025, 1, 28, 23, 50),
    status: 4,
    payMethodId: 3,
    totalCost: 80_000,
  });
  codes.otherPartner = await make({
    partnerId: partnerB,
    departAt: march(5),
    status: 4,
    payMethodId: 8,
    totalCost: 777_000,
    paid: 777_000,
  });
});
afterAll(async () => {
  await db.cleanup();
});

function get(token: string, path: string) {
  return app.request(path, { headers: { authorization: `Bearer ${token}` } });
}

async function statement(token: string, month = MONTH): Promise<Statement> {
  const res = await get(token, `${STATEMENT_PATHS.month}?month=${month}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return statementResponseSchema.validateSync(await res.json()).data;
}

async function csvRows(token: string, lang: 'vi' | 'en'): Promise<{ raw: string; rows: string[][] }> {
  const res = await get(token, `${STATEMENT_PATHS.csv}?month=${MONTH}&lang=${lang}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  expect(res.headers.get('content-disposition')).toContain(`vivu-${MONTH}.csv`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // UTF-8 with its BOM, so Excel opens the Vietnamese.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const lines = raw.slice(1).split('\r\n').filter(Boolean);
  return { raw, rows: lines.map((line) => line.split(',')) };
}

/** The money columns of the CSV (gross … partner owes) summed over its ticket rows. */
function summed(rows: string[][]): number[] {
  const sums = [0, 0, 0, 0, 0, 0];
  for (const row of rows) row.slice(5).forEach((value, i) => (sums[i]! += Number(value)));
  return sums;
}

describe('partner statements', () => {
  it('counts the partner’s finished trips and its cancelled ticket with money kept, commission per ticket', async () => {
    const s = await statement(tokens.accountantA);
    expect(s.commission_percent).toBe(20);
    expect(s.tickets.map((t) => [t.code, t.kind, t.channel, t.gross, t.commission])).toEqual([
      [codes.card, 'finished', 'card', 350_000, 70_000],
      [codes.vietqr, 'finished', 'vietqr', 333_333, 66_667],
      [codes.cash, 'finished', 'cash', 250_003, 50_001],
      [codes.cancelledKept, 'cancelled', 'card', 200_000, 40_000],
      [codes.lastEvening, 'finished', 'cash', 100_000, 20_000],
    ]);
    expect(s.tickets.at(-1)).toMatchObject({ date: '2025-03-31', time: '23:30' });
    expect(s.totals).toEqual({
      trips: 4,
      cancelled_paid: 1,
      gross: 1_233_336,
      commission: 246_668,
      online: 883_333,
      cash: 350_003,
      vivu_owes: 706_666,
      partner_owes: 70_001,
      net: 636_665,
    });
    expect(s.days.map((d) => [d.date, d.trips, d.cancelled_paid, d.gross])).toEqual([
      ['2025-03-03', 2, 0, 683_333],
      ['2025-03-10', 1, 0, 250_003],
      ['2025-03-12', 0, 1, 200_000],
      ['2025-03-31', 1, 0, 100_000],
    ]);
    // The days add up to the month.
    for (const key of ['trips', 'gross', 'commission', 'online', 'cash', 'vivu_owes', 'partner_owes', 'net'] as const)
      expect(
        s.days.reduce((sum, d) => sum + d[key], 0),
        key,
      ).toBe(s.totals[key]);
    // The owner sees the same statement.
    expect(await statement(tokens.ownerA)).toEqual(s);
  });

  it('its totals equal the ticket ledger and the sum of the CSV’s rows', async () => {
    const s = await statement(tokens.accountantA);
    // The ledger: the counted tickets' fares, less what went back to the cancelled one's passenger.
    const counted = [codes.card, codes.vietqr, codes.cash, codes.cancelledKept, codes.lastEvening];
    const ledger = await db.database.db
      .select({ id: tickets.id, total: tickets.totalCost })
      .from(tickets)
      .where(and(eq(tickets.partnerId, partnerA), inArray(tickets.code, counted)));
    const given = await db.database.db
      .select({ amount: refunds.amount })
      .from(refunds)
      .where(
        inArray(
          refunds.ticketId,
          ledger.map((row) => row.id),
        ),
      );
    const ledgerGross = ledger.reduce((sum, row) => sum + row.total, 0) - given.reduce((sum, row) => sum + row.amount, 0);
    expect(s.totals.gross).toBe(ledgerGross);

    for (const lang of ['vi', 'en'] as const) {
      const { raw, rows } = await csvRows(tokens.accountantA, lang);
      const [header, ...body] = rows;
      const totals = body.pop()!;
      expect(header![0]).toBe(lang === 'vi' ? 'Ngày' : 'Date');
      expect(totals[0]).toBe(lang === 'vi' ? 'Tổng cộng' : 'Total');
      expect(body.map((row) => row[2])).toEqual(s.tickets.map((t) => t.code));
      expect(body[0]!.slice(0, 2)).toEqual(['2025-03-03', '09:00']);
      const expected = [
        s.totals.gross,
        s.totals.commission,
        s.totals.online,
        s.totals.cash,
        s.totals.vivu_owes,
        s.totals.partner_owes,
      ];
      expect(summed(body)).toEqual(expected);
      expect(totals.slice(5).map(Number)).toEqual(expected);
      if (lang === 'vi') expect(raw).toContain('Đã hủy (giữ tiền)');
    }
  });

  it('never counts another partner’s tickets, and another partner sees only its own', async () => {
    const a = await statement(tokens.accountantA);
    expect(a.tickets.map((t) => t.code)).not.toContain(codes.otherPartner);
    const b = await statement(tokens.accountantB);
    expect(b.tickets.map((t) => t.code)).toEqual([codes.otherPartner]);
    expect(b.totals).toMatchObject({ trips: 1, gross: 777_000, commission: 155_400, online: 777_000, cash: 0 });
    const { rows } = await csvRows(tokens.accountantB, 'en');
    expect(rows.flat().join(',')).not.toContain(codes.card);
  });

  it('applies a change of the commission setting', async () => {
    const where = and(eq(settings.grp, SETTING_GROUPS.system), eq(settings.key, 'partner_commission_percent'));
    await db.database.db.update(settings).set({ value: 15 }).where(where);
    try {
      const s = await statement(tokens.accountantA);
      expect(s.commission_percent).toBe(15);
      // 15 % of each ticket, rounded half up on its own: 52.500, 50.000 (49.999,95), 37.500 (37.500,45), 30.000, 15.000.
      expect(s.tickets.map((t) => t.commission)).toEqual([52_500, 50_000, 37_500, 30_000, 15_000]);
      expect(s.totals.commission).toBe(185_000);
      expect(s.totals.partner_owes).toBe(52_500);
      expect(s.totals.vivu_owes).toBe(883_333 - 132_500);
    } finally {
      await db.database.db.update(settings).set({ value: 20 }).where(where);
    }
  });

  it('refuses a dispatcher with 403, no session with 401, and a bad month with 400 and the contract’s message', async () => {
    for (const path of [STATEMENT_PATHS.month, STATEMENT_PATHS.csv]) {
      const refused = await get(tokens.dispatcherA, `${path}?month=${MONTH}`);
      expect(refused.status).toBe(403);
      expect(failureSchema.validateSync(await refused.json()).message).toBe(PARTNER_FORBIDDEN);
      expect((await app.request(`${path}?month=${MONTH}`)).status).toBe(401);
      for (const month of ['2025-13', '2025-3', 'march', '', '1999-12']) {
        const bad = await get(tokens.accountantA, `${path}?month=${encodeURIComponent(month)}`);
        expect(bad.status, month).toBe(400);
        expect(JSON.stringify(await bad.json())).toContain(STATEMENT_ERROR_KEYS.month);
      }
    }
  });

  it('answers an empty month with zero totals', async () => {
    const s = await statement(tokens.accountantA, '2024-07');
    expect(s.tickets).toEqual([]);
    expect(s.days).toEqual([]);
    expect(s.totals.gross).toBe(0);
    expect(s.totals.net).toBe(0);
  });
});
