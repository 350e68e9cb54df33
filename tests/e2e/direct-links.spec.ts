// Pages opened by a link from outside the app (an SMS, a shared link, a bookmark), in both languages on a phone:
// the ticket page's close button goes home instead of out of the site (Back only to the app's own page), and a
// guest opening a login-required page gets the sign-in dialog over home, then the page they asked for.
import { DEMO_USER, expect, test } from './fixtures';

const TEXT = {
  vi: {
    home: '/',
    ticket: '/chi-tiet-ma-ve/VVNOPE01/0912345678',
    faqs: '/cau-hoi-thuong-gap',
    ticketTitle: 'Vé VVNOPE01',
    close: 'Đóng',
    search: 'Tìm xe',
    manage: '/quan-ly-ma-ve',
    account: '/tai-khoan',
    login: 'Đăng nhập',
    phone: 'Số điện thoại hoặc e-mail',
    password: 'Mật khẩu',
    needManage: 'Vui lòng đăng nhập để quản lý vé của bạn.',
    needAccount: 'Vui lòng đăng nhập để xem tài khoản của bạn.',
    tripsTitle: 'Chuyến đi của tôi',
    accountTitle: 'Tài khoản của tôi',
  },
  en: {
    home: '/en',
    ticket: '/en/ticket/VVNOPE01/0912345678',
    faqs: '/en/faqs',
    ticketTitle: 'Ticket VVNOPE01',
    close: 'Close',
    search: 'Search',
    manage: '/en/manage-tickets',
    account: '/en/account',
    login: 'Log in',
    phone: 'Phone number or e-mail',
    password: 'Password',
    needManage: 'Please log in to manage your tickets.',
    needAccount: 'Please log in to see your account.',
    tripsTitle: 'My trips',
    accountTitle: 'My account',
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  const t = TEXT[lang];

  test(`${lang}: a ticket opened from another site closes to home, still on the site`, async ({ page, baseURL }) => {
    // Another site first (a message app, a mail), then the ticket's link: the entry before it is not ours.
    await page.goto('data:text/html,<h1>Elsewhere</h1>');
    await page.goto(t.ticket);
    const dialog = page.getByRole('dialog', { name: t.ticketTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.close, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${t.home}`);
    await expect(page.getByRole('button', { name: t.search, exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test(`${lang}: a ticket opened by a link on the site's own page closes back to that page`, async ({ page, baseURL }) => {
    await page.goto(t.faqs);
    // A plain link that loads the ticket page afresh (as a page of the site may hold): Back is still ours.
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'ticket';
      document.body.append(link);
      link.click();
    }, t.ticket);
    const dialog = page.getByRole('dialog', { name: t.ticketTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.close, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${t.faqs}`);
  });

  test(`${lang}: a guest opening manage tickets signs in over home, then lands on the page`, async ({ page, baseURL }) => {
    await page.goto(t.manage);
    await expect(page).toHaveURL(`${baseURL}${t.home}`);
    const dialog = page.getByRole('dialog', { name: t.login });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(t.needManage);
    // Home is behind it.
    await expect(page.getByRole('button', { name: t.search, exact: true })).toBeAttached();
    await dialog.getByLabel(t.phone, { exact: true }).fill(DEMO_USER.phone.replace(/^0/, ''));
    await dialog.getByLabel(t.password, { exact: true }).fill(DEMO_USER.password);
    await dialog.getByRole('button', { name: t.login, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${t.manage}`);
    await expect(page.getByRole('heading', { name: t.tripsTitle, level: 1 })).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test(`${lang}: a guest opening the account page is asked to sign in; closing leaves home for good`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(t.account);
    await expect(page).toHaveURL(`${baseURL}${t.home}`);
    const dialog = page.getByRole('dialog', { name: t.login });
    await expect(dialog).toHaveAccessibleDescription(t.needAccount);
    await dialog.getByRole('button', { name: t.close, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${baseURL}${t.home}`);
    // The reason went with the dialog: a reload shows home alone.
    await page.reload();
    await expect(page.getByRole('button', { name: t.search, exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: t.login })).toHaveCount(0);
  });
}
