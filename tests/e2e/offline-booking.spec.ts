// A booking whose connection drops, on a phone, in both languages: the message names the connection (never the
// payment gateway), says whether the booking was sent, and clears itself when the connection returns, with nothing
// entered lost: offline at the confirmation step, a pre-check that gets no answer, a create call whose answer is
// lost (checked again with the same attempt, never booked twice), the way to the gateway cut after the ticket
// was made, and "pay again" pressed offline on the not-paid page.
import type { Page, Route } from '@playwright/test';
import type { Lang } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide } from './journey';

const OFFLINE = {
  vi: {
    confirmOffline: /Bạn đang mất kết nối mạng: đặt xe chưa được gửi đi/,
    lostTitle: 'Mất kết nối mạng',
    notSent: /Đặt xe chưa được gửi đi vì điện thoại mất kết nối mạng/,
    maybeSent: /có thể chúng tôi đã nhận được/,
    toGateway: (code: string) => new RegExp(`Chúng tôi đã nhận đặt xe ${code}`),
    gateway: /cổng thanh toán không|Không kết nối được cổng thanh toán/i,
    notPaid: 'Chưa thanh toán',
    abandoned: 'Bạn đã quay lại mà chưa thanh toán.',
    payAgain: 'Thanh toán lại',
    offlineAction: 'Mất kết nối mạng: yêu cầu chưa được gửi đi. Hãy thử lại khi có mạng trở lại.',
  },
  en: {
    confirmOffline: /You are offline: your booking has not been sent/,
    lostTitle: 'Connection lost',
    notSent: /Your booking was not sent: this phone lost its connection/,
    maybeSent: /it may have reached us/,
    toGateway: (code: string) => new RegExp(`We received your booking ${code}`),
    gateway: /payment gateway cannot be reached|gateway is not responding/i,
    notPaid: 'Not paid',
    abandoned: 'You went back without paying.',
    payAgain: 'Pay again',
    offlineAction: 'The connection was lost: nothing was sent. Try again once you are back online.',
  },
} as const;

const SANDBOX = /\/api\/payment\/sandbox\/pay/;

test.use({ offlineNoise: true });

/** Airport ride, billing filled, the confirmation step open. */
async function toConfirmStep(page: Page, lang: 'vi' | 'en', phone: string, card = false) {
  const t = TEXT[lang];
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  if (card) await page.getByLabel(t.card).check();
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: t.confirm }) });
  await expect(confirm).toBeVisible();
  return confirm;
}

/** The server's health probe fails while `cut` holds: the app counts itself offline though the browser says online. */
async function cutHealth(page: Page, cut: { on: boolean }) {
  await page.route('**/api/health', (route: Route) => (cut.on ? route.abort('internetdisconnected') : route.fallback()));
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  const t = TEXT[lang];
  const o = OFFLINE[lang];

  test(`${lang}: offline at the confirmation of a cash booking, nothing is sent and the step is back with the connection`, async ({
    page,
    context,
  }) => {
    const confirm = await toConfirmStep(page, lang, lang === 'vi' ? '912000351' : '912000352');
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/passenger/create_ticket')) creates.push(request.url());
    });
    await context.setOffline(true);
    await confirm.getByRole('button', { name: t.confirm }).click();
    // The step stays open with what was entered, and names the connection, not the gateway.
    await expect(confirm.getByRole('alert')).toHaveText(o.confirmOffline);
    await expect(confirm).toBeVisible();
    await expect(page.getByText(o.gateway)).toHaveCount(0);
    expect(creates).toEqual([]);

    await context.setOffline(false);
    await expect(confirm.getByRole('alert')).toBeHidden();
    await confirm.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  });
}

