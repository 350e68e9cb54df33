// The recaptcha check of spec 7 in the browser: with a site key and a secret configured, the booking page
// loads the recaptcha script (allowed by the CSP only then), waits for it to be ready, and sends a token made for
// the create_ticket action, which the server verifies before it books. This spec starts its own server
// (tests/e2e/serve.mjs, the same build) with RECAPTCHA_SITE_KEY, RECAPTCHA_SECRET and RECAPTCHA_VERIFY_URL pointing at
// a local endpoint that answers like Google's siteverify; the machine has no internet, so the page's request for
// Google's script is answered by the test with a stand-in that implements grecaptcha.ready and grecaptcha.execute.
import type { Lang } from '../../src/shared/domain/route-table';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, submitBilling, TEXT } from './journey';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';

/** E2E_PORT, + 1 and + 2 are the config's servers and the idle-support spec's. */
const PORT = E2E_PORT + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SITE_KEY = 'e2e-site-key';
const SECRET = 'e2e-secret';

const STAND_IN = `window.grecaptcha = {
  ready: (callback) => setTimeout(callback, 50),
  execute: (key, options) => Promise.resolve('token:' + key + ':' + options.action),
};`;

const verified: URLSearchParams[] = [];
let siteverify: Server;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  siteverify = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      verified.push(form);
      const [, key, action] = (form.get('response') ?? '').split(':');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: key === SITE_KEY && form.get('secret') === SECRET, score: 0.9, action }));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  server = await startOwnServer(PORT, {
    // A day booking at any hour the suite runs (as the main server's, playwright.config.ts).
    SETTINGS_OVERRIDES: JSON.stringify({ night_booking_start: '00:00', night_booking_end: '00:00' }),
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET: SECRET,
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/siteverify`,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => siteverify?.close(resolve));
});

test.use({ baseURL: ORIGIN });

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as Lang[]) {
  const t = TEXT[lang];

  test(`${lang}: a booking carries a recaptcha token for create_ticket, which the server verifies`, async ({ page }) => {
    const scripts: string[] = [];
    await page.route('https://www.google.com/recaptcha/api.js**', async (route) => {
      scripts.push(route.request().url());
      await route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
    });
    await openAirportPrices(page, t);
    // Nothing loads before a guarded call.
    expect(scripts).toEqual([]);
    await chooseOption(page, t);
    await fillBilling(page, t, lang === 'vi' ? '912000071' : '912000072');
    const created = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/passenger/create_ticket');
    const before = verified.length;
    await submitBilling(page, t);
    const response = await created;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['x-recaptcha-token']).toBe(`token:${SITE_KEY}:create_ticket`);
    expect(scripts).toEqual([`https://www.google.com/recaptcha/api.js?render=${SITE_KEY}`]);
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
    expect(verified.slice(before).map((form) => form.get('response'))).toEqual([`token:${SITE_KEY}:create_ticket`]);
  });
}
