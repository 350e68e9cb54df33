// Spec 9 values taken from the served configuration: the page answers get_system_configs with changed
// values and the app follows them. In vi: the time list offers 30-minute slots and the passenger stepper stops at 4.
// In en: no extra pickup or drop-off at max_extra_addresses 0, the search starts on 2 passengers (default_seats,
// also when the configuration answers after the widget showed), the special request promises a reply within 24
// hours, and the login's phone starts on +82 (default_country_code). The rest is the server's own answer.
import type { Page } from '@playwright/test';
import { CONFIG_PATHS } from '../../src/shared/contract/config-constants';
import { expect, storedKeys, test } from './fixtures';
import { TEXT, laterDay, serveAppShell } from './journey';

// A worker's own requests (it fills its cache with the configuration as it installs) are not routed by the page:
// without a worker, every answer is the one served here.
test.use({ serviceWorkers: 'block' });

// The pages come as the installed app gets them, without the server's rendering: the app asks for its configuration.
test.beforeEach(({ page }) => serveAppShell(page));

/** Serves the live configuration with `changes` over it; `hold` delays the answer until it resolves. */
async function serveConfig(page: Page, changes: Record<string, unknown>, hold?: Promise<void>) {
  await page.route(`**${CONFIG_PATHS.systemConfigs}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    Object.assign(body.data, changes);
    if (hold) await hold;
    await route.fulfill({ response, json: body });
  });
}

test('vi: the booking widget follows the served pickup time step and passenger limit', async ({ page }) => {
  await serveConfig(page, { pickup_time_step_minutes: 30, max_passengers: 4 });
  const served = page.waitForResponse((response) => response.url().includes(CONFIG_PATHS.systemConfigs));
  await page.goto('/');
  await served;

  await page.getByRole('button', { name: TEXT.vi.time }).click();
  const dialog = page.getByRole('dialog');
  await (await laterDay(dialog)).click();
  const slots = dialog.locator('.slot-grid button');
  await expect(slots).toHaveCount(48);
  await expect(slots.nth(1)).toHaveText('00:30');
  await expect(dialog.getByRole('button', { name: '00:15', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: '09:30', exact: true }).click();
  await expect(page.getByRole('button', { name: TEXT.vi.time })).toContainText('09:30');

  const more = page.getByRole('button', { name: 'Thêm một hành khách' });
  for (let count = 1; count < 4; count += 1) await more.click();
  await expect(page.getByText('4 hành khách')).toBeVisible();
  await expect(more).toBeDisabled();
});

test('en: extra addresses, default seats, the special request reply and the phone country follow the configuration', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await serveConfig(
    page,
    { max_extra_addresses: 0, default_seats: 2, special_request_reply_hours: 24, default_country_code: '82' },
    held,
  );
  await page.goto('/en');
  // Before the configuration answers: the spec's defaults.
  await expect(page.getByRole('button', { name: 'Add a pick-up' })).toBeVisible();
  await expect(page.getByText('1 passenger', { exact: true })).toBeVisible();
  release();

  await expect(page.getByText('2 passengers', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add a pick-up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a drop-off' })).toHaveCount(0);
  await expect(page.getByText(/we reply with a quote within 24 hours\./)).toBeVisible();
  // The home sections load when the passenger scrolls near them.
  await page.getByRole('heading', { name: 'Special requests', level: 3 }).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByText(/we will reply with a quote within 24 hours\./)).toBeVisible({ timeout: 15_000 });

  // The passenger's own choice stands over a later configuration.
  expect(await storedKeys(page, 'settings')).not.toContain('search-draft');
  await page.getByRole('button', { name: 'One passenger more' }).click();
  await expect(page.getByText('3 passengers', { exact: true })).toBeVisible();
  // The choice is kept once it is saved (encrypted, in the background): a reload sooner may come before the save, as
  // closing the tab at once would.
  await expect.poll(() => storedKeys(page, 'settings')).toContain('search-draft');
  await page.reload();
  await expect(page.getByText('3 passengers', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log in', exact: true }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  // The country code shows once what is typed is a number (the field takes an e-mail too).
  await login.getByLabel('Phone number or e-mail', { exact: true }).fill('1');
  await expect(login.locator('.country-button')).toHaveText(/\+82$/);
});
