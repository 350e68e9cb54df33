// The partner's own fares: its owner opens the console's Fares tab, types an airport fare far from the others
// (the console asks to confirm it), then a fare near them and saves; the passenger's price list shows that partner
// at that fare within 10 s. Then the owner adds an hourly package from the form under its section and removes it
// with its own Remove button; in Vietnamese adds and removes a shared route, in English changes a distance fare's
// per-km band. On a server of its own, so no other spec's prices move.
import type { APIRequestContext, Page } from '@playwright/test';
import { formatVnd } from '../../src/shared/domain/money';
import { expect, test } from './fixtures';
import { TEXT, searchAirportRide } from './journey';
import { startOwnServer, type OwnServer } from './own-server';
import { airportRideQuery } from './supply';
import { E2E_PORT } from './ports';

const PORT = E2E_PORT + 8;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PARTNER = 'Vivu Airport Express';
const STAFF_PASSWORD = 'doitac123';
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

let server: OwnServer;
test.use({ baseURL: ORIGIN });
test.beforeAll(async () => {
  // A server's start (migrations, seed) can take longer than a test's 30 s on a busy machine.
  test.setTimeout(150_000);
  server = await startOwnServer(PORT, {});
});
test.afterAll(async () => {
  await server.stop();
});

interface Owner {
  phone: string;
  token: string;
}

/** The demo owner of the partner, signed in through the API (for the facts the test checks against). */
async function ownerOf(request: APIRequestContext): Promise<Owner> {
  for (const phone of STAFF_PHONES) {
    const login = await request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as { data: { token: string; staff: { partner_name: string } } };
    if (data.staff.partner_name === PARTNER) return { phone, token: data.token };
    await request.post('/api/agent/logout', { headers: { authorization: `Bearer ${data.token}` } });
  }
  throw new Error(`no demo owner of ${PARTNER}`);
}

/** The airport fare that prices the partner's private 4-seat option from Nội Bài to Hoàn Kiếm tomorrow at 14:00. */
async function tripFare(request: APIRequestContext, owner: Owner) {
  const list = (await (await request.get(`/api/passenger/get_price_list?${airportRideQuery()}`)).json()) as {
    data: { items: Array<{ partner: { name: string }; vehicle_id: number; chunk_id: number; hide: boolean }> };
  };
  const option = list.data.items.find((item) => item.partner.name === PARTNER && item.vehicle_id === 1 && !item.hide);
  expect(option?.chunk_id ?? 0).toBeGreaterThan(0);
  const fares = (await (
    await request.get('/api/agent/fares', { headers: { authorization: `Bearer ${owner.token}` } })
  ).json()) as { data: { airport: Array<{ id: number; zone: string; price: number; vehicle_vi: string; vehicle_en: string }> } };
  const fare = fares.data.airport.find((item) => item.id === option?.chunk_id);
  if (!fare) throw new Error('the option is not priced by an airport fare of the partner');
  return fare;
}

