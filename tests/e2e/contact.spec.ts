// The contact page (spec 2 "contact") in both languages on a phone: reached from the side menu, it offers
// the hotline as a tel: link, the support e-mail and a callback request through the support dialog (spec 7), whose
// outcome stays on the page after the dialog closes.
import { expect, test } from './fixtures';

const TEXT = {
  vi: {
    home: '/',
    menu: 'Mở menu',
    link: 'Liên hệ',
    path: '/lien-he',
    heading: 'Liên hệ với Vivu',
    call: 'Gọi 1900 6022',
    request: 'Yêu cầu gọi lại',
    dialog: 'Cần Vivu gọi lại cho bạn?',
    phone: 'Số điện thoại',
    send: 'Gọi lại cho tôi',
    close: 'Đóng',
    sent: 'Đã nhận yêu cầu',
    invalid: /số điện thoại|Số điện thoại/,
  },
  en: {
    home: '/en',
    menu: 'Open menu',
    link: 'Contact',
    path: '/en/contact',
    heading: 'Contact Vivu',
    call: 'Call 1900 6022',
    request: 'Request a call back',
    dialog: 'Would you like us to call you?',
    phone: 'Phone number',
    send: 'Call me back',
    close: 'Close',
    sent: 'Request received',
    invalid: /phone/i,
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];

  test(`${lang}: the contact page offers the hotline, the e-mail and a call back`, async ({ page }) => {
    await page.goto(t.home);
    await page.getByRole('button', { name: t.menu }).click();
    // The side menu's own link (the footer has one too).
    await page.getByRole('dialog').getByRole('navigation').getByRole('link', { name: t.link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${t.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(t.link));

    await expect(page.getByRole('link', { name: t.call })).toHaveAttribute('href', 'tel:19006022');
    await expect(page.getByRole('link', { name: 'hotro@vivu.vn' })).toHaveAttribute('href', 'mailto:hotro@vivu.vn');

    await page.getByRole('button', { name: t.request }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await expect(dialog).toBeVisible();
    // A wrong number is refused in the page's language and stays typed.
    await dialog.getByRole('textbox', { name: t.phone }).fill('0123');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog.getByText(t.invalid).first()).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t.phone })).toHaveValue('0123');

    await dialog.getByRole('textbox', { name: t.phone }).fill('0912345678');
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t.sent })).toBeVisible();
    await expect(page.getByRole('button', { name: t.request })).toBeHidden();
  });
}
