// The passenger's side of a trip on a phone: a cash ride is booked, the partner's staff move
// it through the partner console's API (accept, assign a driver and car, arrive, pick up, start, complete); the ticket detail
// shows the progress and the driver (refreshed by itself while open), then the rating form; the rating stays after a
// reload. The calendar file and the share link of the ticket, in Vietnamese and in English.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, storedKeys, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';
import { formatPhone } from '../../src/shared/domain/phone';

const PASSWORD = 'doitac123';
/** The demo owner of the n-th partner in id order (src/server/db/seed-trips.ts). */
const staffPhone = (n: number) => `09${String(n).padStart(8, '0')}`;

const UI = {
  vi: {
    success: /\/dat-xe-thanh-cong\?code=VV/,
    detail: (code: string, contact: string) => `/chi-tiet-ma-ve/${code}/${contact}`,
    dialog: (code: string) => `Vé ${code}`,
    progress: 'Hành trình',
    driver: 'Tài xế',
    confirming: /^Nhà xe xác nhận\s*Nhà xe đang xác nhận$/,
    completed: /^Hoàn thành\s*Chưa đánh giá$/,
    rate: 'Đánh giá chuyến đi',
    star: (n: number) => `${n} sao`,
    comment: 'Nhận xét (không bắt buộc)',
    submit: 'Gửi đánh giá',
    starsError: 'Vui lòng chọn từ 1 đến 5 sao.',
    thanks: 'Cảm ơn bạn đã đánh giá chuyến đi!',
    yours: 'Đánh giá của bạn',
    shown: (n: number) => `${n} trên 5 sao`,
    calendar: 'Thêm vào lịch',
    share: 'Chia sẻ',
    copied: 'Đã sao chép liên kết vé.',
    call: (phone: string) => `Gọi tài xế: ${phone}`,
  },
  en: {
    success: /\/en\/booking-success\?code=VV/,
    detail: (code: string, contact: string) => `/en/ticket/${code}/${contact}`,
    dialog: (code: string) => `Ticket ${code}`,
    progress: 'Trip progress',
    driver: 'Driver',
    confirming: /^Partner confirms\s*Partner confirming$/,
    arrived: 'Driver at pick-up',
    completed: /^Completed\s*Not rated$/,
    rate: 'Rate your trip',
    star: (n: number) => (n === 1 ? '1 star' : `${n} stars`),
    comment: 'Comment (optional)',
    submit: 'Send rating',
    starsError: 'Please choose 1 to 5 stars.',
    thanks: 'Thanks for rating your trip!',
    yours: 'Your rating',
    shown: (n: number) => `${n} of 5 stars`,
    calendar: 'Add to calendar',
    share: 'Share',
    copied: 'Link copied.',
    call: (phone: string) => `Call the driver: ${phone}`,
  },
} as const;

type Lang = keyof typeof UI;

interface Envelope<T> {
  code: string;
  data: T;
}

/** Books a cash airport ride for `phone` (without its leading 0) and returns the ticket code. */
async function bookCashRide(page: Page, lang: Lang, phone: string): Promise<string> {
  const t = TEXT[lang];
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await submitBilling(page, t);
  await expect(page).toHaveURL(UI[lang].success);
  return new URL(page.url()).searchParams.get('code') ?? '';
}

/** The partner staff of a ticket, driving it through the partner console's API as the partner console would. */
async function partnerOf(request: APIRequestContext, code: string, contact: string) {
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
  return {
    move: async (to: string) => {
      const response = await request.post('/api/agent/transition', { headers, data: { ticket_code: code, to } });
      expect(response.status(), `${code} → ${to}: ${await response.text()}`).toBe(200);
    },
    /** Assigns the partner's first driver and a car of the ticket's vehicle type; returns them. */
    assign: async () => {
      const fleetResponse = await request.get('/api/agent/fleet?lang=vi', { headers });
      expect(fleetResponse.ok()).toBe(true);
      const fleet = (
        (await fleetResponse.json()) as Envelope<{
          drivers: Array<{ id: number; fullname: string; phone: string }>;
          cars: Array<{ id: number; plate: string; name: string; vehicle_id: number }>;
        }>
      ).data;
      const driver = fleet.drivers[0];
      const car = fleet.cars.find((item) => item.vehicle_id === ticket.vehicle_id) ?? fleet.cars[0];
      if (!driver || !car) throw new Error('the partner has no driver or car');
      const response = await request.post('/api/agent/assign', {
        headers,
        data: { ticket_code: code, driver_id: driver.id, car_id: car.id, lang: 'vi' },
      });
      expect(response.status(), await response.text()).toBe(200);
      return { driver, car };
    },
  };
}

