// The transport partners' console of issue 7 on a phone: a passenger books a cash ride; in the same browser context
// the partner that received it logs in, accepts it and assigns a driver and car; the passenger's ticket then shows
// the driver. In English: a move the state machine does not allow is never offered, and another partner's staff do
// not see the ticket.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEXT, chooseOption, fillBilling, searchAirportRide, submitBilling, type Text } from './journey';

const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner in partner id order (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

interface Staff {
  phone: string;
  partnerId: number;
  partnerName: string;
}

/** Books an airport ride paying cash; returns its code and the partner it went to. */
async function bookCashRide(page: Page, t: Text, phone: string): Promise<{ code: string; partnerId: number }> {
  await searchAirportRide(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
  await submitBilling(page, t);
  await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  expect(code).toMatch(/^VV/);
  const info = await page.request.get(`/api/passenger/get_ticket_info?ticket_code=${code}&phone_number=0${phone}`);
  expect(info.ok()).toBe(true);
  const body = (await info.json()) as { data: { partner_id: number } };
  return { code, partnerId: body.data.partner_id };
}

/** Every demo owner with the partner they work for (each probe session is logged out at once). */
async function demoStaff(request: APIRequestContext): Promise<Staff[]> {
  const found: Staff[] = [];
  for (const phone of STAFF_PHONES) {
    const login = await request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as {
      data: { token: string; staff: { partner_id: number; partner_name: string } };
    };
    found.push({ phone, partnerId: data.staff.partner_id, partnerName: data.staff.partner_name });
    await request.post('/api/agent/logout', { headers: { authorization: `Bearer ${data.token}` } });
  }
  return found;
}

/** A second page of the same context, failing the test on its console errors as the fixture does for the first. */
async function openConsolePage(page: Page, errors: string[]): Promise<Page> {
  const desk = await page.context().newPage();
  const refused = new Set<string>();
  desk.on('response', (response) => {
    if (response.status() >= 400 && response.status() < 500 && new URL(response.url()).pathname.startsWith('/api/')) {
      refused.add(response.url());
    }
  });
  desk.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/status of 4\d\d/.test(message.text()) && refused.has(message.location().url)) return;
    errors.push(message.text());
  });
  desk.on('pageerror', (error) => errors.push(error.message));
  return desk;
}

async function logIn(desk: Page, path: string, labels: { phone: string; password: string; submit: string }, phone: string) {
  await desk.goto(path);
  await desk.getByLabel(labels.phone, { exact: true }).fill(phone);
  await desk.getByLabel(labels.password, { exact: true }).fill(STAFF_PASSWORD);
  await desk.getByRole('button', { name: labels.submit, exact: true }).click();
}

