import { describe, expect, it } from 'vitest';
import { linkHref, priceListLink, searchValidator } from './route-search';

describe('searchValidator', () => {
  it('keeps the known params as the router read them and leaves out the rest', () => {
    expect(
      searchValidator('price-list')?.({ type: 3, pick: 'ward:1', drop: 'province:79', time: '10:00 1/2/2030', chair: 2, x: 1 }),
    ).toEqual({
      type: 3,
      pick: 'ward:1',
      drop: 'province:79',
      more: undefined,
      moreKind: undefined,
      time: '10:00 1/2/2030',
      chair: 2,
    });
    expect(searchValidator('billing-detail')?.({ paid: true, code: 'VV1' })).toEqual({ paid: true, code: 'VV1' });
  });

  it('is there only for the routes that read their search', () => {
    expect(searchValidator('home')).toBeUndefined();
  });

  it('drops what no URL param of ours can be', () => {
    expect(searchValidator('booking-success')?.({ code: ['a', 'b'], contact: null })).toEqual({
      code: undefined,
      contact: undefined,
    });
    expect(searchValidator('payment-result')?.({ code: { a: 1 } })).toEqual({ code: undefined, contact: undefined });
  });
});

describe('links', () => {
  it('writes the same address as the query string did', () => {
    const link = priceListLink('vi', { type: 1, pick: 'ward:1', drop: 'ward:2', time: '08:00 2/3/2030', chair: 4 });
    expect(link.to).toBe('/dat-xe');
    expect(link.search).toEqual({ type: 1, pick: 'ward:1', drop: 'ward:2', time: '08:00 2/3/2030', chair: 4 });
    expect(linkHref(link)).toBe('/dat-xe?type=1&pick=ward%3A1&drop=ward%3A2&time=08%3A00+2%2F3%2F2030&chair=4');
  });
});
