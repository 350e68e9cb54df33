import { describe, expect, it } from 'vitest';
import { exchangeQuery, foldText } from './fold-text';

const KEYWORDS = [
  { keyword: 'tsn', text: 'Sân bay quốc tế Tân Sơn Nhất' },
  { keyword: 'sb noi bai', text: 'Sân bay quốc tế Nội Bài' },
];

describe('foldText', () => {
  it('drops case, diacritics and extra spaces, and folds đ', () => {
    expect(foldText('  Sân  bay\tĐà Nẵng ')).toBe('san bay da nang');
  });
});

describe('exchangeQuery (spec 7 get_exchange_keyword)', () => {
  it('answers the keyword’s text when the folded input is exactly a keyword', () => {
    expect(exchangeQuery('TSN', KEYWORDS)).toBe('Sân bay quốc tế Tân Sơn Nhất');
    expect(exchangeQuery(' sb  Nội Bài ', KEYWORDS)).toBe('Sân bay quốc tế Nội Bài');
  });

  it('leaves other input alone: a prefix, a longer text, nothing typed', () => {
    expect(exchangeQuery('ts', KEYWORDS)).toBeNull();
    expect(exchangeQuery('tsn terminal 2', KEYWORDS)).toBeNull();
    expect(exchangeQuery('   ', KEYWORDS)).toBeNull();
    expect(exchangeQuery('tsn', [])).toBeNull();
  });
});
