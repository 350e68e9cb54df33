// One word per thing in each language: a ticket booked on the Vietnamese pages, opened on the English page, names
// its places in English (the Vietnamese kept in brackets for the driver) and its payment method as the billing form
// did; the Vietnamese page keeps the Vietnamese; a former name the place search matched reads in the page's language.
import { expect, hydrated, test } from './fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide, submitBilling } from './journey';

const phone = () => `09${String(Date.now()).slice(-8)}`;

test("a ticket booked in Vietnamese shows English place names and the billing form's method name on the English page", async ({
  page,
}) => {
  const t = TEXT.vi;
  const number = phone();
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, number);
  // The billing form's name of cash, as the ticket must name it in each language.
  await expect(page.getByRole('radio', { name: /Thanh toán sau \(tiền mặt\)/ })).toBeChecked();
  await submitBilling(page, t);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  expect(code).toMatch(/^VV/);
  await page.getByRole('link', { name: t.details }).click();
  const vi = page.getByRole('dialog', { name: `Vé ${code}` });
  await expect(vi).toBeVisible();
  await expect(vi).toContainText('Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội');
  await expect(vi).toContainText('Thanh toán sau (tiền mặt)');
  await expect(vi).not.toContainText('Huỷ');

  await page.goto(`/en/ticket/${code}/${number}`);
  const en = page.getByRole('dialog', { name: `Ticket ${code}` });
  await expect(en).toBeVisible();
  await expect(en).toContainText(
    'Noi Bai International Airport, Noi Bai Commune, Hanoi (Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội)',
  );
  await expect(en).toContainText('Pay later (cash)');
  await expect(en).not.toContainText('Cash later');
});

for (const [lang, home, label, former] of [
  ['vi', '/', 'Điểm đón', 'trước đây: Quận Hoàn Kiếm'],
  ['en', '/en', 'Pick-up', 'formerly Hoan Kiem District'],
] as const) {
  test(`a former name the search matched reads in the page's language (${lang})`, async ({ page }) => {
    await page.goto(home);
    await hydrated(page);
    await page.getByRole('combobox', { name: label, exact: true }).fill('Quận Hoàn Kiếm');
    const option = page.getByRole('option').filter({ hasText: former }).first();
    await expect(option).toBeVisible();
    if (lang === 'en') await expect(page.getByRole('listbox')).not.toContainText('Quận');
  });
}
