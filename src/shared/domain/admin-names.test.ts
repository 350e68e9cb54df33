import { describe, expect, it } from 'vitest';
import { adminNameIn } from './admin-names';

describe('administrative names in the page language', () => {
  it('keeps the Vietnamese on a Vietnamese page', () => {
    expect(adminNameIn('Quận Hoàn Kiếm', 'vi')).toBe('Quận Hoàn Kiếm');
  });

  it('translates the unit word and drops the marks on an English page, as the gazetteer does', () => {
    expect(adminNameIn('Quận Hoàn Kiếm', 'en')).toBe('Hoan Kiem District');
    expect(adminNameIn('Huyện Sóc Sơn', 'en')).toBe('Soc Son District');
    expect(adminNameIn('Phường Ba Đình', 'en')).toBe('Ba Dinh Ward');
    expect(adminNameIn('Xã Cổ Bi', 'en')).toBe('Co Bi Commune');
    expect(adminNameIn('Tỉnh Hà Giang', 'en')).toBe('Ha Giang Province');
    expect(adminNameIn('Thành phố Thủ Đức', 'en')).toBe('Thu Duc City');
    expect(adminNameIn('Thị trấn Văn Điển', 'en')).toBe('Van Dien Township');
    expect(adminNameIn('Thị xã Sơn Tây', 'en')).toBe('Son Tay Town');
  });

  it('puts the unit word before a number and leaves a bare name without marks', () => {
    expect(adminNameIn('Quận 1', 'en')).toBe('District 1');
    expect(adminNameIn('Phường 12', 'en')).toBe('Ward 12');
    expect(adminNameIn('Hà Giang', 'en')).toBe('Ha Giang');
  });
});
