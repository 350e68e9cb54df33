import { test as base, expect, type Page } from '@playwright/test';

/** The seeded demo passenger (src/server/db/seed-accounts.ts), verified, with a 50,000đ member balance. */
export const DEMO_USER = {
  fullname: 'Khách Vivu',
  phone: '0912345678',
  password: 'vivu123',
  email: 'demo@vivu.vn',
  referralCode: 'VIVUDEMO',
};

/** Signs the demo passenger in for real (passenger/login) and stores the user record (spec 3) before the page loads. */
export async function signIn(page: Page): Promise<void> {
  const response = await page.request.post('/api/passenger/login', {
    data: { phone_number: DEMO_USER.phone, password: DEMO_USER.password },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as {
    data: {
      id: number;
      fullname: string;
      phone_number: string;
      email: string;
      token: string;
      avatar: string;
      verified_phone: boolean;
      promotion_cost: number;
      referral_code: string;
    };
  };
  const user = {
    id: data.id,
    fullname: data.fullname,
    phone: data.phone_number,
    email: data.email,
    token: data.token,
    avatar: data.avatar,
    verifiedPhone: data.verified_phone,
    promotionCost: data.promotion_cost,
    referralCode: data.referral_code,
  };
  await page.addInitScript((stored) => {
    // Only before the first page: a test that signs out must stay signed out across navigations.
    if (!sessionStorage.getItem('vivu-test-signed-in')) {
      sessionStorage.setItem('vivu-test-signed-in', '1');
      localStorage.setItem('vivu:user', JSON.stringify({ v: stored, exp: null }));
    }
  }, user);
}

/** Every test fails on a console error or a CSP violation, which a real user would never see but would suffer. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // A page path outside the route table answers 404 on purpose; chromium logs that document's status.
      const missingDocuments = new Set<string>();
      // An API call answered 4xx (a wrong OTP, a refused cancellation) is an answer the page shows, not an error;
      // chromium still logs it. 5xx answers and everything else fail the test.
      const refusedCalls = new Set<string>();
      page.on('response', (response) => {
        const status = response.status();
        if (response.request().resourceType() === 'document' && status === 404) missingDocuments.add(response.url());
        if (status >= 400 && status < 500 && new URL(response.url()).pathname.startsWith('/api/')) {
          refusedCalls.add(response.url());
        }
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (/status of 404/.test(message.text()) && missingDocuments.has(message.location().url)) return;
        if (/status of 4\d\d/.test(message.text()) && refusedCalls.has(message.location().url)) return;
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
