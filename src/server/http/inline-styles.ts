// A page the server rendered carries its stylesheets in its head, so its first paint waits for the document
// alone, not for one more round trip per stylesheet (two on home: the app's and the home sections'). Each inlined
// <style> is allowed by its hash in that page's CSP (security-headers.ts); nothing inline is allowed otherwise. A link to
// the same file with media="not all" stays beside it: it never applies, and the browser fetches it at its lowest
// priority without holding the paint (the service worker precaches the file anyway). The app's loader (Vite's preload
// helper), which looks for the stylesheet links a chunk needs, finds it there and does not load the styles again. (A
// `disabled` link is fetched at the highest priority, which a slow connection would pay before the paint.)
import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** The stylesheet links the build writes (index.html's, and page-render.ts's for the lazy parts). */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/** A stylesheet bigger than this stays a link: a document pays it on every visit, the cached file once. */
export const INLINE_STYLE_MAX_BYTES = 32 * 1024;

export interface InlinedPage {
  html: string;
  /** The CSP sources of the inlined styles ('sha256-…'), in document order. */
  hashes: string[];
}

/**
 * Replaces the head's stylesheet links whose file `read` knows with the file's text. A file that is too big, or whose
 * text could end the <style> element, stays a link.
 */
export function styleInliner(read: (href: string) => Uint8Array | undefined): (html: string) => InlinedPage {
  const styles = new Map<string, { css: string; hash: string } | null>();
  const styleOf = (href: string) => {
    if (!styles.has(href)) {
      const body = read(href);
      const css = body && body.byteLength <= INLINE_STYLE_MAX_BYTES ? Buffer.from(body).toString('utf8') : '';
      styles.set(
        href,
        css && !/<\/style/i.test(css)
          ? { css, hash: `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}` }
          : null,
      );
    }
    return styles.get(href) ?? null;
  };
  return (html) => {
    const headEnd = html.indexOf('</head>');
    if (headEnd < 0) return { html, hashes: [] };
    const hashes: string[] = [];
    const head = html.slice(0, headEnd).replace(STYLESHEET_LINK, (link, href: string) => {
      const style = styleOf(href);
      if (!style) return link;
      hashes.push(style.hash);
      return `<style>${style.css}</style><link rel="stylesheet" crossorigin href="${href}" media="not all">`;
    });
    return { html: head + html.slice(headEnd), hashes };
  };
}

const pageStyles = new WeakMap<Context, string[]>();

/** Records the hashes of the styles this answer's page inlined, for its CSP. */
export function setInlinedStyles(c: Context, hashes: string[]): void {
  if (hashes.length) pageStyles.set(c, hashes);
}

/** The hashes of the styles this answer's page inlined (none for every other answer). */
export function inlinedStyles(c: Context): string[] {
  return pageStyles.get(c) ?? [];
}
