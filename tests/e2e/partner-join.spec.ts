// A transport company joins with no SQL, in Vietnamese and in English: it applies through the "become a partner"
// form (provinces and all), the operator approves it (the operator call, with the e2e server's token), the owner opens
// the set-password link from the SMS outbox, sets a password, lands in the console signed in, and adds a dispatcher
// from the Staff tab (who is sent a link of their own).
import { JOIN_PATHS } from '../../src/shared/contract/partner-join';
import { LEAD_PATHS } from '../../src/shared/contract/leads';
import { pathFor } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { waitForSms } from './outbox';

const TEXTS = {
  vi: {
    transport: /Đối tác vận chuyển/,
    company: 'Tên doanh nghiệp / nhà xe *',
    fullname: 'Họ tên người liên hệ *',
    phone: 'Số điện thoại *',
    email: 'E-mail *',
    taxCode: 'Mã số thuế *',
    fleet: 'Số xe hiện có *',
    province: 'Hà Nội',
    submit: 'Gửi đăng ký',
    thanks: (company: string) => `Đã nhận đăng ký của ${company}`,
    provincesError: 'Hãy chọn ít nhất một tỉnh, thành phố bạn phục vụ',
    setTitle: 'Đặt mật khẩu bảng điều khiển đối tác',
    password: 'Mật khẩu mới',
    rePassword: 'Nhập lại mật khẩu mới',
    setSubmit: 'Đặt mật khẩu và đăng nhập',
    console: 'Bảng điều khiển đối tác',
    staffTab: 'Nhân viên',
    name: 'Họ tên',
    staffPhone: 'Số điện thoại',
    role: 'Vai trò',
    dispatcher: 'Điều phối',
    add: 'Thêm nhân viên',
    used: 'Liên kết này đã được dùng hoặc không hợp lệ.',
  },
  en: {
    transport: /Transport partner/,
    company: 'Company name *',
    fullname: 'Contact person *',
    phone: 'Phone number *',
    email: 'E-mail *',
    taxCode: 'Tax code *',
    fleet: 'Cars in your fleet *',
    province: 'Hanoi',
    submit: 'Send registration',
    thanks: (company: string) => `Registration received: ${company}`,
    provincesError: 'Choose at least one province you serve',
    setTitle: 'Set your partner console password',
    password: 'New password',
    rePassword: 'New password again',
    setSubmit: 'Set password and sign in',
    console: 'Partner console',
    staffTab: 'Staff',
    name: 'Name',
    staffPhone: 'Phone',
    role: 'Role',
    dispatcher: 'Dispatcher',
    add: 'Add a staff member',
    used: 'This link has already been used or is not valid.',
  },
} as const;

for (const lang of ['vi', 'en'] as const) {
  test(`a transport company applies, is approved, sets its password and adds a dispatcher (${lang})`, async ({ page }) => {
    const t = TEXTS[lang];
    const unique = String(Date.now()).slice(-8);
    const phone = `9${unique}`;
    const company = `Nhà xe Thử ${lang.toUpperCase()} ${unique}`;
    await page.goto(`${pathFor('become-partner', lang)}?type=transport`);
    await expect(page.getByRole('radio', { name: t.transport })).toBeChecked();
    await page.getByRole('textbox', { name: t.company }).fill(company);
    await page.getByRole('textbox', { name: t.fullname }).fill('Lê Văn Cường');
    await page.getByRole('textbox', { name: t.phone }).fill(phone);
    await page.getByRole('textbox', { name: t.email }).fill(`nhaxe-${lang}-${unique}@example.com`);
    await page.getByRole('textbox', { name: t.taxCode }).fill('0101234567');
    await page.getByRole('textbox', { name: t.fleet }).fill('12');
    // No province yet: refused with the contract's message, what was typed kept.
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.provincesError)).toBeVisible();
    await expect(page.getByRole('textbox', { name: t.company })).toHaveValue(company);
    await page.getByRole('checkbox', { name: t.province, exact: true }).check();
    const sent = page.waitForResponse((res) => res.url().endsWith(LEAD_PATHS.leadContact) && res.status() === 200);
    await page.getByRole('button', { name: t.submit }).click();
    const leadId = ((await (await sent).json()) as { data: { id: number } }).data.id;
    await expect(page.getByRole('heading', { level: 2, name: t.thanks(company) })).toBeVisible();

    // The operator approves it with the operator token.
    const approved = await page.request.post(JOIN_PATHS.approve, {
      headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
      data: { lead_id: leadId },
    });
    expect(approved.status()).toBe(200);

    // The owner opens the link sent by SMS (on this server's origin), sets a password and lands in the console.
    const text = await waitForSms(`0${phone}`, /#token=/);
    const link = new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text)![1]!);
    expect(link.pathname).toBe(pathFor('partner-set-password', lang));
    await page.goto(`${link.pathname}${link.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: t.setTitle })).toBeVisible();
    await page.getByLabel(t.password, { exact: true }).fill('nhaxe123');
    await page.getByLabel(t.rePassword, { exact: true }).fill('nhaxe123');
    await page.getByRole('button', { name: t.setSubmit }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.console })).toBeVisible();
    await expect(page.getByText(company)).toBeVisible();

    // The owner adds a dispatcher, who is sent a link of their own.
    await page.getByRole('tab', { name: t.staffTab }).click();
    const dispatcherPhone = `8${unique}`;
    await page.getByLabel(t.name, { exact: true }).fill('Trần Điều Phối');
    await page.getByLabel(t.staffPhone, { exact: true }).fill(dispatcherPhone);
    await page.getByLabel(t.role, { exact: true }).selectOption('dispatcher');
    await page.getByRole('button', { name: t.add }).click();
    const item = page.getByRole('listitem').filter({ hasText: 'Trần Điều Phối' });
    await expect(item).toBeVisible();
    await expect(item.getByRole('combobox')).toHaveValue('dispatcher');
    await waitForSms(`0${dispatcherPhone}`, /#token=/);

    // The owner's link was used once: opening it again says so.
    await page.goto(`${link.pathname}${link.hash}`);
    await page.getByLabel(t.password, { exact: true }).fill('nhaxe456');
    await page.getByLabel(t.rePassword, { exact: true }).fill('nhaxe456');
    await page.getByRole('button', { name: t.setSubmit }).click();
    await expect(page.getByText(t.used)).toBeVisible();
  });
}
