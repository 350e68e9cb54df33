// The desk's content area: a content member lists the FAQ, saves a Vietnamese answer as a draft the site does not
// show, previews it, publishes it, and the FAQ call and the server-rendered /cau-hoi-thuong-gap show it at once; what
// an editor sends is stored and served as plain text (no <script>, no onerror=, no javascript:), and so is bad HTML
// put into the table by hand; every call answers a stranger, a passenger, a partner and a support member as an
// unknown route.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entryServer from '../../../src/app/entry-server';
import { SEED_FAQ } from '../../../src/server/db/content-data/faq';
import {
  contentDrafts,
  contentFaqQuestions,
  deskAudit,
  partnerStaff,
  transportPartners,
  users,
} from '../../../src/server/db/schema';
import { hashPassword } from '../../../src/server/security/crypto';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts-constants';
import { SEED_FAQ_CATEGORIES } from '../../../src/server/db/content-data/faq';
import {
  CONTENT_PATHS,
  faqQuestionsResponseSchema,
  postDetailResponseSchema,
  STATIC_PAGE_IDS,
} from '../../../src/shared/contract/content';
import {
  DESK_CONTENT_ERROR_KEYS,
  DESK_CONTENT_PATHS,
  deskContentItemResponseSchema,
  deskContentPageResponseSchema,
  deskContentPreviewResponseSchema,
} from '../../../src/shared/contract/desk-content';
import { ERROR_KEYS } from '../../../src/shared/contract/envelope';
import { PARTNER_PATHS } from '../../../src/shared/contract/partners';
import { deskContentOptionsResponseSchema, type DeskContentCreateInput } from '../../../src/shared/contract/desk-content-create';
import { SEED_BLOG_CATEGORIES } from '../../../src/server/db/content-data/blog';
import { SEED_NEWS } from '../../../src/server/db/content-data/news';
import { createTestApp, type TestApp } from '../helpers/app';
import { deskMember, type TestDeskMember } from '../helpers/desk-member';

