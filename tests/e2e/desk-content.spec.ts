// The desk's content area: a content member (made by the operator call, the password and authenticator set through
// the desk's calls) signs in, opens an FAQ question, adds a sentence to its Vietnamese answer, publishes, and the
// FAQ page shows it at once: in the server-rendered document and in the app; and writes a new news post, publishes
// it, and its page is at the address proposed from its title.
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { SEED_FAQ } from '../../src/server/db/content-data/faq';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { pathFor } from '../../src/shared/domain/route-table';
import { expect, test } from './fixtures';
import { mailTexts } from './outbox';

const PASSWORD = 'noidung2026';
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** A new content member (made by the operator call, password and authenticator set through the desk's calls) signs in. */
async function signIn(page: Page) {
  const email = `noi.dung.${Date.now()}@vivu.example`;
  const made = await page.request.post(DESK_PATHS.operatorCreate, {
    headers: { authorization: `Bearer ${process.env.VIVU_E2E_OPERATOR_TOKEN}` },
    data: { email, role: 'content', lang: 'vi' },
  });
  expect(made.status()).toBe(200);
  await expect.poll(async () => (await mailTexts(email, '#token=')).length, { timeout: 10_000 }).toBe(1);
  const [mail] = await mailTexts(email, '#token=');
  const token = /#token=([\w-]+)/.exec(mail!)![1]!;
  const set = await page.request.post(DESK_PATHS.setPassword, { data: { token, password: PASSWORD, re_password: PASSWORD } });
  const enrolment = (await set.json()) as { data: { enrol_token: string; secret: string } };
  const secret = enrolment.data.secret.replace(/\s+/g, '');
  const enrolled = await page.request.post(DESK_PATHS.enrol, {
    data: { enrol_token: enrolment.data.enrol_token, code: codeOf(secret) },
  });
  expect(enrolled.status()).toBe(200);

  await page.goto(pathFor('desk', 'vi'));
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  // The enrolment spent this step's code: the app's next one.
  await page.getByLabel('Mã xác thực', { exact: true }).fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
}

test('a content member edits an FAQ answer in Vietnamese, publishes, and the FAQ page shows it', async ({ page }) => {
  // The last question: no other browser test reads its answer.
  const faq = SEED_FAQ.at(-1)!;
  const added = `Cập nhật ${Date.now()}: hỏi tổng đài 1900 6022.`;
  await signIn(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Nội dung trang' })).toBeVisible();
  await page.getByRole('button', { name: `Mở “${faq.questionVi}”` }).click();
  const vi = page.getByRole('group', { name: 'Tiếng Việt' });
  const answer = vi.getByLabel('Câu trả lời');
  await answer.fill(`${await answer.inputValue()}\n\n${added}`);
  await page.getByRole('button', { name: 'Đăng', exact: true }).click();
  await expect(page.getByText('Đã đăng. Trang hiển thị nội dung mới ngay.')).toBeVisible();

  const rendered = await page.request.get('/cau-hoi-thuong-gap');
  expect(await rendered.text()).toContain(added);
  await page.goto('/cau-hoi-thuong-gap');
  await page.getByRole('button', { name: faq.questionVi }).click();
  await expect(page.getByRole('region', { name: faq.questionVi })).toContainText(added);
});

test('a content member writes a news post, publishes it, and its page is at the address proposed from its title', async ({
  page,
}) => {
  const stamp = Date.now();
  const title = `Vivu mở tuyến đón sân bay Đà Nẵng ${stamp}`;
  const slug = `vivu-mo-tuyen-don-san-bay-da-nang-${stamp}`;
  await signIn(page);

  await page.getByRole('button', { name: 'Tạo mới' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tạo nội dung mới' })).toBeVisible();
  const vi = page.getByRole('group', { name: 'Tiếng Việt' });
  await vi.getByLabel('Tiêu đề').fill(title);
  await vi.getByLabel('Tóm tắt').fill('Tuyến mới từ sân bay Đà Nẵng về Hội An.');
  await vi.getByLabel('Nội dung').fill('Từ tháng sau, hành khách đặt xe đón tại sân bay Đà Nẵng.');
  const en = page.getByRole('group', { name: 'Tiếng Anh' });
  await en.getByLabel('Tiêu đề').fill(`Vivu opens Da Nang airport pick-ups ${stamp}`);
  await en.getByLabel('Nội dung').fill('From next month, passengers book pick-ups at Da Nang airport.');
  await expect(page.getByLabel('Địa chỉ (tiếng Việt)')).toHaveValue(slug);
  await page.getByRole('button', { name: 'Tạo bản nháp' }).click();

  await expect(page.getByText('Đã tạo bản nháp. Xem trước rồi bấm “Đăng” để đưa lên trang.')).toBeVisible();
  await expect(page.getByText('Chưa đăng lần nào: ngày đăng là lúc bài được đăng lần đầu.')).toBeVisible();
  await page.getByRole('button', { name: 'Đăng', exact: true }).click();
  await expect(page.getByText('Đã đăng. Trang hiển thị nội dung mới ngay.')).toBeVisible();
  await expect(page.getByText(/^Ngày đăng: /)).toBeVisible();

  await page.goto(pathFor('news', 'vi', { slug }));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
