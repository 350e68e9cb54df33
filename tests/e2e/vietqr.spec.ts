// On a phone, in both languages: a ride paid by VietQR bank transfer. The payment page shows the code for the
// exact total and the account to copy (the copy is announced); the ticket's page shows only that code and "waiting
// for your transfer" until it is paid. A short transfer pays nothing: the passenger's page says what is left to send
// and the partner console lists it; the rest, posted as the bank-statement service would (signed), shows the ticket
// paid within 5 s. The code saved as a picture decodes to the payload the page draws; the banks' apps open on the
// same transfer; more than the total pays the ticket and the success page and the ticket's page tell the extra's refund.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { buildVietQrPayload } from '../../src/shared/domain/vietqr';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';

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
    qrRest: /chuyển 1\.000đ, nội dung VV/,
    boardingQr: /Mã QR của vé VV/,
    payment: 'Thanh toán',
    waitingLine: 'Đang chờ bạn chuyển khoản',
    short: (rest: string) => new RegExp(`Hãy chuyển thêm ${rest} với cùng nội dung VV`),
    save: 'Lưu ảnh mã QR',
    saved: /Đã lưu ảnh vivu-VV.*-vietqr\.png/,
    apps: 'Mở ứng dụng ngân hàng',
    phoneWords: /Lưu ảnh mã QR .* hoặc quét bằng một điện thoại khác/,
    desktopWords: /Mở ứng dụng ngân hàng, quét mã dưới đây/,
    extra: (extra: string) => new RegExp(`Vé đã được thanh toán. Số tiền thừa ${extra} sẽ được Vivu hoàn lại`),
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
    qrRest: /transfer 1\.000đ, note VV/,
    boardingQr: /QR code of ticket VV/,
    payment: 'Payment',
    waitingLine: 'Waiting for your transfer',
    short: (rest: string) => new RegExp(`Transfer the remaining ${rest} with the same note VV`),
    save: 'Save QR image',
    saved: /Saved vivu-VV.*-vietqr\.png/,
    apps: 'Open your bank app',
    phoneWords: /Save the QR image .* or scan the code with another phone/,
    desktopWords: /Open your bank app and scan the code below/,
    extra: (extra: string) => new RegExp(`The ticket is paid. Vivu will refund the extra ${extra}`),
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
  const buyer = lang === 'vi' ? '912000971' : '912000981';

  // Walked in one language: the other language's screens are the same components with the other locale's words
  // (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
  // to the next to keep both walked: the transfer in Vietnamese, the saved picture in English.
  if (lang === 'vi')
    test(`${lang}: a ride paid by VietQR transfer: code and account shown, a short transfer shown with the rest and listed for the partner, the rest paid within 5 s`, async ({
      page,
      context,
    }) => {
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openAirportPrices(page, t);
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
      await expect(page.getByText(new RegExp(`^${l.bank} \\(`))).toBeVisible();
      await expect(page.getByText(code, { exact: true }).first()).toBeVisible();
      await page.getByRole('button', { name: l.copyAccount }).click();
      await expect(page.getByRole('status').filter({ hasText: l.copied })).toBeAttached();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCOUNT);

      // The exact total, as the code carries it (the label says "… 240.000đ …").
      const label = (await page.getByRole('img', { name: l.qr }).getAttribute('aria-label')) ?? '';
      const total = Number(/([\d.]+)đ/.exec(label)?.[1]?.replaceAll('.', ''));
      expect(total).toBeGreaterThan(0);

      // The ticket's own page shows the same code and account while the transfer is awaited, and only that code: the
      // boarding code comes once it is paid; its payment line waits for the transfer.
      const ticketPage = await context.newPage();
      await ticketPage.goto(`${l.ticket}/${code}/0${phone}`);
      await expect(ticketPage.getByRole('heading', { level: 2, name: l.title })).toBeVisible();
      await expect(ticketPage.getByRole('img', { name: l.qr })).toBeVisible();
      await expect(ticketPage.getByText(ACCOUNT, { exact: true })).toBeVisible();
      await expect(ticketPage.getByRole('img', { name: l.boardingQr })).toHaveCount(0);
      await expect(paymentLine(ticketPage, l.payment)).toHaveText(l.waitingLine);
      await ticketPage.close();

      // A short transfer pays nothing: the passenger's page says at once what is left, with the same note, and the code
      // asks for the rest; it waits in the partner console's list.
      expect((await notifyTransfer(page, total - 1000, `${code} chuyen khoan`)).unmatched).toBe(1);
      await expect(page.getByRole('alert').filter({ hasText: l.short('1.000đ') })).toBeVisible({ timeout: 5_000 });
      await expect(page.getByRole('img', { name: l.qr })).toHaveAttribute('aria-label', l.qrRest);
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

      // The rest, signed: the passenger's page shows the ticket paid within 5 s.
      const sent = Date.now();
      expect((await notifyTransfer(page, 1000, `${code} chuyen khoan`)).paid).toBe(1);
      await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible({ timeout: 5_000 });
      expect(Date.now() - sent).toBeLessThan(5_000);

      // The short transfer paid the ticket with the rest: it has left the staff's list of transfers to match.
      await desk.reload();
      await desk.getByRole('tab', { name: l.transfersTab }).click();
      await expect(desk.getByRole('tab', { name: l.transfersTab, selected: true })).toBeVisible();
      await expect(list.getByRole('listitem').filter({ hasText: code })).toHaveCount(0);
      await desk.close();
    });

  if (lang === 'en')
    test(`${lang}: the code saved as a picture decodes to the page's payload; the bank apps and the words of a phone; an overpayment's refund told on the ticket`, async ({
      page,
      context,
      browser,
    }) => {
      test.setTimeout(90_000);
      await openAirportPrices(page, t);
      await chooseOption(page, t);
      await fillBilling(page, t, buyer);
      await page.getByLabel(l.method).check();
      await submitBilling(page, t);
      const qr = page.getByRole('img', { name: l.qr });
      await expect(qr).toBeVisible({ timeout: 15_000 });
      const code = new URL(page.url()).searchParams.get('code') ?? '';
      const label = (await qr.getAttribute('aria-label')) ?? '';
      const total = Number(/([\d.]+)đ/.exec(label)?.[1]?.replaceAll('.', ''));
      const payload = buildVietQrPayload({ bin: '970436', accountNumber: ACCOUNT, amount: total, note: code });

      // What the page draws, once drawn: the code is drawn after its library loads, and the save button comes with it.
      await expect(page.getByRole('button', { name: l.save })).toBeVisible();
      await expect(qr).not.toHaveAttribute('aria-busy', 'true');
      const drawn = await qr.evaluate((canvas: HTMLCanvasElement) => {
        const image = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height);
        if (!image) return null;
        // Carried out as base64: an array of numbers is millions of JSON items.
        let binary = '';
        for (let at = 0; at < image.data.length; at += 0x8000)
          binary += String.fromCharCode(...image.data.subarray(at, at + 0x8000));
        return { data: btoa(binary), width: image.width, height: image.height };
      });
      expect(drawn).not.toBeNull();
      if (!drawn) return;
      expect(jsQR(pixels(drawn.data), drawn.width, drawn.height)?.data).toBe(payload);

      // The saved picture: a PNG whose code is the same payload, announced when saved.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: l.save }).click()]);
      expect(download.suggestedFilename()).toBe(`vivu-${code}-vietqr.png`);
      const file = await readFile(await download.path());
      expect(file.subarray(1, 4).toString('latin1')).toBe('PNG');
      // The file's pixels, read back by the browser's PNG decoder (not the page: a fresh image of the saved bytes).
      const png = await page.evaluate(async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        context?.drawImage(image, 0, 0);
        const data = context?.getImageData(0, 0, canvas.width, canvas.height);
        if (!data) return null;
        let binary = '';
        for (let at = 0; at < data.data.length; at += 0x8000)
          binary += String.fromCharCode(...data.data.subarray(at, at + 0x8000));
        return { data: btoa(binary), width: data.width, height: data.height };
      }, file.toString('base64'));
      expect(png).not.toBeNull();
      if (!png) return;
      // The code with the amount, bank, account and note written under it: taller than wide.
      expect(png.height).toBeGreaterThan(png.width);
      expect(jsQR(pixels(png.data), png.width, png.height)?.data).toBe(payload);
      await expect(page.getByRole('status').filter({ hasText: l.saved })).toBeAttached();

      // On a phone: the words say to save the picture or scan with another phone, and the banks' apps open on the
      // same transfer (the VietQR deep link), copying the account and note being the fallback.
      await expect(page.getByText(l.phoneWords)).toBeVisible();
      const apps = page.getByRole('navigation', { name: l.apps });
      const vcb = new URL((await apps.getByRole('link', { name: 'Vietcombank' }).getAttribute('href')) ?? '');
      expect(vcb.origin + vcb.pathname).toBe('https://dl.vietqr.io/pay');
      expect(Object.fromEntries(vcb.searchParams)).toMatchObject({
        app: 'vcb',
        am: String(total),
        tn: code,
        ba: `${ACCOUNT}@vcb`,
      });
      await expect(apps.getByRole('link')).toHaveCount(9);
      // A computer (a wide screen, a mouse) is scanned with the phone: the words say so and no app is offered.
      const wide = await browser.newContext({ viewport: { width: 1024, height: 800 }, hasTouch: false, isMobile: false });
      const computer = await wide.newPage();
      await computer.goto(new URL(`${l.ticket}/${code}/0${buyer}`, page.url()).toString());
      await expect(computer.getByText(l.desktopWords)).toBeVisible();
      await expect(computer.getByRole('navigation', { name: l.apps })).toHaveCount(0);
      await wide.close();

      // More than the total: the ticket is paid; its page shows the boarding code and tells the extra's refund.
      expect((await notifyTransfer(page, total + 10_000, code)).paid).toBe(1);
      await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible({ timeout: 5_000 });
      // The success page tells the extra's refund at once, as the ticket's page does.
      await expect(page.getByRole('status').filter({ hasText: l.extra('10.000đ') })).toBeVisible();
      const ticketPage = await context.newPage();
      await ticketPage.goto(`${l.ticket}/${code}/0${buyer}`);
      await expect(ticketPage.getByRole('status').filter({ hasText: l.extra('10.000đ') })).toBeVisible();
      await expect(ticketPage.getByRole('img', { name: l.boardingQr })).toBeVisible();
      await expect(ticketPage.getByRole('img', { name: l.qr })).toHaveCount(0);
      await ticketPage.close();
    });
}

/** RGBA pixels carried out of the page as base64. */
function pixels(base64: string): Uint8ClampedArray {
  const bytes = Buffer.from(base64, 'base64');
  return new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The value of the ticket's payment row (its details list: a term and its value). */
function paymentLine(page: Page, term: string) {
  return page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}
