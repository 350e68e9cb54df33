// An account signed up with an e-mail, in both languages: a guest booking made earlier with that e-mail is in "My
// trips" once the e-mail is verified, and one made with a phone joins the list once the account has verified it; the account page says which contact is verified and that the phone is not set,
// and a phone is added there: a bad number and a number another account verified are refused with what was typed
// kept, then the SMS code (read from the server's outbox) makes the phone the account's, verified.
import type { Page } from '@playwright/test';
import { pathFor } from '../../src/shared/domain/route-table';
import { DEMO_USER, expect, test } from './fixtures';
import { chooseOption, openAirportPrices, submitBilling, TEXT } from './journey';
import { mailCount, smsCount, waitForMailedOtp, waitForOtp } from './outbox';

const WORDS = {
  vi: {
    ...TEXT.vi,
    menu: 'Mở menu',
    login: 'Đăng nhập',
    signUp: 'Đăng ký',
    signUpTitle: 'Đăng ký tài khoản',
    username: 'Số điện thoại hoặc e-mail',
    password: 'Mật khẩu',
    rePassword: 'Nhập lại mật khẩu',
    confirmTitle: 'Xác nhận đăng ký',
    digit: (index: number) => `Chữ số ${index} trên 4`,
    account: 'Tài khoản',
    accountTitle: 'Tài khoản của tôi',
    trips: 'Quản lý chuyến đi',
    tripsTitle: 'Chuyến đi của tôi',
    notSet: 'Chưa cập nhật',
    verified: 'Đã xác thực',
    loginEmail: 'E-mail đăng nhập',
    addPhone: 'Thêm số điện thoại',
    sendCode: 'Gửi mã xác thực',
    badPhone: 'Số điện thoại không hợp lệ',
    inUse:
      'Số điện thoại này đã được xác thực cho một tài khoản Vivu khác. Hãy đăng nhập bằng số này, hoặc dùng “Quên mật khẩu?” nếu tài khoản đó là của bạn.',
    sentTo: (phone: string) => `Mã xác thực gồm 4 chữ số đã được gửi đến số ${phone}.`,
    otpWrong: 'Mã xác thực không đúng',
    added: (phone: string) => `Đã xác thực số ${phone} và thêm vào tài khoản của bạn.`,
  },
  en: {
    ...TEXT.en,
    menu: 'Open menu',
    login: 'Log in',
    signUp: 'Sign up',
    signUpTitle: 'Sign up',
    username: 'Phone number or e-mail',
    password: 'Password',
    rePassword: 'Re-enter password',
    confirmTitle: 'Confirm your sign-up',
    digit: (index: number) => `Digit ${index} of 4`,
    account: 'Account',
    accountTitle: 'My account',
    trips: 'Manage trips',
    tripsTitle: 'My trips',
    notSet: 'Not set',
    verified: 'Verified',
    loginEmail: 'Sign-in e-mail',
    addPhone: 'Add a phone number',
    sendCode: 'Send code',
    badPhone: 'Invalid phone number',
    inUse:
      'This phone number is already verified on another Vivu account. Sign in with it, or use “Forgot password?” if that account is yours.',
    sentTo: (phone: string) => `A 4-digit code has been sent to ${phone}.`,
    otpWrong: 'Verify code incorrect',
    added: (phone: string) => `${phone} is verified and added to your account.`,
  },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

const freshPhone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const freshEmail = () => `Lan.${Date.now().toString(36)}${String(Math.floor(Math.random() * 1e6))}@Example.com`;
const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');
const spaced = (phone: string) => `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;

async function openMenuItem(page: Page, w: Words, name: string, role: 'button' | 'link' = 'button') {
  await page.getByRole('button', { name: w.menu }).click();
  await page.getByRole('dialog').getByRole(role, { name, exact: true }).click();
}

/** A guest booking (no account) with this phone and e-mail; answers the ticket code. */
async function guestBooking(page: Page, w: Words, phone: string, email: string): Promise<string> {
  await openAirportPrices(page, w);
  await chooseOption(page, w);
  await page.getByLabel(w.fullname, { exact: true }).fill('Trần Thị Lan');
  await page.getByLabel(w.phone, { exact: true }).fill(phone);
  await page.getByLabel(w.email, { exact: true }).fill(email);
  await page.getByLabel(w.flight, { exact: true }).fill('VN123');
  await page.getByLabel(w.domestic).check();
  await submitBilling(page, w);
  await expect(page).toHaveURL(/code=VV/);
  return new URL(page.url()).searchParams.get('code') ?? '';
}

/** The value cell of the account summary's row named `label`. */
const summaryValue = (page: Page, label: string) =>
  page
    .locator('.account-page .details > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');

// Walked in one language: the other language's screens are the same components with the other locale's words
// (locales.test.ts keeps both locales' keys the same), and the browser tests alternate the language from one journey
// to the next to keep both walked.
for (const lang of ['en'] as const) {
  test(`${lang}: an e-mail account finds its guest bookings in My trips, by its e-mail, then by the phone it adds with an SMS code`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const w = WORDS[lang];
    const typed = freshEmail();
    const email = typed.toLowerCase();

    // A guest books with the e-mail typed in capitals, before any account exists; another booking has the phone the
    // account adds later, with another e-mail.
    const code = await guestBooking(page, w, freshPhone(), typed);
    const phone = freshPhone();
    const byPhone = await guestBooking(page, w, phone, `other.${phone}@example.com`);

    // Then signs up with that e-mail and the mailed code.
    await page.goto(w.home);
    await openMenuItem(page, w, w.login);
    await page.getByRole('dialog', { name: w.login }).getByRole('button', { name: w.signUp, exact: true }).click();
    const signUp = page.getByRole('dialog', { name: w.signUpTitle });
    await signUp.getByLabel(w.fullname, { exact: true }).fill('Trần Thị Lan');
    await signUp.getByLabel(w.username, { exact: true }).fill(typed);
    await signUp.getByLabel(w.password, { exact: true }).fill('vivu2026');
    await signUp.getByLabel(w.rePassword, { exact: true }).fill('vivu2026');
    const mailed = await mailCount(email);
    await signUp.getByRole('button', { name: w.signUp, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: w.confirmTitle });
    await confirm.getByRole('textbox', { name: w.digit(1) }).click();
    await page.keyboard.type(await waitForMailedOtp(email, mailed));
    await expect(confirm).toBeHidden();

    // The guest ticket of the verified e-mail is in My trips.
    await openMenuItem(page, w, w.trips, 'link');
    await expect(page.getByRole('heading', { level: 1, name: w.tripsTitle })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(code) })).toBeVisible();
    // The phone's booking is not the account's yet.
    await expect(page.getByRole('link', { name: new RegExp(byPhone) })).toHaveCount(0);
    await page.getByRole('link', { name: new RegExp(code) }).click();
    // It opens as any ticket of the list does (proved by the ticket's own phone).
    await expect(page).toHaveURL(new RegExp(`/${code}/0\\d{9}$`));
    await expect(page.getByText(code).first()).toBeVisible();

    // The account page: the phone is not set, with no "verified" beside it; the sign-in e-mail is verified.
    await page.goto(pathFor('account', lang));
    await expect(page.getByRole('heading', { level: 1, name: w.accountTitle })).toBeVisible();
    await expect(summaryValue(page, w.phone)).toHaveText(w.notSet);
    await expect(summaryValue(page, w.loginEmail)).toHaveText(new RegExp(`^${email.replace(/[.]/g, '\\.')}\\s+${w.verified}$`));

    // A phone is added: a bad number and one another account verified are refused, the number typed stays.
    const section = page.getByRole('region', { name: w.addPhone });
    const field = section.getByLabel(w.phone, { exact: true });
    await field.fill('412345678');
    await section.getByRole('button', { name: w.sendCode }).click();
    await expect(section.getByText(w.badPhone)).toBeVisible();
    await expect(field).toHaveValue('412345678');
    await field.fill(DEMO_USER.phone.slice(1));
    await section.getByRole('button', { name: w.sendCode }).click();
    await expect(section.getByText(w.inUse)).toBeVisible();
    await expect(field).toHaveValue(DEMO_USER.phone.slice(1));

    await field.fill(phone.slice(1));
    const sent = await smsCount(phone);
    await section.getByRole('button', { name: w.sendCode }).click();
    await expect(section.getByText(w.sentTo(spaced(phone)))).toBeVisible();
    const sms = await waitForOtp(phone, sent);
    await section.getByRole('textbox', { name: w.digit(1) }).click();
    await page.keyboard.type(wrongCode(sms));
    await expect(section.getByText(w.otpWrong)).toBeVisible();
    await expect(section.getByRole('textbox', { name: w.digit(1) })).toHaveValue('');
    await page.keyboard.type(sms);
    await expect(section.getByRole('status').filter({ hasText: w.added(spaced(phone)) })).toBeVisible();
    await expect(summaryValue(page, w.phone)).toHaveText(`${spaced(phone)} ${w.verified}`);
    // The recent bookings on the page now hold the guest booking made with that phone.
    await expect(page.getByRole('link', { name: new RegExp(byPhone) })).toBeVisible();
    await page.screenshot({ path: `test-results/account-phone-${lang}.png`, fullPage: true });

    // The phone is the account's: it signs in with the account's password.
    const login = await page.request.post('/api/passenger/login', { data: { phone_number: phone, password: 'vivu2026' } });
    expect(login.ok()).toBe(true);
    expect(((await login.json()) as { data: { login_email: string } }).data.login_email).toBe(email);
  });
}
