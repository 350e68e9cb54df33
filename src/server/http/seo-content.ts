// What the SEO head and the sitemap need from the content: the title, summary and paths of a post, news item,
// static page or landing page in both languages, and the list of them all. Posts and static pages come from the content
// service in-process; landing pages from the content repository (read only), because the service's landing call
// prices the route, which a head tag does not need, and the service has no list of every landing page. Every answer is
// kept for CONTENT_TTL_MS, unknown slugs included, in a bounded map, while the content revision is the one it was
// read under (a publish on the desk shows in the next head).
import { LANDING_KINDS, STATIC_PAGE_IDS, type LandingKind, type PostKind } from '../../shared/contract/content';
import { LANGS, pathFor, type Lang, type RouteName } from '../../shared/domain/route-table';
import type { ContentRepository } from '../modules/content/repository';
import { plainText, type ContentService } from '../modules/content/service';

export const CONTENT_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 1000;
/** Enough pages of 6 for every post of a kind in one language. */
const MAX_LIST_PAGES = 50;

export interface ContentMeta {
  title: string;
  description: string;
  /** The page's own path (canonical). */
  path: string;
  /** Its path in each language that has it, its own included. */
  alternates: Partial<Record<Lang, string>>;
  /** A path under /content, or '' for the default share image. */
  image: string;
  /** ISO date of the last change, for the sitemap. */
  updated: string;
  ogType: 'website' | 'article';
}

/** The static page of each route that shows one (spec 9 ids; jobs and about us are ours). */
export const STATIC_PAGE_ROUTES: Partial<Record<RouteName, number>> = {
  complaints: STATIC_PAGE_IDS.complaints,
  'corporate-customer': STATIC_PAGE_IDS.corporateCustomer,
  'privacy-policy': STATIC_PAGE_IDS.privacyPolicy,
  'transport-policy': STATIC_PAGE_IDS.transportPolicy,
  'instructions-for-use': STATIC_PAGE_IDS.userGuide,
  jobs: STATIC_PAGE_IDS.jobs,
  'about-us': STATIC_PAGE_IDS.aboutUs,
};

export interface SeoContent {
  post(kind: PostKind, lang: Lang, slug: string): Promise<ContentMeta | null>;
  staticPage(route: RouteName, lang: Lang): Promise<ContentMeta | null>;
  /** By key (a route's own page) or slug; null when unknown or of another kind. */
  landing(by: { key?: string; slug?: string }, kind: LandingKind, lang: Lang): Promise<ContentMeta | null>;
  /** Every post, news item and landing page, once per page (the alternates tie the languages together). */
  all(): Promise<Array<ContentMeta & { route: RouteName }>>;
}

const NOT_FOUND = 'seo.not_found';

interface LandingLike {
  key: string;
  kind: string;
  routeName: string;
  slugVi: string;
  slugEn: string;
}

/** The same rule as the content service: a route's own page (named airports, the generic one) has no slug in its path. */
function landingPath(row: LandingLike, lang: Lang): string {
  return row.key === row.routeName
    ? pathFor(row.routeName, lang)
    : pathFor(row.routeName, lang, { slug: lang === 'vi' ? row.slugVi : row.slugEn });
}

/** An entry is kept CONTENT_TTL_MS, and only while the content revision is the one it was made under. */
function memo(now: () => number, revision: () => Promise<string>) {
  const entries = new Map<string, { at: number; rev: string; value: Promise<unknown> }>();
  return async function get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const rev = await revision();
    const at = now();
    const hit = entries.get(key);
    if (hit && hit.rev === rev && at - hit.at < CONTENT_TTL_MS) return hit.value as Promise<T>;
    const value = load();
    entries.delete(key);
    entries.set(key, { at, rev, value });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    value.catch(() => entries.delete(key));
    return value;
  };
}

