// Steps shared by the booking journeys: choosing places, the pickup time, a price option, the billing form.
import type { Locator, Page } from '@playwright/test';
import { pathFor } from '../../src/shared/domain/route-table';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { expect, hydrated } from './fixtures';

export const TEXT = {
  vi: {
    home: '/',
    pick: 'Điểm đón',
    drop: 'Điểm đến',
    time: /Thời gian đón/,
    search: 'Tìm xe',
    choose: 'Chọn',
    rideMethod: 'Hình thức',
    private: 'Đi riêng',
    hourlyTab: 'Thuê xe theo giờ',
    fullname: 'Họ và tên',
    phone: 'Số điện thoại',
    email: 'Email',
    flight: 'Số hiệu chuyến bay',
    domestic: 'Nội địa',
    card: /Thẻ ATM/,
    submit: 'Đặt xe',
    confirm: 'Xác nhận đặt xe',
    success: 'Đã nhận đặt xe',
    details: 'Xem chi tiết vé',
    retry: 'Thử lại',
    timeoutTitle: 'Hết thời gian thanh toán',
    contacting: 'Đang liên hệ nhà xe',
    refused: 'Liên hệ thất bại',
    chooseAnother: 'Chọn nhà xe khác',
    returnTitle: 'Đặt chuyến về',
    returnTime: /Giờ đón chuyến về/,
    returnSearch: 'Tìm xe chuyến về',
  },
  en: {
    home: '/en',
    pick: 'Pick-up',
    drop: 'Drop-off',
    time: /Pick-up time/,
    search: 'Search',
    choose: 'Choose',
    rideMethod: 'Ride',
    private: 'Private',
    hourlyTab: 'Hourly booking',
    fullname: 'Full name',
    phone: 'Phone number',
    email: 'Email',
    flight: 'Flight number',
    domestic: 'Domestic',
    card: /Bank or credit card/,
    submit: 'Book now',
    confirm: 'Confirm booking',
    success: 'Booking received',
    details: 'View ticket details',
    retry: 'Try again',
    timeoutTitle: 'Payment timed out',
    contacting: 'Contacting partner',
    refused: 'Contact failed',
    chooseAnother: 'Choose another company',
    returnTitle: 'Book your return trip',
    returnTime: /Return pick-up time/,
    returnSearch: 'Find a return ride',
  },
} as const;

export type Text = (typeof TEXT)[keyof typeof TEXT];

export async function choosePlace(page: Page, label: string, typed: string, expected: RegExp) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(typed);
  const option = page.getByRole('option', { name: expected }).first();
  await expect(option).toBeVisible();
  await option.click();
  await expect(box).toHaveValue(expected);
}

/** Tomorrow at `time` through the picker whose button is named `button`: the calendar, then the time list. */
export async function pickTomorrow(page: Page, button: string | RegExp, time: string) {
  await page.getByRole('button', { name: button }).click();
  // The picker's sheet (the ticket page's quick rebook opens it over the ticket's own dialog).
  const dialog = page.locator('dialog.dialog-sheet[open]');
  await (await laterDay(dialog)).click();
  await dialog.getByRole('button', { name: time, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * A day after the first one the picker offers (today, or tomorrow late in the evening): the month's next enabled day,
 * or on the month's last offered day the next month's first (its "next month" button, in either language).
 */
export async function laterDay(picker: Locator): Promise<Locator> {
  const days = picker.locator('.calendar-day:not([disabled])');
  await expect(days.first()).toBeVisible();
  if ((await days.count()) > 1) return days.nth(1);
  await picker.getByRole('button', { name: /^(Tháng sau|Next month)$/ }).click();
  await expect(picker.locator('.calendar-day:not([disabled])').first()).toBeVisible();
  return picker.locator('.calendar-day:not([disabled])').first();
}

/** Home → airport search from Nội Bài to Hoàn Kiếm tomorrow → the price list. */
export async function searchAirportRide(page: Page, t: Text, time = '14:00') {
  await page.goto(t.home);
  // A passenger who searched before sees that search come back once the page has hydrated; the new one is typed
  // over it after that.
  await hydrated(page);
  await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
  await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
  await pickTomorrow(page, t.time, time);
  await page.getByRole('button', { name: t.search, exact: true }).click();
  await expect(page.locator('.price-card').first()).toBeVisible();
}

/**
 * The price list searchAirportRide ends on (Nội Bài to Hoàn Kiếm tomorrow at `time`), opened from its link as a shared
 * or bookmarked search is: for the tests whose subject comes after the search. The search form itself is walked by
 * booking-search.spec.ts and by the journeys that keep searchAirportRide.
 */
export async function openAirportPrices(page: Page, t: Text, time = '14:00') {
  const search = new URLSearchParams({
    type: '1',
    pick: 'airport:HAN',
    drop: 'extra:hn-ho-hoan-kiem',
    time: `${time} ${formatVnDate(Date.now() + 24 * 60 * 60 * 1000)}`,
    chair: '1',
  });
  await page.goto(`${pathFor('price-list', t.home === '/' ? 'vi' : 'en')}?${search.toString()}`);
  // The server's page shows the cards before the app takes them over: a choice made before that would be lost.
  await hydrated(page);
  await expect(page.locator('.price-card').first()).toBeVisible();
}

/** Chooses the first private option, or the first of `partner` when given. */
export async function chooseOption(page: Page, t: Text, partner?: string) {
  await page.getByLabel(t.rideMethod).selectOption({ label: t.private });
  const cards = page.locator('.price-card');
  await expect(page.locator('.badge-shared')).toHaveCount(0);
  const card = partner ? cards.filter({ hasText: partner }).first() : cards.first();
  await card.getByRole('button', { name: t.choose }).click();
}

export async function fillBilling(page: Page, t: Text, phone: string, airport = true) {
  // Exact: once a field holds text (a kept draft), its clear button is labelled "Clear <field>" too.
  await page.getByLabel(t.fullname, { exact: true }).fill('Nguyễn Văn An');
  await page.getByLabel(t.phone, { exact: true }).fill(phone);
  await page.getByLabel(t.email, { exact: true }).fill('an@example.com');
  if (airport) {
    await page.getByLabel(t.flight, { exact: true }).fill('VN123');
    await page.getByLabel(t.domestic).check();
  }
}

export async function submitBilling(page: Page, t: Text) {
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
}

/**
 * Answers the page's navigations with the app shell (/index.html), as the service worker answers them once installed
 * (sw/sw.ts): no server-rendered HTML and no state script, so the app asks the server for its configuration itself, and
 * a test can change or fail that call with page.route (a first visit's server-rendered page carries it).
 */
export async function serveAppShell(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const shell = await route.fetch({ url: new URL('/index.html', route.request().url()).href });
      await route.fulfill({ response: shell });
    },
  );
}

/**
 * From the sandbox gateway's page, the ticket's payment page opened in another tab of the same browser: it checks the
 * payment still at the gateway (this tab's Back would say "not paid" instead). Answers that tab.
 */
export async function openPaymentPageInAnotherTab(gateway: Page): Promise<Page> {
  const returnUrl = await gateway.locator('form[method="post"] input[name="sb_return_url"]').inputValue();
  const tab = await gateway.context().newPage();
  await tab.goto(returnUrl);
  return tab;
}
