// On a phone, in both languages: an open ticket page is live (the partner's acceptance and the driver's
// assignment show within 5 s through the server's stream, and within seconds too when a proxy kills the stream and
// the page falls back to lookups), its status reads from the same state as its timeline; and the ticket page books
// the return trip (or the same trip again) offline, then sends it when the connection returns, with the passenger's
// details already in the form that follows.
import type { APIRequestContext, Page } from '@playwright/test';
import type { Lang } from '../../src/shared/domain/route-table';
import { staffFleetResponseSchema, staffTicketsResponseSchema, PARTNER_PATHS } from '../../src/shared/contract/partners';
import { expect, storedKeys, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, pickTomorrow, submitBilling, TEXT, type Text } from './journey';

const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

const LIVE = {
  vi: {
    ticket: (code: string) => `Vé ${code}`,
    confirming: 'Nhà xe đang xác nhận',
    assigned: 'Đã phân tài xế',
    assignedStep: 'Phân tài xế',
    again: 'Đặt lại chuyến này',
    againTitle: 'Đặt lại chuyến này',
    returnRadio: 'Chuyến về',
    againSearch: 'Tìm xe',
    queued: /sẽ được gửi khi có kết nối trở lại/,
    savedCopy: /Ngoại tuyến: bản đã lưu lúc/,
    priceList: /\/dat-xe\?/,
  },
  en: {
    ticket: (code: string) => `Ticket ${code}`,
    confirming: 'Partner confirming',
    assigned: 'Driver assigned',
    assignedStep: 'Driver assigned',
    again: 'Same trip again',
    againTitle: 'Book this trip again',
    returnRadio: 'Return trip',
    againSearch: 'Find a ride',
    queued: /will be sent when the connection returns/,
    savedCopy: /Offline: saved copy from/,
    priceList: /\/en\/prices\?/,
  },
} as const;

test.use({ offlineNoise: true, serviceWorkers: 'allow' });

/** Books an airport ride paying cash and opens its ticket page from the success page. */
async function bookAndOpenTicket(page: Page, t: Text, lang: 'vi' | 'en', phone: string): Promise<string> {
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await submitBilling(page, t);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  expect(code).toMatch(/^VV/);
  await page.getByRole('link', { name: t.details }).click();
  await expect(page.getByRole('dialog', { name: LIVE[lang].ticket(code) })).toBeVisible();
  return code;
}

/** A session of the partner the ticket went to (the demo owner whose console lists it). */
async function partnerSession(request: APIRequestContext, code: string): Promise<Record<string, string>> {
  for (const phone of STAFF_PHONES) {
    const login = await request.post(PARTNER_PATHS.login, { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${data.token}` };
    const list = await request.get(`${PARTNER_PATHS.tickets}?trip_state=driver_pending`, { headers: auth });
    const { items } = staffTicketsResponseSchema.validateSync(await list.json()).data;
    if (items.some((item) => item.ticket_code === code)) return auth;
    await request.post(PARTNER_PATHS.logout, { headers: auth });
  }
  throw new Error(`no demo partner lists ${code}`);
}

/** The partner accepts the ticket and assigns its first driver and a car; returns the driver's name. */
async function acceptAndAssign(request: APIRequestContext, auth: Record<string, string>, code: string, accept = true) {
  if (accept) {
    const accepted = await request.post(PARTNER_PATHS.transition, {
      headers: auth,
      data: { ticket_code: code, to: 'not_started' },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }
  const fleet = staffFleetResponseSchema.validateSync(
    await (await request.get(PARTNER_PATHS.fleet, { headers: auth })).json(),
  ).data;
  const driver = fleet.drivers[0];
  const car = fleet.cars[0];
  if (!driver || !car) throw new Error('the demo partner has no driver or car');
  const assigned = await request.post(PARTNER_PATHS.assign, {
    headers: auth,
    data: { ticket_code: code, driver_id: driver.id, car_id: car.id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  return driver.fullname;
}

/** Waits until the service worker controls the page (reloading once if it was installed by this visit). */
async function waitForWorker(page: Page) {
  const controlled = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
  if (!(await controlled())) {
    await page.reload();
    await expect.poll(controlled, { timeout: 15_000 }).toBe(true);
  }
}

// Walked in one language, for the reason given above the offline return trip below.
for (const lang of ['vi'] as Lang[]) {
  const t = TEXT[lang];
  const l = LIVE[lang];

  test(`${lang}: the partner's acceptance and driver show on the open ticket page within 5 s, its status with its timeline`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/passenger/ticket_events')) streams.push(request.url());
    });
    const code = await bookAndOpenTicket(page, t, lang, lang === 'vi' ? '912000911' : '912000912');
    const dialog = page.getByRole('dialog', { name: l.ticket(code) });
    await expect(dialog.locator('.details dd', { hasText: l.confirming })).toBeVisible();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    // The stream proves the ticket with its key (a header), never with the phone in the URL.
    expect(streams[0]).not.toContain('phone_number');

    const auth = await partnerSession(page.request, code);
    const assignedAt = Date.now();
    const driver = await acceptAndAssign(page.request, auth, code);
    await expect(dialog.getByText(driver).first()).toBeVisible({ timeout: 5_000 });
    const seenAfter = Date.now() - assignedAt;
    expect(seenAfter).toBeLessThan(5_000);
    console.info(`live ticket (${lang}): the driver showed ${seenAfter} ms after the assignment`);
    // One state: the status row and the timeline's current step say the same.
    await expect(dialog.locator('.details dd', { hasText: l.assigned })).toBeVisible();
    await expect(dialog.locator('[aria-current="step"]')).toContainText(l.assignedStep);
    await page.screenshot({ path: testInfo.outputPath(`live-ticket-${lang}.png`), fullPage: true });
    await page.request.post(PARTNER_PATHS.logout, { headers: auth });
  });
}

