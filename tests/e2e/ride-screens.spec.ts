// Screens 3 to 7, on a 360-pixel phone in both languages: the billing confirmation lists the trip (route,
// time, vehicle, partner, seats) and the phone in national format, its buttons on one line each; a dialog with
// nothing to press puts the focus on its heading, unframed; the ticket page opens with the status and the driver
// before the QR code, and its cancel button is a secondary one at the bottom that still asks to confirm; the return
// trip form is one surface with fields as wide as it; the payment check shows its status above a smaller countdown;
// the partner console's tabs are whole, one line each, and its status line covers none of the tickets' buttons.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { staffFleetResponseSchema, staffTicketsResponseSchema, PARTNER_PATHS } from '../../src/shared/contract/partners';
import { expect, test } from './fixtures';
import { chooseOption, fillBilling, openAirportPrices, openPaymentPageInAnotherTab, TEXT, type Text } from './journey';

const STAFF_PASSWORD = 'doitac123';
/** The seeded demo owners, one per transport partner (src/server/db/seed-trips.ts). */
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

const SCREENS = {
  vi: {
    confirmTitle: 'Xác nhận đặt xe',
    edit: 'Sửa thông tin',
    route: 'Lộ trình',
    time: 'Thời gian đón',
    vehicle: 'Loại xe',
    partner: 'Nhà xe',
    seats: 'Số hành khách',
    oneSeat: '1 hành khách',
    phone: 'Số điện thoại',
    processing: 'Đang đặt xe',
    ticket: (code: string) => `Vé ${code}`,
    status: 'Trạng thái',
    driver: 'Tài xế',
    assigned: 'Đã phân tài xế',
    call: /Gọi tài xế/,
    qr: (code: string) => `Mã QR của vé ${code}`,
    cancel: 'Hủy chuyến',
    cancelTitle: 'Hủy chuyến này?',
    pick: 'Điểm đón',
    drop: 'Điểm đến',
    returnTime: /Giờ đón chuyến về/,
    checking: 'Đang kiểm tra thanh toán',
    timeLeft: /Bạn còn \d+:\d\d để hoàn tất thanh toán/,
    console: '/doi-tac/bang-dieu-khien',
    login: { phone: 'Số điện thoại', password: 'Mật khẩu', submit: 'Đăng nhập' },
    tabs: [
      'Vé mới',
      'Phục vụ',
      'Đã xong',
      'Tất cả',
      'Đặt xe nhanh',
      'Chuyển khoản',
      'Đội xe',
      'Giá cước',
      'Đối soát',
      'Nhân viên',
    ],
    accept: 'Nhận chuyến',
    accepted: (code: string) => `Đã nhận vé ${code}`,
  },
  en: {
    confirmTitle: 'Confirm your booking',
    edit: 'Edit details',
    route: 'Route',
    time: 'Pick-up time',
    vehicle: 'Vehicle type',
    partner: 'Transport company',
    seats: 'Passengers',
    oneSeat: '1 passenger',
    phone: 'Phone number',
    processing: 'Booking',
    ticket: (code: string) => `Ticket ${code}`,
    status: 'Status',
    driver: 'Driver',
    assigned: 'Driver assigned',
    call: /Call the driver/,
    qr: (code: string) => `QR code of ticket ${code}`,
    cancel: 'Cancel booking',
    cancelTitle: 'Cancel this booking?',
    pick: 'Pick-up',
    drop: 'Drop-off',
    returnTime: /Return pick-up time/,
    checking: 'Checking payment',
    timeLeft: /\d+:\d\d left to complete the payment/,
    console: '/en/partner/console',
    login: { phone: 'Phone number', password: 'Password', submit: 'Log in' },
    tabs: ['Incoming', 'To serve', 'Done', 'All', 'Quick bookings', 'Transfers', 'Fleet', 'Fares', 'Statements', 'Staff'],
    accept: 'Accept',
    accepted: (code: string) => `Ticket ${code} accepted`,
  },
} as const;

