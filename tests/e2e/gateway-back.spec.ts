// The phone's Back from the payment gateway, on a 360 × 740 phone: the browser's own Back (not the
// gateway's "go back" button) lands on the same "not paid" with "pay again" at once, not on "checking payment" and its
// countdown; from the booking page and again from the payment result's "pay again"; then the ticket is paid.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';

/** Where the screenshots of the "not paid" state go (for the report). */
const SHOTS = process.env.GATEWAY_BACK_SHOTS;

const RESULT = {
  vi: {
    notPaid: 'Chưa thanh toán',
    abandoned: 'Bạn đã quay lại mà chưa thanh toán.',
    checking: 'Đang kiểm tra thanh toán',
    payAgain: 'Thanh toán lại',
    success: /\/dat-xe-thanh-cong\?code=VV/,
  },
  en: {
    notPaid: 'Not paid',
    abandoned: 'You went back without paying.',
    checking: 'Checking payment',
    payAgain: 'Pay again',
    success: /\/en\/booking-success\?code=VV/,
  },
} as const;

const GATEWAY = /\/api\/payment\/sandbox\/pay/;

test.use({ viewport: { width: 360, height: 740 } });

/**
 * Presses the phone's Back on the gateway's page: "Not paid" with "pay again" within 5 s, where the check of a payment
 * nobody made would wait out its window with "checking payment" and a countdown (15 s on this server, 5 minutes in
 * production). A stopwatch tighter than that measured the machine (2.2 s once beside the crash test), not the page.
 */
async function backFromGateway(page: Page, lang: keyof typeof RESULT) {
  const r = RESULT[lang];
  await expect(page).toHaveURL(GATEWAY);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: r.notPaid })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByRole('alert').filter({ hasText: r.abandoned })).toBeVisible();
  await expect(page.getByRole('button', { name: r.payAgain })).toBeEnabled();
  // Not the wait for the gateway's answer with its countdown.
  await expect(page.getByText(r.checking)).toHaveCount(0);
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as const) {
  const r = RESULT[lang];
  const t = TEXT[lang];

  test(`${lang}: the phone's Back from the card gateway says "not paid" with "pay again" at once, and the ticket is paid`, async ({
    page,
  }) => {
    await openAirportPrices(page, t);
    await chooseOption(page, t);
    await fillBilling(page, t, lang === 'vi' ? '912003201' : '912003202');
    await page.getByLabel(t.card).check();
    await submitBilling(page, t);

    // Back from the gateway the booking page had sent it to.
    await backFromGateway(page, lang);
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    expect(code).toMatch(/^VV/);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/not-paid-${lang}.png` });
    }

    // Pay again, and Back once more, now from the gateway the result page sent it to.
    await page.getByRole('button', { name: r.payAgain }).click();
    await backFromGateway(page, lang);
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);

    // Pay again, and pay.
    await page.getByRole('button', { name: r.payAgain }).click();
    await expect(page).toHaveURL(GATEWAY);
    await page.getByRole('button', { name: /Pay with the test card/ }).click();
    await expect(page).toHaveURL(r.success, { timeout: 20_000 });
    expect(new URL(page.url()).searchParams.get('code')).toBe(code);
  });
}
