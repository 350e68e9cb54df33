// On a phone (360 px): the home sections with the API's data in Vietnamese and English (a passenger's rating
// comment, the popular routes, the live booking count that refreshes itself, the most booked partners), a popular
// route opening the price list prefilled for its route, every landing route (airports, long-distance, travel) with
// its title, fare table and prefilled booking widget in both languages, a landing page leaving the search saved on
// home as it was, the side menu's blog link, and the special request form: an empty submit is refused with the
// Vietnamese messages, what was typed stays, and a complete request is sent with the 48-hour promise.
import type { APIRequestContext, Page } from '@playwright/test';
import { SEED_LANDING_PAGES } from '../../src/server/db/content-data/landing';
import { pathFor, type Lang } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { TEXT, chooseOption, choosePlace, fillBilling, searchAirportRide, submitBilling } from './journey';

const UI = {
  vi: {
    home: '/',
    ratings: 'Khách hàng nói gì về Vivu',
    stars: '5 trên 5 sao',
    popular: 'Tuyến đường phổ biến',
    popularTitle: /TP\.HCM/,
    featured: 'Bài viết nổi bật',
    media: 'Vivu trên báo chí',
    impact: 'Tác động môi trường',
    live: 'Đang diễn ra trên Vivu',
    suggest: 'Được đặt nhiều nhất',
    special: 'Yêu cầu đặc biệt',
    partners: 'Đối tác của Vivu',
    prices: /^\/dat-xe\?/,
    fares: 'Bảng giá tham khảo',
    pick: 'Điểm đón',
  },
  en: {
    home: '/en',
    ratings: 'What our passengers say',
    stars: '5 of 5 stars',
    popular: 'Popular routes',
    popularTitle: /Ho Chi Minh City/,
    featured: 'Featured articles',
    media: 'Vivu in the press',
    impact: 'Environmental impact',
    live: 'Live on Vivu',
    suggest: 'Most booked',
    special: 'Special requests',
    partners: 'Our partners',
    prices: /^\/en\/prices\?/,
    fares: 'Fares',
    pick: 'Pick-up',
  },
} as const;

const COMMENT = 'Tài xế đón đúng giờ ở sảnh Nội Bài, xe sạch và mát.';
const PASSWORD = 'doitac123';
const staffPhone = (n: number) => `09${String(n).padStart(8, '0')}`;

interface Envelope<T> {
  code: string;
  data: T;
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Books a cash airport ride, has its partner complete it through the partner console's API, and rates it with COMMENT. */
async function rateACompletedTrip(page: Page, request: APIRequestContext): Promise<void> {
  const contact = '0912000081';
  const t = TEXT.vi;
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, contact.slice(1));
  await submitBilling(page, t);
  await expect(page).toHaveURL(/\/dat-xe-thanh-cong\?code=VV/);
  const code = new URL(page.url()).searchParams.get('code') ?? '';

  const info = await request.get(`/api/passenger/get_ticket_info?ticket_code=${code}&phone_number=${contact}`);
  expect(info.ok()).toBe(true);
  const ticket = ((await info.json()) as Envelope<{ partner_id: number; vehicle_id: number }>).data;
  let token = '';
  for (let n = 1; n <= 12 && !token; n += 1) {
    const login = await request.post('/api/agent/login', { data: { phone_number: staffPhone(n), password: PASSWORD } });
    if (!login.ok()) break;
    const session = ((await login.json()) as Envelope<{ token: string; staff: { partner_id: number } }>).data;
    if (session.staff.partner_id === ticket.partner_id) token = session.token;
  }
  expect(token, `a demo staff login for partner ${ticket.partner_id}`).not.toBe('');
  const headers = { Authorization: `Bearer ${token}` };
  const move = async (to: string) => {
    const response = await request.post('/api/agent/transition', { headers, data: { ticket_code: code, to } });
    expect(response.status(), `${code} → ${to}: ${await response.text()}`).toBe(200);
  };
  await move('not_started');
  const fleet = (
    (await (await request.get('/api/agent/fleet?lang=vi', { headers })).json()) as Envelope<{
      drivers: Array<{ id: number }>;
      cars: Array<{ id: number; vehicle_id: number }>;
    }>
  ).data;
  const car = fleet.cars.find((item) => item.vehicle_id === ticket.vehicle_id) ?? fleet.cars[0];
  const assigned = await request.post('/api/agent/assign', {
    headers,
    data: { ticket_code: code, driver_id: fleet.drivers[0]?.id, car_id: car?.id, lang: 'vi' },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']) await move(to);
  const rated = await request.post('/api/passenger/rate_ticket', {
    data: { ticket_code: code, contact, stars: 5, comment: COMMENT, lang: 'vi' },
  });
  expect(rated.status(), await rated.text()).toBe(200);
}

/** Opens home and scrolls to its content sections, which load only when scrolled near (home-page.tsx). */
async function gotoHomeSections(page: Page, path: string) {
  await page.goto(path);
  await page.locator('.home-sections-slot').scrollIntoViewIfNeeded();
}

test('on a phone the home sections and their calls wait until the passenger scrolls near them', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (/get_customer_ratings|get_popular_chunks|notify_new_booking/.test(req.url())) calls.push(req.url());
  });
  await page.goto(UI.vi.home);
  await expect(page.getByRole('button', { name: 'Tìm xe' })).toBeVisible();
  // Hydrated, and what follows (the query runtime when idle, the service worker) has had its time: still no call.
  // (Not 'networkidle': in one CI run it was not reached within 30 s, though every request in the trace was answered.)
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
  await page.waitForTimeout(3000);
  expect(calls).toEqual([]);
  await expect(page.getByRole('region', { name: UI.vi.popular })).toHaveCount(0);
  await page.locator('.home-sections-slot').scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: UI.vi.popular }).getByRole('link').first()).toBeVisible();
  expect(calls.length).toBeGreaterThan(0);
});

