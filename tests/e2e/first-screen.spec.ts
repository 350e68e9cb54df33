// Screens 1 and 2 ("a ride app, not a web form"): on a 360 × 740 phone the home search button of every
// tab is on the first screen, the address boxes are all as wide as the form with their buttons inside them, and a
// price list shows at least two whole offers on its first screen, in both languages.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEXT, choosePlace, pickTomorrow, searchAirportRide } from './journey';

const FIRST_SCREEN = { width: 360, height: 740 };

test.use({ viewport: FIRST_SCREEN });

const TABS = {
  vi: {
    airport: 'Sân bay',
    hourly: 'Thuê xe theo giờ',
    interProvince: 'Liên tỉnh',
    addDrop: 'Thêm điểm trả',
    moreDrop: 'Điểm trả thêm',
  },
  en: {
    airport: 'Airport',
    hourly: 'Hourly booking',
    interProvince: 'Inter-province',
    addDrop: 'Add a drop-off',
    moreDrop: 'Extra drop-off',
  },
} as const;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'the element has a box').not.toBeNull();
  return found ?? { x: 0, y: 0, width: 0, height: 0 };
}

/** The element's box, measured with the page scrolled to its top. */
async function boxAtTop(page: Page, locator: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  return box(locator);
}

async function expectOnFirstScreen(page: Page, locator: Locator, what: string) {
  await expect(locator).toBeVisible();
  const found = await boxAtTop(page, locator);
  expect(found.y, `${what} starts on the first screen`).toBeGreaterThanOrEqual(0);
  expect(found.y + found.height, `${what} ends within ${FIRST_SCREEN.height} px`).toBeLessThanOrEqual(FIRST_SCREEN.height);
}

/** Each button lies inside the input's box and is a touch target of at least 40 × 40 px. */
async function expectButtonsInside(input: Locator, buttons: Locator[]) {
  const field = await box(input);
  for (const button of buttons) {
    const found = await box(button);
    const name = (await button.getAttribute('aria-label')) ?? 'a button';
    expect(found.width, `${name} is at least 40 px wide`).toBeGreaterThanOrEqual(40);
    expect(found.height, `${name} is at least 40 px high`).toBeGreaterThanOrEqual(40);
    expect(found.x, `${name} is inside the box`).toBeGreaterThanOrEqual(field.x);
    expect(found.x + found.width, `${name} is inside the box`).toBeLessThanOrEqual(field.x + field.width);
    expect(found.y, `${name} is inside the box`).toBeGreaterThanOrEqual(field.y);
    expect(found.y + found.height, `${name} is inside the box`).toBeLessThanOrEqual(field.y + field.height);
  }
}

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];
  const tabs = TABS[lang];

  test(`${lang}: every tab's search button is on the first screen`, async ({ page }) => {
    await page.goto(t.home);
    const search = page.getByRole('button', { name: t.search, exact: true });
    for (const tab of [tabs.airport, tabs.hourly, tabs.interProvince]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectOnFirstScreen(page, search, `${tab}: the search button`);
    }

    // Filled with places, and with the extra drop-off row, the button is still there.
    await page.getByRole('tab', { name: tabs.airport }).click();
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
    await expectOnFirstScreen(page, search, 'the search button of a filled search');
    await page.getByRole('button', { name: tabs.addDrop }).click();
    await expect(page.getByRole('combobox', { name: tabs.moreDrop, exact: true })).toBeVisible();
    await expectOnFirstScreen(page, search, 'the search button with an extra drop-off');
  });

  test(`${lang}: the address boxes are as wide as the form, their buttons inside`, async ({ page }) => {
    await page.goto(t.home);
    const pick = page.getByRole('combobox', { name: t.pick, exact: true });
    const drop = page.getByRole('combobox', { name: t.drop, exact: true });
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
    // Leave the boxes, so they show what a passenger reads (an ellipsis only where an address is longer).
    await page.getByRole('tab', { name: tabs.airport }).focus();

    const pickBox = await box(pick);
    const dropBox = await box(drop);
    const timeBox = await box(page.getByRole('button', { name: t.time }));
    expect(dropBox.width).toBe(pickBox.width);
    expect(dropBox.x).toBe(pickBox.x);
    // As wide as the pick-up time below them: the whole width of the form.
    expect(pickBox.width).toBe(timeBox.width);

    await expectButtonsInside(pick, [
      page.getByRole('button', { name: `${lang === 'vi' ? 'Xoá' : 'Clear'} ${t.pick}` }),
      page.getByRole('button', { name: lang === 'vi' ? 'Thêm điểm đón' : 'Add a pick-up' }),
    ]);
    await expectButtonsInside(drop, [
      page.getByRole('button', { name: `${lang === 'vi' ? 'Xoá' : 'Clear'} ${t.drop}` }),
      page.getByRole('button', { name: tabs.addDrop }),
      page.getByRole('button', { name: lang === 'vi' ? 'Đổi điểm đón và điểm đến' : 'Swap pick-up and drop-off' }),
    ]);

    // The keyboard goes through a box, then its buttons, then the next box.
    await pick.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `${lang === 'vi' ? 'Xoá' : 'Clear'} ${t.pick}` })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(drop).toBeFocused();
  });

  test(`${lang}: an airport price list shows two whole offers on its first screen`, async ({ page }) => {
    await searchAirportRide(page, t);
    const cards = page.locator('.price-card');
    await expect(cards.nth(1)).toBeVisible();
    await expectOnFirstScreen(page, cards.nth(0), 'the first offer');
    await expectOnFirstScreen(page, cards.nth(1), 'the second offer');
    // The way back to the search is on the first screen too.
    await expectOnFirstScreen(
      page,
      page.getByRole('button', { name: lang === 'vi' ? 'Đổi tìm kiếm' : 'Change search' }),
      'change search',
    );
  });

  test(`${lang}: the hourly price list shows two whole offers on its first screen`, async ({ page }) => {
    await page.goto(t.home);
    await page.getByRole('tab', { name: tabs.hourly }).click();
    await choosePlace(page, t.pick, 'hoan kiem', /Hoàn Kiếm|Hoan Kiem/);
    await pickTomorrow(page, t.time, '09:00');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    const cards = page.locator('.price-card');
    await expect(cards.nth(1)).toBeVisible();
    await expectOnFirstScreen(page, cards.nth(0), 'the first hourly offer');
    await expectOnFirstScreen(page, cards.nth(1), 'the second hourly offer');
  });
}
