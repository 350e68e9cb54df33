// Steps of the supply side shared by the partner specs and the walk from nothing (supply-walk.spec.ts): a transport
// company's application and its approval with the operator token, the set-password link from the outbox, the
// console's login and staff, a driver and a car in the Fleet tab, a passenger's cash booking, the driver's trip link
// and moves, and the month's statement whose CSV adds up.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { JOIN_PATHS } from '../../src/shared/contract/partner-join';
import { DRIVER_PATHS } from '../../src/shared/contract/partner-driver';
import { LEAD_PATHS } from '../../src/shared/contract/leads';
import { formatVnd } from '../../src/shared/domain/money';
import { pathFor } from '../../src/shared/domain/route-table';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { PLACES } from '../api/helpers/places';
import { expect } from './fixtures';
import { chooseOption, fillBilling, searchAirportRide, submitBilling, type Text } from './journey';
import { waitForSms } from './outbox';

/**
 * The price list's query for tomorrow at 14:00 from Nội Bài to Hoàn Kiếm, privately: the ride journey.ts searches,
 * asked of the API directly.
 */
export function airportRideQuery(): string {
  return new URLSearchParams({
    depart_time: `14:00 ${formatVnDate(Date.now() + 24 * 60 * 60 * 1000)}`,
    pick_address: PLACES.han.formatted_address,
    pick_address_component: JSON.stringify(PLACES.han),
    drop_address: PLACES.hoanKiem.formatted_address,
    drop_address_component: JSON.stringify(PLACES.hoanKiem),
    ride_method_id: '1',
  }).toString();
}

export type Lang = 'vi' | 'en';

/** The console's login form and heading. */
export const CONSOLE = {
  vi: {
    path: '/doi-tac/bang-dieu-khien',
    phone: 'Số điện thoại',
    password: 'Mật khẩu',
    submit: 'Đăng nhập',
    heading: 'Bảng điều khiển đối tác',
    logout: 'Đăng xuất',
    loginHeading: 'Đăng nhập bảng điều khiển',
  },
  en: {
    path: '/en/partner/console',
    phone: 'Phone number',
    password: 'Password',
    submit: 'Log in',
    heading: 'Partner console',
    logout: 'Log out',
    loginHeading: 'Partner console login',
  },
} as const;

export async function consoleLogIn(desk: Page, lang: Lang, phone: string, password: string) {
  const l = CONSOLE[lang];
  await desk.goto(l.path);
  await desk.getByLabel(l.phone, { exact: true }).fill(phone);
  await desk.getByLabel(l.password, { exact: true }).fill(password);
  await desk.getByRole('button', { name: l.submit, exact: true }).click();
}

export async function consoleLogOut(desk: Page, lang: Lang) {
  await desk.getByRole('button', { name: CONSOLE[lang].logout }).click();
  await expect(desk.getByRole('heading', { level: 1, name: CONSOLE[lang].loginHeading })).toBeVisible();
}

/**
 * A second page of the same context, failing the test on its console errors as the fixture does for the first
 * (`errors` is checked by the test): a 4xx answer of an API call is an answer the page shows, not an error.
 */
export async function watchedPage(page: Page, errors: string[]): Promise<Page> {
  const other = await page.context().newPage();
  const refused = new Set<string>();
  other.on('response', (response) => {
    if (response.status() >= 400 && response.status() < 500 && new URL(response.url()).pathname.startsWith('/api/')) {
      refused.add(response.url());
    }
  });
  other.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/status of 4\d\d/.test(message.text()) && refused.has(message.location().url)) return;
    errors.push(message.text());
  });
  other.on('pageerror', (error) => errors.push(error.message));
  return other;
}

