// The desk's numbers in the browser: a finance member (made by the operator call, password set from the mailed link,
// authenticator enrolled) opens Numbers, sees the last 30 days' totals and the table by day, switches to the table by
// partner, and downloads its CSV: a BOM, the Vietnamese header row, and the same totals as the screen.
import { readFile } from 'node:fs/promises';
import { TOTP } from 'otpauth';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { formatVnd } from '../../src/shared/domain/money';
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

const codeOf = (secret: string) => new TOTP({ secret: secret.replace(/\s+/g, ''), digits: 6, period: 30 }).generate();

test('finance opens the numbers and downloads the table by partner as a CSV (vi)', async ({ page }) => {
  const email = `ke.toan.${Date.now()}@vivu.example`;
  const made = await page.request.post(DESK_PATHS.operatorCreate, {
    headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
    data: { email, role: 'finance', lang: 'vi' },
  });
  expect(made.status()).toBe(200);
  await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
  const [text] = await mailTexts(email, '#token=');
  const link = new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text!)![1]!);
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill('ketoan2026');
  await page.getByLabel('Nhập lại mật khẩu', { exact: true }).fill('ketoan2026');
  await page.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  const secret = (await page.getByTestId('desk-secret').textContent()) ?? '';
  await page.getByLabel('Mã trong ứng dụng', { exact: true }).fill(codeOf(secret));
  await page.getByRole('button', { name: 'Xác nhận và đăng nhập' }).click();

  // Finance sees its own areas only: never the staff or the audit log.
  const nav = page.getByRole('navigation', { name: 'Khu vực quản trị' });
  await expect(nav.getByRole('button', { name: 'Nhân viên' })).toHaveCount(0);
  await nav.getByRole('button', { name: 'Số liệu' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Số liệu kinh doanh' })).toBeVisible();
  const byDay = page.getByRole('region', { name: 'Theo ngày' });
  // The last 30 days, today included, and the totals row.
  await expect(byDay.locator('tbody tr')).toHaveCount(30);
  await expect(byDay.locator('tfoot th')).toHaveText('Tổng cộng');
  await expect(page.locator('[data-total="revenue"]')).toBeVisible();

  // The other tests book, pay and cancel on the same server meanwhile: the screen and the file must agree at a quiet
  // moment, so a disagreement is read again from a reloaded page (fresh figures) before it fails.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) {
      await page.reload();
      await nav.getByRole('button', { name: 'Số liệu' }).click();
    }
    await expect(page.getByRole('region', { name: 'Theo ngày' }).locator('tbody tr')).toHaveCount(30);
    const revenue = (await page.locator('[data-total="revenue"]').textContent()) ?? '';
    const bookings = (await page.locator('[data-total="bookings"]').textContent()) ?? '';

    await page.getByRole('group', { name: 'Xem theo' }).getByRole('button', { name: 'Theo đối tác' }).click();
    await expect(page.getByRole('region', { name: 'Theo đối tác' })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Tải CSV (Theo đối tác)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^vivu-partners-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Đối tác,Mã đối tác,Lượt đặt,Vé đã thanh toán,Vé đã hủy,Doanh thu (đ),Hoa hồng (đ)');
    const totals = lines.at(-1)?.split(',') ?? [];
    expect(totals[0]).toBe('Tổng cộng');
    expect(totals[2]).toBe(bookings);
    expect(formatVnd(Number(totals[5]))).toBe(revenue);
  }).toPass({ timeout: 45_000 });
});
