// The partner's statement in the console: a passenger books a cash ride, the partner finishes the trip, then its
// owner (who holds the statements permission, as the accountant does) opens the trip's month in the Statements tab,
// sees the trip with Vivu's commission as the app shows money, downloads the month's CSV, and its rows add up to the
// totals row.
import type { Lang } from '../../src/shared/domain/route-table';
import { parseVnDateTime, vnParts } from '../../src/shared/domain/vn-time';
import { expect, test } from './fixtures';
import { TEXT } from './journey';
import { bookCashRide, commissionOf, consoleLogIn, statementAddsUp } from './supply';

const STAFF_PASSWORD = 'doitac123';
const OWNER_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  test(`${lang}: the owner opens the trip's month, sees its commission, and the CSV adds up`, async ({ page }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const passengerPhone = lang === 'vi' ? '912000811' : '912000812';
    const { code } = await bookCashRide(page, t, passengerPhone);
    const info = await page.request.get(`/api/passenger/get_ticket_info?ticket_code=${code}&phone_number=0${passengerPhone}`);
    const ticket = ((await info.json()) as { data: { partner_id: number; depart_time: string } }).data;

    // The ticket's partner's owner finishes the trip through the console's calls.
    let token = '';
    let ownerPhone = '';
    for (const phone of OWNER_PHONES) {
      const login = await page.request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
      if (!login.ok()) continue;
      const { data } = (await login.json()) as { data: { token: string; staff: { partner_id: number } } };
      if (data.staff.partner_id === ticket.partner_id) {
        token = data.token;
        ownerPhone = phone;
        break;
      }
      await page.request.post('/api/agent/logout', { headers: { authorization: `Bearer ${data.token}` } });
    }
    expect(token, 'the ticket partner’s owner').not.toBe('');
    const auth = { authorization: `Bearer ${token}` };
    const move = async (to: string) =>
      expect(
        (await page.request.post('/api/agent/transition', { headers: auth, data: { ticket_code: code, to } })).ok(),
        to,
      ).toBe(true);
    await move('not_started');
    const fleet = (await (await page.request.get('/api/agent/fleet?lang=vi', { headers: auth })).json()) as {
      data: { drivers: { id: number }[]; cars: { id: number }[] };
    };
    const assign = await page.request.post('/api/agent/assign', {
      headers: auth,
      data: { ticket_code: code, driver_id: fleet.data.drivers[0]?.id, car_id: fleet.data.cars[0]?.id, lang: 'vi' },
    });
    expect(assign.ok(), await assign.text()).toBe(true);
    for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']) await move(to);

    const departAt = parseVnDateTime(ticket.depart_time);
    expect(departAt).not.toBeNull();
    const parts = vnParts(departAt ?? 0);
    const month = `${parts.year}-${String(parts.month + 1).padStart(2, '0')}`;

    await consoleLogIn(page, lang, ownerPhone, STAFF_PASSWORD);
    // The fare the ledger holds for the ticket (the statement's own API), and 20 % of it rounded half up to the đồng.
    const statement = (await (await page.request.get(`/api/agent/statements?month=${month}`, { headers: auth })).json()) as {
      data: { tickets: { code: string; gross: number; kind: string; channel: string }[] };
    };
    const listed = statement.data.tickets.find((item) => item.code === code);
    expect(listed).toMatchObject({ kind: 'finished', channel: 'cash' });
    const gross = listed?.gross ?? 0;
    expect(gross).toBeGreaterThan(0);
    await statementAddsUp(page, lang, month, code, gross, commissionOf(gross));
  });
}
