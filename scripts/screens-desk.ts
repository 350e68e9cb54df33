// The operator desk's screens for `npm run screens` (and for a look at the desk alone): a first admin made by the
// operator call (the server runs with an operator token), its set-password link from the mail outbox, the
// authenticator's enrolment, the Staff area with a second member, every other area as it opens, the Audit area, and
// the sign-in after signing out, at 1280 px (desk-*-<lang>.png) and 360 px (desk-*-phone-<lang>.png).
import { TOTP } from 'otpauth';
import type { Browser, Page } from '@playwright/test';
import { DESK_AREAS, DESK_PATHS, type DeskArea } from '../src/shared/contract/desk';
import { pathFor, type Lang } from '../src/shared/domain/route-table';
import { expect } from '../tests/e2e/fixtures';
import { mailTexts } from '../tests/e2e/outbox';

const PASSWORD = 'quantri2026';
const WORDS = {
  vi: {
    password: 'Mật khẩu mới',
    rePassword: 'Nhập lại mật khẩu',
    setSubmit: 'Đặt mật khẩu',
    enrolTitle: 'Thêm trang quản trị vào ứng dụng xác thực',
    code: 'Mã trong ứng dụng',
    enrolSubmit: 'Xác nhận và đăng nhập',
    staff: 'Nhân viên',
    audit: 'Nhật ký thao tác',
    add: 'Thêm và gửi liên kết',
    signOut: 'Đăng xuất',
    signInTitle: 'Đăng nhập trang quản trị',
  },
  en: {
    password: 'New password',
    rePassword: 'Repeat the password',
    setSubmit: 'Set password',
    enrolTitle: 'Add the desk to your authenticator app',
    code: 'Code from the app',
    enrolSubmit: 'Confirm and sign in',
    staff: 'Staff',
    audit: 'Audit log',
    add: 'Add and send the link',
    signOut: 'Sign out',
    signInTitle: 'Sign in to the operator desk',
  },
} as const;

const codeOf = (secret: string) => new TOTP({ secret: secret.replace(/\s+/g, ''), digits: 6, period: 30 }).generate();

async function shot(page: Page, out: string, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}${name}.png`, animations: 'disabled', caret: 'hide' });
  console.info(`  ${name}.png`);
}

/** The desk's screens in `lang` at both widths, written to `out` (a folder path ending in /). */
export async function deskScreens(browser: Browser, origin: string, lang: Lang, out: string, operatorToken: string) {
  const w = WORDS[lang];
  for (const width of [1280, 360]) {
    const suffix = `${width === 360 ? '-phone' : ''}-${lang}`;
    const context = await browser.newContext({
      baseURL: origin,
      viewport: { width, height: width === 360 ? 740 : 800 },
      deviceScaleFactor: 1,
      locale: lang === 'vi' ? 'vi-VN' : 'en-US',
      timezoneId: 'Asia/Ho_Chi_Minh',
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`  page error: ${error.message}`));
    const email = `quan.tri.${lang}.${width}.${Date.now()}@vivu.example`;
    const made = await page.request.post(DESK_PATHS.operatorCreate, {
      headers: { authorization: `Bearer ${operatorToken}` },
      data: { email, role: 'admin', lang },
    });
    expect(made.status()).toBe(200);
    await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
    const [text] = await mailTexts(email, '#token=');
    const link = new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text!)![1]!);
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByLabel(w.password, { exact: true }).fill(PASSWORD);
    await page.getByLabel(w.rePassword, { exact: true }).fill(PASSWORD);
    await shot(page, out, `desk-set-password${suffix}`);
    await page.getByRole('button', { name: w.setSubmit }).click();
    await expect(page.getByRole('heading', { name: w.enrolTitle })).toBeVisible();
    await expect(page.getByRole('img', { name: email })).toBeVisible();
    await shot(page, out, `desk-enrol${suffix}`);
    const secret = (await page.getByTestId('desk-secret').textContent()) ?? '';
    await page.getByLabel(w.code, { exact: true }).fill(codeOf(secret));
    await page.getByRole('button', { name: w.enrolSubmit }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.staff })).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(`ho.tro.${lang}.${width}.${Date.now()}@vivu.example`);
    await page.getByRole('button', { name: w.add }).click();
    await expect(page.locator('.desk-area .notice[role="status"]')).toBeVisible();
    await shot(page, out, `desk-staff${suffix}`);
    // Every other area the admin may use, in the navigation's order (the contract's DESK_AREAS), as it first opens.
    const nav = page.getByRole('navigation');
    for (const [index, area] of (Object.keys(DESK_AREAS) as DeskArea[]).entries()) {
      if (area === 'staff' || area === 'audit') continue;
      await nav.getByRole('button').nth(index).click();
      await expect(nav.getByRole('button').nth(index)).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('.desk-main h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot(page, out, `desk-${area}${suffix}`);
    }
    await page.getByRole('navigation').getByRole('button', { name: w.audit }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.audit })).toBeVisible();
    await expect(page.locator('.desk-table tbody tr').first()).toBeVisible();
    await shot(page, out, `desk-audit${suffix}`);
    await page.getByRole('button', { name: w.signOut }).click();
    await expect(page.getByRole('heading', { level: 1, name: w.signInTitle })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${pathFor('desk', lang)}$`));
    await shot(page, out, `desk-sign-in${suffix}`);
    await context.close();
  }
}
