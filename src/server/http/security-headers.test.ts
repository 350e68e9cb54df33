import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { buildCsp, securityHeaders, type ThirdParties } from './security-headers';

const imgSrc = (csp: string) => csp.split('; ').find((part) => part.startsWith('img-src '));

describe('the page CSP and the map tiles', () => {
  it('names the tile origin among the images only while a tile source is configured', () => {
    expect(imgSrc(buildCsp({ tagManager: false, maps: false }))).toBe("img-src 'self' data: blob: https:");
    expect(imgSrc(buildCsp({ tagManager: false, maps: false, tiles: 'http://localhost:8462' }))).toBe(
      "img-src 'self' data: blob: https: http://localhost:8462",
    );
    // Only the images: tiles run no script and fetch nothing else.
    const csp = buildCsp({ tagManager: false, maps: false, tiles: 'http://localhost:8462' });
    expect(csp.replace(imgSrc(csp) ?? '', '')).not.toContain('localhost');
  });

  it('follows the configuration per answer, each policy built once', async () => {
    let third: ThirdParties = { tagManager: false, maps: false };
    const app = new Hono();
    app.use(
      '*',
      securityHeaders(
        async () => third,
        (snapshot) => snapshot ?? { tagManager: false, maps: false },
      ),
    );
    app.get('/page', (c) => c.html('<p>page</p>'));
    const policy = async () => (await app.request('/page')).headers.get('Content-Security-Policy') ?? '';
    expect(imgSrc(await policy())).toBe("img-src 'self' data: blob: https:");
    third = { tagManager: false, maps: false, tiles: 'https://tile.openstreetmap.org' };
    expect(imgSrc(await policy())).toBe("img-src 'self' data: blob: https: https://tile.openstreetmap.org");
  });
});
