import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE, langFromPath, matchPath, pathFor, switchLanguagePath } from './route-table';

describe('route table', () => {
  it('gives every route a Vietnamese path and an English one under /en', () => {
    for (const [name, paths] of Object.entries(ROUTE_TABLE)) {
      expect(paths.vi.startsWith('/en'), name).toBe(false);
      expect(paths.en === '/en' || paths.en.startsWith('/en/'), name).toBe(true);
    }
  });

  it('has the spec 2 Vietnamese paths', () => {
    expect(ROUTE_TABLE.account.vi).toBe('/tai-khoan');
    expect(ROUTE_TABLE['ticket-manage'].vi).toBe('/quan-ly-ma-ve');
    expect(ROUTE_TABLE['ticket-detail'].vi).toBe('/chi-tiet-ma-ve/:code/:phone');
    expect(ROUTE_TABLE['airport-noibai'].vi).toBe('/san-bay/taxi-noi-bai/:slug?');
    expect(ROUTE_TABLE.account.en).toBe('/en/account');
  });

  it('never maps two routes to the same path', () => {
    const all = Object.values(ROUTE_TABLE).flatMap((paths) => [paths.vi, paths.en]);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('pathFor', () => {
  it('looks a path up by name and language', () => {
    expect(pathFor('home', 'vi')).toBe('/');
    expect(pathFor('home', 'en')).toBe('/en');
    expect(pathFor('price-list', 'vi')).toBe('/dat-xe');
    expect(pathFor('price-list', 'en')).toBe('/en/prices');
  });

  it('falls back to / for an unknown name', () => {
    expect(pathFor('no-such-route', 'en')).toBe('/');
    expect(pathFor('toString', 'vi')).toBe('/');
  });

  it('fills params, encodes them and drops a missing optional one', () => {
    expect(pathFor('ticket-detail', 'vi', { code: 'VV1234', phone: '0912345678' })).toBe('/chi-tiet-ma-ve/VV1234/0912345678');
    expect(pathFor('ticket-detail', 'en', { code: 'VV1234', phone: 'an@example.vn' })).toBe('/en/ticket/VV1234/an%40example.vn');
    expect(pathFor('blog', 'vi')).toBe('/blog');
    expect(pathFor('blog', 'en', { slug: 'noi-bai-guide' })).toBe('/en/blog/noi-bai-guide');
  });

  it('falls back to / when a required param is missing', () => {
    expect(pathFor('ticket-detail', 'vi', { code: 'VV1234' })).toBe('/');
  });
});

describe('matchPath', () => {
  it('recognises both languages', () => {
    expect(matchPath('/')).toEqual({ name: 'home', lang: 'vi', params: {} });
    expect(matchPath('/en')).toEqual({ name: 'home', lang: 'en', params: {} });
    expect(matchPath('/en/')).toEqual({ name: 'home', lang: 'en', params: {} });
    expect(matchPath('/tai-khoan')).toEqual({ name: 'account', lang: 'vi', params: {} });
  });

  it('reads params, decoded', () => {
    expect(matchPath('/en/ticket/VV1/an%40example.vn')).toEqual({
      name: 'ticket-detail',
      lang: 'en',
      params: { code: 'VV1', phone: 'an@example.vn' },
    });
    expect(matchPath('/blog/huong-dan')).toEqual({ name: 'blog', lang: 'vi', params: { slug: 'huong-dan' } });
  });

  it('prefers a specific airport page over the generic one', () => {
    expect(matchPath('/san-bay/taxi-noi-bai')?.name).toBe('airport-noibai');
    expect(matchPath('/san-bay/taxi-noi-bai/gia-ve')).toEqual({ name: 'airport-noibai', lang: 'vi', params: { slug: 'gia-ve' } });
    expect(matchPath('/san-bay/tan-son-nhat')).toEqual({ name: 'airport', lang: 'vi', params: { slug: 'tan-son-nhat' } });
    expect(matchPath('/en/airport/cam-ranh-taxi')?.name).toBe('airport-camranh');
  });

  it('returns null outside the table', () => {
    expect(matchPath('/khong-co')).toBeNull();
    expect(matchPath('/en/nope')).toBeNull();
    expect(matchPath('/tai-khoan/extra')).toBeNull();
    expect(matchPath('/duong-dai')).toBeNull();
    expect(matchPath('/blog/%E0%A4%A')).toBeNull();
  });
});

describe('language from the path and switching', () => {
  it('reads the first segment, default vi', () => {
    expect(langFromPath('/en/account')).toBe('en');
    expect(langFromPath('/en')).toBe('en');
    expect(langFromPath('/english-lessons')).toBe('vi');
    expect(langFromPath('/')).toBe('vi');
  });

  it('rewrites the path to the other language, params kept', () => {
    expect(switchLanguagePath('/tai-khoan', 'en')).toBe('/en/account');
    expect(switchLanguagePath('/en/account', 'vi')).toBe('/tai-khoan');
    expect(switchLanguagePath('/chi-tiet-ma-ve/VV9/0987654321', 'en')).toBe('/en/ticket/VV9/0987654321');
    expect(switchLanguagePath('/en/press/vivu-ra-mat', 'vi')).toBe('/bao-chi/vivu-ra-mat');
    expect(switchLanguagePath('/', 'vi')).toBe('/');
  });

  it('sends an unknown path to the home of the other language', () => {
    expect(switchLanguagePath('/khong-co', 'en')).toBe('/en');
  });
});