test('the home sections show the API data in vi and en; the live count and the most booked refresh themselves', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The booking runs in its own browser: this page has never loaded the (cached) home sections before the rating.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 780 } });
  await rateACompletedTrip(await other.newPage(), other.request);
  await other.close();

  for (const lang of ['vi', 'en'] as const) {
    const ui = UI[lang];
    await gotoHomeSections(page, ui.home);
    const ratings = page.getByRole('region', { name: ui.ratings });
    await expect(ratings.getByText(COMMENT)).toBeVisible();
    await expect(ratings.getByRole('img', { name: ui.stars }).first()).toBeVisible();
    await expect(ratings.getByText('Nội Bài').first()).toBeVisible();
    const popular = page.getByRole('region', { name: ui.popular });
    await expect(popular.getByRole('link').first()).toBeVisible();
    await expect(popular.getByRole('link', { name: ui.popularTitle }).first()).toBeVisible();
    for (const name of [ui.featured, ui.media, ui.impact, ui.special, ui.partners]) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: ui.featured }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: ui.impact }).locator('.impact-method').first()).toBeVisible();
    const live = page.getByRole('region', { name: ui.live });
    await expect(live.getByTestId('live-count-today')).toHaveText(/^[1-9]\d*$/);
    // spec 9 suggest-brand: the partner of the trip just booked, with its real booking count.
    const suggest = page.getByRole('region', { name: ui.suggest });
    await expect(suggest.getByTestId('suggest-brand').first()).toBeVisible();
    await expect(suggest.getByTestId('suggest-brand').first()).toContainText(
      lang === 'vi' ? /\d+\s+lượt đặt/ : /\d+\s+bookings?/,
    );
    await suggest.screenshot({ path: test.info().outputPath(`suggest-brands-${lang}.png`) });
    await shot(page, `home-${lang}`);
  }

  // spec 9: asked again (every 5,000 ms) while the page stays visible.
  await page.waitForRequest((req) => req.url().includes('/api/passenger/notify_new_booking'));
  await page.waitForRequest((req) => req.url().includes('/api/passenger/notify_new_booking'), { timeout: 8000 });
  // spec 9: the most booked partners are asked again every time_refresh_number_seconds (20 s).
  await page.waitForRequest((req) => req.url().includes('/api/passenger/get_suggest_brands'), { timeout: 25_000 });
});

test('a popular route opens the price list prefilled for its route', async ({ page }) => {
  for (const lang of ['vi', 'en'] as const) {
    const ui = UI[lang];
    await gotoHomeSections(page, ui.home);
    const link = page.getByRole('region', { name: ui.popular }).getByRole('link').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(ui.prices);
    expect(new URL(href, 'http://x').searchParams.get('pick')).toBeTruthy();
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname + '?').toMatch(ui.prices);
    expect(new URL(page.url()).searchParams.get('drop')).toBe(new URL(href, 'http://x').searchParams.get('drop'));
    await expect(page.locator('.price-card').first()).toBeVisible();
    if (lang === 'vi') await shot(page, 'popular-price-list-vi');
  }
});

