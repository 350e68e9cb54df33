import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import lazySections from '../locales/lazy-sections.json';
import vi_ from '../locales/vi.json';
import { applyLanguage, i18n, loadLanguage, withMessages } from './i18n';

// withMessages also waits for the query runtime (lib/query-loader.ts), which lazy-load.test.ts covers.
vi.mock('./query-loader', () => ({ queryRuntimeReady: () => Promise.resolve({}) }));

describe('messages in two parts', () => {
  it('loads the core first, the lazy sections with lazy code, and both on a later language switch', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadLanguage('vi');
    expect(i18n.t('home.heading')).toBe(vi_.home.heading);
    expect(i18n.exists('content_pages.loading')).toBe(false);

    const screen = await withMessages(() => Promise.resolve({ Screen: 'lazy screen' }))();
    expect(screen).toEqual({ Screen: 'lazy screen' });
    expect(i18n.t('content_pages.loading')).toBe(vi_.content_pages.loading);

    applyLanguage('en');
    await vi.waitFor(() => expect(i18n.language).toBe('en'));
    // Shown only with its lazy sections too, since lazy code is on the page.
    expect(i18n.t('content_pages.loading')).toBe(en.content_pages.loading);
    expect(i18n.t('home.heading')).toBe(en.home.heading);

    // A key no file has is reported (the browser tests fail on console errors); one with a default is not.
    i18n.t('home.no_such_key');
    i18n.t('home.no_such_key_either', { defaultValue: 'x' });
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(['i18n: missing message key home.no_such_key']);
    errors.mockRestore();
  });

  it('splits each file into the core and the lazy sections, with nothing lost or doubled', async () => {
    const parts = {
      vi: [(await import('virtual:messages/vi-core')).default, (await import('virtual:messages/vi-more')).default],
      en: [(await import('virtual:messages/en-core')).default, (await import('virtual:messages/en-more')).default],
    };
    for (const [lang, whole] of [
      ['vi', vi_],
      ['en', en],
    ] as const) {
      const [core, more] = parts[lang] as [Record<string, unknown>, Record<string, unknown>];
      expect(Object.keys(more).sort(), lang).toEqual([...lazySections.sections].sort());
      expect(
        Object.keys(core).filter((section) => section in more),
        lang,
      ).toEqual([]);
      expect({ ...core, ...more }, lang).toEqual(whole);
    }
  });
});
