// On a phone (360 px): a price card shows a partner's rating only when passengers gave one. A partner whose
// finished trips nobody rated says so ("Chưa có đánh giá" / "No ratings yet"), with no star and no figure; once two
// of its finished trips are rated 4 and 5 (through the API, as the passengers and the partner's staff would), its card
// shows 4.5 from 2 ratings in the page's own number format: "4,5 (2 đánh giá)", "4.5 (2 ratings)". The trip's
// distance follows the page's format too, and the ticket page shows the passenger's phone in national format.
import type { APIRequestContext, Page } from '@playwright/test';
import { bookingBody } from '../../scripts/booking-body.mjs';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { PLACES } from '../api/helpers/places';
import { expect, test } from './fixtures';
import { openAirportPrices, TEXT } from './journey';

/** A partner of the Nội Bài → Hoàn Kiếm list that no other browser test books or rates. */
const PARTNER = 'Hạ Long Bay Cars';
const STAFF_PASSWORD = 'doitac123';
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);
const SHOTS = process.env.SHOTS_DIR;

const UI = {
  vi: {
    none: 'Chưa có đánh giá',
    rated: '4,5 (2 đánh giá)',
    about: 'khoảng',
    separator: ',',
    ticket: (code: string, phone: string) => `/chi-tiet-ma-ve/${code}/${phone}`,
  },
  en: {
    none: 'No ratings yet',
    rated: '4.5 (2 ratings)',
    about: 'about',
    separator: '.',
    ticket: (code: string, phone: string) => `/en/ticket/${code}/${phone}`,
  },
} as const;

interface Envelope<T> {
  code: string;
  data: T;
}

interface PriceItem {
  option_id: string;
  merged: number;
  chunk_id: number;
  vehicle_id: number;
  ride_method_id: number;
  airport_code: string;
  pm_id: number;
  hide?: boolean;
  partner: { id: number; name: string; rating: number | null; rating_count: number };
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Envelope<T>).data;
}

const depart = () => `14:00 ${formatVnDate(Date.now() + 2 * 24 * 3600_000)}`;

/** The API's airport price list (what the page shows). */
async function airportList(request: APIRequestContext) {
  const query = new URLSearchParams({
    depart_time: depart(),
    pick_address: PLACES.han.formatted_address,
    pick_address_component: JSON.stringify(PLACES.han),
    drop_address: PLACES.hoanKiem.formatted_address,
    drop_address_component: JSON.stringify(PLACES.hoanKiem),
    ride_method_id: '1',
  });
  return data<{ items: PriceItem[]; distance_km: number }>(
    await request.get(`/api/passenger/get_price_list?${query.toString()}`),
  );
}

/** The partner's options on the airport price list. */
async function options(request: APIRequestContext): Promise<PriceItem[]> {
  return (await airportList(request)).items.filter((item) => item.partner.name === PARTNER && !item.hide);
}

