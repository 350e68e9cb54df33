import { afterEach, describe, expect, it, vi } from 'vitest';
import { alternateFor, getAlternatePaths, setAlternatePaths, subscribeAlternatePaths } from './alternate-path';

afterEach(() => setAlternatePaths(null));

describe('the per-page alternate path of the language switch', () => {
  const post = { pathname: '/blog/kinh-nghiem-di-san-bay-noi-bai', paths: { en: '/en/blog/noi-bai-airport-transfer-guide' } };

  it('answers the path the page set, only while the location is that page', () => {
    expect(alternateFor(post, '/blog/kinh-nghiem-di-san-bay-noi-bai', 'en')).toBe('/en/blog/noi-bai-airport-transfer-guide');
    expect(alternateFor(post, '/blog/kinh-nghiem-di-san-bay-noi-bai/', 'en')).toBe('/en/blog/noi-bai-airport-transfer-guide');
    // Another page (the list, or the next post before its answer arrives): the route table decides.
    expect(alternateFor(post, '/blog', 'en')).toBeNull();
    expect(alternateFor(post, '/blog/dat-xe-ban-dem-va-sang-som', 'en')).toBeNull();
  });

  it('answers null for a language the page did not set, and when nothing is set', () => {
    expect(alternateFor(post, post.pathname, 'vi')).toBeNull();
    expect(alternateFor(null, post.pathname, 'en')).toBeNull();
  });

  it('tells its subscribers when a page sets or clears its paths', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeAlternatePaths(listener);
    setAlternatePaths(post);
    expect(getAlternatePaths()).toBe(post);
    setAlternatePaths(null);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setAlternatePaths(post);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
