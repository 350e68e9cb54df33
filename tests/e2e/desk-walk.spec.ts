// The operator desk walked from nothing, in Vietnamese, on a server of its own: once on PGlite, once on a PostgreSQL
// database made for it when TEST_DATABASE_URL is set (as .ci/run sets it). `npm run staff:create` makes the first
// admin on the empty database before the server starts (the command and a running server never share an embedded
// database's folder); the admin opens the mailed link, sets a password, enrols an authenticator, and adds a support,
// a finance and a content member on the Staff page. A passenger sends a special request and an idle page's call-back
// request, and a card ticket is paid and then cancelled, all through the passengers' own calls. Support takes and
// answers the special request (the answer is mailed to the passenger through the outbox, and the item shows the 48 h
// promise less the time taken); finance marks the cancelled ticket's refund paid; content adds a sentence to an FAQ
// answer in Vietnamese and publishes it, and the page served at /cau-hoi-thuong-gap shows it; the admin's audit log
// lists each of these with the member who did it. Each area has its own spec (desk-inbox, desk-tickets,
// desk-content): this one proves the chain.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { SEED_FAQ } from '../../src/server/db/content-data/faq';
import { DESK_PATHS } from '../../src/shared/contract/desk';
import { LEAD_PATHS } from '../../src/shared/contract/leads';
import { SUPPORT_PATHS } from '../../src/shared/contract/support';
import { formatVnd } from '../../src/shared/domain/money';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { cancelledCardTicket, codeOf, deskData, signInToDesk } from './desk-steps';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';
import { mailTextsIn } from './outbox';
import { E2E_PORT } from './ports';
import { emptyPostgres } from './postgres-db';

const PORT = E2E_PORT + 10;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'quantri2026';

test.use({ baseURL: ORIGIN });

const RUNS = [
  { database: 'PGlite', admin: undefined },
  process.env.TEST_DATABASE_URL
    ? { database: 'PostgreSQL', admin: process.env.TEST_DATABASE_URL }
    : { database: 'PostgreSQL: not walked, TEST_DATABASE_URL is not set', admin: '' },
] as const;

/** `npm run staff:create -- <e-mail>` on the data folder or database the server will use: its exit code and output. */
function staffCreate(email: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'staff:create', '--', email], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

for (const run of RUNS) {
  test(`vi: the operator desk from staff:create to the audit log, on ${run.database}`, async ({ page }) => {
    if (run.admin === '') {
      // Never silently left out: CI (.ci/run) always gives TEST_DATABASE_URL, so there its absence fails.
      expect(process.env.CI, 'TEST_DATABASE_URL is not set: CI walks the desk on PostgreSQL too').toBeFalsy();
      const note = 'TEST_DATABASE_URL is not set: the desk walk ran on PGlite only; .ci/run also runs it on PostgreSQL';
      test.info().annotations.push({ type: 'PGlite only', description: note });
      console.log(`\n(${note})`);
      return;
    }
    test.setTimeout(240_000);
    const database = run.admin ? await emptyPostgres(run.admin) : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'vivu-desk-walk-'));
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    // On PGlite, the run's migrated and seeded template (tests/e2e/serve.mjs) when there is one, as every other
    // server of the run starts on: the command and the server then only check it.
    const template = process.env.E2E_TEMPLATE_DIR && join(process.env.E2E_TEMPLATE_DIR, 'pglite');
    if (!database && template && existsSync(template)) cpSync(template, join(dataDir, 'pglite'), { recursive: true });
    let server: OwnServer | undefined;
    try {
      const admin = `quan.tri.${Date.now()}@vivu.example`;
      const made = await staffCreate(admin, env);
      expect(made.code, made.output).toBe(0);
      // The command prints the link too; the walk takes it from the mail, as the admin would.
      expect(made.output).toContain('set-password link (works once)');
      server = await startOwnServer(PORT, { ...env, OPERATOR_API_TOKEN: '', LEAD_FORM_LIMIT: '100' }, { timeoutMs: 180_000 });
      await walk(page, dataDir, admin);
    } catch (error) {
      if (server) await test.info().attach('server output', { body: server.report(), contentType: 'text/plain' });
      throw error;
    } finally {
      // The page leaves first: its polls to a stopped server would be failed loads, which the console check counts.
      // (A page already gone has nothing to leave.)
      await page.goto('about:blank').catch(() => undefined);
      await server?.stop();
      await database?.drop();
    }
  });
}

