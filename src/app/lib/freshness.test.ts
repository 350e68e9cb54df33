import { describe, expect, it } from 'vitest';
import { freshnessText } from '../../shared/domain/vn-time';
import { newestSave, type SavedTicket } from './saved-tickets';

const NOW = Date.UTC(2027, 0, 5, 3, 32); // 10:32 on 5/1/2027 in Vietnam

describe('freshnessText', () => {
  it('gives the time alone today and the date too on another day (Vietnam time)', () => {
    expect(freshnessText(NOW, NOW)).toBe('10:32');
    expect(freshnessText(NOW - 24 * 3600_000, NOW)).toBe('10:32 4/1/2027');
  });
});

describe('newestSave', () => {
  it('finds the newest copy', () => {
    const saved = (savedAt: number) => ({ savedAt }) as SavedTicket;
    expect(newestSave([])).toBeNull();
    expect(newestSave([saved(1), saved(3), saved(2)])).toBe(3);
  });
});