/** Clicks "Add to calendar" and returns the downloaded file's name and text. */
async function downloadCalendar(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('vi: the passenger follows the trip, sees the driver, rates it, saves it to the calendar and copies its link', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const ui = UI.vi;
  const contact = '0912000071';
  const code = await bookCashRide(page, 'vi', contact.slice(1));
  const partner = await partnerOf(request, code, contact);

  // Booked and not yet confirmed: the partner is confirming, no driver yet.
  await page.goto(ui.detail(code, contact));
  const dialog = page.getByRole('dialog', { name: ui.dialog(code) });
  const progress = dialog.getByRole('region', { name: ui.progress });
  await expect(progress.locator('[aria-current="step"]')).toHaveText(ui.confirming);
  await expect(dialog.getByRole('region', { name: ui.driver })).toHaveCount(0);

  // The partner accepts, assigns a driver and a car, and takes the trip to its end.
  await partner.move('not_started');
  const { driver, car } = await partner.assign();
  for (const to of ['trip_started', 'arrived_at_pickup', 'passenger_picked_up', 'trip_completed']) await partner.move(to);

  await page.reload();
  await expect(progress.locator('[aria-current="step"]')).toHaveText(ui.completed);
  await expect(progress.locator('[aria-current="step"]')).toHaveCount(1);
  const card = dialog.getByRole('region', { name: ui.driver });
  await expect(card.getByRole('img', { name: driver.fullname })).toBeVisible();
  // The phone in national format ("0987 654 321"), the link with the digits.
  await expect(card.getByRole('link', { name: ui.call(formatPhone(driver.phone)) })).toHaveAttribute(
    'href',
    `tel:${driver.phone}`,
  );
  await expect(card.getByText(car.plate)).toBeVisible();
  if (car.name) await expect(card.getByText(car.name)).toBeVisible();
  // The driver is kept on the device (the store's drivers table) for the offline ticket.
  await expect.poll(() => storedKeys(page, 'drivers')).toContain(`driver:${code}`);
  // The trip is over: no cancel button any more.
  await expect(dialog.getByRole('button', { name: 'Hủy chuyến' })).toHaveCount(0);

  // Rating: nothing chosen is refused in Vietnamese, and the comment typed stays; then 4 stars.
  const rating = dialog.getByRole('region', { name: ui.rate });
  const comment = 'Tài xế đúng giờ, xe sạch sẽ, rất hài lòng!';
  await rating.getByLabel(ui.comment).fill(comment);
  await rating.getByRole('button', { name: ui.submit }).click();
  await expect(rating.getByRole('alert').filter({ hasText: ui.starsError }).first()).toBeVisible();
  await expect(rating.getByLabel(ui.comment)).toHaveValue(comment);
  await rating.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('trip-rating-vi-form.png') });
  // The stars are one radio group: the arrow keys move the choice.
  await rating.getByRole('radio', { name: ui.star(3) }).check();
  await rating.getByRole('radio', { name: ui.star(3) }).press('ArrowRight');
  await expect(rating.getByRole('radio', { name: ui.star(4) })).toBeChecked();
  await rating.getByRole('button', { name: ui.submit }).click();
  const rated = dialog.getByRole('region', { name: ui.yours });
  await expect(rated.getByRole('status').filter({ hasText: ui.thanks })).toBeFocused();
  await expect(rated.getByRole('img', { name: ui.shown(4) })).toBeVisible();
  await expect(rated.getByText(comment)).toBeVisible();

  // After a reload the rating is shown and the form is gone; the ticket is completed (rated).
  await page.reload();
  await expect(dialog.getByRole('region', { name: ui.yours }).getByRole('img', { name: ui.shown(4) })).toBeVisible();
  await expect(dialog.getByText(comment)).toBeVisible();
  await expect(dialog.getByRole('button', { name: ui.submit })).toHaveCount(0);
  await expect(progress.locator('[aria-current="step"]')).toContainText('Đã đánh giá');
  await page.screenshot({ path: test.info().outputPath('trip-rating-vi-progress.png') });
  await dialog.getByRole('region', { name: ui.yours }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('trip-rating-vi-rated.png') });

  // The calendar file: the ticket's code, its pickup in UTC and the link.
  const ics = await downloadCalendar(page, ui.calendar);
  expect(ics.name).toBe(`vivu-${code}.ics`);
  expect(ics.text).toContain(`UID:${code}@vivu`);
  expect(ics.text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(ics.text).toMatch(/SUMMARY:Vivu VV/);

  // Share without a share sheet: the link is copied, and it opens the ticket.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await dialog.getByRole('button', { name: ui.share }).click();
  await expect(dialog.getByRole('status').filter({ hasText: ui.copied })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe(ui.detail(code, contact));
  await page.goto(link);
  await expect(page.getByRole('dialog', { name: ui.dialog(code) }).getByText(comment)).toBeVisible();
});

