// The tag manager of spec 7 (external scripts) and spec 2 (page views): with GTM_ID configured the page loads
// Google's tag-manager script with that container id (the CSP names Google's host only then) and its data layer
// gets the start event and a page view per navigation; without it no request leaves for Google. This spec starts a
// server of its own with GTM_ID (tests/e2e/serve.mjs, the same build); the machine has no internet, so the page's
// request for the script is answered by the test with a stand-in that records the id it was loaded with.
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';

/** E2E_PORT to + 3 are the config's servers, the idle-support spec's and the recaptcha spec's. */
const PORT = E2E_PORT + 4;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const GTM_ID = 'GTM-E2E1234';
const TAG_MANAGER = 'https://www.googletagmanager.com/gtm.js';

let server: OwnServer | undefined;

test.describe('with a container id', () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startOwnServer(PORT, {
      SETTINGS_OVERRIDES: JSON.stringify({ night_booking_start: '00:00', night_booking_end: '00:00' }),
      GTM_ID,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.use({ baseURL: ORIGIN });

  test('vi: the tag-manager script loads with the configured id, and page views reach its data layer', async ({ page }) => {
    const loaded: string[] = [];
    await page.route(`${TAG_MANAGER}?**`, async (route) => {
      loaded.push(new URL(route.request().url()).searchParams.get('id') ?? '');
      await route.fulfill({ contentType: 'text/javascript', body: 'window.__tagManagerLoaded = true;' });
    });
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain('https://www.googletagmanager.com');
    await expect
      .poll(() => page.evaluate(() => (window as Window & { __tagManagerLoaded?: boolean }).__tagManagerLoaded))
      .toBe(true);
    expect(loaded).toEqual([GTM_ID]);

    const events = () =>
      page.evaluate(() =>
        (window.dataLayer ?? []).map(
          (entry) =>
            (entry as { event?: string; page_path?: string }).event + ' ' + ((entry as { page_path?: string }).page_path ?? ''),
        ),
      );
    await expect.poll(events).toContain('gtm.js ');
    await expect.poll(events).toContain('page_view /');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Câu hỏi thường gặp' }).first().click();
    await expect.poll(events).toContain('page_view /cau-hoi-thuong-gap');
    // Once per page load, not once per navigation.
    expect(loaded).toEqual([GTM_ID]);
  });
});

test('vi: without a container id nothing is asked of the tag manager', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://www.googletagmanager.com')) asked.push(request.url());
  });
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).not.toContain('googletagmanager');
  await expect(page.getByRole('button', { name: 'Tìm xe', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.getElementById('gtm-script'))).toBeNull();
  expect(asked).toEqual([]);
});
