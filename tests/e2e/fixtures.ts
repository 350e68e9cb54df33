import { test as base, expect, type Page } from '@playwright/test';

/** A signed-in passenger as the stored user record (spec 3) holds it. */
export const DEMO_USER = {
  id: 7,
  fullname: 'Nguyễn Thị Lan',
  phone: '0912345678',
  email: 'lan.nguyen@example.vn',
  token: 'test-token-0123456789abcdef',
  avatar: '',
  verifiedPhone: true,
  promotionCost: 50000,
  referralCode: 'LAN2026',
};

export async function signIn(page: Page): Promise<void> {
  await page.addInitScript((user) => {
    localStorage.setItem('vivu:user', JSON.stringify({ v: user, exp: null }));
  }, DEMO_USER);
}

/** Every test fails on a console error or a CSP violation, which a real user would never see but would suffer. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page path outside the route table answers 404 on purpose; chromium logs that document's status.
      const missingDocuments = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'document' && response.status() === 404) missingDocuments.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/status of 404/.test(message.text()) && missingDocuments.has(message.location().url)) return;
        errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