const INDEX = `<!doctype html>
<html lang="vi">
  <head><meta charset="UTF-8" /><title>Vivu</title><script type="module" crossorigin src="/assets/index.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;
const PASSWORD = 'banlamviec7';
/** Every way of running code an editor might paste; none of it may be stored or served. */
const HOSTILE = ['<script>alert(666)</script>', '<img src=x onerror="alert(667)">', '<a href="javascript:alert(668)">'];
const FORBIDDEN = ['<script>alert', 'onerror', 'javascript:', 'alert(66'];

let dir: string;
let t: TestApp;
let editor: TestDeskMember;
let support: TestDeskMember;
let passengerToken: string;
let partnerToken: string;

async function call(path: string, options: { token?: string; body?: object } = {}) {
  const res = await t.app.request(path, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as { message: string; data: unknown; errors?: { field: string; message: string }[] },
  };
}

const query = (path: string, params: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** The public FAQ answers in Vietnamese, as one text. */
async function publicFaq(): Promise<string> {
  const res = await t.app.request(query(CONTENT_PATHS.faqQuestions, { lang: 'vi' }));
  return JSON.stringify(faqQuestionsResponseSchema.validateSync(await res.json()).data.items);
}

/** The server-rendered FAQ page. */
async function faqPage(): Promise<string> {
  const res = await t.app.request('/cau-hoi-thuong-gap');
  expect(res.status).toBe(200);
  return res.text();
}

const faq = SEED_FAQ[1]!;
const ref = { kind: 'faq', key: String(faq.id) };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-desk-content-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  t = await createTestApp({ staticDir: dir, pageRenderer: entryServer });
  editor = await deskMember(t.app, 'content');
  support = await deskMember(t.app, 'support');
  const db = t.db.database.db;
  await db.insert(users).values({
    phone: '0987000456',
    passwordHash: await hashPassword(PASSWORD),
    verifiedPhone: true,
    referralCode: 'CONTENTT',
  });
  passengerToken = (
    (await call(ACCOUNT_PATHS.login, { body: { phone_number: '0987000456', password: PASSWORD } })).body.data as { token: string }
  ).token;
  const [partner] = await db.insert(transportPartners).values({ slug: 'content-test', name: 'Nhà xe N' }).returning();
  await db.insert(partnerStaff).values({
    partnerId: partner!.id,
    phone: '0938111333',
    fullname: 'Owner',
    passwordHash: await hashPassword(PASSWORD),
    role: 'owner',
  });
  partnerToken = (
    (await call(PARTNER_PATHS.login, { body: { phone_number: '0938111333', password: PASSWORD } })).body.data as { token: string }
  ).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('desk content', () => {
  it('answers every call as an unknown route without a session, to a passenger, a partner and a support member', async () => {
    const draft = { ...ref, vi: { title: 'x', body: [] }, en: { title: 'x', body: [] } };
    const calls: { path: string; body?: object }[] = [
      { path: query(DESK_CONTENT_PATHS.list, { kind: 'faq' }) },
      { path: query(DESK_CONTENT_PATHS.item, ref) },
      { path: query(DESK_CONTENT_PATHS.preview, { ...ref, lang: 'vi' }) },
      { path: DESK_CONTENT_PATHS.draft, body: draft },
      { path: DESK_CONTENT_PATHS.publish, body: ref },
      { path: DESK_CONTENT_PATHS.unpublish, body: ref },
      { path: DESK_CONTENT_PATHS.options },
      { path: DESK_CONTENT_PATHS.create, body: { kind: 'news', vi: draft.vi, en: draft.en } },
      { path: DESK_CONTENT_PATHS.postDetails, body: { kind: 'news', key: 'x', slug_vi: 'x', slug_en: 'x' } },
    ];
    for (const token of [undefined, 'not-a-token', passengerToken, partnerToken, support.token])
      for (const { path, body } of calls) {
        const answer = await call(path, { token, body });
        expect([answer.status, answer.body.message], `${path} ${token}`).toEqual([404, ERROR_KEYS.notFound]);
      }
    const rows = await t.db.database.db.select().from(contentDrafts);
    expect(rows).toEqual([]);
  });

  it('keeps a Vietnamese draft off the site until it is published, then the FAQ call and page show it at once', async () => {
    const added = 'Bản nháp mới: gọi 1900 6022 để đổi giờ đón.';
    // The page is rendered (and kept) before the change: publishing must not leave the kept one served.
    expect(await faqPage()).not.toContain(added);
    const list = await call(query(DESK_CONTENT_PATHS.list, { kind: 'faq', search: faq.questionVi.slice(0, 12) }), {
      token: editor.token,
    });
    const page = deskContentPageResponseSchema.validateSync(list.body).data;
    expect(page.items.map((item) => item.key)).toContain(ref.key);

    const opened = deskContentItemResponseSchema.validateSync(
      (await call(query(DESK_CONTENT_PATHS.item, ref), { token: editor.token })).body,
    ).data;
    expect(opened).toMatchObject({ title_vi: faq.questionVi, published: true, has_draft: false, draft: null });
    const vi = { ...opened.live.vi, body: [...opened.live.vi.body, { type: 'p', text: added }] };
    const saved = await call(DESK_CONTENT_PATHS.draft, { token: editor.token, body: { ...ref, vi, en: opened.live.en } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(deskContentItemResponseSchema.validateSync(saved.body).data).toMatchObject({
      has_draft: true,
      draft_saved_by: editor.email,
    });

    // A draft is not public; the preview shows it, as the page would.
    expect(await publicFaq()).not.toContain(added);
    expect(await faqPage()).not.toContain(added);
    const preview = await call(query(DESK_CONTENT_PATHS.preview, { ...ref, lang: 'vi' }), { token: editor.token });
    expect(deskContentPreviewResponseSchema.validateSync(preview.body).data).toMatchObject({
      draft: true,
      title: faq.questionVi,
      path: '/cau-hoi-thuong-gap',
    });
    expect(JSON.stringify(preview.body)).toContain(added);
    const drafts = await call(query(DESK_CONTENT_PATHS.list, { kind: 'faq', status: 'draft' }), { token: editor.token });
    expect(deskContentPageResponseSchema.validateSync(drafts.body).data).toMatchObject({ total: 1, pages: 1 });

    const published = await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: ref });
    expect(deskContentItemResponseSchema.validateSync(published.body).data).toMatchObject({ has_draft: false, draft: null });
    expect(await publicFaq()).toContain(added);
    expect(await faqPage()).toContain(added);
    const again = await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: ref });
    expect([again.status, again.body.message]).toEqual([409, DESK_CONTENT_ERROR_KEYS.noDraft]);

    // Unpublished, the question leaves the FAQ; a static page cannot leave the site.
    expect((await call(DESK_CONTENT_PATHS.unpublish, { token: editor.token, body: ref })).status).toBe(200);
    expect(await publicFaq()).not.toContain(added);
    expect(await faqPage()).not.toContain(added);
    const staticPage = { kind: 'page', key: String(STATIC_PAGE_IDS.aboutUs) };
    const refused = await call(DESK_CONTENT_PATHS.unpublish, { token: editor.token, body: staticPage });
    expect([refused.status, refused.body.message]).toEqual([409, DESK_CONTENT_ERROR_KEYS.cannotUnpublish]);
    expect((await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: ref })).status).toBe(200);
    expect(await publicFaq()).toContain(added);

    const log = await t.db.database.db
      .select()
      .from(deskAudit)
      .where(eq(deskAudit.subject, `content-faq-${faq.id}`))
      .orderBy(asc(deskAudit.id));
    expect(log.map((row) => [row.action, row.staffEmail])).toEqual([
      ['content_draft_saved', editor.email],
      ['content_published', editor.email],
      ['content_unpublished', editor.email],
      ['content_published', editor.email],
    ]);
    const publish = log[1]!;
    expect(publish.before).toMatchObject({ published: true, title_vi: faq.questionVi });
    expect(String((publish.before as { text_vi: string }).text_vi)).not.toContain(added);
    expect(String((publish.after as { text_vi: string }).text_vi).length).toBeLessThanOrEqual(201);
  });

  it('stores and serves what an editor sends without scripts, handlers or javascript: addresses', async () => {
    const other = SEED_FAQ[2]!;
    const key = String(other.id);
    const paragraph = `Trả lời ${HOSTILE.join(' ')}an toàn</a>`;
    const body = {
      kind: 'faq',
      key,
      vi: { title: `${other.questionVi}<script>alert(666)</script>`, body: [{ type: 'p', text: paragraph }] },
      en: { title: other.questionEn, body: [{ type: 'ul', items: [`Answer ${HOSTILE[1]}`, HOSTILE[0]!] }] },
    };
    const saved = await call(DESK_CONTENT_PATHS.draft, { token: editor.token, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const item = deskContentItemResponseSchema.validateSync(saved.body).data;
    expect(item.draft?.vi).toEqual({ title: other.questionVi, summary: '', body: [{ type: 'p', text: 'Trả lời an toàn' }] });
    expect(item.draft?.en.body).toEqual([{ type: 'ul', items: ['Answer'] }]);
    const [stored] = await t.db.database.db
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.kind, 'faq'), eq(contentDrafts.key, key)));
    for (const bad of FORBIDDEN) expect(JSON.stringify(stored!.texts)).not.toContain(bad);

    expect((await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: { kind: 'faq', key } })).status).toBe(200);
    const served = await publicFaq();
    expect(served).toContain('Trả lời an toàn');
    for (const bad of FORBIDDEN) expect(served).not.toContain(bad);

    // Nothing but markup is no text: refused on its field, with what was sent kept nowhere.
    const empty = await call(DESK_CONTENT_PATHS.draft, {
      token: editor.token,
      body: { ...body, vi: { title: other.questionVi, body: [{ type: 'p', text: HOSTILE[0] }] } },
    });
    expect([empty.status, empty.body.message, empty.body.errors?.[0]?.field]).toEqual([
      400,
      DESK_CONTENT_ERROR_KEYS.body,
      'vi.body',
    ]);
  });

  it('serves bad HTML put into the table by hand without it, in the FAQ call and the rendered page', async () => {
    const target = SEED_FAQ[3]!;
    await t.db.database.db
      .update(contentFaqQuestions)
      .set({
        questionVi: `${target.questionVi}<img src=x onerror=alert(667)>`,
        answerVi: [
          { type: 'p', text: `Đã sửa tay ${HOSTILE.join('')}xong` },
          { type: 'ul', items: ['<script>alert(666)</script>', 'Mục <b>một</b>'] },
        ],
      })
      .where(eq(contentFaqQuestions.id, target.id));
    // The rendered page kept from before is served until the content changes (5 minutes at most): a publish.
    const other = SEED_FAQ[4]!;
    const opened = deskContentItemResponseSchema.validateSync(
      (await call(query(DESK_CONTENT_PATHS.item, { kind: 'faq', key: String(other.id) }), { token: editor.token })).body,
    ).data;
    await call(DESK_CONTENT_PATHS.draft, { token: editor.token, body: { kind: 'faq', key: String(other.id), ...opened.live } });
    expect(
      (await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: { kind: 'faq', key: String(other.id) } })).status,
    ).toBe(200);

    const served = await publicFaq();
    expect(served).toContain('Đã sửa tay xong');
    expect(served).toContain('Mục một');
    const html = await faqPage();
    expect(html).toContain('Đã sửa tay xong');
    for (const bad of FORBIDDEN) {
      expect(served).not.toContain(bad);
      expect(html).not.toContain(bad);
    }
  });
});

/** A new post's request: texts in both languages and its slugs. */
const newPost = (kind: 'news' | 'blog', slug: string, extra: Partial<DeskContentCreateInput> = {}) => ({
  kind,
  category: kind === 'blog' ? SEED_BLOG_CATEGORIES[0]!.key : '',
  vi: { title: 'Đón sân bay Nội Bài giờ mới', summary: 'Tóm tắt.', body: [{ type: 'p', text: 'Nội dung bài mới.' }] },
  en: { title: 'Noi Bai pick-ups at new hours', summary: 'Summary.', body: [{ type: 'p', text: 'The new post.' }] },
  slug_vi: slug,
  slug_en: `${slug}-en`,
  ...extra,
});

const newsList = async (lang: 'vi' | 'en') =>
  JSON.stringify((await (await t.app.request(query(CONTENT_PATHS.newses, { lang }))).json()) as unknown);

describe('desk content: new items', () => {
  it('makes a news post off the site with its draft; publishing dates it and shows it at its slugs, which then stay', async () => {
    const options = deskContentOptionsResponseSchema.validateSync(
      (await call(DESK_CONTENT_PATHS.options, { token: editor.token })).body,
    ).data;
    expect(options.faq_categories.map((c) => c.key)).toEqual(SEED_FAQ_CATEGORIES.map((c) => c.key));
    expect(options.blog_categories.length).toBe(SEED_BLOG_CATEGORIES.length);

    // The English text has no summary: the editor asks only for a title and a text.
    const english = {
      title: 'Noi Bai pick-ups at new hours',
      summary: '',
      body: [{ type: 'p' as const, text: 'The new post.' }],
    };
    const made = await call(DESK_CONTENT_PATHS.create, {
      token: editor.token,
      body: newPost('news', 'don-san-bay-gio-moi', { en: english }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const item = deskContentItemResponseSchema.validateSync(made.body).data;
    expect(item).toMatchObject({
      kind: 'news',
      published: false,
      has_draft: true,
      post: { slug_vi: 'don-san-bay-gio-moi', slug_en: 'don-san-bay-gio-moi-en', image: '', published_at: null },
    });
    expect(item.draft?.vi.title).toBe('Đón sân bay Nội Bài giờ mới');
    const atSlug = () => t.app.request(query(CONTENT_PATHS.news, { lang: 'vi', slug: 'don-san-bay-gio-moi' }));
    expect(await newsList('vi')).not.toContain('Đón sân bay Nội Bài giờ mới');
    expect((await atSlug()).status).toBe(404);

    // Before the first publish the address can change; after it, it stays.
    const ref = { kind: 'news', key: item.key };
    const moved = await call(DESK_CONTENT_PATHS.postDetails, {
      token: editor.token,
      body: { ...ref, slug_vi: 'don-san-bay-noi-bai-gio-moi', slug_en: 'noi-bai-new-hours', image: '' },
    });
    expect(deskContentItemResponseSchema.validateSync(moved.body).data.post?.slug_en).toBe('noi-bai-new-hours');
    const published = await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: ref });
    const live = deskContentItemResponseSchema.validateSync(published.body).data;
    expect(live.published).toBe(true);
    expect(Date.parse(live.post?.published_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await newsList('vi')).toContain('Đón sân bay Nội Bài giờ mới');
    const page = await t.app.request(query(CONTENT_PATHS.news, { lang: 'en', slug: 'noi-bai-new-hours' }));
    expect(page.status).toBe(200);
    // Read as the site reads it, its summary taken from the first paragraph.
    const shown = postDetailResponseSchema.validateSync(await page.json()).data;
    expect([shown.title, shown.summary]).toEqual(['Noi Bai pick-ups at new hours', 'The new post.']);
    const locked = await call(DESK_CONTENT_PATHS.postDetails, {
      token: editor.token,
      body: { ...ref, slug_vi: 'dia-chi-khac', slug_en: 'noi-bai-new-hours', image: '' },
    });
    expect([locked.status, locked.body.message, locked.body.errors?.[0]?.field]).toEqual([
      409,
      DESK_CONTENT_ERROR_KEYS.slugLocked,
      'slug_vi',
    ]);

    const log = await t.db.database.db
      .select()
      .from(deskAudit)
      .where(eq(deskAudit.subject, `content-news-${item.key}`))
      .orderBy(asc(deskAudit.id));
    expect(log.map((row) => [row.action, row.staffEmail])).toEqual([
      ['content_created', editor.email],
      ['content_post_changed', editor.email],
      ['content_published', editor.email],
    ]);
  });

  it('makes an FAQ question and a blog post in their categories, unpublished until published', async () => {
    const category = SEED_FAQ_CATEGORIES[1]!.key;
    const faqMade = await call(DESK_CONTENT_PATHS.create, {
      token: editor.token,
      body: {
        kind: 'faq',
        category,
        vi: { title: 'Câu hỏi mới về hoá đơn?', body: [{ type: 'p', text: 'Trả lời mới về hoá đơn.' }] },
        en: { title: 'A new invoice question?', body: [{ type: 'p', text: 'A new invoice answer.' }] },
      },
    });
    expect(faqMade.status, JSON.stringify(faqMade.body)).toBe(200);
    const faqItem = deskContentItemResponseSchema.validateSync(faqMade.body).data;
    expect(faqItem).toMatchObject({ kind: 'faq', group: category, published: false, has_draft: true, post: null });
    expect(await publicFaq()).not.toContain('Trả lời mới về hoá đơn.');
    await call(DESK_CONTENT_PATHS.publish, { token: editor.token, body: { kind: 'faq', key: faqItem.key } });
    expect(await publicFaq()).toContain('Trả lời mới về hoá đơn.');

    const blogMade = await call(DESK_CONTENT_PATHS.create, {
      token: editor.token,
      body: newPost('blog', 'bai-blog-moi', { category: SEED_BLOG_CATEGORIES[1]!.key }),
    });
    expect(deskContentItemResponseSchema.validateSync(blogMade.body).data).toMatchObject({
      kind: 'blog',
      group: SEED_BLOG_CATEGORIES[1]!.key,
      published: false,
    });
    const blog = await t.app.request(query(CONTENT_PATHS.blogPost, { lang: 'vi', slug: 'bai-blog-moi' }));
    expect(blog.status).toBe(404);
  });

  it('refuses a bad slug, a taken one, a missing category and an image without its description, keeping nothing', async () => {
    const taken = SEED_NEWS[0]!.vi.slug;
    const IMAGE = '/images/khong-co.jpg';
    const cases: [object, number, string, string][] = [
      [newPost('news', 'Đón sân bay'), 400, DESK_CONTENT_ERROR_KEYS.slug, 'slug_vi'],
      [newPost('news', 'hai--gach'), 400, DESK_CONTENT_ERROR_KEYS.slug, 'slug_vi'],
      [newPost('news', 'a'.repeat(121)), 400, DESK_CONTENT_ERROR_KEYS.slug, 'slug_vi'],
      [newPost('news', taken), 409, DESK_CONTENT_ERROR_KEYS.slugTaken, 'slug_vi'],
      [newPost('blog', 'khong-nhom', { category: '' }), 400, DESK_CONTENT_ERROR_KEYS.category, 'category'],
      [newPost('blog', 'nhom-la', { category: 'khong-co' }), 400, DESK_CONTENT_ERROR_KEYS.category, 'category'],
      [
        newPost('news', 'anh-la', { image: IMAGE, image_alt_vi: 'x', image_alt_en: 'x' }),
        400,
        DESK_CONTENT_ERROR_KEYS.image,
        'image',
      ],
      [newPost('news', 'anh-thieu-mo-ta', { image: IMAGE }), 400, DESK_CONTENT_ERROR_KEYS.imageAlt, 'image_alt_vi'],
    ];
    const before = (await t.db.database.db.select().from(contentDrafts)).length;
    for (const [body, status, message, field] of cases) {
      const answer = await call(DESK_CONTENT_PATHS.create, { token: editor.token, body });
      const named = answer.body.errors?.find((error) => error.field === field);
      expect([answer.status, named?.message], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await t.db.database.db.select().from(contentDrafts)).length).toBe(before);
  });

  it('lets one of two editors creating the same slug at once have it, the other a 409', async () => {
    const answers = await Promise.all(
      [editor, editor].map((member, index) =>
        call(DESK_CONTENT_PATHS.create, {
          token: member.token,
          body: newPost('news', 'cung-mot-dia-chi', { slug_en: `same-address-${index}` }),
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(DESK_CONTENT_ERROR_KEYS.slugTaken);
  });
});
