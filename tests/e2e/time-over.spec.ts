// spec 2 and 8 "Invalid time": a search sent after its pickup time has passed opens the "Depart time was over"
// dialog, whose button opens the time picker again (both languages, on a phone). The page's clock is moved with
// Playwright's clock, without running timers, as if the passenger had left the page open.
import { expect, test } from './fixtures';
import { TEXT, choosePlace } from './journey';

/** The dialog's own texts; the widget's come from the shared journey texts. */
const DIALOG = {
  vi: { title: 'Đã quá giờ đón', text: 'Thời gian đón phải sau thời điểm hiện tại.', repick: 'Chọn lại giờ' },
  en: { title: 'Depart time was over', text: 'Depart time must be later than now', repick: 'Choose the time again' },
} as const;

for (const lang of ['vi', 'en'] as const) {
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