/** The "become a partner" form, the set-password page and the Staff tab. */
export const JOIN = {
  vi: {
    transport: /Đối tác vận chuyển/,
    company: 'Tên doanh nghiệp / nhà xe *',
    fullname: 'Họ tên người liên hệ *',
    phone: 'Số điện thoại *',
    email: 'E-mail *',
    taxCode: 'Mã số thuế *',
    fleet: 'Số xe hiện có *',
    province: 'Hà Nội',
    submit: 'Gửi đăng ký',
    thanks: (company: string) => `Đã nhận đăng ký của ${company}`,
    setTitle: 'Đặt mật khẩu bảng điều khiển đối tác',
    password: 'Mật khẩu mới',
    rePassword: 'Nhập lại mật khẩu mới',
    setSubmit: 'Đặt mật khẩu và đăng nhập',
    staffTab: 'Nhân viên',
    name: 'Họ tên',
    staffPhone: 'Số điện thoại',
    role: 'Vai trò',
    add: 'Thêm nhân viên',
  },
  en: {
    transport: /Transport partner/,
    company: 'Company name *',
    fullname: 'Contact person *',
    phone: 'Phone number *',
    email: 'E-mail *',
    taxCode: 'Tax code *',
    fleet: 'Cars in your fleet *',
    province: 'Hanoi',
    submit: 'Send registration',
    thanks: (company: string) => `Registration received: ${company}`,
    setTitle: 'Set your partner console password',
    password: 'New password',
    rePassword: 'New password again',
    setSubmit: 'Set password and sign in',
    staffTab: 'Staff',
    name: 'Name',
    staffPhone: 'Phone',
    role: 'Role',
    add: 'Add a staff member',
  },
} as const;

export interface Application {
  company: string;
  fullname: string;
  /** National digits without the leading 0, as typed. */
  phone: string;
  email: string;
}

/** Opens the transport application and fills every field but the provinces. */
export async function fillApplication(page: Page, lang: Lang, application: Application) {
  const t = JOIN[lang];
  await page.goto(`${pathFor('become-partner', lang)}?type=transport`);
  await expect(page.getByRole('radio', { name: t.transport })).toBeChecked();
  await page.getByRole('textbox', { name: t.company }).fill(application.company);
  await page.getByRole('textbox', { name: t.fullname }).fill(application.fullname);
  await page.getByRole('textbox', { name: t.phone }).fill(application.phone);
  await page.getByRole('textbox', { name: t.email }).fill(application.email);
  await page.getByRole('textbox', { name: t.taxCode }).fill('0101234567');
  await page.getByRole('textbox', { name: t.fleet }).fill('12');
}

/** Ticks Hanoi among the provinces served, sends the application and answers its lead id. */
export async function sendApplication(page: Page, lang: Lang, company: string): Promise<number> {
  const t = JOIN[lang];
  await page.getByRole('checkbox', { name: t.province, exact: true }).check();
  const sent = page.waitForResponse((res) => res.url().endsWith(LEAD_PATHS.leadContact) && res.status() === 200);
  await page.getByRole('button', { name: t.submit }).click();
  const leadId = ((await (await sent).json()) as { data: { id: number } }).data.id;
  await expect(page.getByRole('heading', { level: 2, name: t.thanks(company) })).toBeVisible();
  return leadId;
}

