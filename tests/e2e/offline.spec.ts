// Offline journeys on a phone, in both languages: a booked ticket is saved on the device; offline, the
// home page lists it under "Saved tickets" with the offline banner, its detail opens from the saved copy (QR code,
// hotline), and the return-trip quick book is kept and sent when the connection returns. And a payment check that
// loses the connection: it goes on, and the result shows within moments of coming back online.
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, storedKeys, test } from './fixtures';
import {
  TEXT,
  chooseOption,
  fillBilling,
  openPaymentPageInAnotherTab,
  pickTomorrow,
  searchAirportRide,
  submitBilling,
} from './journey';

const OFFLINE_TEXT = {
  vi: {
    saved: 'Vé đã lưu',
    banner: /Bạn đang ngoại tuyến\. Vé đã lưu \(\d+\) và mẫu đặt lại chuyến vẫn dùng được\./,
    savedCopy: /Ngoại tuyến: bản đã lưu lúc/,
    qr: (code: string) => `Mã QR của vé ${code}`,
    hotline: 'Tổng đài hỗ trợ: 1900 6022',
    queued: /sẽ được gửi khi có kết nối trở lại/,
    priceList: /\/dat-xe\?/,
    success: /\/dat-xe-thanh-cong\?code=VV/,
    checking: 'Đang kiểm tra thanh toán',
    result: /\/ket-qua-thanh-toan\?/,
    paymentWaiting: /Mất kết nối\. Chúng tôi sẽ kiểm tra lại thanh toán/,
  },
  en: {
    saved: 'Saved tickets',
    banner: /You are offline\. Your saved tickets? \(\d+\) and the return-trip form still work\./,
    savedCopy: /Offline: saved copy from/,
    qr: (code: string) => `QR code of ticket ${code}`,
    hotline: 'Support hotline: 1900 6022',
    queued: /will be sent when the connection returns/,
    priceList: /\/en\/prices\?/,
    success: /\/en\/booking-success\?code=VV/,
    checking: 'Checking payment',
    result: /\/en\/payment-result\?/,
    paymentWaiting: /Connection lost\. We will check your payment again/,
  },
} as const;

