// Details of spec 2, 4 and 8 that the journeys pass by without looking at (docs/spec-coverage.md rows 2.8, 2.25,
// 2.14, 8.2): the footer's blog link takes the served blog address, the hourly success page sends a visitor with no
// stored hourly ticket home, a shared-ride search within the sharing time limit says why no shared ride is shown, and
// the address boxes' swap, add-a-stop (one at most), remove and clear buttons, and their search from 2 characters
// after 700 ms of quiet (2.13).
import { CONFIG_PATHS } from '../../src/shared/contract/config-constants';
import { PLACES_PATHS } from '../../src/shared/contract/places-constants';
import { PRICING_PATHS } from '../../src/shared/contract/pricing-constants';
import { formatVnDateTime, nextQuarterHour } from '../../src/shared/domain/vn-time';
import { pathFor, type Lang } from '../../src/shared/domain/route-table';
import { expect, storedKeys, test } from './fixtures';
import { chooseOption, choosePlace, openAirportPrices, pickTomorrow, TEXT } from './journey';

const LABELS = {
  vi: {
    home: '/',
    blog: 'Blog du lịch',
    hourlySuccess: '/dat-xe-theo-gio-thanh-cong',
    swap: 'Đổi điểm đón và điểm đến',
    addDrop: 'Thêm điểm trả',
    addPick: 'Thêm điểm đón',
    moreDrop: 'Điểm trả thêm',
    removeMore: 'Bỏ điểm thêm',
    clear: (field: string) => `Xoá ${field}`,
    sharingTooLate: /Xe đi ghép cần đặt trước ít nhất 180 phút/,
  },
  en: {
    home: '/en',
    blog: 'Travel blog',
    hourlySuccess: '/en/hourly-booking-success',
    swap: 'Swap pick-up and drop-off',
    addDrop: 'Add a drop-off',
    addPick: 'Add a pick-up',
    moreDrop: 'Extra drop-off',
    removeMore: 'Remove the extra stop',
    clear: (field: string) => `Clear ${field}`,
    sharingTooLate: /Shared rides must be booked at least 180 minutes ahead/,
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  const l = LABELS[lang];

  test(`${lang}: the footer's blog link is the served blog address and opens a new page`, async ({ page }) => {
    // What the server serves (the page came with it, rendered by the server).
    const served = await page.request.get(CONFIG_PATHS.keyValues);
    const blogUrl = ((await served.json()) as { data: { blog_url: string } }).data.blog_url;
    await page.goto(l.home);
    expect(blogUrl).toMatch(/^https:\/\//);
    const link = page.getByRole('contentinfo').getByRole('link', { name: new RegExp(`^${l.blog}`) });
    await expect(link).toHaveAttribute('href', blogUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  });

  test(`${lang}: the hourly success page sends a visitor without a stored hourly ticket home`, async ({ page }) => {
    await page.goto(l.hourlySuccess);
    await expect(page).toHaveURL((url) => url.pathname === l.home);
    await expect(page.getByRole('button', { name: TEXT[lang].search, exact: true })).toBeVisible();
  });

  test(`${lang}: a pickup within the sharing time limit says why no shared ride is offered`, async ({ page }) => {
    await openAirportPrices(page, TEXT[lang]);
    await expect(page.getByText(l.sharingTooLate)).toHaveCount(0);
    // The same search, leaving in an hour: within the 180 minutes a shared ride needs (spec 4, 8, 9).
    const url = new URL(page.url());
    url.searchParams.set('time', formatVnDateTime(nextQuarterHour(Date.now() + 60 * 60 * 1000)));
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole('status').filter({ hasText: l.sharingTooLate })).toBeVisible();
    await expect(page.locator('.price-card').first()).toBeVisible();
  });
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  const l = LABELS[lang];
  const t = TEXT[lang];

  test(`${lang}: the address boxes swap, take one extra stop at most, and clear`, async ({ page }) => {
    await page.goto(l.home);
    const pick = page.getByRole('combobox', { name: t.pick, exact: true });
    const drop = page.getByRole('combobox', { name: t.drop, exact: true });
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);

    await page.getByRole('button', { name: l.swap }).click();
    await expect(pick).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(drop).toHaveValue(/Nội Bài|Noi Bai/);

    // spec 9: one extra pick-up or drop-off; once there is one, neither add button is offered.
    await page.getByRole('button', { name: l.addDrop }).click();
    const more = page.getByRole('combobox', { name: l.moreDrop, exact: true });
    await expect(more).toBeVisible();
    await expect(page.getByRole('button', { name: l.addDrop })).toHaveCount(0);
    await expect(page.getByRole('button', { name: l.addPick })).toHaveCount(0);
    await page.getByRole('button', { name: l.removeMore }).click();
    await expect(more).toHaveCount(0);
    await expect(page.getByRole('button', { name: l.addPick })).toBeVisible();

    await page.getByRole('button', { name: l.clear(t.drop) }).click();
    await expect(drop).toHaveValue('');
    await expect(pick).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(page.getByRole('button', { name: t.search, exact: true })).toBeDisabled();
  });
}

test('vi: an address box searches from 2 characters, after 700 ms without typing', async ({ page }) => {
  await page.clock.install();
  const searches: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(PLACES_PATHS.autocomplete)) searches.push(new URL(request.url()).searchParams.get('query') ?? '');
  });
  await page.goto('/');
  const drop = page.getByRole('combobox', { name: TEXT.vi.drop, exact: true });
  await drop.click();
  // The page's clock stops here and moves only when told to.
  await page.clock.pauseAt(Date.now() + 60_000);
  await drop.pressSequentially('h');
  await page.clock.runFor(2000);
  expect(searches).toEqual([]);
  await drop.pressSequentially('o');
  await page.clock.runFor(690);
  expect(searches).toEqual([]);
  const search = page.waitForRequest((request) => request.url().includes(PLACES_PATHS.autocomplete));
  await page.clock.runFor(20);
  await search;
  expect(searches).toEqual(['ho']);
});

