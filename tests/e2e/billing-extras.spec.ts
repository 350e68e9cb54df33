// The billing form's money lines in the browser (spec 2, 4, 5, 6; docs/spec-coverage.md rows 2.22, 4.17, 6.1): a
// guest is told to log in for member credit; a promotion code shows its loading, applied and error states, changes
// the total, and is cleared by a change of payment method; an unknown code keeps what was typed; a VAT invoice adds
// its line and the company fields.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, openAirportPrices, TEXT } from './journey';

const LABELS = {
  vi: {
    loginHint: 'Đăng nhập để dùng điểm thưởng thành viên.',
    promotion: 'Mã khuyến mãi',
    apply: 'Áp dụng',
    applied: /Đã áp dụng: giảm/,
    promotionRow: 'Khuyến mãi',
    notFound: 'Mã khuyến mãi không tồn tại',
    payMethod: 'Phương thức thanh toán',
    vat: /Xuất hoá đơn VAT \(10%\)/,
    vatRow: 'VAT (10%)',
    company: 'Tên công ty',
    total: 'Tổng cộng',
  },
  en: {
    loginHint: 'Log in to use your member credit.',
    promotion: 'Promotion code',
    apply: 'Apply',
    applied: /Applied: .+ off/,
    promotionRow: 'Promotion',
    notFound: 'Promotion code does not exist',
    payMethod: 'Payment method',
    vat: /VAT invoice \(10%\)/,
    vatRow: 'VAT (10%)',
    company: 'Company name',
    total: 'Total',
  },
} as const;

/** The total of the billing form's price summary, in whole VND. */
async function total(page: Page): Promise<number> {
  const text = await page.locator('.total-summary .details-total dd').innerText();
  return Number(text.replace(/\D/g, ''));
}

const summaryRow = (page: Page, label: string) => page.locator('.total-summary dt', { hasText: label });

for (const lang of ['vi', 'en'] as const) {
  const l = LABELS[lang];
  const t = TEXT[lang];

  test(`${lang}: a promotion code changes the total until the payment method changes; VAT adds its line`, async ({ page }) => {
    await openAirportPrices(page, t);
    await chooseOption(page, t);
    await expect(page.getByText(l.loginHint)).toBeVisible();
    const before = await total(page);
    expect(before).toBeGreaterThan(0);

    const code = page.getByLabel(l.promotion);
    await code.fill('vivu10');
    await expect(code).toHaveValue('VIVU10');
    await page.getByRole('button', { name: l.apply, exact: true }).click();
    await expect(page.getByText(l.applied)).toBeVisible();
    await expect(summaryRow(page, l.promotionRow)).toBeVisible();
    // VIVU10 is 10 % off the fare.
    await expect.poll(() => total(page)).toBeLessThan(before);

    // spec 4: a change of payment method clears the promotion.
    const methods = page.getByRole('group', { name: l.payMethod }).getByRole('radio');
    const unchecked = methods.and(page.locator(':not(:checked)')).first();
    await unchecked.check();
    await expect(page.getByText(l.applied)).toHaveCount(0);
    await expect(summaryRow(page, l.promotionRow)).toHaveCount(0);

    await code.fill('KHONGCO');
    await page.getByRole('button', { name: l.apply, exact: true }).click();
    await expect(page.getByText(l.notFound)).toBeVisible();
    await expect(code).toHaveValue('KHONGCO');
    await expect(code).toHaveAttribute('aria-invalid', 'true');

    const withoutVat = await total(page);
    await page.getByLabel(l.vat).check();
    await expect(summaryRow(page, l.vatRow)).toBeVisible();
    await expect(page.getByLabel(l.company, { exact: true })).toBeVisible();
    await expect.poll(() => total(page)).toBeGreaterThan(withoutVat);
  });
}

test('vi: a code applied before the payment methods have come stays applied when they come', async ({ page }) => {
  const l = LABELS.vi;
  // The methods' answer is held until the code has been applied (a slow connection).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/get/pay_method*', async (route) => {
    await held;
    await route.continue();
  });
  await openAirportPrices(page, TEXT.vi);
  await chooseOption(page, TEXT.vi);
  await expect(page.getByText('Đang tải phương thức thanh toán')).toBeVisible();
  await page.getByLabel(l.promotion).fill('VIVU10');
  await page.getByRole('button', { name: l.apply, exact: true }).click();
  await expect(page.getByText(l.applied)).toBeVisible();
  release();
  await expect(page.getByRole('group', { name: l.payMethod })).toBeVisible();
  // Nothing is to happen now: a moment for the methods' own effects to have run.
  await page.waitForTimeout(500);
  await expect(page.getByText(l.applied)).toBeVisible();
  await expect(summaryRow(page, l.promotionRow)).toBeVisible();
});