/** The member's link from the mail outbox of `dir`, waited for. */
async function linkOf(dir: string, email: string): Promise<URL> {
  await expect.poll(async () => (await mailTextsIn(dir, email, '#token=')).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const text = (await mailTextsIn(dir, email, '#token=')).at(-1)!;
  return new URL(/(https?:\/\/\S+#token=[\w-]+)/.exec(text)![1]!);
}

/** Sets the password from the link and enrols an authenticator through the desk's calls: the authenticator's secret. */
async function readyMember(api: APIRequestContext, link: URL): Promise<string> {
  const token = new URLSearchParams(link.hash.slice(1)).get('token') ?? '';
  const enrolment = await deskData<{ enrol_token: string; secret: string }>(
    await api.post(DESK_PATHS.setPassword, { data: { token, password: PASSWORD, re_password: PASSWORD } }),
  );
  await deskData(
    await api.post(DESK_PATHS.enrol, { data: { enrol_token: enrolment.enrol_token, code: codeOf(enrolment.secret) } }),
  );
  return enrolment.secret;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập trang quản trị' })).toBeVisible();
}

async function walk(page: Page, outbox: string, admin: string) {
  const stamp = String(Date.now()).slice(-8);
  const members = {
    support: `ho.tro.${stamp}@vivu.example`,
    finance: `tai.chinh.${stamp}@vivu.example`,
    content: `noi.dung.${stamp}@vivu.example`,
  };
  const roleNames = { support: 'Hỗ trợ', finance: 'Tài chính', content: 'Nội dung' } as const;

  // The first admin: the mailed link, a password, an authenticator (its code computed here from the secret shown).
  const adminLink = await linkOf(outbox, admin);
  expect(adminLink.pathname).toBe('/quan-tri');
  await page.goto(`${adminLink.pathname}${adminLink.hash}`);
  await page.getByLabel('Mật khẩu mới', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Nhập lại mật khẩu', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Đặt mật khẩu' }).click();
  await expect(page.getByRole('heading', { name: 'Thêm trang quản trị vào ứng dụng xác thực' })).toBeVisible();
  const adminSecret = ((await page.getByTestId('desk-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Mã trong ứng dụng', { exact: true }).fill(codeOf(adminSecret));
  await page.getByRole('button', { name: 'Xác nhận và đăng nhập' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nhân viên' })).toBeVisible();

  // The admin adds the three members; each gets a mailed link.
  for (const role of ['support', 'finance', 'content'] as const) {
    await page.getByLabel('E-mail', { exact: true }).fill(members[role]);
    await page.getByLabel('Vai trò', { exact: true }).selectOption({ label: roleNames[role] });
    await page.getByRole('button', { name: 'Thêm và gửi liên kết' }).click();
    await expect(page.getByText(`Đã thêm ${members[role]}.`, { exact: false })).toBeVisible();
  }
  await signOut(page);

  // The passengers: a special request, an idle page's call-back request, a card ticket paid and then cancelled.
  const passenger = { name: `Khách Đoàn ${stamp}`, email: `doan.${stamp}@example.com` };
  const sent = await page.request.post(LEAD_PATHS.specialRequest, {
    data: {
      fullname: passenger.name,
      phone_code: '84',
      phone: '0912000137',
      email: passenger.email,
      pick_address: 'Sân bay quốc tế Nội Bài, Hà Nội',
      drop_address: 'Hạ Long, Quảng Ninh',
      depart_time: `07:30 ${formatVnDate(Date.now() + 3 * 86_400_000)}`,
      days: 2,
      seats: 16,
      lang: 'vi',
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const callBack = await page.request.post(SUPPORT_PATHS.request, {
    data: { user: { phone_code: '84', phone: '0912000138', note: `Gọi lại ${stamp}` }, page: '/', lang: 'vi' },
  });
  expect(callBack.status(), await callBack.text()).toBe(200);
  const ticket = await cancelledCardTicket(page.request);

  // Support takes and answers the special request; the call-back is in the inbox too.
  const supportSecret = await readyMember(page.request, await linkOf(outbox, members.support));
  await signInToDesk(page, members.support, PASSWORD, codeOf(supportSecret, 1));
  await expect(page.getByRole('heading', { level: 1, name: 'Hộp thư yêu cầu' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Loại', exact: true }).selectOption({ label: 'Yêu cầu gọi lại' });
  await expect(page.getByRole('button', { name: /0912\s?000\s?138/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Loại', exact: true }).selectOption({ label: 'Yêu cầu đặc biệt' });
  const row = page.getByRole('button', { name: new RegExp(passenger.name) });
  await expect(row).toContainText(/Còn 4[78] giờ/);
  await row.click();
  await page.getByRole('button', { name: 'Nhận xử lý', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bạn đã nhận xử lý mục này.' })).toBeVisible();
  const answer = `Xe 16 chỗ còn trống, giá 4.800.000đ cho hai ngày (${stamp}).`;
  await page.getByLabel('Nội dung trả lời').fill(answer);
  await page.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Câu trả lời đang được gửi tới ${passenger.email}.` })).toBeVisible();
  await expect(page.getByRole('article').getByText(/Đã trả lời, sớm 4[78] giờ/)).toBeVisible();
  await expect.poll(async () => (await mailTextsIn(outbox, passenger.email, answer)).length, { timeout: 15_000 }).toBe(1);
  await signOut(page);

  // Finance marks the cancelled card ticket's refund paid.
  const financeSecret = await readyMember(page.request, await linkOf(outbox, members.finance));
  await signInToDesk(page, members.finance, PASSWORD, codeOf(financeSecret, 1));
  await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('button', { name: 'Vé' }).click();
  await page.getByLabel('Mã vé', { exact: true }).fill(ticket.code);
  await page.getByRole('button', { name: 'Tìm', exact: true }).click();
  await page.getByRole('button', { name: `Mở vé ${ticket.code}` }).click();
  const opened = page.getByRole('region', { name: `Vé ${ticket.code}` });
  await opened.getByRole('button', { name: 'Ghi nhận đã hoàn tiền' }).click();
  const dialog = page.getByRole('dialog', { name: `Ghi nhận đã hoàn tiền vé ${ticket.code}` });
  await dialog.getByLabel('Mã giao dịch ngân hàng hoặc cổng', { exact: true }).fill(`VCB-${stamp}`);
  await dialog.getByLabel('Lý do', { exact: true }).fill('Khách hủy vé đã trả thẻ, đã chuyển khoản hoàn');
  await dialog.getByRole('button', { name: 'Ghi nhận', exact: true }).click();
  await expect(opened.getByText(`Đã hoàn: ${formatVnd(ticket.total)} bằng Chuyển khoản, mã VCB-${stamp}`)).toBeVisible();
  await signOut(page);

  // Content adds a sentence to the last FAQ answer in Vietnamese and publishes it; the FAQ page serves it.
  const faq = SEED_FAQ.at(-1)!;
  const added = `Cập nhật ${stamp}: gọi tổng đài 1900 6022.`;
  const contentSecret = await readyMember(page.request, await linkOf(outbox, members.content));
  await signInToDesk(page, members.content, PASSWORD, codeOf(contentSecret, 1));
  await page.getByRole('button', { name: `Mở “${faq.questionVi}”` }).click();
  const text = page.getByRole('group', { name: 'Tiếng Việt' }).getByLabel('Câu trả lời');
  await text.fill(`${await text.inputValue()}\n\n${added}`);
  await page.getByRole('button', { name: 'Đăng', exact: true }).click();
  await expect(page.getByText('Đã đăng. Trang hiển thị nội dung mới ngay.')).toBeVisible();
  expect(await (await page.request.get('/cau-hoi-thuong-gap')).text()).toContain(added);
  await signOut(page);

  // The admin's audit log: each action with the member who did it.
  await signInToDesk(page, admin, PASSWORD, codeOf(adminSecret, 1));
  await page.getByRole('navigation', { name: 'Khu vực quản trị' }).getByRole('button', { name: 'Nhật ký thao tác' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nhật ký thao tác' })).toBeVisible();
  const entry = (who: string, what: string) =>
    page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: who, exact: true }) })
      .filter({ hasText: what });
  for (const [who, what] of [
    ['npm run staff:create', 'Thêm nhân viên'],
    [admin, 'Thêm ứng dụng xác thực'],
    [admin, 'Thêm nhân viên'],
    [members.support, 'Nhận xử lý yêu cầu'],
    [members.support, 'Trả lời yêu cầu'],
    [members.finance, 'Ghi nhận đã hoàn tiền'],
    [members.content, 'Đăng nội dung'],
  ] as const)
    await expect(entry(who, what).first(), `${who}: ${what}`).toBeVisible();
}
