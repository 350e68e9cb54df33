// The accounts and tickets journeys on a phone, in both languages: sign up, read the SMS code from the
// server's outbox, verify, book with the prefilled data, find the ticket in the history, look it up as a guest and
// cancel it with a reason; then a forgotten password and an unverified sign-in. The username may be an
// e-mail (spec 3), whose code is read from the server's mail outbox.
import type { Page } from '@playwright/test';
import { expect, rawStoreDump, storedKeys, test } from './fixtures';
import { chooseOption, openAirportPrices, submitBilling, TEXT } from './journey';
import { mailCount, smsCount, waitForMailedOtp, waitForOtp } from './outbox';

const ACCOUNT_TEXT = {
  vi: {
    ...TEXT.vi,
    menu: 'Mở menu',
    login: 'Đăng nhập',
    signUp: 'Đăng ký',
    signUpTitle: 'Đăng ký tài khoản',
    username: 'Số điện thoại hoặc e-mail',
    countryCode: /mã quốc gia/,
    badUsername: 'Tên đăng nhập không hợp lệ',
    password: 'Mật khẩu',
    rePassword: 'Nhập lại mật khẩu',
    mismatch: 'Nhập lại mật khẩu không trùng khớp',
    common: 'Mật khẩu này quá phổ biến và dễ bị đoán. Vui lòng chọn mật khẩu khác.',
    confirmTitle: 'Xác nhận đăng ký',
    verifyTitle: 'Xác thực tài khoản',
    digit: (index: number) => `Chữ số ${index} trên 4`,
    otpWrong: 'Mã xác thực không đúng',
    verified: 'Xác thực thành công',
    account: 'Tài khoản',
    accountTitle: 'Tài khoản của tôi',
    trips: 'Quản lý chuyến đi',
    tripsTitle: 'Chuyến đi của tôi',
    notStarted: 'Chưa khởi hành',
    logout: 'Đăng xuất',
    searchTicket: 'Tra cứu vé',
    code: 'Mã vé',
    contact: 'Số điện thoại hoặc email',
    find: 'Tra cứu',
    cancel: 'Hủy chuyến',
    cancelConfirmTitle: 'Hủy chuyến này?',
    cancelConfirm: 'Đồng ý hủy chuyến',
    cancelledPopup: 'Đã hủy chuyến',
    send: 'Gửi',
    cancelledTitle: 'Vé này đã bị hủy',
    notVerified: 'Tài khoản chưa được xác thực',
    verifyNow: 'Xác thực ngay',
    loginFailed: 'Số điện thoại, e-mail hoặc mật khẩu không đúng',
    mailedTo: (email: string) => `Mã xác thực gồm 4 chữ số đã được gửi đến e-mail ${email}.`,
    forgotTitle: (step: number) => `Quên mật khẩu (bước ${step}/3)`,
    forgot: 'Quên mật khẩu?',
    sendCode: 'Gửi mã xác thực',
    newPassword: 'Mật khẩu mới',
    savePassword: 'Lưu mật khẩu mới',
  },
  en: {
    ...TEXT.en,
    menu: 'Open menu',
    login: 'Log in',
    signUp: 'Sign up',
    signUpTitle: 'Sign up',
    username: 'Phone number or e-mail',
    countryCode: /country code/,
    badUsername: 'Invalid username',
    password: 'Password',
    rePassword: 'Re-enter password',
    mismatch: 'Passwords do not match',
    common: 'This password is too common and easy to guess. Please choose another one.',
    confirmTitle: 'Confirm your sign-up',
    verifyTitle: 'Verify your account',
    digit: (index: number) => `Digit ${index} of 4`,
    otpWrong: 'Verify code incorrect',
    verified: 'Account verified',
    account: 'Account',
    accountTitle: 'My account',
    trips: 'Manage trips',
    tripsTitle: 'My trips',
    notStarted: 'Not started',
    logout: 'Log out',
    searchTicket: 'Find a ticket',
    code: 'Ticket code',
    contact: 'Phone number or e-mail',
    find: 'Find',
    cancel: 'Cancel booking',
    cancelConfirmTitle: 'Cancel this booking?',
    cancelConfirm: 'Yes, cancel booking',
    cancelledPopup: 'Booking cancelled',
    send: 'Send',
    cancelledTitle: 'This ticket was cancelled',
    notVerified: 'Your account is not verified',
    verifyNow: 'Verify now',
    loginFailed: 'Wrong phone number, e-mail or password',
    mailedTo: (email: string) => `A 4-digit code has been e-mailed to ${email}.`,
    forgotTitle: (step: number) => `Forgot password (step ${step} of 3)`,
    forgot: 'Forgot password?',
    sendCode: 'Send code',
    newPassword: 'New password',
    savePassword: 'Save new password',
  },
} as const;
type AccountText = (typeof ACCOUNT_TEXT)[keyof typeof ACCOUNT_TEXT];

