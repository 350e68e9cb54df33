// The booking journeys on a phone, in both languages: cash, the sandbox card, a night booking its partner
// refuses, and an hourly hire with its return-trip quick book (the payment outcomes: payment-outcomes.spec.ts).
import type { Lang } from '../../src/shared/domain/route-table';
import { NIGHT_PORT } from './ports';
import { expect, test } from './fixtures';
import {
  chooseOption,
  choosePlace,
  fillBilling,
  openAirportPrices,
  pickTomorrow,
  searchAirportRide,
  submitBilling,
  TEXT,
} from './journey';

test('vi: a guest books an airport ride paying cash', async ({ page }) => {
  const t = TEXT.vi;
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await expect(page).toHaveURL(/\/thong-tin-khach-hang/);
  // Nothing filled: the spec's messages, in Vietnamese, on the fields.
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByText('Họ tên không hợp lệ.')).toBeVisible();
  await expect(page.getByText(/Số hiệu chuyến bay không hợp lệ/)).toBeVisible();
  await fillBilling(page, t, '912000001');
  await submitBilling(page, t);
  await expect(page).toHaveURL(/\/dat-xe-thanh-cong\?code=VV/);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  await page.getByRole('link', { name: t.details }).click();
  const dialog = page.getByRole('dialog', { name: /Vé VV/ });
  // The trip's row (the return-trip form below also names the places).
  await expect(dialog.locator('.details').getByText(/Hoàn Kiếm/)).toBeVisible();
  // The status row reads from the same state as the timeline.
  await expect(dialog.locator('.details dd', { hasText: 'Nhà xe đang xác nhận' })).toBeVisible();
  await expect(dialog.locator('[aria-current="step"]')).toContainText('Nhà xe xác nhận');
  await expect(dialog.getByText('Trả tiền mặt cho tài xế')).toBeVisible();
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  // A guest looks the ticket up from the side menu: a wrong phone is answered like an unknown code.
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  const lookUp = async (contact: string) => {
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await page.getByRole('button', { name: 'Tra cứu vé' }).click();
    const search = page.getByRole('dialog', { name: 'Tra cứu vé' });
    await search.getByLabel('Mã vé').fill(code);
    await search.getByLabel('Số điện thoại hoặc email').fill(contact);
    await search.getByRole('button', { name: 'Tra cứu', exact: true }).click();
  };
  await lookUp('12');
  await expect(page.getByText('Số điện thoại không hợp lệ')).toBeVisible();
  await page.getByRole('dialog', { name: 'Tra cứu vé' }).getByRole('button', { name: 'Đóng' }).click();
  await lookUp('0912000001');
  await expect(page).toHaveURL(new RegExp(`/chi-tiet-ma-ve/${code}/0912000001$`));
  await expect(
    page
      .getByRole('dialog', { name: `Vé ${code}` })
      .locator('.details')
      .getByText(/Hoàn Kiếm/),
  ).toBeVisible();
  const unknown = await page.request.get(`/api/passenger/get_ticket_info?ticket_code=${code}&phone_number=0912999999`);
  const missing = await page.request.get('/api/passenger/get_ticket_info?ticket_code=VVZZZZZZ&phone_number=0912000001');
  expect(unknown.status()).toBe(missing.status());
  expect(await unknown.json()).toEqual(await missing.json());
});

test('en: a guest pays with the sandbox card and sees the success page', async ({ page }) => {
  const t = TEXT.en;
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, '912000002');
  await page.getByLabel(t.card).check();
  await submitBilling(page, t);
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
  await page.getByRole('button', { name: /Pay with the test card/ }).click();
  await expect(page).toHaveURL(/\/en\/booking-success\?code=VV/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
});

test.describe('at night', () => {
  test.use({ baseURL: `http://127.0.0.1:${NIGHT_PORT}` });

  test('en: a night booking refused by its partner returns to the price list', async ({ page }) => {
    test.setTimeout(90_000);
    const t = TEXT.en;
    await openAirportPrices(page, t);
    // The seeded Taxi Thủ Đô refuses night bookings (10 s after it is contacted).
    await chooseOption(page, t, 'Taxi Thủ Đô');
    await fillBilling(page, t, '912000004');
    await submitBilling(page, t);
    await expect(page.getByRole('alertdialog', { name: t.contacting })).toBeVisible();
    const refused = page.getByRole('alertdialog', { name: t.refused });
    await expect(refused).toBeVisible({ timeout: 40_000 });
    await refused.getByRole('button', { name: t.chooseAnother }).click();
    await expect(page).toHaveURL(/\/en\/prices\?/);
    await expect(page.locator('.price-card').first()).toBeVisible();
  });

  test('vi: no answer within the night check (180 s) says no driver is available; the wait names drivers', async ({ page }) => {
    test.setTimeout(90_000);
    const t = TEXT.vi;
    // The page's clock, so the 180 s of spec 9 can pass at once; the server keeps real time (its partner answers in 20 s).
    await page.clock.install();
    await openAirportPrices(page, t);
    await chooseOption(page, t, 'Vivu Airport Express');
    await fillBilling(page, t, '912000011');
    await submitBilling(page, t);
    const contacting = page.getByRole('alertdialog', { name: t.contacting });
    await expect(contacting).toBeVisible();
    // spec 7 get_all_driver_rand_names: the wait shows shortened names of drivers working now.
    await expect(contacting.getByText(/Tài xế đang hoạt động trên Vivu: .+…/)).toBeVisible();
    await page.clock.fastForward('03:01');
    const noDriver = page.getByRole('alertdialog', { name: 'Không có tài xế' });
    await expect(noDriver).toBeVisible();
    await expect(noDriver).toContainText('Hiện không có tài xế nào nhận chuyến. Vui lòng chọn nhà xe khác.');
    await noDriver.getByRole('button', { name: t.chooseAnother }).click();
    await expect(page).toHaveURL(/\/dat-xe\?/);
  });
});

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  test(`${lang}: an hourly hire, then the return trip's quick book`, async ({ page }) => {
    const t = TEXT[lang];
    await page.goto(t.home);
    await page.getByRole('tab', { name: t.hourlyTab }).click();
    await choosePlace(page, t.pick, 'hoan kiem', /Hoàn Kiếm|Hoan Kiem/);
    await pickTomorrow(page, t.time, '09:00');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    await page.locator('.price-card').first().getByRole('button', { name: t.choose }).click();
    await expect(page).toHaveURL(lang === 'vi' ? /\/thong-tin-dat-xe-theo-gio/ : /\/en\/hourly-booking-details/);
    await fillBilling(page, t, lang === 'vi' ? '912000005' : '912000006', false);
    await submitBilling(page, t);
    await expect(page).toHaveURL(lang === 'vi' ? /\/dat-xe-theo-gio-thanh-cong/ : /\/en\/hourly-booking-success/);
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();

    const returnForm = page.getByRole('region', { name: t.returnTitle });
    await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(returnForm.getByRole('button', { name: t.returnSearch })).toBeDisabled();
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await pickTomorrow(page, t.returnTime, '18:00');
    await returnForm.getByRole('button', { name: t.returnSearch }).click();
    await expect(page).toHaveURL(lang === 'vi' ? /\/dat-xe\?/ : /\/en\/prices\?/);
    await expect(page.locator('.price-card').first()).toBeVisible();
  });
}
