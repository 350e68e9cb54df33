// The search journey in both languages on a phone: Nội Bài to Hoàn Kiếm, the price list with its
// filters, sort and load more; then the hourly list and its detail dialog.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { choosePlace, pickTomorrow } from './journey';

const LABELS = {
  vi: {
    home: '/',
    pick: 'Điểm đón',
    drop: 'Điểm đến',
    time: /Thời gian đón/,
    search: 'Tìm xe',
    priceHeading: 'Bảng giá xe',
    rideMethod: 'Hình thức',
    private: 'Đi riêng',
    sort: 'Sắp xếp',
    lowest: 'Giá thấp nhất',
    loadMore: 'Xem thêm',
    hourlyTab: 'Thuê xe theo giờ',
    hourlyHeading: 'Bảng giá thuê xe theo giờ',
    details: 'Chi tiết',
    detailTitle: 'Chi tiết giá thuê xe',
    kmLimit: 'Giới hạn km',
    endTime: 'Dự kiến kết thúc',
    close: 'Đóng',
    priceUrl: /\/dat-xe\?/,
    hourlyUrl: /\/dat-xe-theo-gio\?/,
  },
  en: {
    home: '/en',
    pick: 'Pick-up',
    drop: 'Drop-off',
    time: /Pick-up time/,
    search: 'Search',
    priceHeading: 'Prices',
    rideMethod: 'Ride',
    private: 'Private',
    sort: 'Sort',
    lowest: 'Lowest price',
    loadMore: 'Load more',
    hourlyTab: 'Hourly booking',
    hourlyHeading: 'Hourly hire prices',
    details: 'Details',
    detailTitle: 'Hourly hire details',
    kmLimit: 'Km limit',
    endTime: 'Expected end time',
    close: 'Close',
    priceUrl: /\/en\/prices\?/,
    hourlyUrl: /\/en\/hourly-prices\?/,
  },
} as const;

type Labels = (typeof LABELS)[keyof typeof LABELS];

/** Tomorrow at 09:00 through the picker: the calendar, then the time list. */
async function pickTomorrowNine(page: Page, l: Labels) {
  await pickTomorrow(page, l.time, '09:00');
  await expect(page.getByRole('button', { name: l.time })).toContainText('09:00');
}

function prices(texts: string[]): number[] {
  return texts.map((text) => Number(text.replace(/\D/g, '')));
}

for (const lang of ['vi', 'en'] as const) {
  const l = LABELS[lang];

  test(`${lang}: Nội Bài to Hoàn Kiếm shows a price list that filters, sorts and loads more`, async ({ page }) => {
    await page.goto(l.home);
    const search = page.getByRole('button', { name: l.search, exact: true });
    await expect(search).toBeDisabled();
    await choosePlace(page, l.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, l.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
    await pickTomorrowNine(page, l);
    await expect(search).toBeEnabled();
    await search.click();

    await expect(page).toHaveURL(l.priceUrl);
    await expect(page.getByRole('heading', { level: 1, name: l.priceHeading })).toBeVisible();
    const cards = page.locator('.price-card');
    await expect(cards).toHaveCount(10);
    const firstPrice = prices(await cards.locator('.price-amount').allInnerTexts())[0] ?? 0;
    expect(firstPrice).toBeGreaterThan(50_000);

    await page.getByRole('button', { name: l.loadMore }).click();
    await expect(page.getByRole('button', { name: new RegExp(lang === 'vi' ? 'Đang tải thêm' : 'Loading more') })).toBeVisible();
    await expect(cards).toHaveCount(20, { timeout: 10_000 });
    await expect(page.getByRole('button', { name: l.loadMore })).toHaveCount(0);

    await page.getByLabel(l.rideMethod).selectOption({ label: l.private });
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('.badge-shared')).toHaveCount(0);

    await page.getByLabel(l.sort).selectOption({ label: l.lowest });
    await expect(cards.first()).toBeVisible();
    await expect
      .poll(async () => {
        const list = prices(await cards.locator('.price-amount').allInnerTexts());
        return list.length > 1 && list.every((price, index) => index === 0 || (list[index - 1] ?? 0) <= price);
      })
      .toBe(true);

    // The list and its URL survive a reload: the search is in the URL, the filters in the store.
    await page.reload();
    await expect(page.getByLabel(l.rideMethod)).toHaveValue('1');
    await expect(cards.first()).toBeVisible();
  });

  test(`${lang}: a search keyword finds the place it stands for`, async ({ page }) => {
    // "bx my dinh" matches no place name; the keyword list (get_exchange_keyword) turns it into the bus station.
    const keywords = page.waitForResponse((res) => res.url().includes('/api/passenger/get_exchange_keyword'));
    await page.goto(l.home);
    await choosePlace(page, l.pick, 'bx my dinh', /Bến xe Mỹ Đình|My Dinh Bus Station/);
    expect((await keywords).ok()).toBe(true);
  });

  test(`${lang}: typing over a chosen place keeps what is typed and searches again`, async ({ page }) => {
    await page.goto(l.home);
    await choosePlace(page, l.pick, 'noi bai', /Nội Bài|Noi Bai/);
    const box = page.getByRole('combobox', { name: l.pick, exact: true });
    await box.press('End');
    await box.pressSequentially('x');
    await expect(box).toHaveValue(/(Nội Bài|Noi Bai).*x$/);
    await box.fill('Hoàn Kiếm');
    await expect(box).toHaveValue('Hoàn Kiếm');
    await expect(page.getByRole('option', { name: /Hoàn Kiếm|Hoan Kiem/ }).first()).toBeVisible();
  });

  test(`${lang}: the hourly list opens its detail dialog`, async ({ page }) => {
    await page.goto(l.home);
    await page.getByRole('tab', { name: l.hourlyTab }).click();
    await choosePlace(page, l.pick, 'hoan kiem', /Hoàn Kiếm|Hoan Kiem/);
    await pickTomorrowNine(page, l);
    await page.getByRole('button', { name: l.search, exact: true }).click();

    await expect(page).toHaveURL(l.hourlyUrl);
    await expect(page.getByRole('heading', { level: 1, name: l.hourlyHeading })).toBeVisible();
    const cards = page.locator('.price-card');
    await expect(cards.first()).toBeVisible();
    await cards.first().getByRole('button', { name: l.details }).click();
    const dialog = page.getByRole('dialog', { name: l.detailTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(l.kmLimit)).toBeVisible();
    await expect(dialog.getByText(l.endTime)).toBeVisible();
    await expect(dialog.getByText('15:00')).toBeVisible(); // 09:00 + the default 6 hours
    await dialog.getByRole('button', { name: l.close }).click();
    await expect(dialog).toBeHidden();
  });
}
