// On a phone, in both languages: after a booking, the return trip booked from the success page's quick book
// starts with the passenger's name, phone and e-mail filled in (kept encrypted on the device), and nothing of the
// first booking's note or flight. In Vietnamese the ride is paid in cash (the billing page's success), in English by
// the sandbox card (the payment result page's success).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, pickTomorrow, submitBilling, TEXT, type Text } from './journey';

const SUCCESS = { vi: /\/dat-xe-thanh-cong\?code=VV/, en: /\/en\/booking-success\?code=VV/ } as const;
const PRICES = { vi: /\/dat-xe\?/, en: /\/en\/prices\?/ } as const;
const NOTE = { vi: 'Ghi chú cho tài xế', en: 'Note for the driver' } as const;

/** The success page's return-trip quick book → the price list → the first option's billing form. */
async function bookReturnTrip(page: Page, t: Text, lang: 'vi' | 'en') {
  const returnForm = page.getByRole('region', { name: t.returnTitle });
  await expect(returnForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
  await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
  await pickTomorrow(page, t.returnTime, '18:00');
  await returnForm.getByRole('button', { name: t.returnSearch }).click();
  await expect(page).toHaveURL(PRICES[lang]);
  await expect(page.locator('.price-card').first()).toBeVisible();
  await chooseOption(page, t);
  await expect(page.getByRole('button', { name: t.submit, exact: true })).toBeVisible();
}

async function expectPassengerFilled(page: Page, t: Text, phone: string) {
  await expect(page.getByLabel(t.fullname, { exact: true })).toHaveValue('Nguyễn Văn An');
  await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue(phone);
  await expect(page.getByLabel(t.email, { exact: true })).toHaveValue('an@example.com');
}

test('vi: the return trip booked from the success page starts with the name, phone and e-mail of the cash booking', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const t = TEXT.vi;
  const phone = '912000901';
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(NOTE.vi, { exact: true }).fill('Hai vali lớn');
  await submitBilling(page, t);
  await expect(page).toHaveURL(SUCCESS.vi);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();

  await bookReturnTrip(page, t, 'vi');
  await expectPassengerFilled(page, t, phone);
  // The first booking's note is not carried over.
  await expect(page.getByLabel(NOTE.vi, { exact: true })).toHaveValue('');
  // Still there after a reload (kept in the device's store, not only in memory).
  await page.reload();
  await expectPassengerFilled(page, t, phone);
});

test('en: the return trip booked after a card payment starts with the name, phone and e-mail filled in', async ({ page }) => {
  test.setTimeout(60_000);
  const t = TEXT.en;
  const phone = '912000902';
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(t.card).check();
  await submitBilling(page, t);
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
  await page.getByRole('button', { name: /Pay with the test card/ }).click();
  await expect(page).toHaveURL(SUCCESS.en, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();

  await bookReturnTrip(page, t, 'en');
  await expectPassengerFilled(page, t, phone);
  await expect(page.getByLabel(t.flight, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(NOTE.en, { exact: true })).toHaveValue('');
});
