// The quick bookings in the transport partners' console (spec 2 side menu, handled like a lead), on a phone: a
// passenger's quick booking (sent to save_pending with kind 'quick') is listed to every partner without the
// passenger's contact; the first partner to take it sees the name and phone as a call link, the others see it taken.
// In English: a partner whose take loses to another partner (409) is told so and the list is refreshed.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const STAFF_PASSWORD = 'doitac123';
/** The seeded owners of the first two transport partners (src/server/db/seed-trips.ts). */
const PARTNER_ONE = '0900000001';
const PARTNER_TWO = '0900000002';
const SHOTS = process.env.E2E_SHOTS_DIR;
/** Each test's own pickup, so the two tests never read each other's quick booking. */
const PICKUP = { vi: 'Sân bay quốc tế Tân Sơn Nhất', en: 'Tan Son Nhat International Airport' } as const;

/** "HH:mm d/M/yyyy" in Vietnam time (UTC+7, no daylight saving), `days` from now. */
function vnDepartTime(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())} ${at.getUTCDate()}/${at.getUTCMonth() + 1}/${at.getUTCFullYear()}`;
}

/** A passenger's quick booking through the API; answers its id as partners see it. */
async function sendQuickBooking(request: APIRequestContext, phone: string, lang: 'vi' | 'en'): Promise<number> {
  const saved = await request.post('/api/passenger/save_pending', {
    data: {
      kind: 'quick',
      ticket_session: `qb-e2e-${phone}-${Date.now()}`,
      fullname: 'Phạm Minh Quân',
      phone_code: '84',
      phone,
      pick_address: PICKUP[lang],
      drop_address: 'Chợ Bến Thành, Quận 1',
      depart_time: vnDepartTime(2),
      seats: 3,
      note: 'Có một xe đẩy em bé',
      lang,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // The newest open quick booking with this pickup is ours: read its id through a partner's list (then log out).
  const token = await staffToken(request, PARTNER_ONE);
  const list = await request.get(`/api/agent/quick_bookings?lang=${lang}`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await list.json()) as { data: { items: { id: number; pick_address: string; state: string }[] } };
  await request.post('/api/agent/logout', { headers: { authorization: `Bearer ${token}` } });
  const mine = data.items.find((item) => item.pick_address === PICKUP[lang] && item.state === 'open');
  expect(mine, 'the quick booking in the partner list').toBeDefined();
  return mine?.id ?? 0;
}

async function staffToken(request: APIRequestContext, phone: string): Promise<string> {
  const login = await request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function logIn(page: Page, path: string, labels: { phone: string; password: string; submit: string }, phone: string) {
  await page.goto(path);
  await page.getByLabel(labels.phone, { exact: true }).fill(phone);
  await page.getByLabel(labels.password, { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
}

test('vi: a partner takes a quick booking and sees the phone; another partner sees it taken', async ({ page }) => {
  test.setTimeout(60_000);
  const phone = '0912000741';
  const shown = '0912 000 741';
  const id = await sendQuickBooking(page.request, phone, 'vi');
  const labels = { phone: 'Số điện thoại', password: 'Mật khẩu', submit: 'Đăng nhập' };

  await logIn(page, '/doi-tac/bang-dieu-khien', labels, PARTNER_ONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Bảng điều khiển đối tác' })).toBeVisible();
  await page.getByRole('tab', { name: 'Đặt xe nhanh' }).click();
  await expect(page.getByRole('tab', { name: 'Đặt xe nhanh' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: `Yêu cầu #${id}`, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText('Chưa ai nhận', { exact: true })).toBeVisible();
  await expect(card.getByText('3 khách', { exact: true })).toBeVisible();
  await expect(card.getByText('Có một xe đẩy em bé')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
  await expect(card.getByText(shown)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quick-vi-open.png`, fullPage: true });

  await card.getByRole('button', { name: `Nhận yêu cầu #${id}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Bạn đã nhận yêu cầu #${id}` })).toBeVisible();
  await expect(card.getByText('Bạn đã nhận', { exact: true })).toBeVisible();
  // Shown in national format, called with the digits.
  await expect(card.getByRole('link', { name: `Gọi Phạm Minh Quân: ${shown}` })).toHaveText(shown);
  await expect(card.getByRole('link', { name: `Gọi Phạm Minh Quân: ${shown}` })).toHaveAttribute('href', `tel:${phone}`);
  await expect(card.getByRole('button')).toHaveCount(0);
  if (SHOTS) await card.screenshot({ path: `${SHOTS}/quick-vi-mine.png` });

  // The second partner: taken, no contact, nothing to take.
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await logIn(page, '/doi-tac/bang-dieu-khien', labels, PARTNER_TWO);
  await page.getByRole('tab', { name: 'Đặt xe nhanh' }).click();
  const seen = page.getByRole('article', { name: `Yêu cầu #${id}`, exact: true });
  await expect(seen.getByText('Nhà xe khác đã nhận', { exact: true })).toBeVisible();
  await expect(seen.getByText('Số điện thoại của khách chỉ hiện với nhà xe đã nhận yêu cầu.')).toBeVisible();
  await expect(seen.getByRole('link')).toHaveCount(0);
  await expect(seen.getByRole('button')).toHaveCount(0);
  await expect(seen.getByText(shown)).toHaveCount(0);
  if (SHOTS) await seen.screenshot({ path: `${SHOTS}/quick-vi-taken.png` });
});

test('en: a take lost to another partner says so and refreshes; the winner sees the phone', async ({ page }) => {
  test.setTimeout(60_000);
  const phone = '0912000742';
  const shown = '0912 000 742';
  const id = await sendQuickBooking(page.request, phone, 'en');
  const labels = { phone: 'Phone number', password: 'Password', submit: 'Log in' };

  await logIn(page, '/en/partner/console', labels, PARTNER_TWO);
  await page.getByRole('tab', { name: 'Quick bookings' }).click();
  const card = page.getByRole('article', { name: `Request #${id}`, exact: true });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('3 passengers', { exact: true })).toBeVisible();

  // Partner one takes it first, elsewhere.
  const token = await staffToken(page.request, PARTNER_ONE);
  const taken = await page.request.post('/api/agent/quick_bookings/take', {
    headers: { authorization: `Bearer ${token}` },
    data: { id, lang: 'en' },
  });
  expect(taken.status()).toBe(200);

  await card.getByRole('button', { name: `Take it: request #${id}` }).click();
  await expect(card.getByRole('alert')).toHaveText('Another partner has just taken this request. The list has been refreshed.');
  await expect(card.getByText('Already taken', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(card.getByText(shown)).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/quick-en-lost.png`, fullPage: true });
  await page.request.post('/api/agent/logout', { headers: { authorization: `Bearer ${token}` } });

  // Partner one's console: theirs, with the passenger's name and phone.
  await page.getByRole('button', { name: 'Log out' }).click();
  await logIn(page, '/en/partner/console', labels, PARTNER_ONE);
  await page.getByRole('tab', { name: 'Quick bookings' }).click();
  const mine = page.getByRole('article', { name: `Request #${id}`, exact: true });
  await expect(mine.getByText('Taken by you', { exact: true })).toBeVisible();
  await expect(mine.getByRole('link', { name: `Call Phạm Minh Quân: ${shown}` })).toHaveAttribute('href', `tel:${phone}`);
});
