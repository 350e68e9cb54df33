// The SEO head of the HTML shell: for a path, its page meta (the route's own texts, or a content page's title
// and summary from the content; an unknown slug or a path outside the live routes is the not-found page with
// noindex and status 404), rendered as tags and written into index.html's <head> in place of its generic title and
// description, so crawlers and link previews see them without running the app. The app keeps the same tags right
// after each navigation (src/app/lib/use-seo.ts).
import { LANDING_ROUTES, isLandingRoute } from '../../shared/domain/landing-routes';
import { matchLivePath } from '../../shared/domain/live-routes';
import { langFromPath, type Lang, type RouteMatch } from '../../shared/domain/route-table';
import { headTags, shortDescription, type PageMeta } from '../../shared/domain/seo';
import { notFoundMeta, routeMeta } from '../../shared/domain/seo-texts';
import { STATIC_PAGE_ROUTES, type ContentMeta, type SeoContent } from './seo-content';
import { siteOrigin } from './sitemap';
import type { ShellRenderer } from './static-files';

export interface ShellPage {
  status: 200 | 404;
  meta: PageMeta;
}

function withContent(base: PageMeta, content: ContentMeta): PageMeta {
  return {
    ...base,
    title: content.title || base.title,
    description: shortDescription(content.description) || base.description,
    path: content.path,
    alternates: content.alternates,
    ogType: content.ogType,
    image: content.image,
  };
}

/** The content a route shows, when it shows one: undefined for a route without content, null for an unknown slug. */
async function contentOf(match: RouteMatch, content: SeoContent): Promise<ContentMeta | null | undefined> {
  const { name, lang, params } = match;
  const slug = params.slug;
  if (name === 'blog' || name === 'news') return slug ? content.post(name, lang, slug) : undefined;
  if (STATIC_PAGE_ROUTES[name] !== undefined) return (await content.staticPage(name, lang)) ?? undefined;
  if (!isLandingRoute(name)) return undefined;
  const kind = LANDING_ROUTES[name];
  // A named airport's (and the generic airport's) own page is keyed by its route name; other pages by their slug.
  if (!slug) return name === 'long-distance' || name === 'travel' ? null : content.landing({ key: name }, kind, lang);
  return content.landing({ slug }, kind, lang);
}

/** The page answered for a path: a live route's meta (with its content), else the not-found page. */
export async function shellPage(pathname: string, content: SeoContent): Promise<ShellPage> {
  const match = matchLivePath(pathname);
  if (!match) return { status: 404, meta: notFoundMeta(langFromPath(pathname)) };
  const base = routeMeta(match.name, match.lang, match.params);
  const found = await contentOf(match, content);
  if (found === null) return { status: 404, meta: notFoundMeta(match.lang) };
  return { status: 200, meta: found ? withContent(base, found) : base };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The tags as HTML, one per line, indented like index.html. */
export function renderHead(meta: PageMeta, origin: string): string {
  return headTags(meta, origin)
    .map(({ tag, attrs, text }) => {
      const attributes = Object.entries(attrs)
        .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
        .join('');
      return tag === 'title' ? `<title>${escapeHtml(text ?? '')}</title>` : `<${tag}${attributes} />`;
    })
    .map((line) => `    ${line}\n`)
    .join('');
}

/** Tags of index.html this head replaces (the built shell's generic title and description, any earlier SEO tags). */
const REPLACED = [
  /[ \t]*<title>[\s\S]*?<\/title>[ \t]*\r?\n?/gi,
  /[ \t]*<meta\s+name="(?:description|robots|twitter:card)"[^>]*>[ \t]*\r?\n?/gi,
  /[ \t]*<meta\s+property="og:[^"]*"[^>]*>[ \t]*\r?\n?/gi,
  /[ \t]*<link\s+rel="(?:canonical|alternate)"[^>]*>[ \t]*\r?\n?/gi,
];

/** index.html with the page's head tags before </head> and its language on <html>. */
export function injectHead(html: string, head: string, lang: Lang): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  let top = html.slice(0, end);
  for (const pattern of REPLACED) top = top.replace(pattern, '');
  top = top.replace(/<html([^>]*?)\slang="[^"]*"/i, `<html$1 lang="${lang}"`);
  if (!top.endsWith('\n')) top += '\n';
  return `${top}${head}  ${html.slice(end)}`;
}

/** The static files' shell renderer: the requested page's head in index.html, with its status. */
export function seoShell(content: SeoContent, env: NodeJS.ProcessEnv = process.env): ShellRenderer {
  return async (c, template) => {
    const page = await shellPage(c.req.path, content);
    const head = renderHead(page.meta, siteOrigin(c, env));
    return { status: page.status, html: injectHead(template, head, page.meta.lang) };
  };
}
