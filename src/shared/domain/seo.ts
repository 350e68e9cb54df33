// SEO of the public pages: which routes search engines may index, and the head tags of a page (title,
// description, canonical, hreflang alternates with x-default, robots, Open Graph) from its meta. The server writes
// these tags into the HTML shell (src/server/http/seo-head.ts); the app keeps them right after each navigation
// (src/app/lib/use-seo.ts). The per-route texts are in seo-texts.ts (the app loads them lazily).
import { DEFAULT_LANG, LANGS, type Lang, type RouteName } from './route-table';

/** The brand at the end of every title. */
export const SITE_NAME = 'Vivu';

/**
 * Personal or one-off pages: `noindex`, no canonical or alternates (their paths may carry a phone number), kept out of
 * the sitemap and disallowed in robots.txt.
 */
export const PRIVATE_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'account',
  'ticket-manage',
  'billing-detail',
  'hourly-booking-info',
  'booking-success',
  'hourly-booking-success',
  'ticket-detail',
  'payment-result',
  'partner-console',
  'driver-trip',
  'partner-set-password',
  'business-account',
  'desk',
]);

/**
 * Search results (the price lists depend on the query string): `noindex` but followed, with their canonical and
 * alternates, and not in the sitemap (Google's guidance for internal search result pages).
 */
export const SEARCH_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>(['price-list', 'hourly-booking-price']);

export function isIndexable(name: RouteName): boolean {
  return !PRIVATE_ROUTES.has(name) && !SEARCH_ROUTES.has(name);
}

/** Open Graph locales of the two languages. */
export const OG_LOCALES: Record<Lang, string> = { vi: 'vi_VN', en: 'en_US' };

/** The default share image: the app's screenshot in the page's language (public/screenshots). */
export const DEFAULT_OG_IMAGE: Record<Lang, { path: string; width: number; height: number }> = {
  vi: { path: '/screenshots/wide-vi.png', width: 1280, height: 800 },
  en: { path: '/screenshots/wide-en.png', width: 1280, height: 800 },
};

export interface PageMeta {
  lang: Lang;
  /** Without the brand: pageTitle() adds it. */
  title: string;
  description: string;
  /** The page's own path (its canonical); null for private and not-found pages. */
  path: string | null;
  /** The same page in each language that has it (the page's own included); empty for private and not-found pages. */
  alternates: Partial<Record<Lang, string>>;
  /** noindex for private, search and not-found pages. */
  robots: 'index,follow' | 'noindex,follow' | 'noindex,nofollow';
  ogType: 'website' | 'article';
  /** A path under the site or an absolute URL; empty for the default screenshot. */
  image: string;
}

/** "Đặt xe sân bay – Vivu"; a title that already names the brand is kept as it is. */
export function pageTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) return SITE_NAME;
  return new RegExp(`\\b${SITE_NAME}\\b`).test(trimmed) ? trimmed : `${trimmed} – ${SITE_NAME}`;
}

/** Descriptions are cut to about what result pages show, at a word. */
export function shortDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export interface HeadTag {
  tag: 'title' | 'meta' | 'link';
  attrs: Record<string, string>;
  /** The text of a <title>. */
  text?: string;
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** The head tags of a page, in a fixed order; `origin` is the site's scheme and host without a trailing slash. */
export function headTags(meta: PageMeta, origin: string): HeadTag[] {
  const title = pageTitle(meta.title);
  const tags: HeadTag[] = [
    { tag: 'title', attrs: {}, text: title },
    { tag: 'meta', attrs: { name: 'description', content: meta.description } },
    { tag: 'meta', attrs: { name: 'robots', content: meta.robots } },
  ];
  if (meta.path) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: absolute(origin, meta.path) } });
  for (const lang of LANGS) {
    const path = meta.alternates[lang];
    if (path) tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: lang, href: absolute(origin, path) } });
  }
  const fallback = meta.alternates[DEFAULT_LANG] ?? meta.alternates[meta.lang];
  if (fallback && Object.keys(meta.alternates).length > 1) {
    tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: absolute(origin, fallback) } });
  }
  const image = meta.image || DEFAULT_OG_IMAGE[meta.lang].path;
  tags.push(
    { tag: 'meta', attrs: { property: 'og:site_name', content: SITE_NAME } },
    { tag: 'meta', attrs: { property: 'og:title', content: title } },
    { tag: 'meta', attrs: { property: 'og:description', content: meta.description } },
    { tag: 'meta', attrs: { property: 'og:type', content: meta.ogType } },
    { tag: 'meta', attrs: { property: 'og:locale', content: OG_LOCALES[meta.lang] } },
  );
  for (const lang of LANGS) {
    if (lang !== meta.lang && meta.alternates[lang]) {
      tags.push({ tag: 'meta', attrs: { property: 'og:locale:alternate', content: OG_LOCALES[lang] } });
    }
  }
  if (meta.path) tags.push({ tag: 'meta', attrs: { property: 'og:url', content: absolute(origin, meta.path) } });
  tags.push({ tag: 'meta', attrs: { property: 'og:image', content: absolute(origin, image) } });
  if (!meta.image) {
    const size = DEFAULT_OG_IMAGE[meta.lang];
    tags.push(
      { tag: 'meta', attrs: { property: 'og:image:width', content: String(size.width) } },
      { tag: 'meta', attrs: { property: 'og:image:height', content: String(size.height) } },
    );
  }
  tags.push({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary_large_image' } });
  return tags;
}
