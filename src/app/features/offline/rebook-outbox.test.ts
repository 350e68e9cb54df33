import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../../../shared/contract/places';
import { formatVnDateTime } from '../../../shared/domain/vn-time';
import { DEFAULT_FILTERS } from '../pricing';
import { rebookAction, type QueuedRebook } from './rebook-outbox';
import { rebookPriceParams } from './rebook-params';

const place = (id: string, address: string) =>
  ({ address, address_component: { place_id: id, kind: 'address' } }) as unknown as Suggestion;

const NOW = Date.UTC(2027, 0, 5, 3, 0); // 10:00 in Vietnam
const queued = (minutesAhead: number): QueuedRebook => ({
  search: {
    type: 3,
    pick: place('p1', 'Hoàn Kiếm'),
    drop: place('p2', 'Nội Bài'),
    time: formatVnDateTime(NOW + minutesAhead * 60_000),
    chair: 2,
  },
  lang: 'vi',
  at: NOW - 60_000,
  from: '/dat-xe-thanh-cong',
});

describe('rebookAction', () => {
  it('drops a search whose departure has passed meanwhile', () => {
    expect(rebookAction(queued(-15), NOW, { path: '/dat-xe-thanh-cong', sameVisit: true })).toBe('drop');
    expect(rebookAction(queued(0), NOW, { path: '/dat-xe-thanh-cong', sameVisit: true })).toBe('drop');
  });

  it('opens the price list when the passenger is still on the page it was sent from', () => {
    expect(rebookAction(queued(120), NOW, { path: '/dat-xe-thanh-cong', sameVisit: true })).toBe('open');
  });

  it('announces it when the passenger went elsewhere or came back in a later visit', () => {
    expect(rebookAction(queued(120), NOW, { path: '/', sameVisit: true })).toBe('announce');
    expect(rebookAction(queued(120), NOW, { path: '/dat-xe-thanh-cong', sameVisit: false })).toBe('announce');
  });
});

describe('rebookPriceParams', () => {
  it('builds the request the price-list page makes, filters included', () => {
    const params = rebookPriceParams(queued(120), DEFAULT_FILTERS);
    expect(params).toEqual({
      depart_time: queued(120).search.time,
      dimension_id: 3,
      pick_address: 'Hoàn Kiếm',
      pick_address_component: JSON.stringify({ place_id: 'p1', kind: 'address' }),
      drop_address: 'Nội Bài',
      drop_address_component: JSON.stringify({ place_id: 'p2', kind: 'address' }),
      chair: 2,
      lang: 'vi',
      ...DEFAULT_FILTERS,
    });
  });
});
