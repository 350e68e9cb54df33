import { test as base, expect, type Page } from '@playwright/test';

/** The seeded demo passenger (src/server/db/seed-accounts.ts), verified, with a 50,000đ member balance. */
export const DEMO_USER = {
  fullname: 'Khách Vivu',
  phone: '0912345678',
  password: 'vivu123',
  email: 'demo@vivu.vn',
  referralCode: 'VIVUDEMO',
};

/**
 * The ids of the records in one table of the app's encrypted local store (IndexedDB 'vivu'). Only the ids (the
 * entry keys) are plaintext there, so this tells what is kept, never its content.
 */
export function storedKeys(page: Page, table: string): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('vivu');
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction(name).objectStore(name).getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => {
            db.close();
            resolve([]);
          };
        };
      }),
    table,
  );
}

/**
 * Everything the app's local store holds, read raw from IndexedDB: every table's rows with their bytes decoded both
 * as UTF-8 and as Latin-1, so a test can check that no personal data is kept in plaintext.
 */
export function rawStoreDump(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const request = indexedDB.open('vivu');
        request.onerror = () => reject(new Error('cannot open the store'));
        request.onsuccess = () => {
          const db = request.result;
          const names = Array.from(db.objectStoreNames);
          const parts: string[] = [];
          const text = (value: unknown): string => {
            if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
              const bytes =
                value instanceof ArrayBuffer
                  ? new Uint8Array(value)
                  : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
              return `${new TextDecoder('utf-8').decode(bytes)}|${Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')}`;
            }
            if (typeof CryptoKey !== 'undefined' && value instanceof CryptoKey) return '[CryptoKey]';
            if (Array.isArray(value)) return value.map(text).join('|');
            if (value && typeof value === 'object') return Object.values(value).map(text).join('|');
            return String(value);
          };
          const tx = db.transaction(names);
          for (const name of names) {
            const all = tx.objectStore(name).getAll();
            all.onsuccess = () => parts.push(`${name}: ${all.result.map(text).join('\n')}`);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(parts.join('\n'));
          };
          tx.onerror = () => reject(new Error('cannot read the store'));
        };
      }),
  );
}

/**
 * Signs the demo passenger in through the sign-in dialog on the Vietnamese home page, and waits until the user
 * record (spec 3) is saved, so the next navigation finds the passenger signed in.
 */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Mở menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Đăng nhập' });
  await dialog.getByLabel('Số điện thoại hoặc e-mail', { exact: true }).fill(DEMO_USER.phone.replace(/^0/, ''));
  await dialog.getByLabel('Mật khẩu', { exact: true }).fill(DEMO_USER.password);
  await dialog.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The store saves in the background: wait for the encrypted record before leaving the page.
  await expect.poll(() => storedKeys(page, 'user')).toEqual(['user']);
}

/**
 * React has hydrated the server's markup: its nodes carry React's own properties. Before that, a press on a link of
 * the server's HTML is the browser's own navigation (a page load), not the app's.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('#root main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/** What chromium logs for each request it could not send while the context is offline. */
const OFFLINE_NOISE = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_FAILED|Failed to fetch|FetchEvent|net::/;

/**
 * Every test fails on a console error or a CSP violation, which a real user would never see but would suffer.
 * Offline tests set `offlineNoise: true` (test.use): the requests chromium could not send are their point.
 */
export const test = base.extend<{ consoleErrors: string[]; offlineNoise: boolean }>({
  offlineNoise: [false, { option: true }],
  consoleErrors: [
    async ({ page, offlineNoise }, use) => {
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
        if (offlineNoise && OFFLINE_NOISE.test(message.text())) return;
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
