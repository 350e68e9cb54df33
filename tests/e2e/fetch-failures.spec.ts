// spec 7: failed fetches of the configuration, the search keywords and the place suggestions are only logged (the
// page goes on with defaults and what was typed), and a failed price list shows its error state, whose retry loads
// the list (docs/spec-coverage.md row 7.38). The failures are made with page.route; chromium logs each failed
// resource as a console error, which the fixture would count: exactly those lines are allowed, nothing else.
import type { Lang } from '../../src/shared/domain/route-table';
import type { Page } from '@playwright/test';
import { CONFIG_PATHS } from '../../src/shared/contract/config-constants';
import { PLACES_PATHS } from '../../src/shared/contract/places-constants';
import { PRICING_PATHS } from '../../src/shared/contract/pricing-constants';
import { expect, test } from './fixtures';
import { TEXT, choosePlace, pickTomorrow, serveAppShell } from './journey';

/** Removes `count` of chromium's lines for a failed resource (aborted, or answered with `status`), and no other. */
function allowFailedResources(consoleErrors: string[], count: number, status?: number) {
  const line = status
    ? `Failed to load resource: the server responded with a status of ${status}`
    : 'Failed to load resource: net::ERR_FAILED';
  let left = count;
  const rest = consoleErrors.filter((text) => {
    if (left > 0 && text.startsWith(line)) {
      left -= 1;
      return false;
    }
    return true;
  });
  consoleErrors.splice(0, consoleErrors.length, ...rest);
}

/** Fails the first `times` requests to `path` by aborting them; counts them. */
async function failFirst(page: Page, path: string, times: number) {
  const state = { failed: 0 };
  await page.route(`**${path}*`, async (route) => {
    if (state.failed < times) {
      state.failed += 1;
      await route.abort('failed');
    } else {
      await route.continue();
    }
  });
  return state;
}

test('vi: without the configuration, the keywords and a first suggestion call, the search still works', async ({
  page,
  consoleErrors,
}) => {
  // As the installed app opens (the app shell, no server rendering): the configuration is asked for, and fails.
  await serveAppShell(page);
  const config = await failFirst(page, CONFIG_PATHS.systemConfigs, 100);
  const keywords = await failFirst(page, PLACES_PATHS.exchangeKeyword, 100);
  const suggestions = await failFirst(page, PLACES_PATHS.autocomplete, 1);
  await page.goto('/');
  const pick = page.getByRole('combobox', { name: TEXT.vi.pick, exact: true });
  await pick.fill('noi bai');
  await expect.poll(() => suggestions.failed).toBe(1);
  // The first search failed: the box keeps what was typed, and the next one (more typed) answers.
  await expect(pick).toHaveValue('noi bai');
  await choosePlace(page, TEXT.vi.pick, 'noi bai q', /Nội Bài|Noi Bai/);
  await choosePlace(page, TEXT.vi.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
  expect(config.failed).toBeGreaterThan(0);
  expect(keywords.failed).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  allowFailedResources(consoleErrors, config.failed + keywords.failed + suggestions.failed);
});

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as Lang[]) {
  const t = TEXT[lang];
  const retry = lang === 'vi' ? 'Thử lại' : 'Try again';
  const busy = lang === 'vi' ? 'Hệ thống đang bận, vui lòng thử lại sau!' : 'Server is busy. Please try again later!';

  test(`${lang}: a price list that fails shows its error, and the retry loads it`, async ({ page, consoleErrors }) => {
    await page.goto(t.home);
    // Failing until the passenger retries (the list's own automatic retries fail too).
    const state = { failing: true, failed: 0 };
    await page.route(`**${PRICING_PATHS.priceList}*`, async (route) => {
      if (state.failing) {
        state.failed += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'error', message: 'errors.server_busy', data: null }),
        });
      } else {
        await route.continue();
      }
    });
    await choosePlace(page, t.pick, 'noi bai', /Nội Bài|Noi Bai/);
    await choosePlace(page, t.drop, 'Hoàn Kiếm', /Hoàn Kiếm|Hoan Kiem/);
    await pickTomorrow(page, t.time, '14:00');
    await page.getByRole('button', { name: t.search, exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: busy });
    await expect(alert).toBeVisible();
    await expect(page.locator('.price-card')).toHaveCount(0);
    state.failing = false;
    await alert.getByRole('button', { name: retry }).click();
    await expect(page.locator('.price-card').first()).toBeVisible();
    await expect(alert).toHaveCount(0);
    allowFailedResources(consoleErrors, state.failed, 503);
  });
}
