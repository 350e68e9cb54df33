import { DEMO_USER, expect, hydrated, signIn, storedKeys, test } from './fixtures';

test('Vietnamese home renders in the default layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt xe sân bay, đường dài và thuê xe theo giờ' })).toBeVisible();
  await expect(page).toHaveTitle(/Vivu – Đặt xe sân bay/);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Vivu – về trang chủ' })).toHaveAttribute('href', '/');
  const hotline = banner.getByRole('link', { name: 'Gọi tổng đài 1900 6022' });
  await expect(hotline).toHaveAttribute('href', 'tel:19006022');
  await expect(hotline).toContainText('1900 6022');
  await expect(banner.getByRole('button', { name: 'Mở menu' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: /Blog du lịch/ })).toHaveAttribute('href', 'https://blog.vivu.vn');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Vivu`);
});

test('English home renders under /en', async ({ page }) => {
  await page.goto('/en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Airport transfers, long-distance rides and hourly car hire' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Call the hotline 1900 6022' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Vivu – home' })).toHaveAttribute('href', '/en');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /Travel blog/ })).toBeVisible();
});

test('the language switch keeps the page and stores the choice', async ({ page }) => {
  await signIn(page);
  await page.goto('/tai-khoan');
  await expect(page.getByRole('heading', { level: 1, name: 'Tài khoản của tôi' })).toBeVisible();
  // The choice is a record of the encrypted store (its value is not readable from outside, only that it is kept).
  expect(await storedKeys(page, 'settings')).not.toContain('language');
  await page.getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(() => storedKeys(page, 'settings')).toContain('language');
  await page.getByRole('link', { name: 'Chuyển sang tiếng Việt' }).click();
  await expect(page).toHaveURL(/\/tai-khoan$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tài khoản của tôi' })).toBeVisible();
  // Still signed in after a new page load: the store kept the user record next to the language.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Tài khoản của tôi' })).toBeVisible();
  expect(await storedKeys(page, 'settings')).toContain('language');
});

test('the language switch on home goes between / and /en', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Airport transfers, long-distance rides and hourly car hire');
});

test('side menu opens as a dialog, traps focus, closes with Escape and switches language', async ({ page }) => {
  await page.goto('/');
  const menuButton = page.getByRole('button', { name: 'Mở menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Trang chủ' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'English' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Tiếng Việt' })).toHaveAttribute('aria-current', 'page');
  // A guest sees no account entries.
  await expect(menu.getByRole('link', { name: 'Tài khoản' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Airport transfers, long-distance rides and hourly car hire');
});

test('a signed-in passenger sees account entries and can log out', async ({ page }) => {
  await signIn(page);
  await page.goto('/en/account');
  await expect(page.getByText(DEMO_USER.referralCode)).toBeVisible();
  await expect(page.getByText('50.000đ')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: `Hello, ${DEMO_USER.fullname}` });
  await expect(menu.getByRole('link', { name: 'Account' })).toBeVisible();
  await menu.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  // Logout removes the user's data from the store, so a new page load stays signed out.
  await expect.poll(() => storedKeys(page, 'user')).toEqual([]);
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en$/);
  // Signed out, the account page asks to sign in again over home.
  const login = page.getByRole('dialog', { name: 'Log in' });
  await expect(login).toHaveAccessibleDescription('Please log in to see your account.');
  await login.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
});

test('an unknown path shows the not-found page in its language with a 404 status', async ({ page, request }) => {
  // The server's status, asked without the service worker (which answers navigations once it controls the page).
  expect((await request.get('/khong-co-trang-nay')).status()).toBe(404);
  expect((await request.get('/en/no-such-page')).status()).toBe(404);
  expect((await request.get('/en/account')).status()).toBe(200);

  await page.goto('/khong-co-trang-nay');
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
  await page.getByRole('link', { name: 'Về trang chủ', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/en/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('account and ticket management redirect home without a stored user', async ({ page }) => {
  await page.goto('/tai-khoan');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Đặt xe sân bay, đường dài và thuê xe theo giờ' })).toBeVisible();
  await page.goto('/en/account');
  await expect(page).toHaveURL(/\/en$/);
  await page.goto('/quan-ly-ma-ve');
  await expect(page).toHaveURL(/\/$/);
});

test('each navigation pushes a page view and scrolls back to the top; going back returns where the passenger was', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  // Where the wheel's scroll came to rest.
  let left = -1;
  await expect
    .poll(async () => {
      const [before, now] = [left, await page.evaluate(() => window.scrollY)];
      left = now;
      return now === before;
    })
    .toBe(true);
  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Tài khoản' }).click();
  await expect(page).toHaveURL(/\/tai-khoan$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const views = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (item): item is { event: string; page_path: string; page_language: string } =>
        (item as { event?: string }).event === 'page_view',
    ),
  );
  expect(views.map((view) => view.page_path)).toEqual(['/', '/tai-khoan']);
  expect(views[1]?.page_language).toBe('vi');
  // No tag-manager id is configured, so no tag-manager script is loaded.
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
});

test('a change of the query string alone (a blog category) keeps the scroll', async ({ page }) => {
  await page.goto('/en/blog');
  const categories = page.getByRole('navigation', { name: 'Categories' });
  const chip = categories.getByRole('link').nth(1);
  await expect(chip).toBeVisible();
  // A press before hydration is the browser's own page load (to the top), not the app's navigation.
  await hydrated(page);
  await page.mouse.wheel(0, 60);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const at = await page.evaluate(() => window.scrollY);
  await chip.click();
  await expect(page).toHaveURL(/\?category=/);
  await expect(chip).toHaveAttribute('aria-current', 'page');
  expect(await page.evaluate(() => window.scrollY)).toBe(at);
});