/** A cash ride of the partner booked as the billing form books it; its code and the passenger's phone. */
async function book(request: APIRequestContext, item: PriceItem, phone: string) {
  const body = bookingBody(
    item,
    {
      pick: { address: PLACES.han.formatted_address, address_component: PLACES.han },
      drop: { address: PLACES.hoanKiem.formatted_address, address_component: PLACES.hoanKiem },
      depart: depart(),
    },
    {
      fullname: 'Nguyễn Văn An',
      phone,
      email: `p${phone}@example.com`,
      payMethod: 3,
      session: `rating-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
  );
  const created = await data<{ ticket_code: string }>(await request.post('/api/passenger/create_ticket', { data: body }));
  return created.ticket_code;
}

/** The partner's staff token (a demo login), to drive its tickets as the console would. */
async function staffToken(request: APIRequestContext, partnerId: number): Promise<string> {
  for (const phone of STAFF_PHONES) {
    const login = await request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const session = ((await login.json()) as Envelope<{ token: string; staff: { partner_id: number } }>).data;
    if (session.staff.partner_id === partnerId) return session.token;
    await request.post('/api/agent/logout', { headers: { authorization: `Bearer ${session.token}` } });
  }
  throw new Error(`no demo staff for partner ${partnerId}`);
}

/** Takes the ticket to a finished trip: accepted, a driver and car assigned, picked up, driven, completed. */
async function finish(request: APIRequestContext, token: string, code: string) {
  const headers = { authorization: `Bearer ${token}` };
  const move = async (to: string) =>
    data(await request.post('/api/agent/transition', { headers, data: { ticket_code: code, to } }));
  await move('not_started');
  const fleet = await data<{ drivers: Array<{ id: number }>; cars: Array<{ id: number }> }>(
    await request.get('/api/agent/fleet?lang=vi', { headers }),
  );
  await data(
    await request.post('/api/agent/assign', {
      headers,
      data: { ticket_code: code, driver_id: fleet.drivers[0]?.id, car_id: fleet.cars[0]?.id, lang: 'vi' },
    }),
  );
  for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']) await move(to);
}

/** The partner's first card on the page's price list, private rides. */
async function partnerCard(page: Page, lang: keyof typeof UI) {
  const t = TEXT[lang];
  await openAirportPrices(page, t);
  await page.getByLabel(t.rideMethod).selectOption({ label: t.private });
  const card = page.locator('.price-card').filter({ hasText: PARTNER }).first();
  await expect(card).toBeVisible();
  return card;
}

test('vi and en: a partner nobody has rated says so, with no star and no figure', async ({ page, request }) => {
  test.setTimeout(60_000);
  const listed = await options(request);
  expect(listed.length).toBeGreaterThan(0);
  expect(listed[0]?.partner).toMatchObject({ rating: null, rating_count: 0 });
  for (const lang of ['vi', 'en'] as const) {
    const card = await partnerCard(page, lang);
    await expect(card.getByText(UI[lang].none, { exact: true })).toBeVisible();
    await expect(card).not.toContainText('★');
    await expect(card).not.toContainText(/\d[.,]\d \(/);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/rating-none-${lang}.png` });
  }
});

test('vi and en: two finished trips rated 4 and 5 show 4.5 from 2 ratings in the page’s number format', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [item] = await options(request);
  if (!item) throw new Error(`${PARTNER} has no private option`);
  const token = await staffToken(request, item.partner.id);
  for (const [phone, stars] of [
    ['0912000201', 4],
    ['0912000202', 5],
  ] as const) {
    const code = await book(request, item, phone);
    await finish(request, token, code);
    await data(
      await request.post('/api/passenger/rate_ticket', { data: { ticket_code: code, contact: phone, stars, lang: 'vi' } }),
    );
  }
  // The price list keeps its catalogue (with the scores) up to 5 s.
  await expect
    .poll(async () => (await options(request))[0]?.partner, { timeout: 15_000, intervals: [1_000] })
    .toMatchObject({ rating: 4.5, rating_count: 2 });

  for (const lang of ['vi', 'en'] as const) {
    const card = await partnerCard(page, lang);
    await expect(card.locator('.partner-rating')).toHaveText(`★ ${UI[lang].rated}`);
    await expect(card.getByText(UI[lang].none)).toHaveCount(0);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/rating-rated-${lang}.png` });
  }
});

test('vi and en: the trip’s distance in the page’s number format, the passenger’s phone in national format', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const { distance_km: km } = await airportList(request);
  // A distance with a decimal, so the two formats differ.
  expect(Number.isInteger(km)).toBe(false);
  const [item] = await options(request);
  if (!item) throw new Error(`${PARTNER} has no private option`);
  const code = await book(request, item, '0912000203');
  for (const lang of ['vi', 'en'] as const) {
    const ui = UI[lang];
    await openAirportPrices(page, TEXT[lang]);
    await expect(page.locator('.price-summary-meta')).toContainText(`${ui.about} ${String(km).replace('.', ui.separator)} km`);

    await page.goto(ui.ticket(code, '0912000203'));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('0912 000 203', { exact: true })).toBeVisible();
    await expect(dialog.getByText('0912000203')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/ticket-phone-${lang}.png`, fullPage: true });
  }
});
