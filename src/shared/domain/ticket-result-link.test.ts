import { describe, expect, it } from 'vitest';
import { linkHref } from './route-search';
import { asUrlValue, ticketResultLink } from './ticket-result-link';

describe('ticketResultLink', () => {
  it('sends a contact that is a plain number as that number, one with a leading zero as text', () => {
    expect(ticketResultLink('booking-success', 'en', { code: 'VV1', contact: '447911123456' }).search.contact).toBe(447911123456);
    expect(ticketResultLink('booking-success', 'en', { code: 'VV1', contact: '0912345678' }).search.contact).toBe('0912345678');
    expect(asUrlValue('')).toBe('');
    expect(asUrlValue('1e3')).toBe('1e3');
  });

  it('writes the address the query string did', () => {
    expect(linkHref(ticketResultLink('payment-result', 'vi', { code: 'VV1', gateway: 'unreachable' }))).toBe(
      '/ket-qua-thanh-toan?code=VV1&gateway=unreachable',
    );
  });
});