test.use({ offlineNoise: true, serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (reloading once if it was installed by this visit). */
async function waitForWorker(page: Page) {
  const controlled = () =>
    page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
  if (!(await controlled())) {
    await page.reload();
    await expect.poll(controlled, { timeout: 15_000 }).toBe(true);
  }
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as const) {
  test(`${lang}: a booked ticket and the return trip's quick book work offline`, async ({ page, context }) => {
    test.setTimeout(90_000);
    const t = TEXT[lang];
    const o = OFFLINE_TEXT[lang];
    const phone = lang === 'vi' ? '912000061' : '912000062';

    // Online: book a ride paying cash; the success page saves the ticket and the return trip's places.
    await searchAirportRide(page, t);
    await chooseOption(page, t);
    await fillBilling(page, t, phone);
    await submitBilling(page, t);
    await expect(page).toHaveURL(o.success);
    const successUrl = page.url();
    const code = new URL(successUrl).searchParams.get('code') ?? '';
    const returnForm = page.getByRole('region', { name: t.returnTitle });
    await expect(returnForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
    await expect.poll(() => storedKeys(page, 'tickets')).toContain(`ticket:${code}`);
    await expect
      .poll(async () => (await storedKeys(page, 'settings')).filter((key) => key.startsWith(`place:${lang}:`)).length)
      .toBeGreaterThanOrEqual(2);
    await waitForWorker(page);

    // Offline: the home page lists the saved ticket, under the offline banner.
    await context.setOffline(true);
    await page.goto(t.home);
    const banner = page.getByRole('status').filter({ hasText: o.banner });
    await expect(banner).toBeVisible();
    const saved = page.getByRole('region', { name: o.saved });
    await expect(saved).toBeVisible();
    await saved.getByRole('link', { name: code }).click();

    // The saved copy of the ticket: how fresh it is, the details, the QR code and the hotline.
    const dialog = page.getByRole('dialog', { name: new RegExp(code) });
    await expect(dialog.getByRole('status').filter({ hasText: o.savedCopy })).toBeVisible();
    await expect(dialog.getByText(/Hoàn Kiếm|Hoan Kiem/).first()).toBeVisible();
    const qr = dialog.getByRole('img', { name: o.qr(code) });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(dialog.getByRole('link', { name: o.hotline })).toHaveAttribute('href', 'tel:19006022');

    // Still offline: the return trip's quick book opens on the success page, prefilled, and keeps the search.
    await page.goto(successUrl);
    await expect(returnForm.getByRole('combobox', { name: t.pick, exact: true })).toHaveValue(/Hoàn Kiếm|Hoan Kiem/);
    await expect(returnForm.getByRole('combobox', { name: t.drop, exact: true })).toHaveValue(/Nội Bài|Noi Bai/);
    await pickTomorrow(page, t.returnTime, '18:00');
    await returnForm.getByRole('button', { name: t.returnSearch }).click();
    await expect(returnForm.getByRole('status').filter({ hasText: o.queued })).toBeVisible();
    await expect(page).toHaveURL(o.success);

    // Back online: a fresh price check, then the price list of that search.
    await context.setOffline(false);
    await expect(page).toHaveURL(o.priceList, { timeout: 10_000 });
    await expect(page.locator('.price-card').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: o.banner })).toHaveCount(0);
  });
}

/** Card payment up to the sandbox gateway; returns the gateway form's fields (to pay later, from outside). */
async function startCardPayment(page: Page, lang: 'vi' | 'en', phone: string) {
  const t = TEXT[lang];
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(t.card).check();
  await submitBilling(page, t);
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
  const fields = await page
    .locator('form[method="post"] input[name]')
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
    );
  return fields as Record<string, string>;
}

/**
 * Starts a card payment and, leaving the gateway open, opens the ticket's payment page in another tab (no signed
 * answer, and not this tab's Back, which would say "not paid": the page checks the payment, 15 s window on the test
 * server, playwright.config.ts), loses the connection, and pays on the gateway meanwhile from outside the offline
 * browser. Answers the checking page's heading, and that page.
 */
async function paidWhileOffline(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  lang: 'vi' | 'en',
  phone: string,
) {
  const o = OFFLINE_TEXT[lang];
  const fields = await startCardPayment(page, lang, phone);
  const tab = await openPaymentPageInAnotherTab(page);
  await expect(tab).toHaveURL(o.result);
  const checking = tab.getByRole('heading', { level: 1, name: o.checking });
  await expect(checking).toBeVisible();
  await context.setOffline(true);
  await expect(tab.getByRole('status').filter({ hasText: o.paymentWaiting })).toBeVisible({ timeout: 8000 });
  const paid = await request.post('/api/payment/sandbox/pay', { form: { ...fields, choice: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  return { checking, tab };
}

test('vi: a payment paid while the connection is down shows success within moments of coming back', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const o = OFFLINE_TEXT.vi;
  const { checking, tab } = await paidWhileOffline(page, context, request, 'vi', '912000063');
  await tab.waitForTimeout(2000);
  // No failure and no timeout while offline: still checking.
  await expect(checking).toBeVisible();

  await context.setOffline(false);
  await expect(tab).toHaveURL(o.success, { timeout: 5000 });
});

test('en: offline past the payment window, the answer after reconnecting decides (paid: success, not timeout)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const o = OFFLINE_TEXT.en;
  const { checking, tab } = await paidWhileOffline(page, context, request, 'en', '912000064');
  // The 15 s window of the test server passes while offline: the check waits for the server's answer.
  await tab.waitForTimeout(16_000);
  await expect(checking).toBeVisible();
  await expect(tab.getByRole('heading', { name: /Not paid/ })).toHaveCount(0);

  await context.setOffline(false);
  await expect(tab).toHaveURL(o.success, { timeout: 5000 });
});
