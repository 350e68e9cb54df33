// "HTML that paints first", on a phone (360 px): the public pages' content is in the HTML the server sends
// (read here with JavaScript off, in Vietnamese and English); with JavaScript the app hydrates that HTML without a
// console error (React reports a mismatch there, which fails every test: fixtures.ts) and the booking form works; and
// hydration leaves the main thread free on a CPU slowed 4 times (no task of its own over 120 ms; the goal is 50).
import type { Page } from '@playwright/test';
import { SEED_BLOG_POSTS } from '../../src/server/db/content-data/blog';
import { SEED_FAQ } from '../../src/server/db/content-data/faq';
import { expect, hydrated, test } from './fixtures';

const UI = {
  vi: {
    home: '/',
    heading: 'Đặt xe sân bay, đường dài và thuê xe theo giờ',
    labels: ['Điểm đón', 'Điểm đến', 'Thời gian đón'],
    search: 'Tìm xe',
    faqs: '/cau-hoi-thuong-gap',
    faqHeading: 'Câu hỏi thường gặp',
    question: SEED_FAQ[0]!.questionVi,
    post: `/blog/${SEED_BLOG_POSTS[0]!.vi.slug}`,
    postTitle: SEED_BLOG_POSTS[0]!.vi.title,
    pick: 'Điểm đón',
    switchLabel: 'Chuyển sang tiếng Anh',
    menu: 'Mở menu',
    blog: '/blog',
    otherPick: 'Pick-up',
    otherHome: /\/en$/,
    otherHeading: 'Airport transfers, long-distance rides and hourly car hire',
  },
  en: {
    home: '/en',
    heading: 'Airport transfers, long-distance rides and hourly car hire',
    labels: ['Pick-up', 'Drop-off', 'Pick-up time'],
    search: 'Search',
    faqs: '/en/faqs',
    faqHeading: 'FAQs',
    question: SEED_FAQ[0]!.questionEn,
    post: `/en/blog/${SEED_BLOG_POSTS[0]!.en.slug}`,
    postTitle: SEED_BLOG_POSTS[0]!.en.title,
    pick: 'Pick-up',
    switchLabel: 'Chuyển sang tiếng Việt',
    menu: 'Open menu',
    blog: '/en/blog',
    otherPick: 'Điểm đón',
    otherHome: /:\d+\/$/,
    otherHeading: 'Đặt xe sân bay, đường dài và thuê xe theo giờ',
  },
} as const;

/**
 * Loads a page on a CPU slowed 4 times and waits until it has hydrated and settled: the long tasks (ms), the first
 * contentful paint and the moment hydration began (the mark lib/ssr-state.ts sets), in ms from navigation.
 */