/** The operator approves the application with the e2e server's operator token (playwright.config.ts). */
export async function approveApplication(request: APIRequestContext, leadId: number) {
  const approved = await request.post(JOIN_PATHS.approve, {
    headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
    data: { lead_id: leadId },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * Opens the set-password link texted to `phone` (national, with its 0; from `outboxDir`'s outbox when given), sets
 * `password` and lands in the console signed in. Answers the link.
 */
export async function setPasswordFromSms(
  page: Page,
  lang: Lang,
  phone: string,
  password: string,
  outboxDir?: string,
): Promise<URL> {
  const t = JOIN[lang];
  const text = await waitForSms(phone, /#token=/, outboxDir);
  const link = new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text)![1]!);
  expect(link.pathname).toBe(pathFor('partner-set-password', lang));
  await page.goto(`${link.pathname}${link.hash}`);
  await expect(page.getByRole('heading', { level: 1, name: t.setTitle })).toBeVisible();
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByLabel(t.rePassword, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.setSubmit }).click();
  await expect(page.getByRole('heading', { level: 1, name: CONSOLE[lang].heading })).toBeVisible();
  return link;
}

/** The owner adds a staff login from the Staff tab; its list shows them with their role. */
export async function addStaff(desk: Page, lang: Lang, name: string, phone: string, role: 'dispatcher' | 'accountant') {
  const t = JOIN[lang];
  await desk.getByRole('tab', { name: t.staffTab }).click();
  await desk.getByLabel(t.name, { exact: true }).fill(name);
  await desk.getByLabel(t.staffPhone, { exact: true }).fill(phone);
  await desk.getByLabel(t.role, { exact: true }).selectOption(role);
  await desk.getByRole('button', { name: t.add }).click();
  const item = desk.getByRole('listitem').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByRole('combobox')).toHaveValue(role);
}

/** The Fleet tab's dialogs. */
export const FLEET = {
  vi: {
    tab: 'Đội xe',
    addDriver: 'Thêm tài xế',
    addCar: 'Thêm xe',
    name: 'Họ và tên',
    phone: 'Số điện thoại',
    licence: 'Số giấy phép lái xe',
    expiry: 'Ngày hết hạn giấy phép lái xe',
    plate: 'Biển số',
    carName: 'Hãng và dòng xe',
    carClass: 'Loại xe',
    year: 'Năm sản xuất',
    save: 'Lưu',
    photo: 'Ảnh',
  },
  en: {
    tab: 'Fleet',
    addDriver: 'Add a driver',
    addCar: 'Add a car',
    name: 'Full name',
    phone: 'Phone number',
    licence: 'Driving licence number',
    expiry: 'Driving licence expiry date',
    plate: 'Plate',
    carName: 'Make and model',
    carClass: 'Class',
    year: 'Model year',
    save: 'Save',
    photo: 'Photo',
  },
} as const;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Adds a driver from the open Fleet tab (with an uploaded photo when asked); the list then shows them. */
export async function addDriver(desk: Page, lang: Lang, name: string, phone: string, withPhoto = false) {
  const w = FLEET[lang];
  await desk.getByRole('button', { name: w.addDriver }).click();
  const dialog = desk.getByRole('dialog', { name: w.addDriver });
  await dialog.getByLabel(w.name, { exact: true }).fill(name);
  await dialog.getByLabel(w.phone, { exact: true }).fill(phone);
  await dialog.getByLabel(w.licence, { exact: true }).fill('790300000101');
  await dialog.getByLabel(w.expiry, { exact: true }).fill('2031-05-31');
  if (withPhoto) {
    await dialog.getByLabel(w.photo, { exact: true }).setInputFiles({ name: 'tai-xe.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('img.partner-avatar')).toHaveAttribute('src', /^\/api\/agent\/fleet\/photo\/[0-9a-f]{32}\.png$/);
  }
  await desk.getByRole('button', { name: w.save, exact: true }).click();
  await expect(dialog).toBeHidden();
  const item = desk.locator('.partner-fleet-item', { hasText: name });
  await expect(item).toBeVisible();
  if (withPhoto) await expect(item.locator('img.partner-avatar')).toHaveAttribute('src', /\/api\/agent\/fleet\/photo\//);
}

export interface Car {
  plate: string;
  name: string;
  /** The class's name as the console lists it, or its place in the list. */
  vehicleClass: string | { index: number };
  year: string;
}

/** Opens the Fleet tab's car dialog and fills it; answers the dialog (not yet saved). */
export async function fillCar(desk: Page, lang: Lang, car: Car): Promise<Locator> {
  const w = FLEET[lang];
  await desk.getByRole('button', { name: w.addCar }).click();
  const dialog = desk.getByRole('dialog', { name: w.addCar });
  await dialog.getByLabel(w.plate, { exact: true }).fill(car.plate);
  await dialog.getByLabel(w.carName, { exact: true }).fill(car.name);
  const vehicleClass = dialog.getByLabel(w.carClass, { exact: true });
  if (typeof car.vehicleClass === 'string') await vehicleClass.selectOption({ label: car.vehicleClass });
  else await vehicleClass.selectOption(car.vehicleClass);
  await dialog.getByLabel(w.year, { exact: true }).fill(car.year);
  return dialog;
}

/** Saves the car dialog; the list then shows the plate. */
export async function saveCar(desk: Page, lang: Lang, dialog: Locator, plate: string) {
  await desk.getByRole('button', { name: FLEET[lang].save, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(desk.locator('.partner-fleet-item', { hasText: plate })).toBeVisible();
}

/**
 * Books an airport ride (Nội Bài to Hoàn Kiếm tomorrow at 14:00) paying cash, with the first private option or
 * `partner`'s, whose card shows its `price` when given; answers its code and the partner it went to.
 */
export async function bookCashRide(
  page: Page,
  t: Text,
  phone: string,
  partner?: { name: string; price?: number },
): Promise<{ code: string; partnerId: number }> {
  await searchAirportRide(page, t);
  if (partner?.price !== undefined) {
    await page.getByLabel(t.rideMethod).selectOption({ label: t.private });
    await expect(page.locator('.price-card').filter({ hasText: partner.name }).first()).toContainText(formatVnd(partner.price));
  }
  await chooseOption(page, t, partner?.name);
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

/** The newest trip link texted to `phone` for ticket `code` (from `outboxDir`'s outbox when given), up to 10 s. */
export async function tripLinkSent(phone: string, code: string, outboxDir?: string): Promise<URL> {
  const link = new RegExp(`^(?=[\\s\\S]*${code})[\\s\\S]*?(https?://\\S+/(?:tai-xe/chuyen|en/driver/trip)/[\\w-]+)`);
  const text = await waitForSms(phone, link, outboxDir);
  return new URL(link.exec(text)![1]!);
}

/**
 * The driver's part of a trip, on the trip screen opened from the link: presses the screen's own next-move button, as
 * it names it, until the screen offers none; after each press `moved` is awaited with the trip state the server
 * answered and the button's words. Answers the words pressed, in order.
 */
export async function driveTrip(phone: Page, moved: (state: string, button: string) => Promise<void>): Promise<string[]> {
  const pressed: string[] = [];
  const next = phone.locator('.driver-actions button.driver-move');
  const done = phone.locator('.driver-actions .driver-done');
  for (;;) {
    await expect(next.or(done)).toBeVisible();
    if (await done.isVisible()) return pressed;
    const words = ((await next.textContent()) ?? '').trim();
    const answer = phone.waitForResponse((res) => res.url().endsWith(DRIVER_PATHS.move) && res.request().method() === 'POST');
    await next.click();
    const response = await answer;
    expect(response.ok(), await response.text()).toBe(true);
    const { data } = (await response.json()) as { data: { trip_state: string } };
    pressed.push(words);
    await moved(data.trip_state, words);
    // The screen moves on to the next button (or the end) before the next press.
    await expect(next.filter({ hasText: words })).toHaveCount(0);
  }
}

/** The Statements tab's words and the CSV's totals row. */
export const STATEMENTS = {
  vi: { tab: 'Đối soát', month: 'Tháng', download: 'Tải CSV', totals: 'Tổng cộng' },
  en: { tab: 'Statements', month: 'Month', download: 'Download CSV', totals: 'Total' },
} as const;

/**
 * In the console signed in with the statements permission: opens `month` (YYYY-MM) in the Statements tab, finds the
 * trip `code` with `commission` as the app shows money, downloads the month's CSV and checks that its rows add up to
 * its totals row, the trip's commission among them, and the console's commission figure is the CSV's total.
 */
export async function statementAddsUp(desk: Page, lang: Lang, month: string, code: string, gross: number, commission: number) {
  const w = STATEMENTS[lang];
  await desk.getByRole('tab', { name: w.tab }).click();
  await desk.getByLabel(w.month, { exact: true }).fill(month);
  const row = desk.locator(`[data-ticket="${code}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator('[data-commission]')).toHaveText(formatVnd(commission));
  await expect(row).toContainText(formatVnd(gross));

  const [download] = await Promise.all([desk.waitForEvent('download'), desk.getByRole('button', { name: w.download }).click()]);
  expect(download.suggestedFilename()).toBe(`vivu-${month}.csv`);
  const bytes = await readFile((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes
    .toString('utf8')
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
  const totals = lines.at(-1) ?? [];
  expect(totals[0]).toBe(w.totals);
  const body = lines.slice(1, -1);
  expect(body.map((line) => line[2])).toContain(code);
  const ours = body.find((line) => line[2] === code) ?? [];
  expect(Number(ours[6])).toBe(commission);
  for (let column = 5; column < 11; column += 1)
    expect(
      body.reduce((sum, line) => sum + Number(line[column]), 0),
      `column ${column}`,
    ).toBe(Number(totals[column]));
  await expect(desk.locator('[data-figure="commission"]')).toHaveText(formatVnd(Number(totals[6])));
}

/** Vivu's commission on a fare: 20 % rounded half up to the đồng (the seeded setting). */
export const commissionOf = (gross: number) => Math.floor((gross * 20 + 50) / 100);
