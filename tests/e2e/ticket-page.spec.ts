// The ticket page on a phone, in both languages: the site's header stays above it (the language switch and the
// menu within reach); the switch opens the same ticket on its other-language path; its close button goes back to
// the page the passenger came from in the app, and to home only for a ticket opened from outside (a new tab).
import type { Lang } from '../../src/shared/domain/route-table';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, serveAppShell, submitBilling, TEXT } from './journey';

const PAGE = {
  vi: {
    ticket: (code: string) => `Vé ${code}`,
    ticketPath: (code: string, phone: string) => `/chi-tiet-ma-ve/${code}/${phone}`,
    close: 'Đóng',
    menu: 'Mở menu',
    switchTo: 'Chuyển sang tiếng Anh',
    success: /\/dat-xe-thanh-cong\?code=VV/,
    homePath: '/',
    noConnection: 'Không có kết nối mạng. Vui lòng kiểm tra kết nối và thử lại.',
  },
  en: {
    ticket: (code: string) => `Ticket ${code}`,
    ticketPath: (code: string, phone: string) => `/en/ticket/${code}/${phone}`,
    close: 'Close',
    menu: 'Open menu',
    switchTo: 'Chuyển sang tiếng Việt',
    success: /\/en\/booking-success\?code=VV/,
    homePath: '/en',
    noConnection: 'No connection. Please check your network and try again.',
  },
} as const;

/** Books an airport ride paying cash; answers its code, on the success page. */
async function bookCash(page: Page, lang: 'vi' | 'en', phone: string): Promise<string> {
  const t = TEXT[lang];
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await submitBilling(page, t);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  expect(code).toMatch(/^VV/);
  return code;
}

for (const [lang, other] of [
  ['vi', 'en'],
  ['en', 'vi'],
] as const) {
  const p = PAGE[lang];
  const o = PAGE[other];

  test(`${lang}: the ticket page keeps the language switch and the menu; close goes back to where it was opened`, async ({
    page,
    baseURL,
  }) => {
    const phone = lang === 'vi' ? '912000341' : '912000342';
    const code = await bookCash(page, lang, phone);
    const successUrl = page.url();
    await page.getByRole('link', { name: TEXT[lang].details }).click();
    const ticket = page.getByRole('dialog', { name: p.ticket(code) });
    await expect(ticket).toBeVisible();

    // The header is above the ticket, not under it: its menu opens over the ticket.
    await page.getByRole('button', { name: p.menu }).click();
    const menu = page.locator('#side-menu');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(ticket).toBeVisible();

    // The switch opens the same ticket on its other-language path.
    await page.getByRole('link', { name: p.switchTo }).click();
    await expect(page).toHaveURL(`${baseURL}${o.ticketPath(code, `0${phone}`)}`);
    const switched = page.getByRole('dialog', { name: o.ticket(code) });
    await expect(switched).toBeVisible();
    await expect(switched.locator('.details').getByText(/Hoàn Kiếm|Hoan Kiem/)).toBeVisible();

    // Close goes back to the success page the ticket was opened from, not to home and not to the first language.
    await switched.getByRole('button', { name: o.close, exact: true }).click();
    await expect(page).toHaveURL(successUrl);
    await expect(page.getByRole('heading', { level: 1, name: TEXT[lang].success })).toBeVisible();
  });

  test(`${lang}: a ticket opened in a new tab closes to home, in the language it was switched to`, async ({ page, baseURL }) => {
    const phone = lang === 'vi' ? '912000343' : '912000344';
    const code = await bookCash(page, lang, phone);
    // A new tab (a link from an SMS or an e-mail opens one): nothing of ours before it.
    const tab = await page.context().newPage();
    await tab.goto(p.ticketPath(code, `0${phone}`));
    await expect(tab.getByRole('dialog', { name: p.ticket(code) })).toBeVisible();
    await tab.getByRole('link', { name: p.switchTo }).click();
    await expect(tab).toHaveURL(`${baseURL}${o.ticketPath(code, `0${phone}`)}`);
    const switched = tab.getByRole('dialog', { name: o.ticket(code) });
    await switched.getByRole('button', { name: o.close, exact: true }).click();
    await expect(tab).toHaveURL(`${baseURL}${o.homePath}`);
    await expect(tab.getByRole('button', { name: TEXT[other].search, exact: true })).toBeVisible();
    await tab.close();
  });
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  const p = PAGE[lang];

  test(`${lang}: a ticket looked up without a connection says so, and shows itself when the connection returns`, async ({
    page,
    browser,
  }) => {
    const phone = lang === 'vi' ? '912000345' : '912000346';
    const code = await bookCash(page, lang, phone);
    // Another phone, nothing saved on it, whose connection drops as it opens the link.
    const other = await browser.newContext({ viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    const tab = await other.newPage();
    await serveAppShell(tab);
    const cut = { on: true };
    await tab.route(
      (url) => url.pathname === '/api/health' || url.pathname === '/api/passenger/get_ticket_info',
      (route) => (cut.on ? route.abort('internetdisconnected') : route.fallback()),
    );
    await tab.goto(p.ticketPath(code, `0${phone}`));
    const ticket = tab.getByRole('dialog', { name: p.ticket(code) });
    await expect(ticket.getByRole('alert')).toHaveText(p.noConnection);
    cut.on = false;
    await expect(ticket.locator('.details').getByText(/Hoàn Kiếm|Hoan Kiem/)).toBeVisible({ timeout: 20_000 });
    await expect(ticket.getByText(p.noConnection)).toHaveCount(0);
    await other.close();
  });
}