export function createSeoContent({
  service,
  repository,
  now = Date.now,
  revision = () => Promise.resolve(''),
}: {
  service: ContentService;
  repository: Pick<ContentRepository, 'landing' | 'landingSiblings'>;
  now?: () => number;
  /** The content revision (content module): a publish makes every kept head stale at once. */
  revision?: () => Promise<string>;
}): SeoContent {
  const cache = memo(now, revision);

  async function loadPost(kind: PostKind, lang: Lang, slug: string): Promise<ContentMeta | null> {
    const result = kind === 'blog' ? await service.blogPost(lang, slug, NOT_FOUND) : await service.news(lang, slug, NOT_FOUND);
    if (!result.ok) return null;
    const post = result.data;
    const alternates: Partial<Record<Lang, string>> = { [lang]: post.path };
    if (post.alternate) alternates[post.alternate.lang as Lang] = post.alternate.path;
    return {
      title: post.title,
      description: post.summary,
      path: post.path,
      alternates,
      image: post.image,
      updated: post.published_at,
      ogType: 'article',
    };
  }

  async function loadStatic(route: RouteName, lang: Lang): Promise<ContentMeta | null> {
    const id = STATIC_PAGE_ROUTES[route];
    if (id === undefined) return null;
    const result = await service.staticPage(lang, id, NOT_FOUND);
    if (!result.ok) return null;
    return {
      title: result.data.title,
      description: result.data.summary,
      path: pathFor(route, lang),
      alternates: Object.fromEntries(LANGS.map((l) => [l, pathFor(route, l)])),
      image: '',
      updated: result.data.updated_at,
      ogType: 'article',
    };
  }

  async function loadLanding(by: { key?: string; slug?: string }, kind: LandingKind, lang: Lang) {
    const row = await repository.landing({ ...by, lang });
    if (!row || row.kind !== kind) return null;
    const meta: ContentMeta = {
      title: plainText(lang === 'vi' ? row.titleVi : row.titleEn),
      description: plainText(lang === 'vi' ? row.summaryVi : row.summaryEn),
      path: landingPath(row, lang),
      alternates: Object.fromEntries(LANGS.map((l) => [l, landingPath(row, l)])),
      image: '',
      updated: '',
      ogType: 'website',
    };
    return meta;
  }

  /** Every post of a kind in a language, page by page through the service's lists. */
  async function slugs(kind: PostKind, lang: Lang): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; page > 0 && page <= MAX_LIST_PAGES;) {
      const data =
        kind === 'blog'
          ? await service.listPosts({ lang, page, category: '' }, NOT_FOUND).then((r) => (r.ok ? r.data : null))
          : await service.newses({ lang, page, search: '' });
      if (!data) break;
      out.push(...data.items.map((item) => item.slug));
      page = data.page;
    }
    return out;
  }

  async function loadAll(): Promise<Array<ContentMeta & { route: RouteName }>> {
    const seen = new Set<string>();
    const out: Array<ContentMeta & { route: RouteName }> = [];
    const add = (route: RouteName, meta: ContentMeta | null) => {
      if (!meta || seen.has(meta.path)) return;
      // A page and its translation are one entry: the alternates name both paths.
      for (const path of Object.values(meta.alternates)) seen.add(path);
      out.push({ ...meta, route });
    };
    for (const kind of ['blog', 'news'] as const) {
      for (const lang of LANGS) {
        for (const slug of await slugs(kind, lang)) add(kind, await loadPost(kind, lang, slug));
      }
    }
    for (const kind of LANDING_KINDS) {
      for (const row of await repository.landingSiblings(kind)) {
        add(row.routeName as RouteName, await loadLanding({ key: row.key }, kind, 'vi'));
      }
    }
    return out;
  }

  return {
    post: (kind, lang, slug) => cache(`post:${kind}:${lang}:${slug}`, () => loadPost(kind, lang, slug)),
    staticPage: (route, lang) => cache(`static:${route}:${lang}`, () => loadStatic(route, lang)),
    landing: (by, kind, lang) =>
      cache(`landing:${kind}:${lang}:${by.key ?? ''}:${by.slug ?? ''}`, () => loadLanding(by, kind, lang)),
    all: () => cache('all', loadAll),
  };
}
