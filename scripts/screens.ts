// `npm run screens`: 360 x 740 screenshots of the product's main steps in Vietnamese and English, written
// to docs/screens/ and committed, so a reviewer can look at the product without running it. It starts the built
// server (dist/, as the browser tests do) on a throwaway data folder with the demo data and drives Debian's chromium
// through one real journey per language: home, price list, billing, confirm, the payment waiting for its result,
// success, the ticket with its driver (the partner accepts and assigns one), its return-trip form, the account page
// of the demo passenger, the account page of a passenger signed up with an e-mail (no phone yet) with its "add a
// phone number" code step, and the partner console with its Fleet tab; then a second booking paid by VietQR bank transfer, waiting for
// the transfer on the phone that shows the code (the code, saving it, the bank apps) and its ticket page meanwhile;
// then the driver on the way on the ticket page's map, on the phone and on a desktop (ticket-map*); last, the partner
// console's tabs on a 1280-pixel desktop (partner-desk-*); then the operator desk at 1280 and 360 pixels (desk-*,
// scripts/screens-desk.ts).
// Nothing is mocked: the payment goes through the sandbox gateway; the only help is holding the payment-status answer
// a moment, so that the waiting state stays on screen to be taken, and the map's tiles, plain ones answered here (no
// network).
// Usage: npm run screens   (or: npx tsx scripts/screens.ts, after npm run build)
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type Browser, type Page, type Route } from '@playwright/test';
import { pathFor, type Lang } from '../src/shared/domain/route-table';
import { ACCOUNT_PATHS } from '../src/shared/contract/accounts-constants';
import { staffFleetResponseSchema, staffTicketsResponseSchema, PARTNER_PATHS } from '../src/shared/contract/partners';
import { DRIVER_PATHS } from '../src/shared/contract/partner-driver';
import { DEMO_USER, expect } from '../tests/e2e/fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide, submitBilling } from '../tests/e2e/journey';
import { startOwnServer } from '../tests/e2e/own-server';
import { mailCount, smsCount, waitForMailedOtp, waitForOtp } from '../tests/e2e/outbox';
import { deskScreens } from './screens-desk';

const OUT = fileURLToPath(new URL('../docs/screens/', import.meta.url));
const WIDTH = 360;
const HEIGHT = 740;
const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

const WORDS = {
  vi: {
    menu: 'Mở menu',
    login: 'Đăng nhập',
    logout: 'Đăng xuất',
    password: 'Mật khẩu',
    account: 'Tài khoản',
    staffPhone: 'Số điện thoại',
    addPhone: 'Thêm số điện thoại',
    sendCode: 'Gửi mã xác thực',
    switchTo: 'Chuyển sang tiếng Anh',
  },
  en: {
    menu: 'Open menu',
    login: 'Log in',
    logout: 'Log out',
    password: 'Password',
    account: 'Account',
    staffPhone: 'Phone number',
    addPhone: 'Add a phone number',
    sendCode: 'Send code',
    switchTo: 'Chuyển sang tiếng Việt',
  },
} as const;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Scrolls to the top and takes the first screen (what a phone shows without scrolling). */
async function shot(page: Page, name: string, lang: Lang) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const path = `${OUT}${name}-${lang}.png`;
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
  console.info(`  ${name}-${lang}.png`);
}

