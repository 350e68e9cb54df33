import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEntry, removeEntry, stripMarkup, writeEntry } from './store';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('local store', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('strips markup from every string on save (spec 3)', () => {
    writeEntry('note', { name: '<b>Lan</b>', list: ['<script>alert(1)</script>ok'], n: 3 });
    expect(readEntry('note')).toEqual({ name: 'Lan', list: ['alert(1)ok'], n: 3 });
    expect(stripMarkup('Đón ở <i>sảnh</i> A')).toBe('Đón ở sảnh A');
  });

  it('expires entries after 7 days by default', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-01T00:00:00Z'));
    writeEntry('recent', 42);
    vi.setSystemTime(new Date('2026-11-07T23:59:00Z'));
    expect(readEntry('recent')).toBe(42);
    vi.setSystemTime(new Date('2026-11-08T00:00:01Z'));
    expect(readEntry('recent')).toBeNull();
  });

  it('keeps entries without expiry until removed', () => {
    writeEntry('language', 'en', null);
    expect(readEntry('language')).toBe('en');
    removeEntry('language');
    expect(readEntry('language')).toBeNull();
  });

  it('treats a corrupt entry as absent', () => {
    localStorage.setItem('vivu:broken', '{not json');
    expect(readEntry('broken')).toBeNull();
  });
});