/** A session of the demo partner whose console lists the new ticket `code`, and that owner's phone. */
async function partnerOf(request: APIRequestContext, code: string) {
  for (const phone of STAFF_PHONES) {
    const login = await request.post(PARTNER_PATHS.login, { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as { data: { token: string } };
    const auth = { authorization: `Bearer ${data.token}` };
    const list = await request.get(`${PARTNER_PATHS.tickets}?trip_state=driver_pending`, { headers: auth });
    const { items } = staffTicketsResponseSchema.validateSync(await list.json()).data;
    if (items.some((item) => item.ticket_code === code)) return { auth, phone };
    await request.post(PARTNER_PATHS.logout, { headers: auth });
  }
  throw new Error(`no demo partner lists ${code}`);
}

async function acceptAndAssign(request: APIRequestContext, auth: Record<string, string>, code: string) {
  const accepted = await request.post(PARTNER_PATHS.transition, {
    headers: auth,
    data: { ticket_code: code, to: 'not_started' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const fleet = staffFleetResponseSchema.validateSync(
    await (await request.get(PARTNER_PATHS.fleet, { headers: auth })).json(),
  ).data;
  const driver = fleet.drivers[0];
  const car = fleet.cars[0];
  if (!driver || !car) throw new Error('the demo partner has no driver or car');
  const assigned = await request.post(PARTNER_PATHS.assign, {
    headers: auth,
    data: { ticket_code: code, driver_id: driver.id, car_id: car.id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  return driver.fullname;
}

/** The value of the confirmation's row labelled `label`. */
function row(dialog: Locator, label: string) {
  return dialog
    .locator('.details > div')
    .filter({ has: dialog.page().getByText(label, { exact: true }) })
    .locator('dd');
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** True when `first` comes before `second` in the document. */
async function precedes(first: Locator, second: Locator) {
  const other = await second.elementHandle();
  return first.evaluate(
    (element, next) => !!next && !!(element.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING),
    other,
  );
}

async function bookCash(page: Page, t: Text, phone: string) {
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  await fillBilling(page, t, phone);
}

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];
  const s = SCREENS[lang];

  test(`${lang}: the confirmation lists the trip; the ticket page shows status and driver first, cancel last and secondary`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const phone = lang === 'vi' ? '912002001' : '912002002';
    await bookCash(page, t, phone);
    await page.getByRole('button', { name: t.submit, exact: true }).click();

    // Screen 6: the confirmation step.
    const confirm = page.getByRole('dialog', { name: s.confirmTitle });
    await expect(confirm).toBeVisible();
    await expect(row(confirm, s.route)).toHaveText(/Nội Bài.*→.*Hoàn Kiếm|Noi Bai.*→.*Hoan Kiem/);
    await expect(row(confirm, s.time)).toHaveText(/^14:00 \d{1,2}\/\d{1,2}\/\d{4}$/);
    await expect(row(confirm, s.vehicle)).not.toBeEmpty();
    await expect(row(confirm, s.partner)).not.toBeEmpty();
    await expect(row(confirm, s.seats)).toHaveText(s.oneSeat);
    await expect(row(confirm, s.phone)).toHaveText(`0${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
    // The trip comes before the passenger.
    expect(await precedes(row(confirm, s.route), row(confirm, s.phone))).toBe(true);
    // The total is in sight beside the button that books, above it, whatever the rows' scroll.
    const total = confirm.locator('.confirm-total');
    await expect(total).toHaveText(/\d{1,3}(\.\d{3})+đ$/);
    const totalBox = await box(total);
    const bookBox = await box(confirm.getByRole('button', { name: t.confirm, exact: true }));
    expect(totalBox.y + totalBox.height).toBeLessThanOrEqual(bookBox.y);
    expect(totalBox.y).toBeGreaterThanOrEqual(0);
    expect(bookBox.y + bookBox.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
    // Screen 4: each button's label on one line (a 48-pixel button; a wrapped label makes it about 72), inside the dialog.
    const dialogBox = await box(confirm);
    for (const name of [s.edit, t.confirm]) {
      const button = await box(confirm.getByRole('button', { name, exact: true }));
      expect(button.height, name).toBeLessThan(56);
      expect(button.x + button.width, name).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }

    // Screen 4: a dialog with nothing to press (booking in progress) gives its heading the focus, not itself.
    await page.route('**/api/passenger/create_ticket', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await confirm.getByRole('button', { name: t.confirm }).click();
    const processing = page.getByRole('alertdialog', { name: s.processing });
    await expect(processing).toBeVisible();
    await expect(processing.getByRole('heading', { name: s.processing })).toBeFocused();
    expect(await processing.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();

    // Screen 5: the ticket page once a driver is assigned.
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    const ticket = page.getByRole('dialog', { name: s.ticket(code) });
    // The success page may still be settling its own address (it adds the contact): click until the ticket opens.
    await expect(async () => {
      await page.getByRole('link', { name: t.details }).click();
      await expect(ticket).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 15_000 });
    const { auth } = await partnerOf(page.request, code);
    const driverName = await acceptAndAssign(page.request, auth, code);
    const status = ticket.getByRole('region', { name: s.status });
    const driver = ticket.getByRole('region', { name: s.driver });
    const qr = ticket.getByRole('img', { name: s.qr(code) });
    await expect(status).toContainText(s.assigned, { timeout: 15_000 });
    await expect(driver.getByText(driverName, { exact: true })).toBeVisible();
    await expect(driver.getByRole('link', { name: s.call })).toHaveAttribute('href', /^tel:/);
    // The status says when and where the pick-up is.
    await expect(status).toContainText(/14:00 \d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(status).toContainText(/Nội Bài|Noi Bai/);
    // Status, then driver, then the QR code: in the document and on screen.
    expect(await precedes(status, driver)).toBe(true);
    expect(await precedes(driver, qr)).toBe(true);
    const [statusBox, driverBox, qrBox] = [await box(status), await box(driver), await box(qr)];
    expect(statusBox.y + statusBox.height).toBeLessThanOrEqual(driverBox.y);
    expect(driverBox.y + driverBox.height).toBeLessThanOrEqual(qrBox.y);
    // The status and the driver are on the first screen.
    expect(driverBox.y + driverBox.height).toBeLessThanOrEqual(740);

    // Screen 3: the return trip form is one surface, its fields as wide as the form, the route readable in full.
    const form = ticket.locator('.return-trip form');
    await form.scrollIntoViewIfNeeded();
    const formBox = await box(form);
    for (const label of [s.pick, s.drop]) {
      const field = await box(form.getByRole('combobox', { name: label, exact: true }));
      expect(field.width, label).toBeGreaterThanOrEqual(formBox.width - 1);
    }
    expect((await box(form.getByRole('button', { name: s.returnTime }))).width).toBeGreaterThanOrEqual(formBox.width - 1);
    await expect(ticket.locator('.return-trip-route')).toHaveText(/Hoàn Kiếm.*→.*Nội Bài|Hoan Kiem.*→.*Noi Bai/);
    const surface = await ticket
      .getByRole('region', { name: t.returnTitle })
      .evaluate((element) => getComputedStyle(element).borderLeftWidth);
    expect(surface).toBe('0px');

    // The cancel button: last, after the QR code and the return trip form, and not a filled (primary) button.
    const cancel = ticket.getByRole('button', { name: s.cancel, exact: true });
    expect(await precedes(qr, cancel)).toBe(true);
    expect(await precedes(form, cancel)).toBe(true);
    // Its look at rest: the pointer of the last tap may lie where the button now stands (hover tints it).
    await page.mouse.move(0, 0);
    const look = await cancel.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, border: style.borderTopWidth };
    });
    expect(look.background).toBe('rgba(0, 0, 0, 0)');
    expect(look.border).toBe('1px');
    // It still asks before cancelling.
    await cancel.click();
    const ask = page.getByRole('alertdialog', { name: s.cancelTitle });
    await expect(ask).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(ask).toBeHidden();
    await expect(status).toContainText(s.assigned);
  });

  test(`${lang}: while a card payment is checked, its status stands above a smaller countdown`, async ({ page }) => {
    test.setTimeout(60_000);
    await bookCash(page, t, lang === 'vi' ? '912002003' : '912002004');
    await page.getByLabel(t.card).check();
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
    await expect(page).toHaveURL(/\/api\/payment\/sandbox\/pay/);
    const tab = await openPaymentPageInAnotherTab(page);
    await expect(tab.getByRole('heading', { level: 1, name: s.checking })).toBeVisible();
    const statusLine = tab.locator('.status-busy');
    const countdown = tab.getByText(s.timeLeft);
    await expect(countdown).toBeVisible();
    const size = (locator: Locator) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        return { size: parseFloat(style.fontSize), weight: Number(style.fontWeight) };
      });
    const [shown, left] = [await size(statusLine), await size(countdown)];
    expect(shown.size).toBeGreaterThan(left.size);
    expect(shown.weight).toBeGreaterThan(left.weight);
    expect((await box(statusLine)).y).toBeLessThan((await box(countdown)).y);
  });

  test(`${lang}: the partner console's tabs are whole and its status line covers no ticket's buttons`, async ({ page }) => {
    test.setTimeout(90_000);
    await bookCash(page, t, lang === 'vi' ? '912002005' : '912002006');
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.success })).toBeVisible();
    const code = new URL(page.url()).searchParams.get('code') ?? '';
    const { auth, phone } = await partnerOf(page.request, code);
    await page.request.post(PARTNER_PATHS.logout, { headers: auth });

    await page.goto(s.console);
    await page.getByLabel(s.login.phone, { exact: true }).fill(phone);
    await page.getByLabel(s.login.password, { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: s.login.submit, exact: true }).click();
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveText([...s.tabs]);
    // Each label whole, on one line (a 48-pixel tab; two lines would be taller).
    for (const name of s.tabs) expect((await box(tablist.getByRole('tab', { name }))).height, name).toBeLessThan(56);
    // The row scrolls sideways: the last tab, chosen from the keyboard, is brought inside the row.
    await tablist.getByRole('tab', { name: s.tabs[0] }).focus();
    await page.keyboard.press('End');
    const last = tablist.getByRole('tab', { name: s.tabs[s.tabs.length - 1] });
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(last).toBeFocused();
    const rowBox = await box(tablist);
    await expect
      .poll(async () => {
        const tab = await box(last);
        return tab.x >= rowBox.x - 1 && tab.x + tab.width <= rowBox.x + rowBox.width + 1;
      })
      .toBe(true);
    await page.keyboard.press('Home');
    await expect(tablist.getByRole('tab', { name: s.tabs[0] })).toHaveAttribute('aria-selected', 'true');

    // Accepting says so in a status line, read out, that covers none of the buttons on screen.
    const card = page.getByRole('article', { name: code });
    await card.getByRole('button', { name: s.accept }).click();
    const line = page.getByRole('status').filter({ hasText: s.accepted(code) });
    await expect(line).toBeVisible();
    await tablist.getByRole('tab', { name: s.tabs[1] }).click();
    const served = page.getByRole('article', { name: code });
    await expect(served.getByRole('button').first()).toBeVisible();
    await expect(line).toBeVisible();
    // The line and every button measured in one go: the line goes after 6 s and the list moves up into its place, so
    // measuring them one by one could set a button's later place against the line's earlier one.
    const measured = await line.evaluate((status) => {
      const rect = (element: Element) => {
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      };
      const buttons = [...document.querySelectorAll('#partner-panel button')]
        .filter((button) => button.getClientRects().length > 0 && getComputedStyle(button).visibility !== 'hidden')
        .map((button) => ({ name: (button as HTMLElement).innerText, box: rect(button) }));
      return { shown: status.classList.contains('partner-status'), line: rect(status), buttons };
    });
    expect(measured.shown, 'the status line is still shown').toBe(true);
    expect(measured.buttons.length).toBeGreaterThan(0);
    for (const button of measured.buttons) expect(overlaps(measured.line, button.box), button.name).toBe(false);
  });
}
