// A rendered page's stylesheets in its head: the files the server has, each with its CSP hash; what could end
// the <style> element, or is too big, stays a link; nothing outside the head is touched.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INLINE_STYLE_MAX_BYTES, styleInliner } from './inline-styles';
import { withStyleHashes } from './security-headers';

const link = (href: string) => `<link rel="stylesheet" crossorigin href="${href}">`;
const sha = (css: string) => `sha256-${createHash('sha256').update(css).digest('base64')}`;
const files: Record<string, string> = {
  '/assets/app-1.css': '.a{color:red}',
  '/assets/home-2.css': '.b::after{content:"é"}',
  '/assets/hostile-3.css': '.c::after{content:"</style><script>x()</script>"}',
  '/assets/big-4.css': `.d{}${' '.repeat(INLINE_STYLE_MAX_BYTES)}`,
};
const inline = styleInliner((href) => (files[href] === undefined ? undefined : Buffer.from(files[href])));

describe('styleInliner', () => {
  it('puts each known stylesheet in the head in its place, with its hash, in document order', () => {
    const html = `<head>${link('/assets/app-1.css')}<title>x</title>${link('/assets/home-2.css')}</head><body>${link('/assets/app-1.css')}</body>`;
    const page = inline(html);
    expect(page.html).toBe(
      `<head><style>${files['/assets/app-1.css']}</style><link rel="stylesheet" crossorigin href="/assets/app-1.css" media="not all">` +
        `<title>x</title><style>${files['/assets/home-2.css']}</style><link rel="stylesheet" crossorigin href="/assets/home-2.css" media="not all">` +
        `</head><body>${link('/assets/app-1.css')}</body>`,
    );
    expect(page.hashes).toEqual([sha(files['/assets/app-1.css']!), sha(files['/assets/home-2.css']!)]);
  });

  it('leaves a link to an unknown, too big or element-ending stylesheet', () => {
    const html = `<head>${link('/assets/none.css')}${link('/assets/big-4.css')}${link('/assets/hostile-3.css')}</head>`;
    expect(inline(html)).toEqual({ html, hashes: [] });
  });
});

describe('withStyleHashes', () => {
  it("adds the page's hashes to style-src only", () => {
    const csp = "default-src 'self'; style-src 'self'; img-src 'self'";
    expect(withStyleHashes(csp, [])).toBe(csp);
    expect(withStyleHashes(csp, ['sha256-AA=', 'sha256-BB='])).toBe(
      "default-src 'self'; style-src 'self' 'sha256-AA=' 'sha256-BB='; img-src 'self'",
    );
  });
});
