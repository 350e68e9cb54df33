// The built PWA as the server serves it: caching by kind of file, precompressed variants, and the SPA
// document for every live route in both languages (with the page's SEO head, tests/api/http/seo.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const INDEX = '<!doctype html><html lang="vi"><head><title>Vivu</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('vivu '.repeat(300))});`;

let dir: string;
let t: TestApp;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Vivu"}');
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(SCRIPT));
  t = await createTestApp({ staticDir: dir });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app document', () => {
  it.each(['/', '/en', '/tai-khoan', '/en/account', '/en/'])(
    '%s answers the app with 200, revalidated on every load',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-security-policy')).toContain("object-src 'none'");
      const text = await res.text();
      expect(text).toContain('<body><div id="root"></div></body>');
      expect(text).toMatch(/<link rel="canonical" href="http:\/\/localhost\/(en)?"|<meta name="robots" content="noindex/);
    },
  );

  it.each(['/khong-co-trang-nay', '/en/no-such-page', '/tai-khoan/thua'])('%s answers the app with 404', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text).toContain('<body><div id="root"></div></body>');
    expect(text).toContain('<meta name="robots" content="noindex,nofollow" />');
  });

  it('a content page of the table whose slug does not exist is not found', async () => {
    expect((await t.app.request('/blog/khong-co-bai-nay')).status).toBe(404);
  });

  it('/index.html itself is the plain file', async () => {
    expect(await (await t.app.request('/index.html')).text()).toBe(INDEX);
  });

  it('a missing file answers a plain 404, not the app', async () => {
    const res = await t.app.request('/assets/index-00000000.js');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
  });

  it('an unknown API path is never answered with the app', async () => {
    const res = await t.app.request('/api/unknown');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('files', () => {
  const asset = '/assets/index-Ab12Cd34.js';

  it('hashed assets are immutable for a year', async () => {
    const res = await t.app.request(asset);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('sends brotli, gzip or the plain file as the client accepts', async () => {
    const br = await t.app.request(asset, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(SCRIPT);
    const gz = await t.app.request(asset, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(SCRIPT);
    const plain = await t.app.request(asset);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await t.app.request(asset);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.request(asset, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/index.html'])('%s is revalidated on every load', async (path) => {
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('the manifest has its own type', async () => {
    const res = await t.app.request('/manifest.webmanifest');
    expect(res.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
  });

  it('HEAD answers the headers only', async () => {
    const res = await t.app.request(asset, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
