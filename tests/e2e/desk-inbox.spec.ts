// The desk's inbox from a passenger's special request to its answer: the passenger sends the request through the
// passengers' own call; a support member (made by the operator call, password and authenticator set through the
// desk's calls) signs in, finds the request with its 48-hour clock, takes it and answers it by e-mail, and the mail
// outbox holds the answer to the passenger, in Vietnamese and in English.
import { TOTP } from 'otpauth';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { LEAD_PATHS } from '../../src/shared/contract/leads';
import { pathFor } from '../../src/shared/domain/route-table';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

const TEXTS = {
  vi: {
    email: 'E-mail',
    password: 'Mật khẩu',
    code: 'Mã xác thực',
    signIn: 'Đăng nhập',
    inbox: 'Hộp thư yêu cầu',
    kind: 'Loại',
    special: 'Yêu cầu đặc biệt',
    clock: /Còn 4[78] giờ/,
    take: 'Nhận xử lý',
    taken: 'Bạn đã nhận xử lý mục này.',
    answer: 'Nội dung trả lời',
    send: 'Gửi trả lời',
    sent: (to: string) => `Câu trả lời đang được gửi tới ${to}.`,
    answered: /Đã trả lời, sớm 4[78] giờ/,
    text: 'Xe 16 chỗ còn trống các ngày đó, giá 4.800.000đ cho cả hai ngày.',
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    code: 'Authenticator code',
    signIn: 'Sign in',
    inbox: 'Inbox',
    kind: 'Kind',
    special: 'Special request',
    clock: /4[78] h \d+ min left/,
    take: 'Take it',
    taken: 'You took this item.',
    answer: 'Your answer',
    send: 'Send the answer',
    sent: (to: string) => `The answer is on its way to ${to}.`,
    answered: /Answered with 4[78] h \d+ min to spare/,
    text: 'A 16-seat van is free on those days: 4.800.000đ for both days.',
  },
} as const;

const PASSWORD = 'hotro2026x';
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

// In English: the desk walk (desk-walk.spec.ts) answers a special request in Vietnamese.
for (const lang of ['en'] as const) {
  test(`a passenger's special request is answered from the desk's inbox (${lang})`, async ({ page }) => {
    const t = TEXTS[lang];
    const stamp = `${lang}${Date.now()}`;
    const passenger = { name: `Khách Inbox ${stamp}`, email: `inbox.${stamp}@example.com` };
    const sent = await page.request.post(LEAD_PATHS.specialRequest, {
      data: {
        fullname: passenger.name,
        phone_code: '84',
        phone: '0912000136',
        email: passenger.email,
        pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
        drop_address: 'Hạ Long, Quảng Ninh',
        depart_time: `07:30 ${formatVnDate(Date.now() + 3 * 86_400_000)}`,
        days: 2,
        seats: 16,
        lang,
      },
    });
    expect(sent.status()).toBe(200);

    // A support member, its password set and its authenticator enrolled through the desk's own calls.
    const email = `hotro-${stamp}@vivu.example`;
    const made = await page.request.post(DESK_PATHS.operatorCreate, {
      headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
      data: { email, role: 'support', lang },
    });
    expect(made.status()).toBe(200);
    await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
    const [linkMail] = await mailTexts(email, '#token=');
    const token = /#token=([\w-]+)/.exec(linkMail!)![1]!;
    const set = await page.request.post(DESK_PATHS.setPassword, { data: { token, password: PASSWORD, re_password: PASSWORD } });
    const { secret, enrol_token } = ((await set.json()) as { data: { secret: string; enrol_token: string } }).data;
    const enrolled = await page.request.post(DESK_PATHS.enrol, { data: { enrol_token, code: codeOf(secret) } });
    expect(enrolled.status()).toBe(200);

    await page.goto(pathFor('desk', lang));
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
    // The enrolment spent the current code: the app's next one signs in.
    await page.getByLabel(t.code, { exact: true }).fill(codeOf(secret, 1));
    await page.getByRole('button', { name: t.signIn }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.inbox })).toBeVisible();

    await page.getByRole('combobox', { name: t.kind, exact: true }).selectOption({ label: t.special });
    const row = page.getByRole('button', { name: new RegExp(passenger.name) });
    await expect(row).toContainText(t.clock);
    await row.click();
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(passenger.name) })).toBeFocused();
    await page.getByRole('button', { name: t.take, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t.taken })).toBeVisible();
    await page.getByLabel(t.answer).fill(t.text);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('status').filter({ hasText: t.sent(passenger.email) })).toBeVisible();
    await expect(page.getByRole('article').getByText(t.answered)).toBeVisible();
    await expect.poll(async () => (await mailTexts(passenger.email, t.text)).length, { timeout: 10_000 }).toBe(1);
  });
}
