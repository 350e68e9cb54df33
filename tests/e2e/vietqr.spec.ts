// On a phone, in both languages: a ride paid by VietQR bank transfer. The payment page shows the code for the
// exact total and the account to copy (the copy is announced); a transfer of the wrong amount pays nothing and is
// listed in the partner console; the right one, posted as the bank-statement service would (signed), shows the ticket
// paid within 5 s.
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide, submitBilling } from './journey';

/** playwright.config.ts gives the e2e server this secret and this account. */
const SECRET = 'e2e-bank-webhook-secret';
const ACCOUNT = '0011001234567';
const HOLDER = 'CONG TY TNHH VIVU';
const STAFF = { phone: '0900000001', password: 'doitac123' };

const L = {
  vi: {
    method: /Chuyển khoản ngân hàng \(VietQR\)/,
    title: 'Chuyển khoản bằng VietQR',
    pageTitle: 'Chuyển khoản để hoàn tất thanh toán',
    waiting: /Đang chờ tiền chuyển khoản về cho vé VV/,
    qr: /Mã VietQR: chuyển .*đ, nội dung VV/,
    copyAccount: 'Sao chép Số tài khoản',
    copied: 'Đã sao chép Số tài khoản',
    bank: 'Vietcombank',
    console: '/doi-tac/bang-dieu-khien',
    ticket: '/chi-tiet-ma-ve',
    login: { phone: 'Số điện thoại', password: 'Mật khẩu', submit: 'Đăng nhập' },
    transfersTab: 'Chuyển khoản',
    unmatched: 'Giao dịch chưa ghép với vé',
    wrongAmount: 'Số tiền không khớp tổng tiền vé',
    match: 'Ghép vào vé',
    handReason: 'Lý do xác nhận thủ công',
    notAwaiting: /không chờ thanh toán chuyển khoản/,
  },
  en: {
    method: /Bank transfer \(VietQR\)/,
    title: 'Pay by bank transfer (VietQR)',
    pageTitle: 'Transfer to complete your payment',
    waiting: /Waiting for your transfer for ticket VV/,
    qr: /VietQR code: transfer .*đ, note VV/,
    copyAccount: 'Copy Account number',
    copied: 'Account number copied',
    bank: 'Vietcombank',
    console: '/en/partner/console',
    ticket: '/en/ticket',
    login: { phone: 'Phone number', password: 'Password', submit: 'Log in' },
    transfersTab: 'Transfers',
    unmatched: 'Transfers not matched to a ticket',
    wrongAmount: "Amount differs from the ticket's total",
    match: 'Match to ticket',
    handReason: 'Why settle it by hand',
    notAwaiting: /not awaiting a bank transfer/,
  },
} as const;

let transferId = Date.now();

/** Posts a SePay notification of an incoming transfer, signed as the service signs it. */
async function notifyTransfer(page: Page, amount: number, content: string) {
  transferId += 1;
  const body = JSON.stringify({
    id: transferId,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-26 08:00:00',
    accountNumber: ACCOUNT,
    content,
    transferType: 'in',
    transferAmount: amount,
    referenceCode: `FT${transferId}`,
    description: `MBVCB.${transferId}.${content}.CT tu 0123456789`,
  });
  const res = await page.request.post('/api/payment/bank_webhook', {
    headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
    data: Buffer.from(body),
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { paid: number; unmatched: number };
}

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];
  const l = L[lang];
  const phone = lang === 'vi' ? '912000951' : '912000961';

  test(`${lang}: a ride paid by VietQR transfer: code and account shown, a wrong amount listed for the partner, the right one paid within 5 s`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await searchAirportRide(page, t);
    await chooseOption(page, t);
    await fillBilling(page, t, phone);
    await page.getByLabel(l.method).check();
    await submitBilling(page, t);

    // The app's own payment page: the code, the bank, the account to copy, and the time left.
    await expect(page.getByRole('heading', { level: 2, name: l.title })).toBeVisible({ timeout: 15_000 });
    // It says what the passenger has to do, and what the page waits for.
    await expect(page.getByRole('heading', { level: 1, name: l.pageTitle })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: l.waiting })).toBeVisible();
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    expect(code).toMatch(/^VV/);
    await expect(page.getByRole('img', { name: l.qr })).toBeVisible();
    await expect(page.getByText(ACCOUNT, { exact: true })).toBeVisible();
    await expect(page.getByText(HOLDER, { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(l.bank))).toBeVisible();
    await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
    await page.getByRole('button', { name: l.copyAccount }).click();
    await expect(page.getByRole('status').filter({ hasText: l.copied })).toBeAttached();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT);

    // The exact total, as the code carries it (the label says "… 240.000đ …").
    const label = (await page.getByRole('img', { name: l.qr }).getAttribute('aria-label')) ?? '';
    const total = Number(/([\d.]+)đ/.exec(label)?.[1]?.replaceAll('.', ''));
    expect(total).toBeGreaterThan(0);

    // The ticket's own page shows the same code and account while the transfer is awaited.
    const ticketPage = await context.newPage();
    await ticketPage.goto(`${l.ticket}/${code}/0${phone}`);
    await expect(ticketPage.getByRole('heading', { level: 2, name: l.title })).toBeVisible();
    await expect(ticketPage.getByRole('img', { name: l.qr })).toBeVisible();
    await expect(ticketPage.getByText(ACCOUNT, { exact: true })).toBeVisible();
    await ticketPage.close();

    // A transfer of the wrong amount pays nothing: it waits in the partner console's list.
    expect((await notifyTransfer(page, total - 1000, `${code} chuyen khoan`)).unmatched).toBe(1);
    const desk = await context.newPage();
    await desk.goto(l.console);
    await desk.getByLabel(l.login.phone, { exact: true }).fill(STAFF.phone);
    await desk.getByLabel(l.login.password, { exact: true }).fill(STAFF.password);
    await desk.getByRole('button', { name: l.login.submit, exact: true }).click();
    await desk.getByRole('tab', { name: l.transfersTab }).click();
    const list = desk.getByRole('list', { name: l.unmatched });
    const item = list.getByRole('listitem').filter({ hasText: code });
    await expect(item).toBeVisible();
    await expect(item.getByText(l.wrongAmount)).toBeVisible();

    // The right amount, signed: the passenger's page shows the ticket paid within 5 s.
    const sent = Date.now();
    expect((await notifyTransfer(page, total, `${code} chuyen khoan`)).paid).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - sent).toBeLessThan(5_000);

    // Matching the wrong-amount transfer to the ticket now paid is refused, with why.
    await item.getByLabel(l.handReason, { exact: true }).fill('1,000 đ short');
    await item.getByRole('button', { name: l.match }).click();
    await expect(item.getByRole('alert')).toHaveText(l.notAwaiting);
    await desk.close();
  });
}
