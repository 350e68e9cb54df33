// The operator desk from nothing, in Vietnamese and in English: a first admin is made as `npm run staff:create` makes
// one (the operator call, on the shared e2e server whose data folder the server holds), opens the set-password link
// from the mail outbox, sets a password, enrols an authenticator (the code computed here with otpauth from the secret
// the page shows), lands on the Staff list, signs out, signs in again with a password and a new code, and signs out.
import { TOTP } from 'otpauth';
import { pathFor } from '../../src/shared/domain/route-table';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

const TEXTS = {
  vi: {
    setTitle: 'Đặt mật khẩu quản trị',
    password: 'Mật khẩu mới',
    rePassword: 'Nhập lại mật khẩu',
    setSubmit: 'Đặt mật khẩu',
    enrolTitle: 'Thêm trang quản trị vào ứng dụng xác thực',
    enrolCode: 'Mã trong ứng dụng',
    enrolSubmit: 'Xác nhận và đăng nhập',
    staff: 'Nhân viên',
    audit: 'Nhật ký thao tác',
    content: 'Nội dung',
    signOut: 'Đăng xuất',
    signInTitle: 'Đăng nhập trang quản trị',
    email: 'E-mail',
    signInPassword: 'Mật khẩu',
    code: 'Mã xác thực',
    signIn: 'Đăng nhập',
    role: 'Quản trị',
  },
  en: {
    setTitle: 'Set your desk password',
    password: 'New password',
    rePassword: 'Repeat the password',
    setSubmit: 'Set password',
    enrolTitle: 'Add the desk to your authenticator app',
    enrolCode: 'Code from the app',
    enrolSubmit: 'Confirm and sign in',
    staff: 'Staff',
    audit: 'Audit log',
    content: 'Content',
    signOut: 'Sign out',
    signInTitle: 'Sign in to the operator desk',
    email: 'E-mail',
    signInPassword: 'Password',
    code: 'Authenticator code',
    signIn: 'Sign in',
    role: 'Admin',
  },
} as const;

/** The code an authenticator app shows for `secret`, `ahead` steps after now. */
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: secret.replace(/\s+/g, ''), digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

for (const lang of ['vi', 'en'] as const) {
  test(`a first admin sets a password, enrols an authenticator, signs in and out (${lang})`, async ({ page }) => {
    const t = TEXTS[lang];
    const email = `admin-${lang}-${Date.now()}@vivu.example`;
    const made = await page.request.post(DESK_PATHS.operatorCreate, {
      headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
      data: { email, role: 'admin', lang },
    });
    expect(made.status()).toBe(200);
    await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
    const [text] = await mailTexts(email, '#token=');
    const link = new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text!)![1]!);
    expect(link.pathname).toBe(pathFor('desk', lang));

    await page.goto(`${link.pathname}${link.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: t.setTitle })).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill('quantri2026');
    await page.getByLabel(t.rePassword, { exact: true }).fill('quantri2026');
    await page.getByRole('button', { name: t.setSubmit }).click();

    await expect(page.getByRole('heading', { name: t.enrolTitle })).toBeVisible();
    await expect(page.getByRole('img', { name: email })).toBeVisible();
    const secret = (await page.getByTestId('desk-secret').textContent()) ?? '';
    await page.getByLabel(t.enrolCode, { exact: true }).fill(codeOf(secret));
    await page.getByRole('button', { name: t.enrolSubmit }).click();

    await expect(page.getByRole('heading', { level: 1, name: t.staff })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${pathFor('desk', lang)}$`));
    const nav = page.getByRole('navigation', { name: lang === 'vi' ? 'Khu vực quản trị' : 'Desk areas' });
    await expect(nav.getByRole('button')).toHaveText([t.staff, t.audit, t.content]);
    await expect(page.getByRole('rowheader', { name: new RegExp(email) })).toBeVisible();

    await page.getByRole('button', { name: t.signOut }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible();

    // Signed in again with the password and the app's next code (the enrolment's code was spent).
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.signInPassword, { exact: true }).fill('quantri2026');
    await page.getByLabel(t.code, { exact: true }).fill(codeOf(secret, 1));
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page.getByText(`${email} · ${t.role}`)).toBeVisible();
    await expect(page.getByRole('rowheader', { name: new RegExp(email) })).toBeVisible();
    await page.getByRole('button', { name: t.signOut }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.signInTitle })).toBeVisible();
  });
}
