// The ticket INSERT is built once per set of columns and its values encoded per booking
// (src/server/modules/tickets/repository.ts, run in the booking's transaction of booking/repository-create.ts). What it stores and answers must be what drizzle's own insert
// stores and answers: read back with drizzle's select, for a ride and an hourly hire, with optional columns null and
// set, a JSON column left null, and a repeated ticket_session answering the first ticket.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, type NewTicket } from '../../../src/server/db/schema';
import { createBookingRepository } from '../../../src/server/modules/booking/repository-create';
import { createTicketRepository } from '../../../src/server/modules/tickets/repository';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

let made = 0;
const at = new Date('2026-11-27T03:00:00.000Z');
const ride = (session: string, extra: Partial<NewTicket> = {}): NewTicket => ({
  code: `VVTEST${String((made += 1)).padStart(2, '0')}`,
  ticketSession: session,
  kind: 'ride',
  payMethodId: 3,
  partnerId: 1,
  optionId: '1:17:1',
  dimensionId: 1,
  rideMethodId: 1,
  vehicleId: 1,
  departTime: '10:00 27/11/2026',
  departAt: at,
  pickAddress: 'Sân bay quốc tế Nội Bài, Hà Nội',
  pickComponent: { province_code: '01', geometry: { location: { lat: 21.2187, lng: 105.8042 } } },
  dropAddress: 'Phường Hoàn Kiếm, Hà Nội',
  dropComponent: { province_code: '01' },
  fullname: 'Nguyễn Văn An',
  phone: '0912345678',
  merged: 350_000,
  totalCost: 350_000,
  otherName: null,
  otherPhone: null,
  company: null,
  tollFee: null,
  planeType: null,
  userId: null,
  ip: '203.0.113.7',
  sessionId: session,
  createdAt: at,
  updatedAt: at,
  ...extra,
});

describe(`the ticket insert built once (${TEST_DB})`, () => {
  it('stores and answers what drizzle reads back, whichever optional columns are set', async () => {
    const repository = createBookingRepository(t.database.db, createTicketRepository(t.database.db));
    const attempts: NewTicket[] = [
      ride('insert-a'),
      ride('insert-b', {
        otherName: 'Trần Thị Bình',
        otherPhone: '0987654321',
        company: { name: 'Công ty Vivu', mst: '0101234567', address: 'Hà Nội', address_receive: 'Hà Nội' },
        tollFee: 35_000,
        planeType: 2,
        vat: true,
        comment: 'Có 2 vali',
      }),
      // The same columns as the first, other values: the statement built for the first serves it.
      ride('insert-c', { fullname: 'Lê Chí', merged: 420_000, totalCost: 420_000, dropComponent: null }),
      {
        ...ride('insert-d', { kind: 'hourly', dimensionId: 2, duration: 6, extraPriceHour: 120_000, kmLimit: 60 }),
        dropAddress: undefined,
        dropComponent: undefined,
      },
    ];
    for (const values of attempts) {
      const result = await repository.insert(values, null);
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
      expect(result.created).toBe(true);
      const [stored] = await t.database.db.select().from(tickets).where(eq(tickets.id, result.row.id));
      expect(result.row).toEqual(stored);
      expect(stored).toMatchObject({
        code: values.code,
        otherName: values.otherName ?? null,
        company: values.company ?? null,
        tollFee: values.tollFee ?? null,
        departAt: at,
        // Columns the booking leaves out take the table's defaults.
        status: 1,
        tripState: 'driver_pending',
        moreAddress: [],
      });
    }
    // A JSON column given null is SQL NULL, not the JSON value null.
    const nulls = (await t.database.db.execute(
      sql`select ticket_session from ${tickets} where drop_component is null order by ticket_session`,
    )) as unknown as { ticket_session: string }[] | { rows: { ticket_session: string }[] };
    const sessions = ('rows' in nulls ? nulls.rows : [...nulls]).map((row) => row.ticket_session);
    expect(sessions).toEqual(['insert-c', 'insert-d']);
    const hourly = await t.database.db.select().from(tickets).where(eq(tickets.ticketSession, 'insert-d'));
    expect(hourly[0]).toMatchObject({ kind: 'hourly', duration: 6, dropAddress: '', extraPriceKm: null, kmLimit: 60 });
  });

  it('answers the first ticket to a repeated ticket_session, and stores nothing new', async () => {
    const repository = createBookingRepository(t.database.db, createTicketRepository(t.database.db));
    const first = await repository.insert(ride('insert-e'), null);
    const again = await repository.insert(ride('insert-e', { code: 'VVOTHER2', fullname: 'Someone else' }), null);
    if (!first.ok || !again.ok) throw new Error('refused');
    expect(again.created).toBe(false);
    expect(again.row).toEqual(first.row);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.ticketSession, 'insert-e'));
    expect(rows).toHaveLength(1);
  });
});