const LABELS = {
  vi: {
    console: '/doi-tac/bang-dieu-khien',
    phone: 'Số điện thoại',
    password: 'Mật khẩu',
    submit: 'Đăng nhập',
    tab: 'Giá cước',
    price: 'Giá (đ)',
    save: 'Lưu',
    confirm: 'Xác nhận và lưu',
    confirmText: /khác xa các giá cùng loại/,
    saved: 'Đã lưu giá cước.',
    private: 'Riêng',
    addHourly: 'Thêm gói theo giờ',
    vehicle: 'Loại xe',
    hours: 'Số giờ',
    kmLimit: 'Giới hạn km',
    extraHour: 'Thêm mỗi giờ (đ)',
    extraKm: 'Thêm mỗi km (đ)',
    add: 'Thêm',
    added: 'Đã thêm giá.',
    remove: 'Xoá',
    removed: 'Đã xoá giá.',
    packageOf: (vehicle: string, hours: number) => `${vehicle} · ${hours} giờ`,
    addRoute: 'Thêm tuyến đi ghép',
    removeAnyway: 'Vẫn xoá',
    from: 'Tỉnh, thành đi',
    to: 'Tỉnh, thành đến',
    standard: 'Tiêu chuẩn',
    bandPerKm: (n: number) => `Quãng ${n}: giá/km (đ)`,
  },
  en: {
    console: '/en/partner/console',
    phone: 'Phone number',
    password: 'Password',
    submit: 'Log in',
    tab: 'Fares',
    price: 'Fare (VND)',
    save: 'Save',
    confirm: 'Confirm and save',
    confirmText: /far from your others of its kind/,
    saved: 'Fare saved.',
    private: 'Private',
    addHourly: 'Add an hourly package',
    vehicle: 'Vehicle class',
    hours: 'Hours',
    kmLimit: 'Km limit',
    extraHour: 'Extra per hour (VND)',
    extraKm: 'Extra per km (VND)',
    add: 'Add',
    added: 'Fare added.',
    remove: 'Remove',
    removed: 'Fare removed.',
    packageOf: (vehicle: string, hours: number) => `${vehicle} · ${hours} hours`,
    addRoute: 'Add a shared route',
    removeAnyway: 'Remove anyway',
    from: 'From province',
    to: 'To province',
    standard: 'Standard',
    bandPerKm: (n: number) => `Band ${n}: per km (VND)`,
  },
} as const;

async function setFareInConsole(desk: Page, lang: 'vi' | 'en', owner: Owner, title: string, far: number, price: number) {
  const l = LABELS[lang];
  await desk.goto(l.console);
  await desk.getByLabel(l.phone, { exact: true }).fill(owner.phone);
  await desk.getByLabel(l.password, { exact: true }).fill(STAFF_PASSWORD);
  await desk.getByRole('button', { name: l.submit, exact: true }).click();
  await desk.getByRole('tab', { name: l.tab }).click();
  const card = desk.getByRole('form', { name: title, exact: true });
  await expect(card).toBeVisible();
  const input = card.getByLabel(l.price, { exact: true });
  // Far from the partner's other airport fares: the console asks to confirm, and what was typed stays.
  await input.fill(String(far));
  await card.getByRole('button', { name: l.save, exact: true }).click();
  await expect(card.getByRole('alert')).toContainText(l.confirmText);
  await expect(card.getByRole('button', { name: l.confirm })).toBeVisible();
  await expect(input).toHaveValue(String(far));
  // A fare near the others saves at once.
  await input.fill(String(price));
  await card.getByRole('button', { name: l.save, exact: true }).click();
  await expect(desk.getByText(l.saved)).toBeVisible();
}

/** Adds an hourly package the partner does not have from the form under its section, then removes it. */
async function addAndRemovePackage(desk: Page, lang: 'vi' | 'en', vehicle: string, hours: number) {
  const l = LABELS[lang];
  const title = l.packageOf(vehicle, hours);
  await expect(desk.getByRole('form', { name: title, exact: true })).toHaveCount(0);
  await desk.getByText(l.addHourly, { exact: true }).click();
  const form = desk.getByRole('form', { name: l.addHourly, exact: true });
  // A select's name holds its chosen option too, so its label is matched as a prefix.
  await form.getByLabel(l.vehicle).selectOption({ label: vehicle });
  await form.getByLabel(l.hours, { exact: true }).fill(String(hours));
  await form.getByLabel(l.kmLimit, { exact: true }).fill('50');
  await form.getByLabel(l.price, { exact: true }).fill('650000');
  await form.getByLabel(l.extraHour, { exact: true }).fill('120000');
  await form.getByLabel(l.extraKm, { exact: true }).fill('10000');
  await form.getByRole('button', { name: l.add, exact: true }).click();
  await expect(desk.getByText(l.added)).toBeVisible();
  const card = desk.getByRole('form', { name: title, exact: true });
  await expect(card.getByLabel(l.price, { exact: true })).toHaveValue('650000');
  // The form is empty again for the next package.
  await expect(form.getByLabel(l.hours, { exact: true })).toHaveValue('');

  await card.getByRole('button', { name: `${l.remove}: ${title}`, exact: true }).click();
  await expect(desk.getByText(l.removed)).toBeVisible();
  await expect(card).toHaveCount(0);
}

