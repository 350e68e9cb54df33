// The SEO head in the browser: the server's tags are there before the app runs, and the app keeps them right
// after a navigation inside it (src/app/lib/use-seo.ts): title, description, canonical and hreflang alternates are
// updated in place, not added twice.
import { expect, test } from './fixtures';

test('the head follows a navigation inside the app', async ({ page, baseURL }) => {
  await page.goto('/');
  const canonical = page.locator('link[rel="canonical"]');
  const description = page.locator('meta[name="description"]');
  await expect(canonical).toHaveAttribute('href', `${baseURL}/`);
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', `${baseURL}/en`);

  await page.getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(canonical).toHaveAttribute('href', `${baseURL}/en`);
  await expect(description).toHaveAttribute('content', /^Book airport transfers/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'en_US');
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/`);
  await expect(canonical).toHaveCount(1);
  await expect(description).toHaveCount(1);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(3);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow');
});
