// The offline banner in both languages on a phone: with nothing saved on the device it says what works
// offline without a "saved tickets (0)"; once a ticket is saved, its count is the real one.
import type { Lang } from '../../src/shared/domain/route-table';
import type { Page } from '@playwright/test';
import { expect, storedKeys, test } from './fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide, submitBilling } from './journey';

const BANNER = {
  vi: {
    none: 'Bạn đang ngoại tuyến. Tìm xe và đặt xe cần có mạng; vé bạn đặt hoặc tra cứu sẽ được lưu trên máy này để xem cả khi không có mạng.',
    saved: /Bạn đang ngoại tuyến\. Vé đã lưu \(1\) và mẫu đặt lại chuyến vẫn dùng được\./,
    success: /\/dat-xe-thanh-cong\?/,
  },
  en: {
    none: 'You are offline. Searching and booking need a connection; tickets you book or look up are saved on this device and open even offline.',
    saved: /You are offline\. Your saved ticket \(1\) and the return-trip form still work\./,
    success: /\/en\/booking-success\?/,
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
for (const lang of ['en'] as Lang[]) {
  const t = TEXT[lang];
  const b = BANNER[lang];

  test(`${lang}: offline with no saved ticket, the banner says what works without a zero count`, async ({ page, context }) => {
    await page.goto(t.home);
    await waitForWorker(page);
    await context.setOffline(true);
    const banner = page.locator('.offline-banner');
    await expect(banner).toHaveText(b.none);
    await expect(banner).toHaveRole('status');
    // A page opened offline (from the service worker) says the same.
    await page.goto(t.home);
    await expect(page.getByRole('status').filter({ hasText: b.none })).toBeVisible();
    await expect(page.getByText(/\(0\)/)).toHaveCount(0);
  });
}

test('en: with a booked ticket saved, the offline banner counts it', async ({ page, context }) => {
  test.setTimeout(60_000);
  const t = TEXT.en;
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, '912000071');
  await submitBilling(page, t);
  await expect(page).toHaveURL(BANNER.en.success);
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  // The store saves in the background: the ticket is on the device before the connection goes.
  await expect.poll(() => storedKeys(page, 'tickets')).toContain(`ticket:${code}`);
  await waitForWorker(page);
  await context.setOffline(true);
  await page.goto(t.home);
  await expect(page.getByRole('status').filter({ hasText: BANNER.en.saved })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Saved tickets' }).getByRole('listitem')).toHaveCount(1);
});
