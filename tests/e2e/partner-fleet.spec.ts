// The partner's owner keeps the fleet in the console's Fleet tab, on a phone: adds a driver and a car, a plate that
// is not Vietnamese is refused with the contract's message and what was typed stays; the new driver is then offered
// in the assignment dialog with the photo uploaded for them, and a retired one is not. In Vietnamese and in English.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TEXT } from './journey';
import { FLEET, addDriver, bookCashRide, consoleLogIn, fillCar, saveCar } from './supply';

const STAFF_PASSWORD = 'doitac123';
const STAFF_PHONES = [1, 2, 3, 4, 5, 6].map((n) => `09${String(n).padStart(8, '0')}`);

const WORDS = {
  vi: {
    ...FLEET.vi,
    plateError: 'Biển số không đúng dạng biển Việt Nam (ví dụ 30A-123.45, 51G-123.45, 29LD-123.45).',
    retire: 'Ngừng hoạt động',
    retireNamed: (name: string) => `Cho ${name} ngừng hoạt động`,
    retired: 'Ngừng hoạt động',
    serve: 'Phục vụ',
    assign: 'Phân công tài xế',
    assignTitle: (code: string) => `Tài xế cho vé ${code}`,
    drivers: { new: 'Trương Văn Khải', gone: 'Hồ Văn Quyết' },
    phones: { new: '0977 300 101', gone: '0977300102' },
    plates: { bad: '30A-12', good: '30H-777.01' },
  },
  en: {
    ...FLEET.en,
    plateError: 'This is not a Vietnamese plate (for example 30A-123.45, 51G-123.45, 29LD-123.45).',
    retire: 'Retire',
    retireNamed: (name: string) => `Retire ${name}`,
    retired: 'Retired',
    serve: 'To serve',
    assign: 'Assign driver',
    assignTitle: (code: string) => `Driver for ${code}`,
    drivers: { new: 'Đinh Công Tráng', gone: 'Lò Văn Sáng' },
    phones: { new: '0977 300 201', gone: '0977300202' },
    plates: { bad: '10A-123.45', good: '30H-777.02' },
  },
} as const;

/** The demo owner of the partner, who accepts the ticket through the API (the console's tickets tab is tested elsewhere). */
async function ownerAccepting(page: Page, partnerId: number, code: string): Promise<string> {
  for (const phone of STAFF_PHONES) {
    const login = await page.request.post('/api/agent/login', { data: { phone_number: phone, password: STAFF_PASSWORD } });
    if (!login.ok()) continue;
    const { data } = (await login.json()) as { data: { token: string; staff: { partner_id: number } } };
    const auth = { authorization: `Bearer ${data.token}` };
    if (data.staff.partner_id === partnerId) {
      const moved = await page.request.post('/api/agent/transition', {
        headers: auth,
        data: { ticket_code: code, to: 'not_started' },
      });
      expect(moved.ok()).toBe(true);
      return phone;
    }
    await page.request.post('/api/agent/logout', { headers: auth });
  }
  throw new Error(`no demo owner for partner ${partnerId}`);
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as const) {
  test(`${lang}: the owner adds a driver and a car in the Fleet tab; a retired driver is not offered for a trip`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const w = WORDS[lang];
    const t = TEXT[lang];
    const { code, partnerId } = await bookCashRide(page, t, '912000802');
    const ownerPhone = await ownerAccepting(page, partnerId, code);

    await consoleLogIn(page, lang, ownerPhone, STAFF_PASSWORD);
    await page.getByRole('tab', { name: w.tab }).click();

    await addDriver(page, lang, w.drivers.new, w.phones.new, true);
    await addDriver(page, lang, w.drivers.gone, w.phones.gone);

    // A car: a bad plate is refused with the contract's message, and what was typed stays.
    const carDialog = await fillCar(page, lang, {
      plate: w.plates.bad,
      name: 'Toyota Vios',
      vehicleClass: { index: 1 },
      year: '2022',
    });
    const plate = carDialog.getByLabel(w.plate, { exact: true });
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(carDialog.getByText(w.plateError)).toBeVisible();
    await expect(plate).toHaveValue(w.plates.bad);
    await expect(carDialog.getByLabel(w.carName, { exact: true })).toHaveValue('Toyota Vios');
    await plate.fill(w.plates.good);
    await saveCar(page, lang, carDialog, w.plates.good);

    // Retire the second driver.
    await page.getByRole('button', { name: w.retireNamed(w.drivers.gone) }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: w.retire, exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page.locator('.partner-fleet-item', { hasText: w.drivers.gone }).getByText(w.retired)).toBeVisible();

    // The assignment dialog offers the new driver, not the retired one.
    await page.getByRole('tab', { name: w.serve }).click();
    const card = page.getByRole('article', { name: code });
    await card.getByRole('button', { name: w.assign }).click();
    const dialog = page.getByRole('dialog', { name: w.assignTitle(code) });
    await expect(dialog.getByRole('radio', { name: new RegExp(w.drivers.new) })).toBeVisible();
    await expect(dialog.getByText(w.drivers.gone)).toHaveCount(0);
    await dialog.getByRole('radio', { name: new RegExp(w.drivers.new) }).check();
    await dialog.getByRole('combobox').selectOption({ label: `${w.plates.good} · Toyota Vios` });
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(w.drivers.new, { exact: true })).toBeVisible();
  });
}