const SEARCH = {
  vi: {
    home: '/',
    menu: 'Mở menu',
    open: 'Tra cứu vé',
    code: 'Mã vé',
    contact: 'Số điện thoại hoặc email',
    find: 'Tra cứu',
    badCode: 'Mã vé không hợp lệ',
    badContact: 'Số điện thoại không hợp lệ',
  },
  en: {
    home: '/en',
    menu: 'Open menu',
    open: 'Find a ticket',
    code: 'Ticket code',
    contact: 'Phone number or e-mail',
    find: 'Find',
    badCode: 'Invalid ticket code',
    badContact: 'Invalid phone number',
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  const s = SEARCH[lang];

  test(`${lang}: the ticket search names a short code and a bad phone, and keeps what was typed`, async ({ page }) => {
    await page.goto(s.home);
    await page.getByRole('button', { name: s.menu }).click();
    await page.getByRole('dialog').getByRole('button', { name: s.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: s.open });
    // spec 5, 9: a code needs more than 3 characters; the second field is a phone number or an e-mail.
    await dialog.getByLabel(s.code, { exact: true }).fill('VV1');
    await dialog.getByLabel(s.contact, { exact: true }).fill('12ab');
    await dialog.getByRole('button', { name: s.find, exact: true }).click();
    await expect(dialog.getByLabel(s.code, { exact: true })).toHaveAccessibleDescription(new RegExp(s.badCode));
    await expect(dialog.getByLabel(s.contact, { exact: true })).toHaveAccessibleDescription(new RegExp(s.badContact));
    await expect(dialog.getByLabel(s.code, { exact: true })).toHaveValue('VV1');
    await expect(dialog.getByLabel(s.contact, { exact: true })).toHaveValue('12ab');
    await dialog.getByLabel(s.code, { exact: true }).fill('VV12');
    await expect(dialog.getByText(s.badCode)).toHaveCount(0);
  });
}

test('vi: the price lists start from the spec 3 filters', async ({ page }) => {
  const t = TEXT.vi;
  await openAirportPrices(page, t);
  // Normal list: every vehicle type, both ride methods, every service, no sort.
  await expect(page.getByLabel('Loại xe', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Hình thức', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Dịch vụ', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Sắp xếp', { exact: true })).toHaveValue('');

  // Hourly list: 6 hours, every vehicle type, lowest price first.
  await page.goto('/');
  await page.getByRole('tab', { name: t.hourlyTab }).click();
  await choosePlace(page, t.pick, 'hoan kiem', /Hoàn Kiếm|Hoan Kiem/);
  await pickTomorrow(page, t.time, '09:00');
  await page.getByRole('button', { name: t.search, exact: true }).click();
  await expect(page.locator('.price-card').first()).toBeVisible();
  await expect(page.getByLabel('Thời gian thuê', { exact: true })).toHaveValue('6');
  await expect(page.getByLabel('Loại xe', { exact: true })).toHaveValue('0');
  await expect(page.getByLabel('Sắp xếp', { exact: true })).toHaveValue('price_lowest');
});

test('vi: "Xem thêm" waits one second before it asks for the next page', async ({ page }) => {
  await page.clock.install();
  await openAirportPrices(page, TEXT.vi);
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(PRICING_PATHS.priceList)) pages.push(new URL(request.url()).searchParams.get('page') ?? '');
  });
  // The page's clock stops here and moves only when told to.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: 'Xem thêm' }).click();
  await expect(page.locator('.load-more button')).toBeDisabled();
  await page.clock.runFor(990);
  expect(pages).toEqual([]);
  const next = page.waitForRequest((request) => request.url().includes(PRICING_PATHS.priceList));
  await page.clock.runFor(20);
  await next;
  expect(pages).toEqual(['2']);
});

test('vi: a change of the search clears the chosen option and the stored lists; a change of tab does not', async ({ page }) => {
  const t = TEXT.vi;
  await openAirportPrices(page, t);
  await expect.poll(() => storedKeys(page, 'priceLists')).toContain('price-pages');
  await chooseOption(page, t);
  await expect(page).toHaveURL(/\/thong-tin-khach-hang/);
  await expect.poll(() => storedKeys(page, 'workingTicket')).toContain('ticket');

  await page.goto('/');
  // Another tab is not another search (spec 4 lists places, swap, date, passengers and duration).
  await page.getByRole('tab', { name: 'Liên tỉnh' }).click();
  await page.getByRole('tab', { name: 'Sân bay' }).click();
  expect(await storedKeys(page, 'workingTicket')).toContain('ticket');
  expect(await storedKeys(page, 'priceLists')).toContain('price-pages');

  await page.getByRole('button', { name: 'Đổi điểm đón và điểm đến' }).click();
  await expect.poll(() => storedKeys(page, 'workingTicket')).toEqual([]);
  // The pages go; the chosen filters are the passenger's preference and stay.
  await expect.poll(() => storedKeys(page, 'priceLists')).not.toContain('price-pages');
  await page.goto(pathFor('billing-detail', 'vi'));
  await expect(page.getByRole('heading', { name: 'Chưa chọn chuyến xe' })).toBeVisible();
});