/** A fresh Vietnamese mobile number (09 + 8 digits) per test, so runs never share an account. */
const freshPhone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** A fresh e-mail per test, typed with capitals as people do (accounts key it lower-cased). */
const freshEmail = () => `Khach.${Date.now().toString(36)}${String(Math.floor(Math.random() * 1e6))}@Example.com`;

/** A 4-digit code that is not `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

async function openMenuItem(page: Page, t: AccountText, name: string, role: 'button' | 'link' = 'button') {
  await page.getByRole('button', { name: t.menu }).click();
  await page.getByRole('dialog').getByRole(role, { name, exact: true }).click();
}

async function typeOtp(page: Page, t: AccountText, dialogName: string, code: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('textbox', { name: t.digit(1) }).click();
  await page.keyboard.type(code);
}

/** Sign-up through the side menu, the wrong code first, then the code from the outbox. */
async function signUp(page: Page, t: AccountText, phone: string, fullname: string) {
  await openMenuItem(page, t, t.login);
  await page.getByRole('dialog', { name: t.login }).getByRole('button', { name: t.signUp, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.signUpTitle });
  await dialog.getByLabel(t.fullname, { exact: true }).fill(fullname);
  await dialog.getByLabel(t.username, { exact: true }).fill(phone);
  // One of the most common passwords is refused by the server, in the page's language; what was typed stays.
  await dialog.getByLabel(t.password, { exact: true }).fill('password');
  await dialog.getByLabel(t.rePassword, { exact: true }).fill('password');
  await dialog.getByRole('button', { name: t.signUp, exact: true }).click();
  await expect(dialog.getByText(t.common)).toBeVisible();
  await expect(dialog.getByLabel(t.username, { exact: true })).toHaveValue(phone);
  await dialog.getByLabel(t.password, { exact: true }).fill('vivu2026');
  await dialog.getByLabel(t.rePassword, { exact: true }).fill('vivu2027');
  await dialog.getByRole('button', { name: t.signUp, exact: true }).click();
  // spec 5: the re-entry is cleared on a mismatch, with the spec's message; the rest stays.
  await expect(dialog.getByText(t.mismatch)).toBeVisible();
  await expect(dialog.getByLabel(t.rePassword, { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel(t.fullname, { exact: true })).toHaveValue(fullname);
  await dialog.getByLabel(t.rePassword, { exact: true }).fill('vivu2026');
  const sent = await smsCount(phone);
  await dialog.getByRole('button', { name: t.signUp, exact: true }).click();

  const confirm = page.getByRole('dialog', { name: t.confirmTitle });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/[0-2]:[0-5]\d/).first()).toBeVisible();
  const code = await waitForOtp(phone, sent);
  await typeOtp(page, t, t.confirmTitle, wrongCode(code));
  await expect(confirm.getByText(t.otpWrong)).toBeVisible();
  await expect(confirm.getByRole('textbox', { name: t.digit(1) })).toHaveValue('');
  await typeOtp(page, t, t.confirmTitle, code);
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: t.verified })).toBeVisible();
}

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['vi'] as const) {
  test(`${lang}: sign up with the SMS code, book with prefilled data, see it in the history, look it up as a guest and cancel it`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = ACCOUNT_TEXT[lang];
    const phone = freshPhone();
    const fullname = lang === 'vi' ? 'Trần Thị Mai' : 'Mai Tran';
    await page.goto(t.home);
    await signUp(page, t, phone, fullname);

    await openMenuItem(page, t, t.account, 'link');
    await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();
    await expect(page.getByRole('main').getByText(fullname, { exact: true }).first()).toBeVisible();

    // spec 6: a signed-in passenger's data is prefilled on the billing form.
    await openAirportPrices(page, t);
    await chooseOption(page, t);
    await expect(page.getByLabel(t.fullname, { exact: true })).toHaveValue(fullname);
    await expect(page.getByLabel(t.phone, { exact: true })).toHaveValue(phone);
    await page.getByLabel(t.email, { exact: true }).fill(`mai.${phone}@example.com`);
    await page.getByLabel(t.flight, { exact: true }).fill('VN123');
    await page.getByLabel(t.domestic, { exact: true }).check();
    await submitBilling(page, t);
    await expect(page).toHaveURL(/code=VV/);
    const code = new URL(page.url()).searchParams.get('code') ?? '';

    // The device keeps the user record, the saved ticket and the history, all encrypted: read raw, IndexedDB holds
    // no name, phone or e-mail in plaintext (only record ids, such as the ticket code, are plain).
    await expect.poll(() => storedKeys(page, 'tickets')).toContain(`ticket:${code}`);
    await expect.poll(() => storedKeys(page, 'user')).toEqual(['user']);
    const raw = await rawStoreDump(page);
    expect(raw).toContain(`ticket:${code}`);
    for (const secret of [fullname, phone, `mai.${phone}@example.com`, phone.slice(1)]) expect(raw).not.toContain(secret);

    // The ticket is in the account's history (get_transaction_info), with its status style.
    await openMenuItem(page, t, t.trips, 'link');
    await expect(page.getByRole('heading', { level: 1, name: t.tripsTitle })).toBeVisible();
    const item = page.getByRole('link', { name: new RegExp(code) });
    await expect(item).toBeVisible();
    await expect(item.locator('.history-status')).toHaveClass(/not_start/);
    await expect(item.getByText(t.notStarted)).toBeVisible();
    await page.screenshot({ path: `test-results/accounts-${lang}-history.png` });

    // Signed out, the passenger finds the ticket as a guest and cancels it with a reason.
    await openMenuItem(page, t, t.logout);
    await expect(page).toHaveURL(new RegExp(`${t.home === '/' ? '/$' : '/en$'}`));
    await openMenuItem(page, t, t.searchTicket);
    const search = page.getByRole('dialog', { name: t.searchTicket });
    await search.getByLabel(t.code, { exact: true }).fill(code);
    await search.getByLabel(t.contact, { exact: true }).fill(phone);
    await search.getByRole('button', { name: t.find, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${code}/${phone}$`));
    await page.getByRole('button', { name: t.cancel, exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: t.cancelConfirmTitle });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: t.cancelConfirm }).click();
    const reasons = page.getByRole('dialog', { name: t.cancelledPopup });
    await expect(reasons.getByRole('radio')).toHaveCount(8);
    await reasons.getByRole('radio').nth(1).check();
    await page.screenshot({ path: `test-results/accounts-${lang}-reasons.png` });
    await reasons.getByRole('button', { name: t.send, exact: true }).click();
    await expect(reasons).toBeHidden();
    await expect(page.getByRole('heading', { name: t.cancelledTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: t.cancel, exact: true })).toHaveCount(0);
    await page.screenshot({ path: `test-results/accounts-${lang}-cancelled.png` });

    // A second look-up (a new page load) still shows the cancelled ticket.
    await page.reload();
    await expect(page.getByRole('heading', { name: t.cancelledTitle })).toBeVisible();
  });
}

test('vi: an unverified account is told so at sign-in and can verify from there', async ({ page }) => {
  test.setTimeout(90_000);
  const t = ACCOUNT_TEXT.vi;
  const phone = freshPhone();
  // Registered through the API and never verified.
  const registered = await page.request.post('/api/passenger/register_account', {
    data: { phone_number: phone, password: 'vivu2026', re_password: 'vivu2026', fullname: 'Lê Văn Nam' },
  });
  expect(registered.ok()).toBe(true);
  await page.goto('/');
  await openMenuItem(page, t, t.login);
  const dialog = page.getByRole('dialog', { name: t.login });
  await dialog.getByLabel(t.username, { exact: true }).fill(phone);
  await dialog.getByLabel(t.password, { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: t.login, exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(t.loginFailed);
  await dialog.getByLabel(t.password, { exact: true }).fill('vivu2026');
  await dialog.getByRole('button', { name: t.login, exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(t.notVerified);
  const sent = await smsCount(phone);
  await dialog.getByRole('button', { name: t.verifyNow }).click();
  await expect(page.getByRole('dialog', { name: t.verifyTitle })).toBeVisible();
  await typeOtp(page, t, t.verifyTitle, await waitForOtp(phone, sent));
  await expect(page.getByRole('dialog', { name: t.verifyTitle })).toBeHidden();
  await openMenuItem(page, t, t.account, 'link');
  await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();
});

test('en: a forgotten password is reset with the SMS code and signs the passenger in', async ({ page }) => {
  test.setTimeout(90_000);
  const t = ACCOUNT_TEXT.en;
  const phone = freshPhone();
  await page.goto('/en');
  await signUp(page, t, phone, 'Hoa Pham');
  await openMenuItem(page, t, t.logout);

  await openMenuItem(page, t, t.login);
  await page.getByRole('dialog', { name: t.login }).getByRole('button', { name: t.forgot }).click();
  const forgot = page.getByRole('dialog', { name: /Forgot password/ });
  await forgot.getByLabel(t.username, { exact: true }).fill(phone);
  const sent = await smsCount(phone);
  await forgot.getByRole('button', { name: t.sendCode }).click();
  await typeOtp(page, t, 'Forgot password (step 2 of 3)', await waitForOtp(phone, sent));
  await forgot.getByLabel(t.newPassword, { exact: true }).fill('newpass1');
  await forgot.getByLabel(t.rePassword, { exact: true }).fill('newpass1');
  await forgot.getByRole('button', { name: t.savePassword }).click();
  await expect(forgot).toBeHidden();
  await openMenuItem(page, t, t.account, 'link');
  await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();

  // The new password signs in; the old one no longer does.
  const oldLogin = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'vivu2026' } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'newpass1' } });
  expect(newLogin.ok()).toBe(true);
});

test('vi: the account page shows the referral code and changes the password with the current one', async ({ page }) => {
  test.setTimeout(90_000);
  const t = ACCOUNT_TEXT.vi;
  const phone = freshPhone();
  await page.goto('/');
  await signUp(page, t, phone, 'Lê Văn Bình');
  await openMenuItem(page, t, t.account, 'link');
  await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();
  // spec 2: the summary carries the passenger's referral code, with a copy button.
  const login = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'vivu2026' } });
  const referral = ((await login.json()) as { data: { referral_code: string } }).data.referral_code;
  expect(referral).toMatch(/\S{4,}/);
  await expect(page.getByRole('main').getByText(referral, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sao chép mã giới thiệu' })).toBeVisible();

  const form = page.getByRole('region', { name: 'Đổi mật khẩu' });
  await form.getByLabel('Mật khẩu hiện tại', { exact: true }).fill('saimatkhau1');
  await form.getByLabel('Mật khẩu mới', { exact: true }).fill('matkhau2027');
  await form.getByLabel('Nhập lại mật khẩu mới', { exact: true }).fill('matkhau2027');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  // One alert, on the field: the form's notice does not repeat it.
  await expect(form.getByText('Mật khẩu hiện tại không đúng')).toHaveCount(1);
  await expect(form.getByLabel('Mật khẩu hiện tại', { exact: true })).toHaveAccessibleDescription(/Mật khẩu hiện tại không đúng/);
  await expect(form.getByLabel('Mật khẩu mới', { exact: true })).toHaveValue('matkhau2027');

  await form.getByLabel('Mật khẩu hiện tại', { exact: true }).fill('vivu2026');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(page.getByText('Đổi mật khẩu thành công')).toBeVisible();
  const oldLogin = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'vivu2026' } });
  expect(oldLogin.status()).toBe(401);
  const newLogin = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'matkhau2027' } });
  expect(newLogin.ok()).toBe(true);
});

// Walked in one language, as above.
for (const lang of ['vi'] as const) {
  test(`${lang}: sign up with an e-mail and the mailed code, sign in with it in capitals, and reset a forgotten password by mail`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = ACCOUNT_TEXT[lang];
    const typed = freshEmail();
    const email = typed.toLowerCase();
    await page.goto(t.home);
    await openMenuItem(page, t, t.login);
    await page.getByRole('dialog', { name: t.login }).getByRole('button', { name: t.signUp, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.signUpTitle });
    const username = dialog.getByLabel(t.username, { exact: true });
    // One field for both (spec 3): a keyboard with '@' and digits, the browser's saved usernames, and the country
    // code only while what is typed is a number.
    await expect(username).toHaveAttribute('type', 'text');
    await expect(username).toHaveAttribute('inputmode', 'email');
    await expect(username).toHaveAttribute('autocomplete', 'username');
    await expect(dialog.getByRole('button', { name: t.countryCode })).toHaveCount(0);
    await username.fill('0912');
    await expect(dialog.getByRole('button', { name: t.countryCode })).toBeVisible();
    await username.fill('khach@example');
    await expect(dialog.getByRole('button', { name: t.countryCode })).toHaveCount(0);
    await dialog.getByLabel(t.fullname, { exact: true }).fill(lang === 'vi' ? 'Khách Nước Ngoài' : 'Anna Smith');
    await dialog.getByLabel(t.password, { exact: true }).fill('vivu2026');
    await dialog.getByLabel(t.rePassword, { exact: true }).fill('vivu2026');
    await dialog.getByRole('button', { name: t.signUp, exact: true }).click();
    // spec 5: a bad username has the spec's message; what was typed stays.
    await expect(dialog.getByText(t.badUsername)).toBeVisible();
    await expect(username).toHaveValue('khach@example');
    await username.fill(typed);
    const sent = await mailCount(email);
    await dialog.getByRole('button', { name: t.signUp, exact: true }).click();

    const confirm = page.getByRole('dialog', { name: t.confirmTitle });
    await expect(confirm.getByText(t.mailedTo(email))).toBeVisible();
    const code = await waitForMailedOtp(email, sent);
    // The code went by mail, not by SMS.
    expect(await smsCount(email)).toBe(0);
    await typeOtp(page, t, t.confirmTitle, code);
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t.verified })).toBeVisible();
    await openMenuItem(page, t, t.account, 'link');
    await expect(page.getByRole('main').getByText(email, { exact: true }).first()).toBeVisible();

    // Signed out, the e-mail signs in whatever its case.
    await openMenuItem(page, t, t.logout);
    await openMenuItem(page, t, t.login);
    const login = page.getByRole('dialog', { name: t.login });
    await login.getByLabel(t.username, { exact: true }).fill(email.toUpperCase());
    await login.getByLabel(t.password, { exact: true }).fill('vivu2026');
    await login.getByRole('button', { name: t.login, exact: true }).click();
    await expect(login).toBeHidden();
    await openMenuItem(page, t, t.account, 'link');
    await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();

    // Forgot password by e-mail: the code comes by mail, and the new password signs the passenger in.
    await openMenuItem(page, t, t.logout);
    await openMenuItem(page, t, t.login);
    await page.getByRole('dialog', { name: t.login }).getByRole('button', { name: t.forgot }).click();
    const forgot = page.getByRole('dialog', { name: t.forgotTitle(1) });
    await forgot.getByLabel(t.username, { exact: true }).fill(typed);
    const before = await mailCount(email);
    await forgot.getByRole('button', { name: t.sendCode }).click();
    const step2 = page.getByRole('dialog', { name: t.forgotTitle(2) });
    await expect(step2.getByText(t.mailedTo(email))).toBeVisible();
    await typeOtp(page, t, t.forgotTitle(2), await waitForMailedOtp(email, before));
    const step3 = page.getByRole('dialog', { name: t.forgotTitle(3) });
    await step3.getByLabel(t.newPassword, { exact: true }).fill('newpass1');
    await step3.getByLabel(t.rePassword, { exact: true }).fill('newpass1');
    await step3.getByRole('button', { name: t.savePassword }).click();
    await expect(step3).toBeHidden();
    await openMenuItem(page, t, t.account, 'link');
    await expect(page.getByRole('heading', { level: 1, name: t.accountTitle })).toBeVisible();
    expect(await smsCount(email)).toBe(0);
    const oldLogin = await page.request.post('/api/passenger/login', { data: { phone_number: email, password: 'vivu2026' } });
    expect(oldLogin.status()).toBe(401);
    const newLogin = await page.request.post('/api/passenger/login', { data: { phone_number: typed, password: 'newpass1' } });
    expect(newLogin.ok()).toBe(true);
  });
}
