// On a phone, in both languages: every payment outcome leads somewhere. Going back from the gateway, a
// declined card and a payment whose time ran out each say "not paid" within 2 s of the return, and recover by paying
// again on the same ticket or by switching to cash; booking the same trip again after an abandon continues that ticket;
// an hourly hire is paid by card in the sandbox. The tests that time the return run tagged @alone, after all the others
// with nothing beside them (playwright.config.ts): with three other workers' tests on the 2 cores, the same return took
// 2.1-2.6 s of wall time.
import type { Page } from '@playwright/test';
import { E2E_PORT } from './ports';
import { startOwnServer, type OwnServer } from './own-server';
import { expect, test } from './fixtures';
import { chooseOption, choosePlace, fillBilling, openAirportPrices, pickTomorrow, submitBilling, TEXT } from './journey';

const RESULT = {
  vi: {
    notPaid: 'Chưa thanh toán',
    abandoned: 'Bạn đã quay lại mà chưa thanh toán.',
    declined: 'Ngân hàng đã từ chối thanh toán. Bạn chưa bị trừ tiền.',
    expired: 'Phiên thanh toán đã hết hạn. Bạn có muốn thử lại?',
    payAgain: 'Thanh toán lại',
    cash: 'Trả tiền mặt cho tài xế',
    success: /\/dat-xe-thanh-cong\?code=VV/,
    hourlySuccess: /\/dat-xe-theo-gio-thanh-cong\?code=VV/,
    already: 'Bạn đã đặt chuyến này',
    continue: /Tiếp tục vé VV/,
    cashLine: 'Trả tiền mặt cho tài xế',
  },
  en: {
    notPaid: 'Not paid',
    abandoned: 'You went back without paying.',
    declined: 'The bank declined the payment. You have not been charged.',
    expired: 'Payment session timed out. Do you want to retry?',
    payAgain: 'Pay again',
    cash: 'Pay the driver in cash instead',
    success: /\/en\/booking-success\?code=VV/,
    hourlySuccess: /\/en\/hourly-booking-success\?code=VV/,
    already: 'You already booked this trip',
    continue: /Continue ticket VV/,
    cashLine: 'Pay the driver in cash',
  },
} as const;

type Lang = keyof typeof RESULT;

/** The billing of an airport ride paid by card, sent (to the sandbox gateway's page unless `stay`). */
async function bookByCard(page: Page, lang: Lang, phone: string, stay = false) {
  const t = TEXT[lang];
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(t.card).check();
  await submitBilling(page, t);
  if (!stay) await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
}

/** Clicks a choice on the gateway's page and answers how long "Not paid" took to show after it. */
async function notPaidAfter(page: Page, lang: Lang, choice: RegExp, reason: string): Promise<number> {
  const r = RESULT[lang];
  const started = Date.now();
  await page.getByRole('button', { name: choice }).click();
  await expect(page.getByRole('heading', { level: 1, name: r.notPaid })).toBeVisible();
  const took = Date.now() - started;
  await expect(page.getByRole('alert').filter({ hasText: reason })).toBeVisible();
  return took;
}

const paid = async (page: Page) => {
  await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
  await page.getByRole('button', { name: /Pay with the test card/ }).click();
};