test('vi: the partner accepts a cash ride and assigns a driver; the passenger sees the driver', async ({ page }) => {
  test.setTimeout(90_000);
  const t = TEXT.vi;
  const passengerPhone = '912000701';
  const { code, partnerId } = await bookCashRide(page, t, passengerPhone);
  const staff = (await demoStaff(page.request)).find((item) => item.partnerId === partnerId);
  expect(staff, `a demo owner for partner ${partnerId}`).toBeDefined();

  const errors: string[] = [];
  const desk = await openConsolePage(page, errors);
  await logIn(
    desk,
    '/doi-tac/bang-dieu-khien',
    { phone: 'Số điện thoại', password: 'Mật khẩu', submit: 'Đăng nhập' },
    staff?.phone ?? '',
  );
  await expect(desk.getByRole('heading', { level: 1, name: 'Bảng điều khiển đối tác' })).toBeVisible();
  await expect(desk.getByText(staff?.partnerName ?? '', { exact: true })).toBeVisible();
  await expect(desk.getByRole('tab', { name: 'Vé mới' })).toHaveAttribute('aria-selected', 'true');

  // Incoming: the new ticket with accept and refuse only.
  const incoming = desk.getByRole('article', { name: code });
  await expect(incoming).toBeVisible();
  await expect(incoming.getByText('Vé mới', { exact: true })).toBeVisible();
  await expect(incoming.getByRole('link', { name: `0${passengerPhone}` })).toHaveAttribute('href', `tel:0${passengerPhone}`);
  await expect(incoming.getByRole('button', { name: 'Phân công tài xế' })).toHaveCount(0);
  await incoming.getByRole('button', { name: 'Nhận chuyến' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `Đã nhận vé ${code}` })).toBeVisible();
  await expect(incoming).toBeHidden();

  // To serve: accepted, a driver and a car to assign before arriving.
  await desk.getByRole('tab', { name: 'Phục vụ' }).click();
  const card = desk.getByRole('article', { name: code });
  await expect(card.getByText('Đã nhận', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Đã đến điểm đón' })).toBeDisabled();
  await card.getByRole('button', { name: 'Phân công tài xế' }).click();
  const dialog = desk.getByRole('dialog', { name: `Tài xế cho vé ${code}` });
  const driver = dialog.getByRole('radio').first();
  await expect(driver).toBeVisible();
  const driverName = (await dialog.locator('.partner-driver-option .partner-driver-name').first().textContent()) ?? '';
  expect(driverName).not.toBe('');
  await driver.check();
  const cars = dialog.getByLabel('Xe', { exact: true });
  await cars.selectOption({ index: 1 });
  const plate = ((await cars.locator('option:checked').textContent()) ?? '').split(' · ')[0] ?? '';
  expect(plate).not.toBe('');
  await dialog.getByRole('button', { name: 'Phân công', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(driverName, { exact: true })).toBeVisible();
  await expect(card.getByText(plate, { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Đã đến điểm đón' })).toBeEnabled();

  // The passenger's ticket shows the driver after a reload.
  await page.goto(`/chi-tiet-ma-ve/${code}/0${passengerPhone}`);
  await page.reload();
  const ticket = page.getByRole('dialog', { name: `Vé ${code}` });
  await expect(ticket.getByText(driverName).first()).toBeVisible();
  await expect(ticket.getByText(plate).first()).toBeVisible();
  // Accepted, a cash ride is still paid to the driver: the ticket does not call it paid.
  await expect(ticket.getByText('Trả tiền mặt cho tài xế')).toBeVisible();
  await expect(ticket.getByText('Đã thanh toán', { exact: true })).toHaveCount(0);

  // Logging out ends the staff session: the login form is back.
  await desk.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Đăng nhập bảng điều khiển' })).toBeVisible();
  expect(errors, 'console page errors').toEqual([]);
});

test("en: only legal moves are offered, and another partner's staff do not see the ticket", async ({ page }) => {
  test.setTimeout(90_000);
  const t = TEXT.en;
  const passengerPhone = '912000702';
  const { code, partnerId } = await bookCashRide(page, t, passengerPhone);
  const staff = await demoStaff(page.request);
  const own = staff.find((item) => item.partnerId === partnerId);
  const other = staff.find((item) => item.partnerId !== partnerId);
  expect(own && other, 'demo owners of the ticket partner and of another one').toBeTruthy();
  const labels = { phone: 'Phone number', password: 'Password', submit: 'Log in' };

  const errors: string[] = [];
  const desk = await openConsolePage(page, errors);
  // Another partner: the ticket is in none of its lists.
  await logIn(desk, '/en/partner/console', labels, other?.phone ?? '');
  await expect(desk.getByText(other?.partnerName ?? '', { exact: true })).toBeVisible();
  await desk.getByRole('tab', { name: 'All' }).click();
  const panel = desk.getByRole('tabpanel');
  await expect(panel.locator('.partner-list, .partner-empty')).toBeVisible();
  await expect(desk.getByRole('article', { name: code })).toHaveCount(0);
  await desk.getByRole('button', { name: 'Log out' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Partner console login' })).toBeVisible();

  // The ticket's partner: accept and refuse only while it is new.
  await logIn(desk, '/en/partner/console', labels, own?.phone ?? '');
  const card = desk.getByRole('article', { name: code });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button')).toHaveText(['Accept', 'Refuse']);
  // Another staff session accepts it first: this page's accept is refused (409) and says the ticket changed.
  const otherLogin = await page.request.post('/api/agent/login', {
    data: { phone_number: own?.phone, password: STAFF_PASSWORD },
  });
  const { data: session } = (await otherLogin.json()) as { data: { token: string } };
  const auth = { authorization: `Bearer ${session.token}` };
  const accepted = await page.request.post('/api/agent/transition', {
    headers: auth,
    data: { ticket_code: code, to: 'not_started' },
  });
  expect(accepted.ok()).toBe(true);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${code}: This ticket changed meanwhile` })).toBeVisible();
  await expect(card).toBeHidden();
  // The server refuses a move the table does not have, whoever asks.
  const illegal = await page.request.post('/api/agent/transition', {
    headers: auth,
    data: { ticket_code: code, to: 'trip_completed' },
  });
  expect(illegal.status()).toBe(409);
  await page.request.post('/api/agent/logout', { headers: auth });
  await desk.getByRole('tab', { name: 'To serve' }).click();
  // Accepted: no completion, no pick-up before arriving; arriving waits for a driver.
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveText(['Assign driver', 'Arrived at pick-up', 'Pick-up failed']);
  await expect(card.getByRole('button', { name: 'Arrived at pick-up' })).toBeDisabled();
  await expect(card.getByText('Assign a driver and a car first.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Trip completed' })).toHaveCount(0);

  // A failed pick-up, with its reason, ends the trip: no move is left.
  await card.getByRole('button', { name: 'Pick-up failed' }).click();
  const dialog = desk.getByRole('alertdialog', { name: `Pick-up failed for ${code}?` });
  await dialog.getByLabel('Reason (optional)').fill('Passenger did not come');
  await dialog.getByRole('button', { name: 'Pick-up failed' }).click();
  await expect(dialog).toBeHidden();
  await desk.getByRole('tab', { name: 'Done' }).click();
  await expect(card.getByText('Pick-up failed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);

  await desk.getByRole('button', { name: 'Log out' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Partner console login' })).toBeVisible();
  expect(errors, 'console page errors').toEqual([]);
});
