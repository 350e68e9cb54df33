import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, type RouteName } from '../shared/domain/route-table';
import { internalPattern, toInternalPath, toPublicPath, toRouterPath } from './lib/route-paths';
import { routeTree } from './router';

describe('toRouterPath', () => {
  it('turns the table syntax into TanStack Router paths', () => {
    expect(toRouterPath('/chi-tiet-ma-ve/:code/:phone')).toBe('/chi-tiet-ma-ve/$code/$phone');
    expect(toRouterPath('/blog/:slug?')).toBe('/blog/{-$slug}');
    expect(toRouterPath('/en')).toBe('/en');
  });
});

describe('the route tree', () => {
  it('has one route per name of the table, on the internal path the rewrite reads and writes', () => {
    const paths = (routeTree.children as unknown as Array<{ options: { path: string } }>).map((route) => route.options.path);
    expect(paths).toEqual((Object.keys(ROUTE_TABLE) as RouteName[]).map(internalPattern));
  });
});

describe('the rewrite', () => {
  it('reads each path of the table, in both languages, as its internal path and writes it back unchanged', () => {
    const cases: Array<[string, string]> = [
      ['/', '/vi/home'],
      ['/en', '/en/home'],
      ['/dat-xe', '/vi/price-list'],
      ['/en/prices', '/en/price-list'],
      ['/chi-tiet-ma-ve/VV12AB34/0912345678', '/vi/ticket-detail/VV12AB34/0912345678'],
      ['/en/ticket/VV12AB34/0912345678', '/en/ticket-detail/VV12AB34/0912345678'],
      ['/blog', '/vi/blog'],
      ['/en/blog/a%20post', '/en/blog/a%20post'],
      ['/san-bay/taxi-noi-bai', '/vi/airport-noibai'],
      ['/en/airport/noi-bai-taxi/terminal-2', '/en/airport-noibai/terminal-2'],
      ['/san-bay/tan-son-nhat', '/vi/airport/tan-son-nhat'],
      ['/duong-dai/ha-noi-hai-phong', '/vi/long-distance/ha-noi-hai-phong'],
    ];
    for (const [publicPath, internal] of cases) {
      expect(toInternalPath(publicPath)).toBe(internal);
      expect(toPublicPath(internal)).toBe(publicPath);
    }
  });

  it('keeps a path outside the table out of every route, and writes it back as it came', () => {
    for (const path of ['/faqs', '/x/home', '/en/nope', '/vi/home', '/duong-dai']) {
      const internal = toInternalPath(path);
      expect(internal.split('/')[2]).toBe('-');
      expect(toPublicPath(internal)).toBe(path);
    }
  });
});
