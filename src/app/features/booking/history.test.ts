// Booked tickets kept on the device (spec 3 "tickets list"; spec 9 "recent tickets kept 2"): the newest first, at
// most two, one entry per ticket code.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { initStore, resetStoreForTests } from '../../lib/store';
import { writeEntry } from '../../lib/store-keys';
import { addToHistory, lastTicket, readHistory, type HistoryEntry } from './history';

const entry = (code: string, kind: HistoryEntry['kind'] = 'ride'): HistoryEntry => ({
  code,
  contact: '0912345678',
  kind,
  pickAddress: 'Sân bay quốc tế Nội Bài',
  dropAddress: kind === 'ride' ? 'Hồ Hoàn Kiếm' : '',
  departTime: '14:00 25/11/2026',
  pickPlaceId: 'airport:HAN',
  dropPlaceId: kind === 'ride' ? 'extra:hn-ho-hoan-kiem' : '',
  chair: 1,
  duration: kind === 'hourly' ? 6 : 0,
  at: Date.now(),
});

beforeEach(async () => {
  await initStore(); // node has no IndexedDB: the store lives in memory
});
afterEach(async () => {
  await resetStoreForTests();
});

describe('the recent tickets (spec 9: 2 kept)', () => {
  it('keeps the newest two, newest first', () => {
    expect(SYSTEM_CONFIG_DEFAULTS.recent_tickets_kept).toBe(2);
    addToHistory(entry('VVAAAA01'));
    addToHistory(entry('VVAAAA02', 'hourly'));
    addToHistory(entry('VVAAAA03'));
    expect(readHistory().map((item) => item.code)).toEqual(['VVAAAA03', 'VVAAAA02']);
  });

  it('keeps as many as the served config says (recent_tickets_kept)', () => {
    for (const code of ['VVAAAA01', 'VVAAAA02', 'VVAAAA03', 'VVAAAA04']) addToHistory(entry(code), 3);
    expect(readHistory().map((item) => item.code)).toEqual(['VVAAAA04', 'VVAAAA03', 'VVAAAA02']);
  });

  it('moves a ticket booked again to the front instead of keeping it twice', () => {
    addToHistory(entry('VVAAAA01'));
    addToHistory(entry('VVAAAA02'));
    addToHistory(entry('VVAAAA01'));
    expect(readHistory().map((item) => item.code)).toEqual(['VVAAAA01', 'VVAAAA02']);
  });

  it('finds the last ticket of a kind (the hourly success page reads the last hourly one)', () => {
    expect(lastTicket()).toBeNull();
    addToHistory(entry('VVHOUR01', 'hourly'));
    addToHistory(entry('VVRIDE01'));
    expect(lastTicket('hourly')?.code).toBe('VVHOUR01');
    expect(lastTicket()?.code).toBe('VVRIDE01');
  });

  it('reads entries stored before the departure was called departTime (spec 3 departDatetime)', () => {
    const { departTime, ...rest } = entry('VVOLD001');
    writeEntry('tickets', [{ ...rest, departDatetime: departTime } as unknown as HistoryEntry], null);
    expect(readHistory()).toEqual([{ ...rest, departTime: '14:00 25/11/2026' }]);
    expect(readHistory()[0]).not.toHaveProperty('departDatetime');
  });
});
