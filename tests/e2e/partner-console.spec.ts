// The transport partners' console on a phone: a passenger books a cash ride; in the same browser context
// the partner that received it logs in, accepts it and assigns a driver and car; the passenger's ticket then shows
// the driver. In English: a move the state machine does not allow is never offered, and another partner's staff do
// not see the ticket. In Vietnamese, each ticket says whether it is paid (cash to the driver, business
// credit, paid, awaiting an online payment, or not paid: declined, abandoned, expired).
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Lang } from '../../src/shared/domain/route-table';
import { bookingBody } from '../../scripts/booking-body.mjs';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { PLACES } from '../api/helpers/places';
import { expect, test } from './fixtures';
import { TEXT } from './journey';
import { startOwnServer, type OwnServer } from './own-server';
import { E2E_PORT } from './ports';
import { bookCashRide, watchedPage } from './supply';

const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner in partner id order (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

interface Staff {
  phone: string;
  partnerId: number;
  partnerName: string;
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
  const desk = await watchedPage(page, errors);
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
  // Shown in national format, called with the digits.
  await expect(incoming.getByRole('link', { name: '0912 000 701', exact: true })).toHaveAttribute(
    'href',
    `tel:0${passengerPhone}`,
  );
  await expect(incoming.getByText('Khách trả tiền mặt cho tài xế', { exact: true })).toBeVisible();
  await expect(incoming.getByRole('button', { name: 'Phân công tài xế' })).toHaveCount(0);
  await incoming.getByRole('button', { name: 'Nhận chuyến' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `Đã nhận vé ${code}` })).toBeVisible();
  await expect(incoming).toBeHidden();

  // To serve: accepted, a driver and a car to assign before the driver sets off.
  await desk.getByRole('tab', { name: 'Phục vụ' }).click();
  const card = desk.getByRole('article', { name: code });
  await expect(card.getByText('Đã nhận', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Tài xế lên đường' })).toBeDisabled();
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
  await expect(card.getByRole('button', { name: 'Tài xế lên đường' })).toBeEnabled();

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
  const desk = await watchedPage(page, errors);
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
  await expect(card.getByText('Passenger pays the driver in cash', { exact: true })).toBeVisible();
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
  // Accepted: no completion, no arriving before setting off; setting off waits for a driver.
  await expect(card.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveText(['Assign driver', 'Driver on the way', 'Pick-up failed']);
  await expect(card.getByRole('button', { name: 'Driver on the way' })).toBeDisabled();
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

test.describe('whether each ticket is paid', () => {
  // A payment window of one minute (the setting payment_window_minutes), on a server of its own whose clock the test
  // moves past it (tests/e2e/serve.mjs), so that a payment runs out within the test; its mail outbox gives the
  // business partner's login.
  const PORT = E2E_PORT + 6;
  const dataDir = mkdtempSync(join(tmpdir(), 'vivu-e2e-paid-'));
  const WINDOW_MS = 60_000;
  const LINES = {
    vi: {
      path: '/doi-tac/bang-dieu-khien',
      labels: { phone: 'Số điện thoại', password: 'Mật khẩu', submit: 'Đăng nhập' },
      all: 'Tất cả',
      label: 'Tình trạng thanh toán',
      cash: 'Khách trả tiền mặt cho tài xế',
      credit: 'Đã thanh toán bằng tín dụng doanh nghiệp',
      paid: 'Đã thanh toán',
      awaiting: 'Đang chờ thanh toán trực tuyến',
      declined: 'Chưa thanh toán: giao dịch bị từ chối',
      abandoned: 'Chưa thanh toán: khách đã bỏ dở thanh toán',
      expired: 'Chưa thanh toán: hết thời gian thanh toán',
    },
    en: {
      path: '/en/partner/console',
      labels: { phone: 'Phone number', password: 'Password', submit: 'Log in' },
      all: 'All',
      label: 'Payment status',
      cash: 'Passenger pays the driver in cash',
      credit: 'Paid from business credit',
      paid: 'Paid',
      awaiting: 'Awaiting online payment',
      declined: 'Not paid: the payment was declined',
      abandoned: 'Not paid: the passenger abandoned the payment',
      expired: 'Not paid: the payment time ran out',
    },
  } as const;
  /** Each line's style: paid, not paid yet, not paid. */
  const TONE = {
    cash: 'unpaid',
    credit: 'paid',
    paid: 'paid',
    awaiting: 'unpaid',
    declined: 'not-paid',
    abandoned: 'not-paid',
    expired: 'not-paid',
  } as const;
  type Line = keyof typeof TONE;
  type Booked = { code: string; key: string };

  let server: OwnServer;
  let api: APIRequestContext;
  let item: Parameters<typeof bookingBody>[0];
  let staffPhone = '';
  const codes: Partial<Record<Line, string>> = {};
  let serial = 0;

  async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: T }).data;
  }

  const depart = `14:00 ${formatVnDate(Date.now() + 2 * 24 * 3600_000)}`;
  const trip = {
    pick: { address: PLACES.han.formatted_address, address_component: PLACES.han },
    drop: { address: PLACES.hoanKiem.formatted_address, address_component: PLACES.hoanKiem },
    depart,
  };

  /** An airport ride of the chosen partner booked through the API, as the billing form books it. */
  async function book(payMethod: number, extra: Record<string, unknown> = {}): Promise<Booked> {
    serial += 1;
    const phone = `91200095${serial}`;
    const response = await api.post('/api/passenger/create_ticket', {
      data: {
        ...bookingBody(item, trip, {
          fullname: 'Nguyễn Văn An',
          phone,
          email: `an${serial}@example.com`,
          payMethod,
          session: `paid-${Date.now()}-${serial}`,
        }),
        ...extra,
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    const body = (await response.json()) as { ticket_code: string; data: { ticket_key: string } };
    return { code: body.ticket_code, key: body.data.ticket_key };
  }

  /** Starts a card payment of the ticket: the sandbox gateway's page. */
  async function startPayment(ticket: Booked): Promise<URL> {
    const started = await data<{ payment_url: string }>(
      await api.post('/api/payment/pay_online_request', {
        headers: { 'X-Ticket-Key': ticket.key },
        data: { ticket_code: ticket.code, pay_method: 8, url_return: '/dat-xe-thanh-cong' },
      }),
    );
    return new URL(started.payment_url);
  }

  /** The passenger's choice on the gateway's page; the browser's return then tells the server (an abandon). */
  async function atGateway(page: URL, choice: 'pay' | 'decline' | 'abandon', ticket?: Booked) {
    const form = { ...Object.fromEntries(page.searchParams), choice, card_number: '4111 1111 1111 1111' };
    const sent = await api.post('/api/payment/sandbox/pay', { form, maxRedirects: 0 });
    expect(sent.status()).toBe(303);
    if (!ticket) return;
    const back = new URL(sent.headers().location ?? '', server.origin);
    const query = new URLSearchParams([...back.searchParams].filter(([name]) => name.startsWith('sb_')));
    query.set('ticket_code', ticket.code);
    await data(
      await api.get(`/api/payment/pay_online_response?${query.toString()}`, { headers: { 'X-Ticket-Key': ticket.key } }),
    );
  }

  /** A business partner (lead form, login from the mail outbox) whose credit is topped up through the sandbox. */
  async function fundedBusiness(): Promise<string> {
    const email = `ketoan.${Date.now()}@congty.vn`;
    await data(
      await api.post('/api/home/create_lead_contact_agent', {
        data: {
          type: 'business',
          fullname: 'Trần Thị Bình',
          phone: '0912345678',
          email,
          company_name: 'Công ty Sen',
          lang: 'vi',
        },
      }),
    );
    let password = '';
    for (let tries = 0; !password && tries < 50; tries += 1) {
      const mails = await readFile(join(dataDir, 'outbox', 'mail.jsonl'), 'utf8').catch(() => '');
      const mail = mails
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .find((line) => line.to === email);
      password = (mail && /(?:Mật khẩu|Password): (\S+)/.exec(mail.text)?.[1]) || '';
      if (!password) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(password, `the login e-mail to ${email}`).not.toBe('');
    const { token } = await data<{ token: string }>(await api.post('/api/business/login', { data: { email, password } }));
    const topUp = await data<{ payment_url: string }>(
      await api.post('/api/business/top_up_credit', { data: { token, amount: 2_000_000, lang: 'vi' } }),
    );
    await atGateway(new URL(topUp.payment_url), 'pay');
    return token;
  }

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startOwnServer(
      PORT,
      {
        DATA_DIR: dataDir,
        LEAD_FORM_LIMIT: '100',
        TICKET_LOOKUP_LIMIT: '1000',
        SETTINGS_OVERRIDES: JSON.stringify({
          payment_window_minutes: WINDOW_MS / 60_000,
          vanguard_max_per_ip: 1000,
          night_booking_start: '00:00',
          night_booking_end: '00:00',
        }),
      },
      { testClock: true },
    );
    api = await playwright.request.newContext({ baseURL: server.origin });
    const query = new URLSearchParams({
      depart_time: depart,
      pick_address: trip.pick.address,
      pick_address_component: JSON.stringify(PLACES.han),
      drop_address: trip.drop.address,
      drop_address_component: JSON.stringify(PLACES.hoanKiem),
      ride_method_id: '1',
    });
    const list = await data<{ items: Array<typeof item & { hide?: boolean; partner: { name: string } }> }>(
      await api.get(`/api/passenger/get_price_list?${query.toString()}`),
    );
    const found = list.items.find((candidate) => !candidate.hide && candidate.partner.name === 'Vivu Airport Express');
    if (!found) throw new Error('no Vivu Airport Express option');
    item = found;
    for (const phone of STAFF_PHONES) {
      const login = await api.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
      if (!login.ok()) continue;
      const session = ((await login.json()) as { data: { token: string; staff: { partner_id: number } } }).data;
      await api.post('/api/agent/logout', { headers: { authorization: `Bearer ${session.token}` } });
      if (session.staff.partner_id === item.partner.id) staffPhone = phone;
    }
    expect(staffPhone, 'the demo owner of Vivu Airport Express').not.toBe('');

    // First the payment whose window is to run out: the passenger left the gateway's page open.
    const lapsing = await book(8);
    const lapsedAt = Date.now();
    await startPayment(lapsing);
    codes.expired = lapsing.code;
    codes.cash = (await book(3)).code;
    codes.credit = (await book(3, { business_token: await fundedBusiness() })).code;
    const paid = await book(8);
    await atGateway(await startPayment(paid), 'pay');
    codes.paid = paid.code;
    const declined = await book(8);
    await atGateway(await startPayment(declined), 'decline');
    codes.declined = declined.code;
    const abandoned = await book(8);
    await atGateway(await startPayment(abandoned), 'abandon', abandoned);
    codes.abandoned = abandoned.code;
    // The server's clock moves on to where waiting out the window would have left it.
    await server.advanceClock(Math.max(0, lapsedAt + WINDOW_MS + 2000 - Date.now()));
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
  });
  test.use({ baseURL: `http://127.0.0.1:${PORT}` });

  // Walked in one language: the other language's screens are the same components with the other locale's words
  // (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
  // to the next to keep both walked.
  for (const lang of ['vi'] as Lang[]) {
    test(`${lang}: every ticket card says whether it is paid, and why not`, async ({ page }) => {
      const l = LINES[lang];
      // A payment within its window, started now.
      const waiting = await book(8);
      await startPayment(waiting);
      const all: Partial<Record<Line, string>> = { ...codes, awaiting: waiting.code };

      await logIn(page, l.path, l.labels, staffPhone);
      await page.getByRole('tab', { name: l.all, exact: true }).click();
      for (const line of Object.keys(TONE) as Line[]) {
        const card = page.getByRole('article', { name: all[line] ?? '' });
        const shown = card.getByText(l[line], { exact: true });
        await expect(shown, `${line} on ${all[line]}`).toBeVisible();
        await expect(shown).toHaveClass(new RegExp(`partner-payment ${TONE[line]}$`));
        await expect(card.getByRole('term').filter({ hasText: l.label })).toBeVisible();
      }
      await page.screenshot({ path: `test-results/partner-payment-${lang}.png`, fullPage: true });
    });
  }
});
