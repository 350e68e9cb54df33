// On a phone, in both languages: PayPal against the local fake of its API (tests/fakes/paypal-fake.ts), on a
// server of its own configured with it. The billing page shows what PayPal charges in USD before paying; the fake's
// page approves; the return captures and the ticket is paid. A declined capture says "not paid" and is paid again.
import type { Page } from '@playwright/test';
import { startPaypalFake, type PaypalFake } from '../fakes/paypal-fake';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, TEXT } from './journey';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';

const PORT = E2E_PORT + 9;

const R = {
  vi: {
    usd: /^PayPal sẽ thu ≈ US\$(\d+\.\d{2}) theo tỷ giá 1 USD = 25\.400đ$/,
    notPaid: 'Chưa thanh toán',
    declined: 'PayPal đã từ chối thanh toán. Bạn chưa bị trừ tiền.',
    payAgain: 'Thanh toán lại',
    success: /\/dat-xe-thanh-cong\?code=VV/,
    confirmUsd: 'PayPal thu',
  },
  en: {
    usd: /^≈ US\$(\d+\.\d{2}) charged by PayPal at 1 USD = 25\.400đ$/,
    notPaid: 'Not paid',
    declined: 'PayPal declined the payment. You have not been charged.',
    payAgain: 'Pay again',
    success: /\/en\/booking-success\?code=VV/,
    confirmUsd: 'PayPal charges',
  },
} as const;

let fake: PaypalFake;
let server: OwnServer;
test.beforeAll(async () => {
  // A server's start (migrations, seed) can take longer than a test's 30 s on a busy machine.
  test.setTimeout(150_000);
  fake = await startPaypalFake();
  server = await startOwnServer(PORT, {
    PAYPAL_CLIENT_ID: fake.clientId,
    PAYPAL_CLIENT_SECRET: fake.clientSecret,
    PAYPAL_BASE_URL: fake.url,
    PAYPAL_WEBHOOK_ID: fake.webhookId,
    TICKET_LOOKUP_LIMIT: '1000',
    SETTINGS_OVERRIDES: JSON.stringify({ vanguard_max_per_ip: 1000, night_booking_start: '00:00', night_booking_end: '00:00' }),
  });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

/** Whole đồng from "1.270.000đ". */
const vndOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** Round half up of vnd / 25,400 in cents, as "50.00" (whole numbers only). */
const usdOf = (vnd: number) => {
  const cents = Math.floor((vnd * 200 + 25_400) / 50_800);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
};

/** The billing of an airport ride paid by PayPal, up to PayPal's (the fake's) page: answers the USD shown. */
async function bookWithPaypal(page: Page, lang: 'vi' | 'en', phone: string): Promise<string> {
  const t = TEXT[lang];
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  const summary = page.locator('.total-summary');
  const hint = summary.getByText(R[lang].usd);
  await expect(hint).toBeVisible();
  const usd = R[lang].usd.exec((await hint.textContent()) ?? '')?.[1] ?? '';
  // What is shown is the total with PayPal's 5% fee, in USD at the rate, half up to the cent.
  expect(usd).toBe(usdOf(vndOf((await summary.locator('.details-total dd').textContent()) ?? '')));
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByRole('dialog').getByText(`≈ US$${usd}`)).toBeVisible();
  await expect(page.getByRole('dialog').getByText(R[lang].confirmUsd, { exact: true })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkoutnow\\?token=`));
  await expect(page.getByRole('heading', { name: `Pay ${usd} USD` })).toBeVisible();
  return usd;
}

for (const lang of ['vi', 'en'] as const) {
  const r = R[lang];
  const phones = lang === 'vi' ? ['912000971', '912000972'] : ['912000981', '912000982'];

  // Each journey in one language, the other's screens being the same components with the other locale's words:
  // paid in English, declined and paid again in Vietnamese.
  if (lang === 'en')
    test(`${lang}: pays by PayPal in USD and the ticket is paid`, async ({ page }) => {
      const usd = await bookWithPaypal(page, lang, phones[0]!);
      const orderId = new URL(page.url()).searchParams.get('token') ?? '';
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(r.success, { timeout: 20_000 });
      const order = fake.orders.get(orderId);
      expect(order?.capture?.status).toBe('COMPLETED');
      expect(order?.purchaseUnit.amount).toEqual({ currency_code: 'USD', value: usd });
    });

  if (lang === 'vi')
    test(`${lang}: a declined PayPal capture says "not paid", and the same ticket is paid again`, async ({ page }) => {
      await bookWithPaypal(page, lang, phones[1]!);
      fake.declineNextCapture('instrument_declined');
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page.getByRole('heading', { level: 1, name: r.notPaid })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: r.declined })).toBeVisible();
      await page.getByRole('button', { name: r.payAgain }).click();
      await expect(page).toHaveURL(new RegExp(`^${fake.url}/checkoutnow\\?token=`));
      await page.getByRole('button', { name: 'Pay now' }).click();
      await expect(page).toHaveURL(r.success, { timeout: 20_000 });
    });
}
