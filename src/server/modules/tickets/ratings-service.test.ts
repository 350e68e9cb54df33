import { describe, expect, it } from 'vitest';
import { placeName, shortName } from './ratings-service';

describe('shortName', () => {
  it('keeps the given name and the family name’s initial', () => {
    expect(shortName('Nguyễn Văn An')).toBe('An N.');
    expect(shortName('  Đặng   Thị Thu  ')).toBe('Thu Đ.');
    expect(shortName('Minh')).toBe('Minh');
    expect(shortName('')).toBe('');
  });
});

describe('placeName', () => {
  it('is the first part of an address', () => {
    expect(placeName('Sân bay Nội Bài, Sóc Sơn, Hà Nội')).toBe('Sân bay Nội Bài');
    expect(placeName('Hồ Hoàn Kiếm')).toBe('Hồ Hoàn Kiếm');
  });
});