for (const lang of ['vi', 'en'] as const) {
  const r = RESULT[lang];
  // Phones no other spec books with: the same trip again from one phone is that phone's pending ticket.
  const phones = lang === 'vi' ? ['912000921', '912000922', '912000923'] : ['912000931', '912000932', '912000933'];

  // Each walked in one language: the other language's screens are the same components with the other locale's words
  // (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one
  // journey to the next to keep both walked.

  if (lang === 'vi')
    test(
      `${lang}: going back from the gateway says "not paid" at once, and the same ticket is paid again`,
      { tag: '@alone' },
      async ({ page }) => {
        await bookByCard(page, lang, phones[0]!);
        expect(await notPaidAfter(page, lang, /Go back without paying/, r.abandoned)).toBeLessThan(2000);
        const code = new URL(page.url()).searchParams.get('code') ?? '';
        await page.getByRole('button', { name: r.payAgain }).click();
        await paid(page);
        await expect(page).toHaveURL(r.success, { timeout: 20_000 });
        expect(new URL(page.url()).searchParams.get('code')).toBe(code);
      },
    );

  if (lang === 'en')
    test(
      `${lang}: a declined card says "not paid" at once, and switching to cash books the ticket`,
      { tag: '@alone' },
      async ({ page }) => {
        await bookByCard(page, lang, phones[1]!);
        expect(await notPaidAfter(page, lang, /Decline the payment/, r.declined)).toBeLessThan(2000);
        await page.getByRole('button', { name: r.cash }).click();
        await expect(page).toHaveURL(r.success, { timeout: 20_000 });
        await page.getByRole('link', { name: TEXT[lang].details }).click();
        await expect(page.getByRole('dialog').getByText(r.cashLine)).toBeVisible();
      },
    );

  if (lang === 'en')
    test(`${lang}: booking the same trip again after going back continues the ticket instead of refusing it`, async ({
      page,
    }) => {
      await bookByCard(page, lang, phones[2]!);
      await notPaidAfter(page, lang, /Go back without paying/, r.abandoned);
      const code = new URL(page.url()).searchParams.get('code') ?? '';
      // The passenger starts over: the same trip, the same phone.
      await bookByCard(page, lang, phones[2]!, true);
      const offer = page.getByRole('alertdialog', { name: r.already });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(code);
      await offer.getByRole('button', { name: r.continue }).click();
      await expect(page.getByRole('heading', { level: 1, name: r.notPaid })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('code')).toBe(code);
      await page.getByRole('button', { name: r.payAgain }).click();
      await paid(page);
      await expect(page).toHaveURL(r.success, { timeout: 20_000 });
    });

  if (lang === 'vi')
    test(`${lang}: an hourly hire is paid by card in the sandbox`, async ({ page }) => {
      const t = TEXT[lang];
      await page.goto(t.home);
      await page.getByRole('tab', { name: t.hourlyTab }).click();
      await choosePlace(page, t.pick, 'hoan kiem', /Hoàn Kiếm|Hoan Kiem/);
      await pickTomorrow(page, t.time, '10:00');
      await page.getByRole('button', { name: t.search, exact: true }).click();
      await page.locator('.price-card').first().getByRole('button', { name: t.choose }).click();
      await fillBilling(page, t, '912000924', false);
      await page.getByLabel(t.card).check();
      await submitBilling(page, t);
      await paid(page);
      await expect(page).toHaveURL(r.hourlySuccess, { timeout: 20_000 });
    });
}

test.describe('a payment whose time runs out', { tag: '@alone' }, () => {
  // A payment window of one minute (the setting payment_window_minutes), on a server of its own whose clock the
  // test moves past it (tests/e2e/serve.mjs) instead of waiting the minute out.
  const PORT = E2E_PORT + 5;
  let server: OwnServer;
  test.beforeAll(async () => {
    // A server's start (migrations, seed) can take longer than a test's 30 s on a busy machine.
    test.setTimeout(120_000);
    server = await startOwnServer(
      PORT,
      {
        SETTINGS_OVERRIDES: JSON.stringify({
          payment_window_minutes: 1,
          night_booking_start: '00:00',
          night_booking_end: '00:00',
        }),
      },
      { testClock: true },
    );
  });
  test.afterAll(async () => {
    await server.stop();
  });
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  for (const lang of ['vi', 'en'] as const) {
    test(`${lang}: says "not paid" when the passenger pays after it, and ${lang === 'vi' ? 'pays again' : 'switches to cash'}`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const r = RESULT[lang];
      await bookByCard(page, lang, lang === 'vi' ? '912000925' : '912000935');
      // The passenger stays on the gateway's page past the window (62 s on the server's clock), then pays: the
      // gateway says it expired.
      await server.advanceClock(62_000);
      await page.getByRole('button', { name: /Pay with the test card/ }).click();
      const back = page.getByRole('link', { name: /Quay lại trang đặt xe|Back to the booking/ }).first();
      const started = Date.now();
      await back.click();
      await expect(page.getByRole('heading', { level: 1, name: r.notPaid })).toBeVisible();
      expect(Date.now() - started).toBeLessThan(2000);
      await expect(page.getByRole('alert').filter({ hasText: r.expired })).toBeVisible();
      if (lang === 'vi') {
        await page.getByRole('button', { name: r.payAgain }).click();
        await paid(page);
      } else await page.getByRole('button', { name: r.cash }).click();
      await expect(page).toHaveURL(r.success, { timeout: 20_000 });
    });
  }
});
