// The business partner's credit, one journey per language: a business partner registers (lead form call),
// reads its login from the mail outbox, signs in on the business account screen, tops up through the sandbox card
// gateway's page and comes back to the result and the new balance, books a ride paying from credit on the billing
// page, cancels it as the passenger, and finds the refund in the credit ledger. Screenshots at 360 px.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';

const CREDIT_TEXT = {
  vi: {
    account: '/doanh-nghiep/tai-khoan',
    signInTitle: 'Đăng nhập tài khoản doanh nghiệp',
    email: 'E-mail',
    password: 'Mật khẩu',
    signIn: 'Đăng nhập',
    title: 'Tài khoản doanh nghiệp',
    empty: /Chưa có giao dịch nào/,
    amount: 'Số tiền nạp (đồng)',
    amountError: /Số tiền chưa hợp lệ: hãy nạp từ 100\.000đ đến 500\.000\.000đ/,
    topUp: 'Nạp qua cổng thanh toán',
    paid: 'Đã nạp 2.000.000đ vào tín dụng.',
    paidOnCredit: 'Đã thanh toán bằng tín dụng doanh nghiệp',
    payCredit: 'Trả bằng tín dụng doanh nghiệp',
    topUpEntry: 'Nạp tín dụng',
    bookingEntry: 'Thanh toán chuyến xe',
    refundEntry: 'Hoàn tiền chuyến hủy',
    cancel: 'Hủy chuyến',
    cancelConfirmTitle: 'Hủy chuyến này?',
    cancelConfirm: 'Đồng ý hủy chuyến',
    cancelledPopup: 'Đã hủy chuyến',
    skip: 'Bỏ qua',
    signOut: 'Đăng xuất',
  },
  en: {
    account: '/en/business/account',
    signInTitle: 'Business account sign-in',
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    title: 'Business account',
    empty: /No activity yet/,
    amount: 'Amount (đồng)',
    amountError: /enter a whole number of đồng from 100\.000đ to 500\.000\.000đ/,
    topUp: 'Top up through the payment gateway',
    paid: '2.000.000đ has been added to your credit.',
    paidOnCredit: "Paid from the company's credit",
    payCredit: 'Pay from business credit',
    topUpEntry: 'Credit top-up',
    bookingEntry: 'Ride paid',
    refundEntry: 'Cancelled ride refunded',
    cancel: 'Cancel booking',
    cancelConfirmTitle: 'Cancel this booking?',
    cancelConfirm: 'Yes, cancel booking',
    cancelledPopup: 'Booking cancelled',
    skip: 'Skip',
    signOut: 'Sign out',
  },
} as const;

