// On a phone, in both languages: the SMS and the e-mail a booking sends carry an absolute link a phone can tap. The
// e2e server has no PUBLIC_URL, so the link is the origin the booking came through; opened, it shows the ticket in the
// booking's language.
import { mailTexts, smsTexts } from './outbox';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';

const TICKET_HEADING = { vi: 'Vé', en: 'Ticket' } as const;

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: the booking's SMS and e-mail link to the ticket with the page's own origin, and the link opens it`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const t = TEXT[lang];
    const phone = lang === 'vi' ? '912000991' : '912000992';
    await openAirportPrices(page, t);
    await chooseOption(page, t);
    await fillBilling(page, t, phone);
    await submitBilling(page, t);
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible({ timeout: 15_000 });
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    expect(code).toMatch(/^VV/);

    // Every link in the messages about this ticket starts with the origin the page was served from.
    let sms: string[] = [];
    await expect.poll(async () => (sms = await smsTexts(`0${phone}`, code)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    let mail: string[] = [];
    await expect
      .poll(async () => (mail = await mailTexts('an@example.com', code)).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const links = [...sms, ...mail].flatMap((text) => text.match(/(?:https?:\/\/\S+|(?<![\w/])\/[\w-]+\/\S*)/g) ?? []);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${baseURL}/`), link).toBe(true);

    // The SMS's link opens the ticket, in the language it was booked in.
    const ticketLink = links.find((link) => link.includes(code));
    expect(ticketLink).toBeDefined();
    await page.goto(ticketLink ?? '');
    await expect(page.getByRole('heading', { name: new RegExp(`${TICKET_HEADING[lang]} ${code}`) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  });
}
