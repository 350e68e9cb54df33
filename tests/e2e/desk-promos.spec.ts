// The desk's promotion codes and settings in the browser: a finance member creates a code and pauses it, and a
// passenger applying it at billing is told the code does not exist (Vietnamese); an admin's bad value is refused by
// the setting's rule, then a good one is saved and listed (English). Members are made by the operator call and their
// password and authenticator set through the API; they sign in through the desk's form.
import type { APIRequestContext, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { DESK_PATHS, type DeskRole } from '../../src/shared/contract/desk';
import { pathFor, type Lang } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { chooseOption, openAirportPrices, TEXT } from './journey';
import { mailTexts } from './outbox';

const PASSWORD = 'quantri2026';
const SIGN_IN = {
  vi: { email: 'E-mail', password: 'Mật khẩu', code: 'Mã xác thực', submit: 'Đăng nhập' },
  en: { email: 'E-mail', password: 'Password', code: 'Authenticator code', submit: 'Sign in' },
} as const;

const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** A member of `role` with a password and an authenticator (its secret), made through the API. */
async function member(request: APIRequestContext, role: DeskRole, lang: Lang) {
  const email = `${role}-${lang}-${Date.now()}@vivu.example`;
  const made = await request.post(DESK_PATHS.operatorCreate, {
    headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
    data: { email, role, lang },
  });
  expect(made.status()).toBe(200);
  await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
  const [text] = await mailTexts(email, '#token=');
  const token = /#token=([\w-]+)/.exec(text!)![1]!;
  const set = await request.post(DESK_PATHS.setPassword, { data: { token, password: PASSWORD, re_password: PASSWORD } });
  const { enrol_token: enrolToken, secret } = ((await set.json()) as { data: { enrol_token: string; secret: string } }).data;
  const enrolled = await request.post(DESK_PATHS.enrol, { data: { enrol_token: enrolToken, code: codeOf(secret) } });
  expect(enrolled.status()).toBe(200);
  return { email, secret };
}

async function signIn(page: Page, lang: Lang, role: DeskRole) {
  const { email, secret } = await member(page.request, role, lang);
  const w = SIGN_IN[lang];
  await page.goto(pathFor('desk', lang));
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.password, { exact: true }).fill(PASSWORD);
  // The enrolment spent this step's code: the app's next one signs in.
  await page.getByLabel(w.code, { exact: true }).fill(codeOf(secret, 1));
  await page.getByRole('button', { name: w.submit }).click();
}

test('finance pauses a code and the passenger is told it does not exist (vi)', async ({ page }) => {
  const code = `TAMDUNG${Date.now().toString(36).toUpperCase()}`.slice(0, 30);
  await signIn(page, 'vi', 'finance');
  await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('button', { name: 'Mã khuyến mãi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mã khuyến mãi' })).toBeVisible();
  await page.getByRole('button', { name: 'Mã mới' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mã mới' });
  await dialog.getByLabel('Mã', { exact: true }).fill(code);
  await dialog.getByLabel('Mức giảm', { exact: true }).fill('50000');
  await dialog.getByRole('button', { name: 'Tạo mã' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: code })).toHaveText(`Đã tạo mã ${code}.`);
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row.getByText('Đang dùng')).toBeVisible();
  await row.getByRole('button', { name: `Tạm dừng mã ${code}` }).click();
  await expect(row.getByText('Tạm dừng', { exact: true })).toBeVisible();

  const t = TEXT.vi;
  await openAirportPrices(page, t);
  await chooseOption(page, t);
  const field = page.getByLabel('Mã khuyến mãi');
  await field.fill(code);
  await page.getByRole('button', { name: 'Áp dụng', exact: true }).click();
  await expect(page.getByText('Mã khuyến mãi không tồn tại')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
});

test('an admin changes a setting, a bad value refused by its rule (en)', async ({ page }) => {
  await signIn(page, 'en', 'admin');
  await page.getByRole('navigation', { name: 'Desk areas' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const name = 'Place keywords kept for (minutes)';
  await page.getByRole('button', { name: `Change: ${name}` }).click();
  const value = page.getByLabel('New value', { exact: true });
  await expect(value).toBeFocused();
  await value.fill('5000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Enter a whole number from 0 to 1440.')).toBeVisible();
  await expect(value).toHaveValue('5000');
  await value.fill('45');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toHaveText(`Saved "${name}": 45.`);
  await expect(page.getByRole('row', { name }).getByRole('cell').first()).toHaveText('45');
});