test('en: with the stream cut by a proxy, the ticket page falls back to lookups and still shows the driver', async ({ page }) => {
  test.setTimeout(60_000);
  await page.route('**/api/passenger/ticket_events**', (route) => route.abort('connectionreset'));
  const t = TEXT.en;
  const code = await bookAndOpenTicket(page, t, 'en', '912000913');
  const dialog = page.getByRole('dialog', { name: LIVE.en.ticket(code) });
  const auth = await partnerSession(page.request, code);
  const assignedAt = Date.now();
  const driver = await acceptAndAssign(page.request, auth, code);
  // Two failed streams (about 3 s), then a lookup with the ticket's key every 5 s.
  await expect(dialog.getByText(driver).first()).toBeVisible({ timeout: 12_000 });
  console.info(`live ticket (fallback): the driver showed ${Date.now() - assignedAt} ms after the assignment`);
  // A cut stream is not a lost connection: the app never said it was offline.
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  await page.request.post(PARTNER_PATHS.logout, { headers: auth });
});

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as const) {
  const t = TEXT[lang];
  const l = LIVE[lang];

  test(`${lang}: the return trip booked from the ticket page offline is sent online, with nothing to retype`, async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    const phone = '912000915';
    const code = await bookAndOpenTicket(page, t, lang, phone);
    const dialog = page.getByRole('dialog', { name: l.ticket(code) });
    const returnForm = dialog.getByRole('region', { name: t.returnTitle });
    await expect(returnForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
    // The same trip again swaps the places back to the ticket's own.
    await returnForm.getByRole('radio', { name: l.again }).check();
    const againForm = dialog.getByRole('region', { name: l.againTitle });
    await expect(againForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
    await expect(againForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(againForm.getByRole('button', { name: l.againSearch, exact: true })).toBeDisabled();
    await againForm.getByRole('radio', { name: l.returnRadio }).check();
    await expect.poll(() => storedKeys(page, 'tickets')).toContain(`ticket:${code}`);
    await expect
      .poll(async () => (await storedKeys(page, 'settings')).filter((key) => key.startsWith(`place:${lang}:`)).length)
      .toBeGreaterThanOrEqual(2);
    await waitForWorker(page);

    // At the airport with no connection: the ticket page from the saved copy, and its quick rebook.
    await context.setOffline(true);
    await page.reload();
    await expect(dialog.getByRole('status').filter({ hasText: l.savedCopy })).toBeVisible();
    await expect(returnForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
    await pickTomorrow(page, t.returnTime, '18:00');
    await returnForm.getByRole('button', { name: t.returnSearch }).click();
    await expect(returnForm.getByRole('status').filter({ hasText: l.queued })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`ticket-rebook-offline-${lang}.png`), fullPage: true });

    // Back online: the price list of that search, then the details form already filled.
    await context.setOffline(false);
    await expect(page).toHaveURL(l.priceList, { timeout: 15_000 });
    await expect(page.locator('.price-card').first()).toBeVisible();
    await chooseOption(page, t);
    await expect(page.getByLabel(t.fullname, { exact: true })).toHaveValue('Nguyễn Văn An');
    await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue(phone);
  });
}