/** The password of the login e-mail sent to `email`, from the e2e server's mail outbox (DATA_DIR/outbox). */
async function mailedPassword(email: string): Promise<string> {
  const dir = process.env.VIVU_E2E_DATA_DIR;
  if (!dir) throw new Error('VIVU_E2E_DATA_DIR is not set (see playwright.config.ts)');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const text = await readFile(join(dir, 'outbox', 'mail.jsonl'), 'utf8').catch(() => '');
    const mail = text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .find((line) => line.to === email);
    const password = mail ? /(?:Mật khẩu|Password): (\S+)/.exec(mail.text)?.[1] : undefined;
    if (password) return password;
    if (Date.now() > deadline) throw new Error(`no login e-mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const freshPhone = () => `09${String(Date.now()).slice(-8)}`;

async function balance(page: Page) {
  return page.getByTestId('business-balance');
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as const) {
  test(`${lang}: a business partner signs in, tops up through the gateway, books on credit and gets the credit back on cancelling`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = CREDIT_TEXT[lang];
    const j = TEXT[lang];
    const email = `ketoan.${lang}.${Date.now()}@congty-sen.vn`;

    // Registration (the become-partner form's call) e-mails the login.
    const lead = await page.request.post('/api/home/create_lead_contact_agent', {
      data: { type: 'business', fullname: 'Trần Thị Bình', phone: '0912345678', email, company_name: 'Công ty Sen', lang },
    });
    expect(lead.status()).toBe(200);
    const password = await mailedPassword(email);

    await page.goto(t.account);
    await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible();
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.signIn, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(await balance(page)).toHaveText('0đ');
    await expect(page.getByText(t.empty)).toBeVisible();
    await page.screenshot({ path: `test-results/business-${lang}-signed-in.png`, fullPage: true });

    // A top-up below the minimum is refused in the user's language, and the amount typed stays.
    const amount = page.getByLabel(t.amount, { exact: true });
    await amount.fill('50000');
    await page.getByRole('button', { name: t.topUp }).click();
    await expect(page.getByText(t.amountError).first()).toBeVisible();
    await expect(amount).toHaveValue('50000');
    await page.screenshot({ path: `test-results/business-${lang}-top-up-error.png` });

    // Through the sandbox card gateway and back to the result on the same screen.
    await amount.fill('2000000');
    await page.getByRole('button', { name: t.topUp }).click();
    await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay\?/);
    await expect(page.locator('dd.amount')).toHaveText('2.000.000đ');
    await page.getByRole('button', { name: /Thanh toán bằng thẻ thử nghiệm/ }).click();
    await expect(page).toHaveURL(new RegExp(`${t.account.replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('business-top-up-result')).toContainText(t.paid);
    await expect(await balance(page)).toHaveText('2.000.000đ');
    await expect(page.locator('.business-entry').first()).toContainText(t.topUpEntry);
    await page.screenshot({ path: `test-results/business-${lang}-topped-up.png`, fullPage: true });

    // A ride paid from credit, in one step on the billing page.
    const phone = freshPhone();
    await openAirportPrices(page, j);
    await chooseOption(page, j);
    await fillBilling(page, j, phone);
    await page.getByLabel(t.payCredit).check();
    await expect(page.getByText(/2\.000\.000đ/).first()).toBeVisible();
    await page.getByRole('heading', { name: lang === 'vi' ? 'Thanh toán' : 'Payment', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/business-${lang}-billing-credit.png` });
    await submitBilling(page, j);
    await expect(page).toHaveURL(/code=VV/);
    const code = new URL(page.url()).searchParams.get('code') ?? '';

    await page.goto(t.account);
    const booked = page.locator('.business-entry').filter({ hasText: code });
    await expect(booked).toContainText(t.bookingEntry);
    const fare = Number(((await booked.locator('.business-entry-amount').textContent()) ?? '').replace(/\D/g, ''));
    expect(fare).toBeGreaterThan(0);
    await expect(await balance(page)).not.toHaveText('2.000.000đ');

    // The passenger cancels it: the fare goes back to the credit.
    await page.goto(lang === 'vi' ? `/chi-tiet-ma-ve/${code}/${phone}` : `/en/ticket/${code}/${phone}`);
    // The ticket says how it was paid.
    await expect(page.getByText(t.paidOnCredit, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.cancel, exact: true }).click();
    await page.getByRole('alertdialog', { name: t.cancelConfirmTitle }).getByRole('button', { name: t.cancelConfirm }).click();
    const reasons = page.getByRole('dialog', { name: t.cancelledPopup });
    await reasons.getByRole('button', { name: t.skip, exact: true }).click();
    await expect(reasons).toBeHidden();

    await page.goto(t.account);
    await expect(await balance(page)).toHaveText('2.000.000đ');
    const entries = page.locator('.business-entry');
    await expect(entries.first()).toContainText(t.refundEntry);
    await expect(entries.first()).toContainText(code);
    await expect(entries).toHaveCount(3);
    await page.screenshot({ path: `test-results/business-${lang}-refunded.png`, fullPage: true });

    await page.getByRole('button', { name: t.signOut }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible();
  });
}
