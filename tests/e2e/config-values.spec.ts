// Spec 9 values taken from the served configuration (issue 10): the page answers get_system_configs with a changed
// pickup_time_step_minutes and max_passengers, and the booking widget follows them: the time list offers 30-minute
// slots and the passenger stepper stops at 4. The rest of the configuration is the server's own answer.
import { CONFIG_PATHS } from '../../src/shared/contract/config-constants';
import { expect, test } from './fixtures';
import { TEXT } from './journey';

test('vi: the booking widget follows the served pickup time step and passenger limit', async ({ page }) => {
  await page.route(`**${CONFIG_PATHS.systemConfigs}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    body.data.pickup_time_step_minutes = 30;
    body.data.max_passengers = 4;
    await route.fulfill({ response, json: body });
  });
  const served = page.waitForResponse((response) => response.url().includes(CONFIG_PATHS.systemConfigs));
  await page.goto('/');
  await served;

  await page.getByRole('button', { name: TEXT.vi.time }).click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('.calendar-day:not([disabled])').nth(1).click();
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
