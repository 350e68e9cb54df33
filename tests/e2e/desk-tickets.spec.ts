// The desk's Tickets area: a card ticket is booked, paid through the sandbox gateway and cancelled by its passenger
// (through the API, as the site does it); a finance member (made by the operator call, password and authenticator set
// through the API) signs in on the desk, finds the ticket by its code, opens its timeline and marks its refund paid
// with a reference and a reason; the timeline then shows the payout and the refund paid in full.
import type { APIRequestContext } from '@playwright/test';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { formatVnd } from '../../src/shared/domain/money';
import { cancelledCardTicket, codeOf, deskData } from './desk-steps';
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

const PASSWORD = 'taichinh2026';

/** A finance member of the desk, its password set and its authenticator enrolled through the API: e-mail and secret. */
async function financeMember(api: APIRequestContext): Promise<{ email: string; secret: string }> {
  const email = `finance-${Date.now()}@vivu.example`;
  const made = await api.post(DESK_PATHS.operatorCreate, {
    headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
    data: { email, role: 'finance', lang: 'vi' },
  });
  expect(made.status()).toBe(200);
  await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
  const [text] = await mailTexts(email, '#token=');
  const link = /#token=([\w-]+)/.exec(text!)![1]!;
  const enrolment = await deskData<{ enrol_token: string; secret: string }>(
    await api.post(DESK_PATHS.setPassword, { data: { token: link, password: PASSWORD, re_password: PASSWORD } }),
  );
  await deskData(
    await api.post(DESK_PATHS.enrol, { data: { enrol_token: enrolment.enrol_token, code: codeOf(enrolment.secret) } }),
  );
  return { email, secret: enrolment.secret };
}

test('vi: finance finds a cancelled card ticket and marks its refund paid', async ({ page }) => {
  const [ticket, member] = await Promise.all([cancelledCardTicket(page.request), financeMember(page.request)]);

  await page.goto('/quan-tri');
  await page.getByLabel('E-mail', { exact: true }).fill(member.email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  // The enrolment spent this time-step's code: the app's next one.
  await page.getByLabel('Mã xác thực', { exact: true }).fill(codeOf(member.secret, 1));
  await page.getByRole('button', { name: 'Đăng nhập' }).click();

  await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('button', { name: 'Vé' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vé' })).toBeVisible();
  await page.getByLabel('Mã vé', { exact: true }).fill(ticket.code);
  await page.getByRole('button', { name: 'Tìm', exact: true }).click();
  await page.getByRole('button', { name: `Mở vé ${ticket.code}` }).click();

  const opened = page.getByRole('region', { name: `Vé ${ticket.code}` });
  await expect(opened.getByText(`cần hoàn ${formatVnd(ticket.total)}, đã hoàn 0đ`, { exact: false })).toBeVisible();
  await opened.getByRole('button', { name: 'Ghi nhận đã hoàn tiền' }).click();

  const dialog = page.getByRole('dialog', { name: `Ghi nhận đã hoàn tiền vé ${ticket.code}` });
  await expect(dialog.getByLabel('Số tiền (đồng)', { exact: true })).toHaveValue(String(ticket.total));
  await dialog.getByLabel('Mã giao dịch ngân hàng hoặc cổng', { exact: true }).fill('VCB-20261129-01');
  await dialog.getByLabel('Lý do', { exact: true }).fill('Khách hủy vé đã trả thẻ, đã chuyển khoản hoàn');
  await dialog.getByRole('button', { name: 'Ghi nhận', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: `Đã ghi nhận khoản hoàn của vé ${ticket.code}.` })).toBeVisible();
  await expect(opened.getByText(`Đã hoàn: ${formatVnd(ticket.total)} bằng Chuyển khoản, mã VCB-20261129-01`)).toBeVisible();
  await expect(opened.getByText('còn 0đ', { exact: false })).toBeVisible();
  await expect(opened.getByRole('button', { name: 'Ghi nhận đã hoàn tiền' })).toHaveCount(0);
});