/** Adds a shared route the partner does not sell seats on from the form under its section, then removes it. */
async function addAndRemoveRoute(desk: Page, from: string, to: string) {
  const l = LABELS.vi;
  const title = `${from} ↔ ${to}`;
  await desk.getByText(l.addRoute, { exact: true }).click();
  const form = desk.getByRole('form', { name: l.addRoute, exact: true });
  await form.getByLabel(l.from).selectOption({ label: from });
  await form.getByLabel(l.to).selectOption({ label: to });
  await form.getByRole('button', { name: l.add, exact: true }).click();
  await expect(desk.getByText(l.added)).toBeVisible();
  const remove = desk.getByRole('button', { name: `${l.remove}: ${title}`, exact: true });
  await expect(form.getByLabel(l.from)).toHaveValue('');
  // The partner's only shared route: removing it ends its shared long-distance seats, so it asks first.
  await remove.click();
  await desk.getByRole('button', { name: l.removeAnyway, exact: true }).click();
  await expect(desk.getByText(l.removed)).toBeVisible();
  await expect(remove).toHaveCount(0);
}

/** Changes the first per-km band of the vehicle's private distance fare; the saved value is the card's new start. */
async function changeBand(desk: Page, vehicle: string) {
  const l = LABELS.en;
  const card = desk.getByRole('form', { name: `${vehicle} · ${l.private} · ${l.standard}`, exact: true });
  const band = card.getByLabel(l.bandPerKm(1), { exact: true });
  const next = String(Number(await band.inputValue()) + 1_000);
  await band.fill(next);
  await card.getByRole('button', { name: l.save, exact: true }).click();
  await expect(desk.getByText(l.saved)).toBeVisible();
  await desk.reload();
  await desk.getByRole('tab', { name: l.tab }).click();
  await expect(card.getByLabel(l.bandPerKm(1), { exact: true })).toHaveValue(next);
}

/** The partner's card of the vehicle in the private-only list. */
const cardOf = (page: Page, vehicle: string) =>
  page.locator('.price-card').filter({ hasText: PARTNER }).filter({ hasText: vehicle }).first();

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: the owner sets an airport fare and the price list shows it within 10 s`, async ({ page }) => {
    test.setTimeout(90_000);
    const t = TEXT[lang];
    const owner = await ownerOf(page.request);
    const fare = await tripFare(page.request, owner);
    const price = fare.price + (lang === 'vi' ? 37_000 : 23_000);
    const vehicle = lang === 'en' ? fare.vehicle_en : fare.vehicle_vi;
    const desk = await page.context().newPage();
    const title = `HAN · ${fare.zone} · ${vehicle} · ${LABELS[lang].private}`;
    await setFareInConsole(desk, lang, owner, title, fare.price * 10, price);
    const saved = Date.now();

    // A passenger searching now (a browser keeps a list it fetched for a while, so this one has none) sees the fare.
    await searchAirportRide(page, t);
    await page.getByLabel(t.rideMethod).selectOption({ label: t.private });
    await expect(page.locator('.badge-shared')).toHaveCount(0);
    await expect(cardOf(page, vehicle)).toContainText(formatVnd(price), { timeout: 10_000 });
    expect(Date.now() - saved).toBeLessThan(10_000);

    await addAndRemovePackage(desk, lang, vehicle, lang === 'vi' ? 3 : 5);
    if (lang === 'vi') await addAndRemoveRoute(desk, 'Hà Nội', 'Thanh Hoá');
    else await changeBand(desk, vehicle);
  });
}
