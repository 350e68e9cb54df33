// The flexible pickup of spec 3 (useRangeTime) and spec 7 (get_range_time, use_range_time) in English on a
// phone: the billing form offers the window the server gives around the chosen time, the booking sends
// use_range_time, and the ticket shows the window.
import type { Lang } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';

const LABEL = { vi: 'Đón linh hoạt: 13:45 – 14:15', en: 'Flexible pickup: 13:45 – 14:15' } as const;
const ROW = { vi: 'Đón linh hoạt', en: 'Flexible pickup' } as const;

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  const t = TEXT[lang];

  test(`${lang}: a flexible pickup is offered, sent with the booking and shown on the ticket`, async ({ page }, testInfo) => {
    await openAirportPrices(page, t, '14:00');
    await chooseOption(page, t);
    const flexible = page.getByRole('checkbox', { name: LABEL[lang] });
    await expect(flexible).not.toBeChecked();
    await flexible.check();
    await flexible.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`range-time-billing-${lang}.png`) });
    await fillBilling(page, t, lang === 'vi' ? '912000085' : '912000086');
    const created = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/passenger/create_ticket');
    await submitBilling(page, t);
    expect((await created).postDataJSON()).toMatchObject({ use_range_time: true, depart_time: expect.stringMatching(/^14:00 /) });
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
    await page.getByRole('link', { name: t.details }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(ROW[lang], { exact: true })).toBeVisible();
    await expect(dialog.getByText('13:45 – 14:15', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`range-time-ticket-${lang}.png`) });
  });
}
