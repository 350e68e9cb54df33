import { describe, expect, it } from 'vitest';
import { toRouterPath } from './router';

describe('toRouterPath', () => {
  it('turns the table syntax into TanStack Router paths', () => {
    expect(toRouterPath('/chi-tiet-ma-ve/:code/:phone')).toBe('/chi-tiet-ma-ve/$code/$phone');
    expect(toRouterPath('/blog/:slug?')).toBe('/blog/{-$slug}');
    expect(toRouterPath('/en')).toBe('/en');
  });
});