/** A session of the demo owner whose console lists the ticket, or an error. */
async function partnerSession(
  request: APIRequestContext,
  code: string,
): Promise<{ phone: string; partner: string; auth: Record<string, string> }> {
  for (const phone of STAFF_PHONES) {
    const login = await request.post(PARTNER_PATHS.login, { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as { data: { token: string; staff: { partner_name: string } } };
    const auth = { authorization: `Bearer ${data.token}` };
    const list = await request.get(`${PARTNER_PATHS.tickets}?trip_state=driver_pending`, { headers: auth });
    const { items } = staffTicketsResponseSchema.validateSync(await list.json()).data;
    if (items.some((item) => item.ticket_code === code)) return { phone, partner: data.staff.partner_name, auth };
    await request.post(PARTNER_PATHS.logout, { headers: auth });
  }
  throw new Error(`no demo partner lists ${code}`);
}

/** The driver's trip link the server texted to `phone` for ticket `code` (its path), or an error. */
function driverTripPath(phone: string, code: string): string {
  const sms = readFileSync(join(process.env.VIVU_E2E_DATA_DIR ?? '', 'outbox', 'sms.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((line) => line.to === phone && line.text.includes(code));
  const link = /(https?:\/\/\S+\/(?:tai-xe\/chuyen|en\/driver\/trip)\/[\w-]+)/.exec(sms.at(-1)?.text ?? '')?.[1];
  if (!link) throw new Error(`no trip link texted to ${phone}`);
  return new URL(link).pathname;
}

/** The partner accepts the ticket and assigns its first driver and car, as its staff would in the console. */
async function acceptAndAssign(
  request: APIRequestContext,
  auth: Record<string, string>,
  code: string,
): Promise<{ name: string; phone: string }> {
  const accepted = await request.post(PARTNER_PATHS.transition, {
    headers: auth,
    data: { ticket_code: code, to: 'not_started' },
  });
  if (!accepted.ok()) throw new Error(`accept: ${await accepted.text()}`);
  const fleet = staffFleetResponseSchema.validateSync(
    await (await request.get(PARTNER_PATHS.fleet, { headers: auth })).json(),
  ).data;
  const [driver] = fleet.drivers;
  const [car] = fleet.cars;
  if (!driver || !car) throw new Error('the demo partner has no driver or car');
  const assigned = await request.post(PARTNER_PATHS.assign, {
    headers: auth,
    data: { ticket_code: code, driver_id: driver.id, car_id: car.id },
  });
  if (!assigned.ok()) throw new Error(`assign: ${await assigned.text()}`);
  return { name: driver.fullname, phone: driver.phone };
}

/** The journey in `lang`; answers the phone of the partner owner who served its ticket. */
async function journey(page: Page, lang: Lang, phone: string): Promise<string> {
  const t = TEXT[lang];
  const w = WORDS[lang];
  await page.goto(t.home);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await shot(page, 'home', lang);

  await searchAirportRide(page, t);
  await expect(page.locator('.price-card').nth(1)).toBeVisible();
  await shot(page, 'price-list', lang);

  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(t.card).check();
  await shot(page, 'billing', lang);

  await page.getByRole('button', { name: t.submit, exact: true }).click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: t.confirm }) });
  await expect(confirm).toBeVisible();
  await shot(page, 'confirm', lang);

  // The sandbox gateway, then its result held a moment: the passenger waits for the payment's answer.
  await confirm.getByRole('button', { name: t.confirm }).click();
  await page.waitForURL(/\/api\/payment\/sandbox\/pay/, { timeout: 30_000 });
  await shot(page, 'payment-gateway', lang);
  // The page's own calls about the payment (not the gateway's navigations) are held until the shot is taken.
  const held: Route[] = [];
  const hold = (route: Route) => {
    if (['fetch', 'xhr'].includes(route.request().resourceType())) held.push(route);
    else void route.continue();
  };
  await page.route('**/api/payment/**', hold);
  await page.getByRole('button', { name: lang === 'vi' ? /Thanh toán bằng thẻ thử/ : /Pay with the test card/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'), { timeout: 30_000 });
  await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await shot(page, 'payment-waiting', lang);
  await page.unroute('**/api/payment/**', hold);
  // Held calls go on (unroute may already have let them through).
  for (const route of held.splice(0)) await route.continue().catch(() => {});

  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible({ timeout: 30_000 });
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  await shot(page, 'success', lang);

  // The partner accepts and assigns a driver; the open ticket page shows them, under the site's header (its language
  // switch and menu within reach).
  await page.getByRole('link', { name: t.details }).click();
  const ticket = page.getByRole('dialog', { name: lang === 'vi' ? `Vé ${code}` : `Ticket ${code}` });
  await expect(ticket).toBeVisible();
  const ticketPath = new URL(page.url()).pathname + new URL(page.url()).search;
  await expect(page.getByRole('banner').getByRole('link', { name: w.switchTo })).toBeVisible();
  const { phone: staffPhone, partner, auth } = await partnerSession(page.request, code);
  const driver = await acceptAndAssign(page.request, auth, code);
  await expect(ticket.getByText(driver.name).first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'ticket', lang);
  const returnForm = ticket.getByRole('region', { name: t.returnTitle });
  await returnForm.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}return-form-${lang}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  return-form-${lang}.png`);
  await page.request.post(PARTNER_PATHS.logout, { headers: auth });

  // The demo passenger's account.
  await page.goto(t.home);
  await page.getByRole('button', { name: w.menu }).click();
  await page.getByRole('dialog').getByRole('button', { name: w.login, exact: true }).click();
  const login = page.getByRole('dialog', { name: w.login });
  await login.getByRole('textbox').first().fill(DEMO_USER.phone);
  await login.getByLabel(w.password, { exact: true }).fill(DEMO_USER.password);
  await login.getByRole('button', { name: w.login, exact: true }).click();
  await expect(login).toBeHidden();
  await page.goto(pathFor('account', lang));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'account', lang);

  // A passenger signed up with an e-mail: no phone yet, the e-mail verified, a phone to add with an SMS code.
  await page.getByRole('button', { name: w.menu }).click();
  await page.getByRole('dialog').getByRole('button', { name: w.logout, exact: true }).click();
  const email = `lan.${lang}@example.com`;
  const mailed = await mailCount(email);
  const signUp = await page.request.post(ACCOUNT_PATHS.registerAccount, {
    data: { phone_number: email, password: 'vivu2026', re_password: 'vivu2026', fullname: 'Trần Thị Lan', lang },
  });
  if (!signUp.ok()) throw new Error(`sign-up: ${await signUp.text()}`);
  const { data: signedUp } = (await signUp.json()) as { data: { id: number } };
  const verified = await page.request.post(ACCOUNT_PATHS.verifyAccount, {
    data: { user_id: signedUp.id, code_verify: await waitForMailedOtp(email, mailed) },
  });
  if (!verified.ok()) throw new Error(`verify: ${await verified.text()}`);
  await page.getByRole('button', { name: w.menu }).click();
  await page.getByRole('dialog').getByRole('button', { name: w.login, exact: true }).click();
  const emailLogin = page.getByRole('dialog', { name: w.login });
  await emailLogin.getByRole('textbox').first().fill(email);
  await emailLogin.getByLabel(w.password, { exact: true }).fill('vivu2026');
  await emailLogin.getByRole('button', { name: w.login, exact: true }).click();
  await expect(emailLogin).toBeHidden();
  await page.goto(pathFor('account', lang));
  const addPhone = page.getByRole('region', { name: w.addPhone });
  await expect(addPhone).toBeVisible();
  await shot(page, 'account-email', lang);
  const newPhone = lang === 'vi' ? '0987654321' : '0987654322';
  await addPhone.getByLabel(w.staffPhone, { exact: true }).fill(newPhone.slice(1));
  const texted = await smsCount(newPhone);
  await addPhone.getByRole('button', { name: w.sendCode }).click();
  await waitForOtp(newPhone, texted);
  await expect(addPhone.locator('.otp-box').first()).toBeFocused();
  await addPhone.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${OUT}account-phone-code-${lang}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  account-phone-code-${lang}.png`);

  // The partner console of the partner the ticket went to, with the ticket in its list.
  await page.goto(pathFor('partner-console', lang));
  await page.getByLabel(w.staffPhone, { exact: true }).fill(staffPhone);
  await page.getByLabel(w.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: w.login, exact: true }).click();
  await expect(page.getByText(partner, { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  // The ticket was accepted and has its driver: it is in the second tab, the trips to serve.
  await page.getByRole('tab').nth(1).click();
  await expect(page.getByText(code).first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'partner-console', lang);
  // The Fleet tab: the partner's drivers and cars, then the form that adds a car.
  await page.getByRole('tab', { name: lang === 'vi' ? 'Đội xe' : 'Fleet' }).click();
  await expect(page.locator('.partner-fleet-item').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'partner-fleet', lang);
  await page.getByRole('button', { name: lang === 'vi' ? 'Thêm xe' : 'Add a car' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}partner-fleet-car-${lang}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  partner-fleet-car-${lang}.png`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The car form closed (it covers the tabs), then the owner's Fares tab: the partner's airport fares first.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('tab', { name: lang === 'vi' ? 'Giá cước' : 'Fares' }).click();
  await expect(page.locator('.partner-fare').first()).toBeVisible({ timeout: 15_000 });
  await shot(page, 'partner-fares', lang);
  // The form that adds a distance fare, opened under its section.
  const addDistance = lang === 'vi' ? 'Thêm giá theo km' : 'Add a distance fare';
  await page.getByText(addDistance, { exact: true }).click();
  const distanceForm = page.getByRole('form', { name: addDistance, exact: true });
  await expect(distanceForm).toBeVisible();
  await distanceForm.scrollIntoViewIfNeeded();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}partner-fares-add-${lang}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  partner-fares-add-${lang}.png`);

  // The driver's trip screen, opened from the link the server texted to the driver.
  await expect.poll(() => driverTripPath(driver.phone, code).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.goto(driverTripPath(driver.phone, code));
  await expect(page.getByRole('heading', { level: 1, name: lang === 'vi' ? `Chuyến ${code}` : `Trip ${code}` })).toBeVisible();
  await shot(page, 'driver-trip', lang);
  await driverOnMap(page, lang, ticketPath, driverTripPath(driver.phone, code), code);
  return staffPhone;
}

/** A plain land-coloured tile for every tile the map asks for: the screens need no network. */
const TILE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48e4lAAWBAsCDGNCEAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * The driver sets off and shares a position a few kilometres from the pick-up; the passenger's ticket page shows the
 * distance and the map (MAP_TILE_URL of this server, answered here), on the phone and on a desktop.
 */
async function driverOnMap(page: Page, lang: Lang, ticketPath: string, driverPath: string, code: string) {
  const token = driverPath.slice(driverPath.lastIndexOf('/') + 1);
  expect((await page.request.post(DRIVER_PATHS.move, { data: { token, to: 'trip_started' } })).ok()).toBe(true);
  const shared = await page.request.post(DRIVER_PATHS.position, {
    data: { token, lat: 21.1852, lng: 105.8226, accuracy: 12 },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  await page.route(/\/screens-tiles\/\d+\/\d+\/\d+\.png$/, (route: Route) =>
    route.fulfill({ contentType: 'image/png', body: TILE_PNG }),
  );
  await page.goto(ticketPath);
  const ticket = page.getByRole('dialog', { name: lang === 'vi' ? `Vé ${code}` : `Ticket ${code}` });
  const map = ticket.locator('.driver-map');
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  for (const [name, size] of [
    ['ticket-map', { width: WIDTH, height: HEIGHT }],
    ['ticket-map-desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await ticket.locator('.trip-progress').scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}${name}-${lang}.png`, animations: 'disabled', caret: 'hide' });
    console.info(`  ${name}-${lang}.png`);
  }
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
}

/**
 * The partner console on a desktop (1280 x 800), where an owner runs the company: each tab the owner has, signed in as
 * the owner of the partner that served the journey's ticket. Written as partner-desk-<tab>-<lang>.png.
 */
async function consoleOnDesktop(browser: Browser, origin: string, lang: Lang, staffPhone: string): Promise<void> {
  const w = WORDS[lang];
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: lang === 'vi' ? 'vi-VN' : 'en-US',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
  await page.goto(pathFor('partner-console', lang));
  await page.getByLabel(w.staffPhone, { exact: true }).fill(staffPhone);
  await page.getByLabel(w.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: w.login, exact: true }).click();
  await expect(page.getByRole('tab').first()).toBeVisible();
  const tabs: Array<[string, string, string]> = [
    ['tickets', lang === 'vi' ? 'Phục vụ' : 'To serve', '.partner-ticket, .partner-empty, [role="tabpanel"]'],
    ['fleet', lang === 'vi' ? 'Đội xe' : 'Fleet', '.partner-fleet-item'],
    ['fares', lang === 'vi' ? 'Giá cước' : 'Fares', '.partner-fare'],
    ['statements', lang === 'vi' ? 'Đối soát' : 'Statements', '[role="tabpanel"] table, [role="tabpanel"] p'],
    ['staff', lang === 'vi' ? 'Nhân viên' : 'Staff', '[role="tabpanel"] li, [role="tabpanel"] table'],
  ];
  for (const [name, label, ready] of tabs) {
    await page.getByRole('tab', { name: label, exact: true }).click();
    await expect(page.locator(ready).first()).toBeVisible();
    await shot(page, `partner-desk-${name}`, lang);
    if (name === 'fares') {
      // The distance fares' cards with their per-km bands, under the sticky tabs.
      const heading = page.getByRole('heading', { name: lang === 'vi' ? 'Giá theo km' : 'Fares by distance', exact: true });
      await heading.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 120));
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${OUT}partner-desk-fares-bands-${lang}.png`, animations: 'disabled', caret: 'hide' });
      console.info(`  partner-desk-fares-bands-${lang}.png`);
    }
  }
  await context.close();
}

/** A ride paid by VietQR transfer, waiting for the money: the payment page (the code, then its buttons and the apps). */
async function vietQrStep(page: Page, lang: Lang, phone: string): Promise<void> {
  const t = TEXT[lang];
  await page.goto(t.home);
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await page.getByLabel(lang === 'vi' ? /Chuyển khoản ngân hàng \(VietQR\)/ : /Bank transfer \(VietQR\)/).check();
  await submitBilling(page, t);
  const code = page.getByRole('img', { name: lang === 'vi' ? /Mã VietQR/ : /VietQR code/ });
  await expect(code).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: lang === 'vi' ? 'Lưu ảnh mã QR' : 'Save QR image' })).toBeVisible();
  await shot(page, 'vietqr-waiting', lang);
  // Scrolled to the code's buttons: saving the picture, the bank apps, the account to copy.
  await page
    .getByRole('button', { name: lang === 'vi' ? 'Lưu ảnh mã QR' : 'Save QR image' })
    .evaluate((button) => button.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}vietqr-apps-${lang}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  vietqr-apps-${lang}.png`);
  // The ticket's page meanwhile: only the payment code, and its payment line waits for the transfer.
  const ticketCode = new URL(page.url()).searchParams.get('code') ?? '';
  await page.goto(`${pathFor('ticket-detail', lang, { code: ticketCode, phone: `0${phone}` })}`);
  await expect(
    page.getByRole('heading', { level: 2, name: lang === 'vi' ? 'Chuyển khoản bằng VietQR' : 'Pay by bank transfer (VietQR)' }),
  ).toBeVisible();
  await shot(page, 'vietqr-ticket', lang);
}

mkdirSync(OUT, { recursive: true });
const port = Number(process.env.SCREENS_PORT) || (await freePort());
// It is late evening in Vietnam for part of the day: the night-booking flow is turned off so the usual journey shows.
// The server's outbox (the SMS and e-mail it "sent") is read for the e-mail account's codes.
const dataDir = mkdtempSync(join(tmpdir(), 'vivu-screens-'));
const DESK_OPERATOR_TOKEN = 'screens-operator-token';
process.env.VIVU_E2E_DATA_DIR = dataDir;
const server = await startOwnServer(port, {
  DATA_DIR: dataDir,
  // The desk's first admins are made by the operator call, as on a server that holds its data folder.
  OPERATOR_API_TOKEN: DESK_OPERATOR_TOKEN,
  // The passenger's map of the driver on the way; driverOnMap answers its tiles (another origin: the CSP names it).
  MAP_TILE_URL: `http://localhost:${port}/screens-tiles/{z}/{x}/{y}.png`,
  SETTINGS_OVERRIDES: JSON.stringify({
    night_booking_start: '00:00',
    night_booking_end: '00:00',
    // A receiving account, so that bank transfer (VietQR) is offered.
    vietqr_bank_bin: '970436',
    vietqr_account_number: '0011001234567',
    vietqr_account_name: 'CONG TY TNHH VIVU',
  }),
});
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const [index, lang] of (['vi', 'en'] as const).entries()) {
    console.info(`${lang}:`);
    const context = await browser.newContext({
      baseURL: server.origin,
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: lang === 'vi' ? 'vi-VN' : 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    const owner = await journey(page, lang, `91200099${index}`);
    await vietQrStep(page, lang, `91200098${index}`);
    await context.close();
    await consoleOnDesktop(browser, server.origin, lang, owner);
    await deskScreens(browser, server.origin, lang, OUT, DESK_OPERATOR_TOKEN);
  }
} finally {
  await browser.close();
  await server.stop();
}