test('vi: a card booking whose pre-check gets no answer is not sent; the message closes when the connection returns', async ({
  page,
}) => {
  const t = TEXT.vi;
  const o = OFFLINE.vi;
  const confirm = await toConfirmStep(page, 'vi', '912000353', true);
  const cut = { on: true };
  await cutHealth(page, cut);
  await page.route(
    (url) => url.pathname === '/hub/api/util/v1/vanguard',
    (route) => (cut.on ? route.abort('internetdisconnected') : route.fallback()),
  );
  await confirm.getByRole('button', { name: t.confirm }).click();
  const status = page.getByRole('alertdialog', { name: o.lostTitle });
  await expect(status).toContainText(o.notSent);
  await expect(page.getByText(o.gateway)).toHaveCount(0);

  // Back online: the message goes by itself, the form still holds what was typed.
  cut.on = false;
  await expect(status).toBeHidden({ timeout: 20_000 });
  await expect(page.getByLabel(t.fullname, { exact: true })).toHaveValue('Nguyễn Văn An');
  await expect(page.getByLabel(t.card)).toBeChecked();
  await page.getByRole('button', { name: t.submit, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
  await expect(page).toHaveURL(SANDBOX);
});

test('en: a card booking whose answer is lost is checked when the connection returns, and booked once', async ({ page }) => {
  const t = TEXT.en;
  const o = OFFLINE.en;
  const confirm = await toConfirmStep(page, 'en', '912000354', true);
  const cut = { on: true };
  await cutHealth(page, cut);
  const codes: string[] = [];
  await page.route('**/api/passenger/create_ticket_payment_online*', async (route) => {
    // The server gets the booking and makes the ticket; its answer never reaches the phone.
    const response = await route.fetch();
    const body = (await response.json()) as { ticket_code?: string };
    codes.push(body.ticket_code ?? '');
    if (codes.length === 1) await route.abort('internetdisconnected');
    else await route.fulfill({ response });
  });
  await confirm.getByRole('button', { name: t.confirm }).click();
  const status = page.getByRole('alertdialog', { name: o.lostTitle });
  await expect(status).toContainText(o.maybeSent);
  await expect(page.getByText(o.gateway)).toHaveCount(0);

  cut.on = false;
  await expect(page).toHaveURL(SANDBOX, { timeout: 20_000 });
  // Sent again with the same attempt: the server answered the ticket it had made.
  expect(codes).toHaveLength(2);
  expect(codes[0]).toMatch(/^VV/);
  expect(codes[1]).toBe(codes[0]);
});

test('vi: the way to the payment gateway cut after the ticket was made goes on when the connection returns', async ({ page }) => {
  const t = TEXT.vi;
  const o = OFFLINE.vi;
  const confirm = await toConfirmStep(page, 'vi', '912000355', true);
  const cut = { on: true };
  await cutHealth(page, cut);
  await page.route('**/api/payment/pay_online_request*', (route) =>
    cut.on ? route.abort('internetdisconnected') : route.fallback(),
  );
  const created = page.waitForResponse((response) => response.url().includes('/api/passenger/create_ticket_payment_online'));
  await confirm.getByRole('button', { name: t.confirm }).click();
  const code = ((await (await created).json()) as { ticket_code: string }).ticket_code;
  const status = page.getByRole('alertdialog', { name: o.lostTitle });
  await expect(status).toContainText(o.toGateway(code));
  await expect(page.getByText(o.gateway)).toHaveCount(0);

  cut.on = false;
  await expect(page).toHaveURL(SANDBOX, { timeout: 20_000 });
});

// Walked in one language, as above.
for (const lang of ['vi'] as Lang[]) {
  const t = TEXT[lang];
  const o = OFFLINE[lang];

  test(`${lang}: "pay again" pressed offline names the connection, keeps the reason, and the line goes when it returns`, async ({
    page,
    context,
  }) => {
    const confirm = await toConfirmStep(page, lang, lang === 'vi' ? '912000356' : '912000357', true);
    await confirm.getByRole('button', { name: t.confirm }).click();
    await expect(page).toHaveURL(SANDBOX);
    await page.getByRole('button', { name: /Go back without paying/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: o.notPaid })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: o.payAgain }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(o.offlineAction);
    // Why it is not paid is unchanged: the passenger went back; the gateway is not blamed.
    await expect(alert).toContainText(o.abandoned);
    await expect(page.getByText(o.gateway)).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByText(o.offlineAction)).toBeHidden();
    await page.getByRole('button', { name: o.payAgain }).click();
    await expect(page).toHaveURL(SANDBOX);
  });
}
