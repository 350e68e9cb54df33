import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT, NIGHT_PORT } from './tests/e2e/ports';

// Browser tests run on Debian's chromium and its headless shell (never a downloaded browser) against the real built
// server (`npm run build` first), on a throwaway data folder and port.
const port = E2E_PORT;
/** A second server whose night-booking window covers the whole day, for the night flow (docs/decisions.md). */
const nightPort = NIGHT_PORT;
/**
 * The first server's data folder: tests read the OTP codes it "sends" from DATA_DIR/outbox/sms.jsonl. Made once in
 * the runner; the workers inherit the variable, so they all see the same folder.
 */
process.env.VIVU_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'vivu-e2e-'));
/**
 * The run's template database: the first server migrates and seeds it, every other server of the run (the two below,
 * the specs' own) starts on a copy (tests/e2e/serve.mjs). Removed by the runner when the run ends.
 */
if (!process.env.E2E_TEMPLATE_DIR) {
  process.env.E2E_TEMPLATE_DIR = mkdtempSync(join(tmpdir(), 'vivu-e2e-template-'));
  const folder = process.env.E2E_TEMPLATE_DIR;
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
}
// The operator's token of the e2e server: the joining test approves an application with it.
process.env.VIVU_E2E_OPERATOR_TOKEN ??= 'e2e-operator-token';
/** Debian's chromium: the browser passengers' phones run, with notifications and installing. */
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell (the same engine without the browser's UI, what Playwright runs headless by
 * default): a third less CPU per test. Where it is not installed, the tests run on chromium.
 */
const headlessShell =
  process.env.E2E_CHROME_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path)) ??
  chromium;
/** The specs that need the whole browser: a push shown as a notification and its click (the shell shows none). */
const WHOLE_BROWSER = /push\.spec\.ts$/;
/**
 * The specs that take the longest (40 s to 90 s of a worker each), dealt out first: Playwright deals spec files to the
 * workers in the order of the projects, then by name, and a long one dealt last kept one worker going for half a
 * minute after the other three were done.
 */
const LONGEST =
  /\/(supply-walk|home-landing|pwa|payment-outcomes|accounts|offline|offline-booking|ride-screens|booking-payment|live-ticket|lead-time|vietqr|driver-trip|desk-walk)\.spec\.ts$/;
const launchArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
];

/** Every browser test runs on a 360-pixel phone. */
const phone = {
  ...devices['Pixel 7'],
  viewport: { width: 360, height: 780 },
  browserName: 'chromium' as const,
  launchOptions: { executablePath: headlessShell, args: launchArgs },
};
/** The same phone on the whole browser. */
const phoneOnChromium = { ...phone, launchOptions: { executablePath: chromium, args: launchArgs } };

export default defineConfig({
  testDir: 'tests/e2e',
  // Four spec files at a time on the one server (E2E_WORKERS changes it): every spec books, signs up and looks up with
  // its own phones and codes. On 2 cores two workers left a quarter of the CPU idle (a test waits on the server, a
  // timer, a chunk); three left a sixth, and four take the suite from about 7.9 to 6.8 minutes.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  timeout: 30_000,
  // An assertion waits up to 10 s for the page: four tests on 2 cores, beside the crash test, may take longer than
  // 5 s to show what a phone shows at once. An assertion about how soon something happens gives its own timeout.
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]]
    : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records every test's frames and snapshots to keep only a failure's, about a quarter of the browser
    // tests' CPU: E2E_TRACE=1 records them (to rerun a failed test with its trace); a failure's screenshot is kept
    // either way.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // A new context installs the service worker, which fetches and caches every precached file (about 150): only the
    // specs about what the worker does (offline, push, updates, install) allow it, with test.use.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  // A test that times the page's own work (tagged @alone) runs after all the others, with nothing beside it: with a
  // second worker's test sharing the 2 cores, hydration's tasks at 4x CPU measured 481 ms where alone they stay under
  // 200. Should a test of the first project fail, Playwright skips these, and the run fails either way.
  projects: [
    {
      name: 'phone-browser',
      use: phoneOnChromium,
      testMatch: WHOLE_BROWSER,
    },
    {
      name: 'phone-long',
      use: phone,
      grepInvert: /@alone/,
      testMatch: LONGEST,
    },
    {
      name: 'phone',
      use: phone,
      grepInvert: /@alone/,
      testIgnore: [WHOLE_BROWSER, LONGEST],
    },
    {
      // What it times is timed on the whole browser, as passengers run it.
      name: 'phone-alone',
      use: phoneOnChromium,
      grep: /@alone/,
      dependencies: ['phone-browser', 'phone-long', 'phone'],
    },
  ],
  webServer: [
    {
      command: 'node tests/e2e/serve.mjs',
      url: `http://127.0.0.1:${port}/api/passenger/get_system_configs`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A payment is checked for 15 s instead of 5 minutes, so the timeout journey ends quickly.
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.VIVU_E2E_DATA_DIR,
        // Every browser test looks tickets up from 127.0.0.1: the per-address limit is tested by the API tests.
        TICKET_LOOKUP_LIMIT: '1000',
        // Every public form is sent from 127.0.0.1 too (the quick bookings of two specs count under one key): the
        // 5-per-hour limit is tested by the API tests.
        LEAD_FORM_LIMIT: '100',
        OPERATOR_API_TOKEN: process.env.VIVU_E2E_OPERATOR_TOKEN,
        // Every sign-up, code and login of the browser tests comes from 127.0.0.1 too (per-address limits of
        // code SMS and of logins are tested by the API tests, tests/api/security.test.ts).
        OTP_SMS_PER_ADDRESS: '1000',
        LOGIN_ADDRESS_LIMIT: '1000',
        // The update test asks for a byte-different sw.js (src/server/http/static-files.ts, test servers only).
        VIVU_TEST_SW_MARKER: '1',
        // Every browser test books from 127.0.0.1: the per-address anti-fraud limit is tested by the API tests.
        // An empty night window: a booking is a night booking by the hour it is made, and these tests must not
        // change with the hour they run at (the night flow has its own server below).
        SETTINGS_OVERRIDES: JSON.stringify({
          payment_check_max_ms: 15_000,
          vanguard_max_per_ip: 1000,
          night_booking_start: '00:00',
          night_booking_end: '00:00',
          // A VietQR receiving account, so bank transfer is offered (tests/e2e/vietqr.spec.ts).
          vietqr_bank_bin: '970436',
          vietqr_account_number: '0011001234567',
          vietqr_account_name: 'CONG TY TNHH VIVU',
        }),
        // The bank webhook's shared secret; vietqr.spec.ts signs its notifications with it.
        BANK_WEBHOOK_SECRET: 'e2e-bank-webhook-secret',
        // A tile source on another origin than the site's (localhost, not 127.0.0.1), so that the CSP must name it:
        // driver-trip.spec.ts answers its tiles itself (page.route); nothing else draws a map.
        MAP_TILE_URL: `http://localhost:${port}/e2e-tiles/{z}/{x}/{y}.png`,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node tests/e2e/serve.mjs',
      url: `http://127.0.0.1:${nightPort}/api/passenger/get_system_configs`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(nightPort),
        HOST: '127.0.0.1',
        SETTINGS_OVERRIDES: JSON.stringify({ night_booking_start: '00:00', night_booking_end: '23:59' }),
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
