// spec 2 and 8 "Invalid time": a search sent after its pickup time has passed opens the "Depart time was over"
// dialog, whose button opens the time picker again (both languages, on a phone). The page's clock is moved with
// Playwright's clock, as if the passenger had left the page open. A time that passes is told at the next move in
// the form (focus, a click, the page shown again), marked on the field at once, and on the billing form too.
import type { Lang } from '../../src/shared/domain/route-table';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, choosePlace, openAirportPrices, TEXT } from './journey';

/** The dialog's own texts; the widget's come from the shared journey texts. */
const DIALOG = {
  vi: { title: 'Đã quá giờ đón', text: 'Thời gian đón phải sau thời điểm hiện tại.', repick: 'Chọn lại giờ', close: 'Đóng' },
  en: {
    title: 'Depart time was over',
    text: 'Depart time must be later than now',
    repick: 'Choose the time again',
    close: 'Close',
  },
} as const;

/** The billing form's session time-out (spec 4, 8): the departure passed while it was open. */
const BILLING = {
  vi: { timeout: 'Hết phiên đặt xe', newBooking: 'Đặt vé mới' },
  en: { timeout: 'Session timed out', newBooking: 'Book a new ticket' },
} as const;

/** Nội Bài → Hoàn Kiếm at the first free slot (past the lead time), on the home page; the search button. */
async function chooseSoonTrip(page: Page, t: (typeof TEXT)['vi'] | (typeof TEXT)['en']) {
  await page.goto(t.home);
  await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
  await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
  await page.getByRole('button', { name: t.time }).click();
  const picker = page.getByRole('dialog');
  await picker.locator('.calendar-day:not([disabled])').first().click();
  await picker.locator('.slot-grid button:not([disabled])').first().click();
  await expect(picker).toBeHidden();
  const search = page.getByRole('button', { name: t.search, exact: true });
  await expect(search).toBeEnabled();
  return search;
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as Lang[]) {
  const t = { ...TEXT[lang], ...DIALOG[lang] };

  test(`${lang}: a pickup time that passed while the page was open opens the time-over dialog`, async ({ page }) => {
    await page.clock.install();
    await page.goto(t.home);
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
    await page.getByRole('button', { name: t.time }).click();
    const picker = page.getByRole('dialog');
    await picker.locator('.calendar-day:not([disabled])').first().click();
    await picker.locator('.slot-grid button:not([disabled])').first().click();
    await expect(picker).toBeHidden();
    const search = page.getByRole('button', { name: t.search, exact: true });
    await expect(search).toBeEnabled();

    // Two days later, no timer has run: the button still looks ready, the check at submit time catches it.
    await page.clock.setSystemTime(Date.now() + 2 * 86_400_000);
    await search.click();
    const dialog = page.getByRole('alertdialog', { name: t.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(t.text)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${t.home === '/' ? '/$' : '/en$'}`));
    await dialog.getByRole('button', { name: t.repick }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog')).toBeVisible(); // the time picker again
  });
}

// Each walked in one language too, the languages alternating.
for (const lang of ['vi', 'en'] as const) {
  const t = { ...TEXT[lang], ...DIALOG[lang], ...BILLING[lang] };

  if (lang === 'en')
    test(`${lang}: the moment the pickup time passes it is marked, and the next focus in the form tells`, async ({ page }) => {
      await page.clock.install();
      const search = await chooseSoonTrip(page, t);
      const timeButton = page.getByRole('button', { name: t.time });
      const dialog = page.getByRole('alertdialog', { name: t.title });

      // The first slot is at most 15 minutes past the airport's lead time of 2 hours: 2 hours 20 minutes later, its
      // timer has marked the field, no dialog yet.
      await page.clock.fastForward('02:20:00');
      await expect(timeButton).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert').filter({ hasText: t.text })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      // Never a grey button that says nothing.
      await expect(search).toBeEnabled();

      // The next move in the form (focus on a field) opens the dialog at once.
      await page.getByRole('combobox', { name: t.pick, exact: true }).focus();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t.text)).toBeVisible();
      await dialog.getByRole('button', { name: t.repick }).click();
      await expect(dialog).toBeHidden();
      const picker = page.getByRole('dialog');
      await picker.locator('.calendar-day:not([disabled])').first().click();
      await picker.locator('.slot-grid button:not([disabled])').first().click();
      await expect(picker).toBeHidden();
      await expect(timeButton).not.toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('alert').filter({ hasText: t.text })).toHaveCount(0);
    });

  if (lang === 'vi')
    test(`${lang}: a page shown again after the pickup time passed tells at once; closing leaves the field marked`, async ({
      page,
    }) => {
      await page.clock.install();
      const search = await chooseSoonTrip(page, t);
      const dialog = page.getByRole('alertdialog', { name: t.title });
      // Hidden for two days (no timer ran), then shown again.
      await page.clock.setSystemTime(Date.now() + 2 * 86_400_000);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(dialog).toBeVisible();
      await dialog.locator('.dialog-foot').getByRole('button', { name: t.close }).click();
      await expect(dialog).toBeHidden();
      // Focus back in the form does not reopen it; the field still says why, and a click on search tells again.
      await expect(page.getByRole('alert').filter({ hasText: t.text })).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await search.click();
      await expect(dialog).toBeVisible();
    });

  if (lang === 'en')
    test(`${lang}: the default time, never chosen, moves on to the next slot instead of being told`, async ({ page }) => {
      await page.clock.install();
      await page.goto(t.home);
      const timeButton = page.getByRole('button', { name: t.time });
      const before = (await timeButton.textContent()) ?? '';
      // 20 minutes on (the default is at most 15 minutes past the lead time), no timer run; the page is shown again.
      await page.clock.setSystemTime(Date.now() + 20 * 60_000);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(timeButton).not.toHaveText(before);
      await expect(timeButton).not.toHaveAttribute('aria-invalid', 'true');
      const pick = page.getByRole('combobox', { name: t.pick, exact: true });
      await pick.fill('noi bai');
      await expect(pick).toHaveValue('noi bai');
      await expect(page.getByRole('alertdialog', { name: t.title })).toHaveCount(0);
      await expect(page.getByRole('alert').filter({ hasText: t.text })).toHaveCount(0);
    });

  if (lang === 'vi')
    test(`${lang}: a departure that passes while the billing form is open is told at the next move`, async ({ page }) => {
      await page.clock.install();
      await openAirportPrices(page, t);
      await chooseOption(page, t);
      const name = page.getByLabel(t.fullname, { exact: true });
      await expect(name).toBeVisible();
      // Three days later (tomorrow's 14:00 is past), the passenger comes back to the form.
      await page.clock.setSystemTime(Date.now() + 3 * 86_400_000);
      await name.click();
      const dialog = page.getByRole('alertdialog', { name: t.timeout });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.newBooking }).click();
      await expect(page).toHaveURL(new RegExp(`${t.home === '/' ? '/$' : '/en$'}`));
    });
}
