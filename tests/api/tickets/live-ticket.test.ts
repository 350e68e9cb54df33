// A live ticket. passenger/ticket_events streams the ticket as Server-Sent Events: at once, and within a
// few seconds of each change a partner makes (acceptance, the driver's assignment), also when the change comes
// through another server process on the same database; it needs the ticket's proof like get_ticket_info.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { LIVE_STREAMS_PER_ADDRESS } from '../../../src/server/modules/tickets/routes';
import { openDatabase } from '../../../src/server/db/client';
import { partnerStaff } from '../../../src/server/db/schema';
import { partnerDemoPassword } from '../../../src/server/db/seed-trips';
import type { Logger } from '../../../src/server/http/errors';
import { BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { PARTNER_PATHS, staffFleetResponseSchema, staffLoginResponseSchema } from '../../../src/shared/contract/partners';
import { bookingPayload, keyHeader, optionOf, post, uniquePhone } from '../helpers/booking';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';
import { TICKET_LOOKUP_PATHS, ticketInfoSchema, type TicketInfo } from '../../../src/shared/contract/tickets';

const silent: Logger = { info: () => {}, error: () => {} };
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
let vivu: PriceOption;
let token: string;

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  vivu = await optionOf(app, 'Vivu Airport Express');
  const [owner] = await db.database.db
    .select({ phone: partnerStaff.phone })
    .from(partnerStaff)
    .where(and(eq(partnerStaff.partnerId, vivu.partner.id), eq(partnerStaff.role, 'owner')));
  const login = await post(app, PARTNER_PATHS.login, { phone_number: owner!.phone, password: partnerDemoPassword() });
  token = staffLoginResponseSchema.validateSync(await login.json()).data.token;
});
afterAll(async () => {
  await db.cleanup();
});

async function book() {
  const phone = uniquePhone();
  const res = await post(app, BOOKING_PATHS.createTicket, bookingPayload(vivu, undefined, { phone }), {
    'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  const created = createTicketResponseSchema.validateSync(await res.json());
  return { phone, code: created.ticket_code, key: created.data.ticket_key };
}

/** Reads the stream's `ticket` events as they come. */
function reader(res: Response) {
  const body = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs: number): Promise<TicketInfo> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (!lines.includes('event: ticket')) continue;
          const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6));
          return ticketInfoSchema.validateSync(JSON.parse(data.join('\n')));
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event in time');
        const chunk = await Promise.race([
          body.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
        ]);
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => body.cancel(),
  };
}

async function staff(path: string, body: Record<string, unknown>, via = app) {
  const res = await post(via, path, body, { authorization: `Bearer ${token}` });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe(`the live ticket (${TEST_DB})`, () => {
  it('streams the ticket at once, then each partner change within seconds, to the passenger who proves it', async () => {
    const ticket = await book();
    const res = await app.request(`${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}&lang=en`, {
      headers: keyHeader(ticket.key),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = reader(res);
    try {
      const first = await events.next(5000);
      expect(first).toMatchObject({ code: ticket.code, trip_state: 'driver_pending', driver_name: null });

      let at = Date.now();
      await staff(PARTNER_PATHS.transition, { ticket_code: ticket.code, to: 'not_started' });
      expect((await events.next(5000)).trip_state).toBe('not_started');
      expect(Date.now() - at).toBeLessThan(5000);

      const fleetRes = await app.request(PARTNER_PATHS.fleet, { headers: { authorization: `Bearer ${token}` } });
      const { drivers, cars } = staffFleetResponseSchema.validateSync(await fleetRes.json()).data;
      at = Date.now();
      await staff(PARTNER_PATHS.assign, { ticket_code: ticket.code, driver_id: drivers[0]!.id, car_id: cars[0]!.id });
      const assigned = await events.next(5000);
      expect(Date.now() - at).toBeLessThan(5000);
      expect(assigned.driver_name).toBe(drivers[0]!.fullname);
    } finally {
      await events.cancel();
    }
  });

  it('hears a change made through another server process on the same database', async () => {
    const second = TEST_DB === 'postgres' ? await openDatabase({ databaseUrl: db.url! }) : db.database;
    try {
      const other = createApp({ database: second, log: silent });
      const ticket = await book();
      const res = await app.request(`${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}`, {
        headers: keyHeader(ticket.key),
      });
      const events = reader(res);
      try {
        await events.next(5000);
        await staff(PARTNER_PATHS.transition, { ticket_code: ticket.code, to: 'not_started' }, other);
        expect((await events.next(5000)).trip_state).toBe('not_started');
      } finally {
        await events.cancel();
      }
    } finally {
      if (second !== db.database) await second.close();
    }
  });

  it('needs the ticket’s proof: none is a 400, a wrong key the 404 of an unknown code', async () => {
    const ticket = await book();
    const bare = await app.request(`${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}`);
    expect(bare.status).toBe(400);
    const wrong = await app.request(`${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}`, {
      headers: { ...keyHeader('x'.repeat(43)), 'x-forwarded-for': '198.18.7.7' },
    });
    expect(wrong.status).toBe(404);
    const byPhone = await app.request(
      `${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}&phone_number=${ticket.phone}`,
      {
        headers: { 'x-forwarded-for': '198.18.7.8' },
      },
    );
    expect(byPhone.status).toBe(200);
    await byPhone.body?.cancel();
  });

  it('holds at most LIVE_STREAMS_PER_ADDRESS open streams per address, and frees a place when one closes', async () => {
    const ticket = await book();
    const open = (ip: string) =>
      app.request(`${TICKET_LOOKUP_PATHS.ticketEvents}?ticket_code=${ticket.code}`, {
        headers: { ...keyHeader(ticket.key), 'x-forwarded-for': ip },
      });
    const held = await Promise.all(Array.from({ length: LIVE_STREAMS_PER_ADDRESS + 4 }, () => open('198.18.9.9')));
    const statuses = held.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIVE_STREAMS_PER_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    // Another address is not held back.
    const other = await open('198.18.9.10');
    expect(other.status).toBe(200);
    await other.body?.cancel();
    const streaming = held.filter((res) => res.status === 200);
    await streaming[0]!.body!.cancel();
    await expect
      .poll(async () => {
        const again = await open('198.18.9.9');
        await again.body?.cancel();
        return again.status;
      })
      .toBe(200);
    for (const res of streaming.slice(1)) await res.body?.cancel();
  });
});
