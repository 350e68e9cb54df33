// The DOM side of the SEO head (use-seo.ts loads it on the first navigation, so it stays out of the first load): the
// tags of a page meta written into <head>, existing ones updated in place, missing ones added, managed leftovers
// removed; and the meta of a route (seo-texts.ts) or of a content page (PageSeo).
import { langFromPath, matchPath, type Lang, type RouteName } from '../../shared/domain/route-table';
import { headTags, shortDescription, type HeadTag, type PageMeta } from '../../shared/domain/seo';
import { notFoundMeta, routeMeta } from '../../shared/domain/seo-texts';
import type { PageSeo } from './use-seo';

/** The site's origin as the server wrote it (PUBLIC_URL may differ from the address the app runs on). */
let origin: string | null = null;
function siteOrigin(): string {
  if (origin) return origin;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  origin = canonical ? new URL(canonical).origin : window.location.origin;
  return origin;
}

const MANAGED =
  'meta[name="description"], meta[name="robots"], meta[name="twitter:card"], meta[property^="og:"], link[rel="canonical"], link[rel="alternate"][hreflang]';

function keyOf(tag: string, attrs: Record<string, string | null | undefined>): string {
  if (tag === 'link') return `link:${attrs.rel ?? ''}:${attrs.hreflang ?? ''}`;
  return `meta:${attrs.name ?? ''}:${attrs.property ?? ''}`;
}

function elementKey(element: Element): string {
  const get = (name: string) => element.getAttribute(name);
  return element.tagName === 'LINK'
    ? keyOf('link', { rel: get('rel'), hreflang: get('hreflang') })
    : keyOf('meta', { name: get('name'), property: get('property') });
}

function applyTags(tags: HeadTag[], keepTitle: boolean): void {
  const existing = new Map<string, Element>();
  for (const element of document.head.querySelectorAll(MANAGED)) {
    const key = elementKey(element);
    if (existing.has(key)) element.remove();
    else existing.set(key, element);
  }
  for (const { tag, attrs, text } of tags) {
    if (tag === 'title') {
      if (!keepTitle && text !== undefined) document.title = text;
      continue;
    }
    const key = keyOf(tag, attrs);
    let element = existing.get(key);
    existing.delete(key);
    if (!element) {
      element = document.createElement(tag);
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(attrs)) {
      // A screen's own title (useDocumentTitle) is the shared title too.
      element.setAttribute(name, name === 'content' && attrs.property === 'og:title' && keepTitle ? document.title : value);
    }
  }
  for (const leftover of existing.values()) leftover.remove();
}

export function applyPageMeta(meta: PageMeta, keepTitle: boolean): void {
  applyTags(headTags(meta, siteOrigin()), keepTitle);
}

/** The route's own texts for a path (the not-found texts outside the live routes). */
export function applyRoute(pathname: string, isLive: (name: RouteName) => boolean, keepTitle: boolean): void {
  const match = matchPath(pathname);
  const meta =
    match && isLive(match.name) ? routeMeta(match.name, match.lang, match.params) : notFoundMeta(langFromPath(pathname));
  applyPageMeta(meta, keepTitle);
}

/** A content page's meta from what its API answered. */
export function applyContent(seo: PageSeo, pathname: string, keepTitle: boolean): void {
  const path = seo.path ?? pathname;
  const lang: Lang = langFromPath(path);
  const alternates: Partial<Record<Lang, string>> = { [lang]: path };
  const other = seo.alternate;
  if (other && (other.lang === 'vi' || other.lang === 'en') && other.lang !== lang) alternates[other.lang] = other.path;
  applyPageMeta(
    {
      lang,
      title: seo.title,
      description: shortDescription(seo.description),
      path,
      alternates,
      robots: seo.noindex ? 'noindex,follow' : 'index,follow',
      ogType: seo.type ?? 'article',
      image: seo.image ?? '',
    },
    keepTitle,
  );
}
