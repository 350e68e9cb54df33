import { describe, expect, it } from 'vitest';
import { searchPattern, searchText } from './search-text';

describe('news search text', () => {
  it('matches a phrase from the start of a word, ignoring case and marks', () => {
    const stored = searchText('Đưa đón sân bay Nội Bài và nơi ở');
    const matches = (query: string) => {
      const pattern = searchPattern(query);
      if (!pattern) return false;
      const re = new RegExp(`^${pattern.replace(/%/g, '.*')}$`);
      return re.test(stored);
    };
    expect(matches('Nội Bài')).toBe(true);
    expect(matches('NOI BAI')).toBe(true);
    expect(matches('noi ba')).toBe(true);
    expect(matches('dua don')).toBe(true);
    expect(matches('oi bai')).toBe(false);
    expect(matches('bai noi')).toBe(false);
    expect(matches('noi o')).toBe(true);
    expect(matches('noi bai tri')).toBe(false);
    expect(searchPattern('  ,. ')).toBeNull();
  });
});
