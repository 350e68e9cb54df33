// The support callback of spec 4 and 7 in the browser: after the idle time on an idle page the dialog offers a call
// back, sends user[phone] and user[note], and does not come back in the same session once sent or dismissed. The
// idle time is shortened the way an operator would: this spec starts its own server (tests/e2e/serve.mjs, the same
// build and STATIC_DIR as the main one) with SETTINGS_OVERRIDES {"idle_timeout": 0.05} (3 s), and points its support
// desk at a local widget host (SUPPORT_WIDGET_URL) that records what the server forwards, so the test sees the
// request reach the server and leave it in the spec's form fields.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_USER, expect, signIn, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';

/** E2E_PORT and E2E_PORT + 1 are the config's servers. */
const IDLE_PORT = E2E_PORT + 2;
const ORIGIN = `http://127.0.0.1:${IDLE_PORT}`;
const IDLE_MS = 3000;

const received: URLSearchParams[] = [];
let widget: Server;
let server: OwnServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  widget = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push(new URLSearchParams(body));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => widget.listen(0, '127.0.0.1', resolve));
  const widgetUrl = `http://127.0.0.1:${(widget.address() as AddressInfo).port}/support`;
  server = await startOwnServer(IDLE_PORT, {
    SETTINGS_OVERRIDES: JSON.stringify({ idle_timeout: IDLE_MS / 60_000, idle_debounce_ms: 500 }),
    SUPPORT_WIDGET_URL: widgetUrl,
  });
});

test.afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => widget?.close(resolve));
});

test.use({ baseURL: ORIGIN });

test('on the home page the idle dialog offers a call back and sends it to the support desk', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const shownFrom = Date.now();
  const dialog = page.getByRole('dialog', { name: 'Cần Vivu gọi lại cho bạn?' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // It waited for the idle time, not less (the page load itself counts as the start).
  expect(Date.now() - shownFrom).toBeGreaterThan(IDLE_MS - 1000);
  await page.screenshot({ path: testInfo.outputPath('support-dialog-vi.png') });

  const phone = dialog.getByLabel('Số điện thoại', { exact: true });
  await expect(phone).toHaveValue('');
  await dialog.getByRole('button', { name: 'Gọi lại cho tôi' }).click();
  await expect(dialog.getByText('Trường này không được để trống')).toBeVisible();

  await phone.fill('0912 000 999');
  await expect(phone).toHaveValue('0912000999');
  await dialog.getByLabel('Bạn cần hỗ trợ gì? (không bắt buộc)').fill('Tư vấn xe 16 chỗ đi Hạ Long');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/support/request');
  await dialog.getByRole('button', { name: 'Gọi lại cho tôi' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    user: { phone: '0912000999', note: 'Tư vấn xe 16 chỗ đi Hạ Long' },
    page: '/',
    lang: 'vi',
  });
  await expect(dialog.getByRole('status')).toHaveText('Cảm ơn bạn! Tổng đài viên sẽ gọi lại cho bạn trong ít phút.');
  await page.screenshot({ path: testInfo.outputPath('support-sent-vi.png') });

  // The server forwarded the spec's form fields to the widget host.
  await expect.poll(() => received.length).toBe(1);
  expect(received[0]?.get('user[phone]')).toBe('0912000999');
  expect(received[0]?.get('user[note]')).toBe('Tư vấn xe 16 chỗ đi Hạ Long');

  await dialog.getByRole('button', { name: 'Đóng' }).first().click();
  await expect(dialog).toBeHidden();
  // Sent once: not again in this session, even after twice the idle time (nothing to await but the time itself).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(IDLE_MS * 2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a signed-in passenger finds the phone prefilled; "Not now" keeps the prompt away for the session', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/en');
  const dialog = page.getByRole('dialog', { name: 'Would you like us to call you?' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByLabel('Phone number', { exact: true })).toHaveValue(DEMO_USER.phone);
  await page.screenshot({ path: testInfo.outputPath('support-dialog-en.png') });
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/en');
  await page.waitForTimeout(IDLE_MS * 2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('pages other than home, ticket-manage and billing-detail never show it', async ({ page }) => {
  await page.goto('/en/faqs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(IDLE_MS * 2);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
