// The minimum lead time on a phone, in both languages: the time picker offers no slot sooner than the service's lead
// time (2 hours for an airport ride, 1 for an hourly hire) and says why; a sooner time kept from another tab is
// refused by the search with the message under the time; the server refuses a booking whose pick-up came within the
// lead time (the price list opened for an hour from now), and the booking dialog says so in the page's language. The
// success page says "Booking received" until the partner confirms, then "Booking confirmed".
import type { APIRequestContext } from '@playwright/test';
import { PARTNER_PATHS, staffTicketsResponseSchema } from '../../src/shared/contract/partners';
import { formatVnDate, formatVnDateTime, nextQuarterHour, parseVnDateTime } from '../../src/shared/domain/vn-time';
import { expect, hydrated, test } from './fixtures';
import { TEXT, choosePlace, chooseOption, fillBilling, searchAirportRide, submitBilling } from './journey';

const LEAD = {
  vi: {
    airportTab: 'Sân bay',
    airportNote: 'Xe sân bay cần đặt trước ít nhất 2 giờ, nên không chọn được giờ sớm hơn.',
    hourlyNote: 'Thuê xe theo giờ cần đặt trước ít nhất 1 giờ, nên không chọn được giờ sớm hơn.',
    refused: 'Xe sân bay cần đặt trước ít nhất 2 giờ. Vui lòng chọn giờ đón muộn hơn.',
    confirmed: 'Đã xác nhận đặt xe',
    priceList: /\/dat-xe\?/,
  },
  en: {
    airportTab: 'Airport',
    airportNote: 'Airport rides are booked at least 2 hours ahead, so sooner times cannot be chosen.',
    hourlyNote: 'Hourly hires are booked at least 1 hour ahead, so sooner times cannot be chosen.',
    refused: 'Airport rides must be booked at least 2 hours ahead. Please choose a later pickup time.',
    confirmed: 'Booking confirmed',
    priceList: /\/en\/prices\?/,
  },
} as const;

const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

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

/** 09:59 two days from now, Vietnam time: the browser's clock in the picker tests. */
function morningClock(): Date {
  const at = parseVnDateTime(`09:59 ${formatVnDate(Date.now() + 2 * 86_400_000)}`);
  if (!at) throw new Error('no clock');
  return at;
}

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];
  const l = LEAD[lang];

  // Walked in one language: the other language's screens are the same components with the other locale's words
  // (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
  // to the next to keep both walked: the picker and the success page in English, the server's refusal in Vietnamese.
  if (lang === 'en')
    test(`${lang}: the picker offers no slot inside the lead time and says why; the search refuses a sooner time`, async ({
      page,
    }) => {
      await page.clock.install({ time: morningClock() });
      await page.goto(t.home);
      await hydrated(page);
      const timeButton = page.getByRole('button', { name: t.time });
      const picker = page.locator('dialog.dialog-sheet[open]');

      // An hourly hire at 11:00, an hour ahead: offered, 10:45 is not.
      await page.getByRole('tab', { name: t.hourlyTab }).click();
      await timeButton.click();
      await expect(picker.getByText(l.hourlyNote)).toBeVisible();
      await picker.locator('.calendar-day:not([disabled])').first().click();
      await expect(picker.getByRole('button', { name: '10:45', exact: true })).toBeDisabled();
      await expect(picker.getByText(l.hourlyNote)).toBeVisible();
      await picker.getByRole('button', { name: '11:00', exact: true }).click();
      await expect(picker).toBeHidden();

      // The airport tab keeps that time, an hour short of its 2 hours: the search refuses it and says why.
      await page.getByRole('tab', { name: l.airportTab }).click();
      await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
      await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
      await page.getByRole('button', { name: t.search, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: l.refused })).toBeVisible();
      await expect(timeButton).toHaveAttribute('aria-invalid', 'true');
      await expect(page).not.toHaveURL(l.priceList);
      // What was entered stays.
      await expect(page.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);

      // The airport's picker: 11:45 is not offered, 12:00 is; choosing it clears the message and searches.
      await timeButton.click();
      await expect(picker.getByText(l.airportNote)).toBeVisible();
      await picker.locator('.calendar-day:not([disabled])').first().click();
      await expect(picker.getByRole('button', { name: '11:45', exact: true })).toBeDisabled();
      await picker.getByRole('button', { name: '12:00', exact: true }).click();
      await expect(picker).toBeHidden();
      await expect(page.getByRole('alert').filter({ hasText: l.refused })).toHaveCount(0);
      await page.getByRole('button', { name: t.search, exact: true }).click();
      await expect(page).toHaveURL(l.priceList);
    });

  if (lang === 'vi')
    test(`${lang}: the server refuses a pick-up inside the lead time, and the booking says so`, async ({ page }) => {
      await searchAirportRide(page, t);
      // The same search leaving within the hour (a link or a page left open can carry such a time).
      const url = new URL(page.url());
      url.searchParams.set('time', formatVnDateTime(nextQuarterHour(Date.now() + 45 * 60_000)));
      await page.goto(url.pathname + url.search);
      await expect(page.locator('.price-card').first()).toBeVisible();
      await chooseOption(page, t);
      await fillBilling(page, t, `09${String(Date.now()).slice(-8)}`);
      await submitBilling(page, t);
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByText(l.refused)).toBeVisible();
      await expect(page).not.toHaveURL(/code=VV/);
    });

  if (lang === 'en')
    test(`${lang}: the success page says the booking is received until the partner confirms it`, async ({ page, request }) => {
      await searchAirportRide(page, t);
      await chooseOption(page, t);
      await fillBilling(page, t, `09${String(Date.now()).slice(-8)}`);
      await submitBilling(page, t);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toHaveText(t.success);
      const code = new URL(page.url()).searchParams.get('code') ?? '';
      expect(code).toMatch(/^VV/);

      const auth = await partnerSession(request, code);
      const accepted = await request.post(PARTNER_PATHS.transition, {
        headers: auth,
        data: { ticket_code: code, to: 'not_started' },
      });
      expect(accepted.ok(), await accepted.text()).toBe(true);
      await expect(heading).toHaveText(l.confirmed, { timeout: 10_000 });
    });
}