test('en: the open ticket refreshes itself as the driver comes, shares through the share sheet, and is rated', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const ui = UI.en;
  const contact = '0912000072';
  // The share sheet is stubbed: it records what it was given.
  await page.addInitScript(() => {
    const shared: Array<{ title?: string; url?: string }> = [];
    Object.defineProperty(window, '__shared', { value: shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: (data: { title?: string; url?: string }) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const code = await bookCashRide(page, 'en', contact.slice(1));
  const partner = await partnerOf(request, code, contact);

  await page.clock.install();
  await page.goto(ui.detail(code, contact));
  const dialog = page.getByRole('dialog', { name: ui.dialog(code) });
  const progress = dialog.getByRole('region', { name: ui.progress });
  await expect(progress.locator('[aria-current="step"]')).toHaveText(ui.confirming);

  // The partner accepts and the driver arrives: a minute later the open page shows it without a reload.
  await partner.move('not_started');
  const { driver } = await partner.assign();
  await partner.move('trip_started');
  await partner.move('arrived_at_pickup');
  await page.clock.fastForward(61_000);
  await expect(progress.locator('[aria-current="step"]')).toHaveText(ui.arrived);
  const card = dialog.getByRole('region', { name: ui.driver });
  await expect(card.getByRole('img', { name: driver.fullname })).toBeVisible();
  await expect(card.getByRole('link', { name: ui.call(formatPhone(driver.phone)) })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('trip-rating-en-arrived.png') });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('trip-rating-en-driver.png') });

  // Share: the share sheet gets the ticket's absolute link.
  await dialog.getByRole('button', { name: ui.share }).click();
  const shared = await page.evaluate(() => (window as unknown as { __shared: Array<{ title?: string; url?: string }> }).__shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]?.title).toBe(ui.dialog(code));
  expect(new URL(shared[0]?.url ?? '').pathname).toBe(ui.detail(code, contact));

  const ics = await downloadCalendar(page, ui.calendar);
  expect(ics.text).toContain(`UID:${code}@vivu`);
  expect(ics.text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);

  // The trip ends; the passenger rates it with 5 stars and no comment.
  for (const to of ['passenger_picked_up', 'trip_completed']) await partner.move(to);
  await page.reload();
  await expect(progress.locator('[aria-current="step"]')).toHaveText(ui.completed);
  const rating = dialog.getByRole('region', { name: ui.rate });
  await rating.getByRole('button', { name: ui.submit }).click();
  await expect(rating.getByRole('alert').filter({ hasText: ui.starsError }).first()).toBeVisible();
  await rating.getByRole('radio', { name: ui.star(5) }).check();
  await rating.getByRole('button', { name: ui.submit }).click();
  const rated = dialog.getByRole('region', { name: ui.yours });
  await expect(rated.getByRole('status').filter({ hasText: ui.thanks })).toBeVisible();
  await expect(rated.getByRole('img', { name: ui.shown(5) })).toBeVisible();
  await rated.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('trip-rating-en-rated.png') });
});

test.describe('without the service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('en: a failed pickup ends the progress, with nothing to rate or cancel; a broken photo shows the initial', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const ui = UI.en;
    const contact = '0912000073';
    const code = await bookCashRide(page, 'en', contact.slice(1));
    const partner = await partnerOf(request, code, contact);
    await partner.move('not_started');
    const { driver } = await partner.assign();
    await partner.move('trip_started');
    await partner.move('arrived_at_pickup');
    await partner.move('pickup_failed');
    // A photo that does not load gives way to the driver's initial (the worker, which precaches the photos, is off).
    await page.route('**/drivers/**', (route) => route.fulfill({ status: 200, contentType: 'image/png', body: 'not a png' }));
    await page.goto(ui.detail(code, contact));
    const dialog = page.getByRole('dialog', { name: ui.dialog(code) });
    const steps = dialog.getByRole('region', { name: ui.progress }).getByRole('listitem');
    await expect(steps).toHaveCount(2);
    await expect(steps.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(1)).toHaveText('Pick-up failed');
    await expect(dialog.getByRole('region', { name: ui.rate })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    const card = dialog.getByRole('region', { name: ui.driver });
    // The photo loads lazily: once the card is on screen.
    await card.scrollIntoViewIfNeeded();
    const avatar = card.getByRole('img', { name: driver.fullname });
    await expect(avatar).toHaveText(driver.fullname.split(' ').at(-1)?.charAt(0) ?? '');
    await page.screenshot({ path: test.info().outputPath('trip-rating-en-pickup-failed.png') });
  });
});