async function loadSlowed(page: Page, path: string, { settle }: { settle: boolean }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const tasks: Array<{ start: number; duration: number }> = [];
    (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(path);
  await hydrated(page);
  if (settle) {
    // What hydration started (the lazy home sections, the query runtime, the service worker's registration) runs.
    await page.waitForTimeout(4000);
  }
  const figures = await page.evaluate(() => ({
    tasks: (window as unknown as { longTasks: Array<{ start: number; duration: number }> }).longTasks,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    hydrate: performance.getEntriesByName('vivu-hydrate')[0]?.startTime ?? -1,
  }));
  const line = `${path} at 4x: first paint ${Math.round(figures.paint)} ms, hydration from ${Math.round(figures.hydrate)} ms, long tasks ${figures.tasks.map((task) => `${task.duration} ms at ${task.start}`).join(', ')}`;
  test.info().annotations.push({ type: 'figures', description: line });
  console.log(line);
  return figures;
}

for (const lang of ['vi', 'en'] as const) {
  const t = UI[lang];

  test(`the pages' content is in the HTML without JavaScript (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(t.home);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    for (const label of t.labels) await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: t.search })).toBeVisible();

    await page.goto(t.faqs);
    await expect(page.getByRole('heading', { level: 1, name: t.faqHeading })).toBeVisible();
    await expect(page.getByRole('button', { name: t.question })).toBeVisible();

    await page.goto(t.post);
    await expect(page.getByRole('heading', { level: 1, name: t.postTitle })).toBeVisible();
    await context.close();
  });

  test(`home hydrates the server's HTML and the booking form works (${lang})`, async ({ page }) => {
    await page.goto(t.home);
    // The server's heading is there before (and after) the scripts: hydration keeps it.
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await hydrated(page);
    const box = page.getByRole('combobox', { name: t.pick, exact: true });
    await box.fill('noi bai');
    await expect(page.getByRole('option', { name: /Nội Bài|Noi Bai/ }).first()).toBeVisible();
  });

  test(`home carries its styles in its head: they apply, and the app does not load them again (${lang})`, async ({ page }) => {
    await page.goto(t.home);
    await hydrated(page);
    // The inline styles passed the page's CSP (a refused one is a console error, which fails the test: fixtures.ts).
    expect(await page.locator('head style').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    // Each inlined file keeps one link, for no medium; the app's loader, which adds a link for each stylesheet a chunk
    // needs unless one is there, added none of its own.
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        href: link.href,
        media: link.media,
      })),
    );
    const inlined = links.filter((link) => link.media === 'not all').map((link) => link.href);
    expect(inlined.length).toBeGreaterThan(0);
    for (const href of inlined)
      expect(
        links.filter((link) => link.href === href),
        href,
      ).toHaveLength(1);
  });

  test(`a passenger who scrolls the server's HTML before the app runs stays there, the sections load, and Back returns there (${lang})`, async ({
    page,
  }) => {
    // The scripts wait until the passenger has scrolled: what a slow phone does while its scripts download and run.
    let scrolled!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (scrolled = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(t.home, { waitUntil: 'commit' });
    const slot = page.locator('.home-sections-slot');
    await slot.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    scrolled();
    await hydrated(page);
    // The sections scrolled to load where the passenger is, and the page did not jump back to its top.
    await expect(page.locator('.home-sections-slot section').first()).toBeVisible();
    const at = await page.evaluate(() => window.scrollY);
    expect(at).toBeGreaterThanOrEqual(before);
    // Another page through the menu (the page does not move), then Back: the router kept where home was left, though
    // that scroll came before it listened.
    await page.getByRole('button', { name: t.menu }).click();
    await page.getByRole('dialog').locator(`a[href="${t.blog}"]`).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.locator('.home-sections-slot')).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(at);
  });

  test(`a link pressed while the page hydrates, on a 4x slowed CPU, goes to its page and breaks nothing (${lang})`, async ({
    page,
  }) => {
    // The header hydrates before the screen: a navigation in between broke the screen's hydration (React's #422 and
    // #520, console errors that fail the test: fixtures.ts). It now waits for the screen (lib/hydration-gate.ts).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(t.home, { waitUntil: 'commit' });
    await page.getByRole('link', { name: t.switchLabel }).click();
    await expect(page).toHaveURL(t.otherHome);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.otherHeading);
    await expect(page.getByRole('combobox', { name: t.otherPick, exact: true })).toBeEditable();
  });

  test(`the server's HTML paints before the app hydrates it, on a 4x slowed CPU (${lang})`, async ({ page }) => {
    // At 4x on a loaded machine the page's idle loads can take long: the paint and the hydration mark are all it needs.
    test.slow();
    const { paint, hydrate } = await loadSlowed(page, t.home, { settle: false });
    // A page the app rendered itself would paint only after its scripts ran, i.e. after this mark.
    expect(hydrate).toBeGreaterThan(0);
    expect(paint).toBeLessThan(hydrate);
  });

  test(`hydration runs in tasks of at most 200 ms on a 4x slowed CPU (${lang})`, { tag: '@alone' }, async ({ page }) => {
    // The goal is no task over 50 ms; not met (docs/performance.md). Measured at 4x, two tests at a time:
    // before hydration, the first-load chunk's evaluation (130-250 ms) and the server HTML's first layout (90-200 ms);
    // from the hydration mark on, 50-160 ms: a synchronous re-render of the subscribed components (the links follow
    // the router's store) right after the commit, and the lazy home sections. The bound guards what hydration gained:
    // it no longer waits for the query runtime, whose restore ran with it and the router in tasks of 130-430 ms.
    test.slow();
    const { tasks, hydrate } = await loadSlowed(page, t.home, { settle: true });
    expect(hydrate).toBeGreaterThan(0);
    const hydration = tasks.filter((task) => task.start >= hydrate).map((task) => task.duration);
    expect(Math.max(0, ...hydration), `tasks from ${Math.round(hydrate)} ms: ${JSON.stringify(hydration)}`).toBeLessThanOrEqual(
      200,
    );
  });
}
