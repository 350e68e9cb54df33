// spec 2 "Password fields and text fields have clear buttons": a filled field shows a button named after it that
// empties it (and only it); an empty field shows none. Checked on the sign-in dialog's phone and password fields.
import { expect, test } from './fixtures';

const TEXT = {
  vi: { home: '/', menu: 'Mở menu', login: 'Đăng nhập', phone: 'Số điện thoại hoặc e-mail', password: 'Mật khẩu', clear: 'Xoá' },
  en: { home: '/en', menu: 'Open menu', login: 'Log in', phone: 'Phone number or e-mail', password: 'Password', clear: 'Clear' },
} as const;

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];

  test(`${lang}: the sign-in fields have clear buttons`, async ({ page }) => {
    await page.goto(t.home);
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('button', { name: t.login, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.login });
    const phone = dialog.getByRole('textbox', { name: t.phone });
    const password = dialog.getByLabel(t.password, { exact: true });
    const clearPhone = dialog.getByRole('button', { name: `${t.clear} ${t.phone}` });
    const clearPassword = dialog.getByRole('button', { name: `${t.clear} ${t.password}` });
    await expect(clearPhone).toBeHidden();
    await expect(clearPassword).toBeHidden();

    await phone.fill('0912345678');
    await password.fill('secret1');
    await clearPassword.click();
    await expect(password).toHaveValue('');
    await expect(phone).toHaveValue('0912345678');
    await expect(clearPassword).toBeHidden();
    await clearPhone.click();
    await expect(phone).toHaveValue('');
  });
}
