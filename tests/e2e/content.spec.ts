// Content screens: every content route renders in vi and en with its text from the API, blog paging and a
// post whose language switch lands on the other language's slug, news search without Vietnamese marks, the FAQ
// accordion by keyboard, the partner pages' figures, and the partner form refusing an empty submit in Vietnamese
// then succeeding (the business partner's login e-mailed through the outbox).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOG_PAGE_SIZE } from '../../src/shared/contract/content';
import { pathFor, type Lang, type RouteName } from '../../src/shared/domain/route-table';
import { SEED_BLOG_POSTS } from '../../src/server/db/content-data/blog';
import { SEED_FAQ, SEED_FAQ_CATEGORIES } from '../../src/server/db/content-data/faq';
import { SEED_NEWS } from '../../src/server/db/content-data/news';
import { SEED_STATIC_PAGES } from '../../src/server/db/content-data/pages';
import { PARTNER_LANDING_POSTS } from '../../src/server/modules/leads/landing-posts';
import { expect, test } from './fixtures';

const LANGS: Lang[] = ['vi', 'en'];
const newestFirst = [...SEED_BLOG_POSTS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
const newsNewestFirst = [...SEED_NEWS].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

async function mailsTo(address: string): Promise<{ to: string; subject: string; text: string }[]> {
  const dir = process.env.VIVU_E2E_DATA_DIR;
  if (!dir) throw new Error('VIVU_E2E_DATA_DIR is not set (see playwright.config.ts)');
  try {
    const text = await readFile(join(dir, 'outbox', 'mail.jsonl'), 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

for (const lang of LANGS) {
  test(`the static pages render their API text (${lang})`, async ({ page }) => {
    for (const seeded of SEED_STATIC_PAGES) {
      await page.goto(pathFor(seeded.routeName, lang));
      const title = lang === 'vi' ? seeded.titleVi : seeded.titleEn;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  });

  test(`blog, news, FAQ and partner pages render their API text (${lang})`, async ({ page }) => {
    const routes: [RouteName, string][] = [
      ['blog', newestFirst[0]![lang].title],
      ['news', newsNewestFirst[0]![lang].title],
      ['faqs', lang === 'vi' ? SEED_FAQ_CATEGORIES[0].nameVi : SEED_FAQ_CATEGORIES[0].nameEn],
      ['business-partners', PARTNER_LANDING_POSTS[0]!.title[lang]],
      ['transport-partners', PARTNER_LANDING_POSTS[1]!.title[lang]],
    ];
    for (const [name, heading] of routes) {
      await page.goto(pathFor(name, lang));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    // The partner page's figures and its way to the form, the partner type carried over.
    await expect(page.getByText('+20%')).toBeVisible();
    await page
      .getByRole('link', { name: lang === 'vi' ? 'Đăng ký đối tác vận chuyển' : 'Become a transport partner' })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${pathFor('become-partner', lang)}\\?type=transport$`));
    await expect(page.getByRole('radio', { name: lang === 'vi' ? /Đối tác vận chuyển/ : /Transport partner/ })).toBeChecked();
  });
}

test('the blog pages 6 posts at a time, filters by category and opens a post', async ({ page }) => {
  await page.goto('/blog');
  const list = page.getByRole('list', { name: 'Bài viết' });
  await expect(list.getByRole('listitem')).toHaveCount(BLOG_PAGE_SIZE);
  await expect(page.getByText(`Đang hiển thị ${BLOG_PAGE_SIZE}/${SEED_BLOG_POSTS.length} bài`)).toBeVisible();
  await page.getByRole('button', { name: 'Xem thêm' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(SEED_BLOG_POSTS.length);
  await expect(page.getByRole('button', { name: 'Xem thêm' })).toHaveCount(0);
  // Focus moved to the first of the new posts.
  await expect(list.getByRole('link', { name: newestFirst[BLOG_PAGE_SIZE]!.vi.title })).toBeFocused();

  // A category keeps its slug in the URL and lists only its posts.
  const travel = SEED_BLOG_POSTS.filter((p) => p.category === 'travel');
  await page
    .getByRole('navigation', { name: 'Chuyên mục blog' })
    .getByRole('link', { name: /Du lịch/ })
    .click();
  await expect(page).toHaveURL(/\/blog\?category=/);
  await expect(list.getByRole('listitem')).toHaveCount(travel.length);

  // A post, its related posts, then the language switch to the English slug.
  const post = travel[0]!;
  await list.getByRole('link', { name: post.vi.title }).click();
  await expect(page).toHaveURL(`/blog/${post.vi.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.vi.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bài viết liên quan' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Chuyển sang tiếng Anh' })).toHaveAttribute(
    'href',
    `/en/blog/${post.en.slug}`,
  );
  await page.getByRole('banner').getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL(`/en/blog/${post.en.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.en.title })).toBeVisible();
  // And back: the Vietnamese slug again.
  await page.getByRole('banner').getByRole('link', { name: 'Chuyển sang tiếng Việt' }).click();
  await expect(page).toHaveURL(`/blog/${post.vi.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.vi.title })).toBeVisible();
});

test('a blog address with the other language’s slug shows the post under this language’s slug', async ({ page }) => {
  const post = SEED_BLOG_POSTS[0]!;
  await page.goto(`/blog/${post.en.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: post.vi.title })).toBeVisible();
  await expect(page).toHaveURL(`/blog/${post.vi.slug}`);
  // The switch on a category keeps it, under the other language's category slug.
  await page.goto('/blog?category=du-lich');
  await expect(page.getByRole('list', { name: 'Bài viết' }).getByRole('listitem')).toHaveCount(
    SEED_BLOG_POSTS.filter((p) => p.category === 'travel').length,
  );
  await page.getByRole('banner').getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL('/en/blog?category=travel');
  await expect(page.getByRole('navigation', { name: 'Blog categories' }).getByRole('link', { name: /Travel/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goto('/blog/khong-co-bai-nay');
  await expect(page.getByRole('alert')).toContainText('Không tìm thấy bài viết này');
});

test('news search without Vietnamese marks finds a seeded item, keeps the query in the URL and shares', async ({ page }) => {
  const shared = SEED_NEWS.find((n) => n.key === 'shared-airport-rides')!;
  const payments = SEED_NEWS.find((n) => n.key === 'online-payments')!;
  await page.goto('/bao-chi');
  const list = page.getByRole('list', { name: 'Tin tức' });
  await expect(list.getByRole('link', { name: payments.vi.title })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm tin tức' }).fill('tan son nhat');
  await expect(page).toHaveURL(/\/bao-chi\?q=tan(\+|%20)son(\+|%20)nhat$/);
  await expect(list.getByRole('link', { name: shared.vi.title })).toBeVisible();
  await expect(list.getByRole('link', { name: payments.vi.title })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Tìm thấy \d+ tin cho “tan son nhat”/ })).toBeVisible();

  // The query survives a reload; a search with no match says so.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Tìm tin tức' })).toHaveValue('tan son nhat');
  await expect(list.getByRole('link', { name: shared.vi.title })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Tìm tin tức' }).fill('zzzz khong co');
  await expect(page.getByText('Không có tin nào khớp với từ khoá này.', { exact: false })).toBeVisible();

  // The item: share copies the link where there is no share sheet.
  await page.getByRole('searchbox', { name: 'Tìm tin tức' }).fill('tan son nhat');
  await list.getByRole('link', { name: shared.vi.title }).click();
  await expect(page).toHaveURL(`/bao-chi/${shared.vi.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shared.vi.title })).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.getByRole('button', { name: 'Chia sẻ' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã sao chép đường dẫn' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/bao-chi/${shared.vi.slug}$`));
  // The switch goes to the English slug of the item.
  await page.getByRole('banner').getByRole('link', { name: 'Chuyển sang tiếng Anh' }).click();
  await expect(page).toHaveURL(`/en/press/${shared.en.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: shared.en.title })).toBeVisible();
});

test('an FAQ answer opens and closes with the keyboard', async ({ page }) => {
  const first = SEED_FAQ.filter((q) => q.category === SEED_FAQ_CATEGORIES[0].key).sort((a, b) => a.sort - b.sort)[0]!;
  await page.goto('/cau-hoi-thuong-gap');
  const toggle = page.getByRole('button', { name: first.questionVi });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const answer = page.getByRole('region', { name: first.questionVi });
  await expect(answer).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await expect(answer).toContainText(first.answerVi.split('. ')[0]!);
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(answer).toBeHidden();
});

test('the partner form refuses an empty submit in Vietnamese, keeps what was typed, then registers', async ({ page }) => {
  const email = `doitac-${Date.now()}@example.com`;
  await page.goto('/dang-ky-doi-tac-kinh-doanh');
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng ký đối tác kinh doanh' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Đối tác kinh doanh/ })).toBeChecked();
  await page.getByRole('button', { name: 'Gửi đăng ký' }).click();
  const company = page.getByRole('textbox', { name: 'Tên doanh nghiệp / nhà xe *' });
  await expect(company).toHaveAttribute('aria-invalid', 'true');
  await expect(company).toBeFocused();
  await expect(page.getByText('Trường này không được để trống').first()).toBeVisible();
  // A wrong phone: refused with its message, the rest kept.
  await company.fill('Khách sạn Hoa Sen');
  await page.getByRole('textbox', { name: 'Họ tên người liên hệ *' }).fill('Trần Thị Mai');
  await page.getByRole('textbox', { name: 'Số điện thoại *' }).fill('12');
  await page.getByRole('textbox', { name: 'E-mail *' }).fill(email);
  await page.getByRole('button', { name: 'Gửi đăng ký' }).click();
  await expect(page.getByText('Số điện thoại không hợp lệ')).toBeVisible();
  await expect(company).toHaveValue('Khách sạn Hoa Sen');
  await page.getByRole('textbox', { name: 'Số điện thoại *' }).fill('912345670');
  await page.getByRole('button', { name: 'Gửi đăng ký' }).click();
  const success = page.getByRole('heading', { level: 2, name: 'Đã nhận đăng ký của Khách sạn Hoa Sen' });
  await expect(success).toBeVisible();
  await expect(success).toBeFocused();
  await expect(page.getByText('Thông tin đăng nhập sẽ được gửi tới e-mail của bạn trong vòng 15 phút.')).toBeVisible();
  await expect(page.getByText(`Kiểm tra hộp thư ${email}`)).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(1);
});

test('the footer and side menu link the content pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['privacy-policy', 'faqs', 'business-partners', 'news', 'about-us'] as const) {
    await expect(footer.locator(`a[href="${pathFor(name, 'vi')}"]`)).toBeVisible();
  }
  await footer.locator(`a[href="${pathFor('faqs', 'vi')}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Câu hỏi thường gặp' })).toBeVisible();
  // The side menu's partner submenu leads to the registration form.
  await page.getByRole('button', { name: 'Mở menu' }).click();
  const menu = page.getByRole('dialog');
  await menu.getByText('Đối tác', { exact: true }).click();
  await menu.getByRole('link', { name: 'Đăng ký đối tác kinh doanh' }).click();
  await expect(page).toHaveURL(pathFor('become-partner', 'vi'));
  await expect(page.getByRole('heading', { level: 1, name: 'Đăng ký đối tác kinh doanh' })).toBeVisible();
});