/** Each landing route's path: the route's own page, or a seeded slug for the routes that need one. */
function landingPaths(lang: Lang) {
  const byRoute = new Map<string, (typeof SEED_LANDING_PAGES)[number]>();
  for (const page of SEED_LANDING_PAGES) if (!byRoute.has(page.routeName)) byRoute.set(page.routeName, page);
  return [...byRoute.values()].map((page) => {
    const needsSlug = page.routeName === 'long-distance' || page.routeName === 'travel';
    const slug = lang === 'vi' ? page.slugVi : page.slugEn;
    return {
      route: page.routeName,
      path: pathFor(page.routeName, lang, needsSlug ? { slug } : {}),
      title: lang === 'vi' ? page.titleVi : page.titleEn,
    };
  });
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: every landing route shows its title, fare table and a booking widget prefilled for its route`, async ({
    page,
  }) => {
    const ui = UI[lang];
    const paths = landingPaths(lang);
    expect(new Set(paths.map((p) => p.route)).size).toBe(8);
    for (const { route, path, title } of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      const fares = page.getByRole('region', { name: ui.fares });
      await expect(fares.getByRole('table')).toBeVisible();
      expect(await fares.getByRole('row').count(), path).toBeGreaterThan(1);
      await expect(page.getByRole('combobox', { name: ui.pick, exact: true })).not.toHaveValue('');
      if (route === 'airport-noibai') {
        await expect(page.getByRole('combobox', { name: ui.pick, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
        await shot(page, `landing-noibai-${lang}`);
      }
      if (route === 'long-distance') await shot(page, `landing-long-${lang}`);
    }
  });
}

test('a landing page prefills its widget without replacing the search saved on home; the menu links the blog', async ({
  page,
}) => {
  const t = TEXT.vi;
  await page.goto('/');
  await choosePlace(page, t.pick, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
  const pick = page.getByRole('combobox', { name: t.pick, exact: true });
  const saved = await pick.inputValue();

  await page.getByRole('button', { name: 'Mở menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('href', '/blog');
  await menu.getByText('Xe sân bay', { exact: true }).click();
  await menu.getByRole('link', { name: 'Taxi sân bay Nội Bài' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(pick).toHaveValue(/Nội Bài|Noi Bai/);

  await page.getByRole('link', { name: 'Vivu – về trang chủ' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(pick).toHaveValue(saved);
  await expect(page.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue('');
});

/** Tomorrow in Vietnam as the date control's value (yyyy-mm-dd). */
function tomorrowInVietnam(): string {
  return new Date(Date.now() + 31 * 3600_000).toISOString().slice(0, 10);
}

test('the special request form refuses an empty submit in Vietnamese, keeps what was typed, then is sent', async ({ page }) => {
  await gotoHomeSections(page, '/');
  await page.getByRole('button', { name: 'Gửi yêu cầu đặc biệt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Yêu cầu đặc biệt' });
  await dialog.getByLabel('Họ và tên', { exact: true }).fill('Trần Thị Bình');
  await dialog.getByLabel('Số ngày', { exact: true }).fill('40');
  // From the keyboard: the fields' messages appear as the last field is left, which moves the button.
  await dialog.getByLabel('Số ngày', { exact: true }).press('Tab');
  await dialog.getByRole('button', { name: 'Gửi yêu cầu', exact: true }).press('Enter');

  // Every empty field says so; the days and the typed name stay.
  await expect(dialog.getByText('Trường này không được để trống')).toHaveCount(7);
  await expect(dialog.getByText('Số ngày không hợp lệ')).toBeVisible();
  // The first field with a message takes the focus.
  await expect(dialog.getByLabel('Số điện thoại', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('Họ và tên', { exact: true })).toHaveValue('Trần Thị Bình');
  await expect(dialog.getByLabel('Số ngày', { exact: true })).toHaveValue('40');
  await shot(page, 'special-request-errors-vi');

  await dialog.getByLabel('Số điện thoại', { exact: true }).fill('912345678');
  await dialog.getByLabel('E-mail', { exact: true }).fill('binh.tran@example.com');
  await dialog.getByLabel('Điểm đón', { exact: true }).fill('Sân bay quốc tế Nội Bài, Hà Nội');
  await dialog.getByLabel('Điểm đến', { exact: true }).fill('Hạ Long, Quảng Ninh');
  await dialog.getByLabel('Ngày đi', { exact: true }).fill(tomorrowInVietnam());
  await dialog.getByLabel('Giờ đón', { exact: true }).fill('08:30');
  await dialog.getByLabel('Số ngày', { exact: true }).fill('3');
  await dialog.getByLabel('Xe 29 chỗ', { exact: true }).check();
  await expect(dialog.getByText('Trường này không được để trống')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Gửi yêu cầu', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('trong vòng 48 giờ');
  await shot(page, 'special-request-sent-vi');
});
