import { describe, expect, it } from 'vitest';
import type { PriceOption } from '../../../shared/contract/pricing';
import { blocks } from '../../db/content-data/blocks';
import { compactFares, referenceDepartTime } from './service';

describe('referenceDepartTime', () => {
  it('is 10:00 tomorrow in Vietnam, whatever the server zone', () => {
    // 23:30 on 1 March in Vietnam is 16:30 UTC.
    expect(referenceDepartTime(new Date('2026-03-01T16:30:00Z'))).toBe('10:00 2/3/2026');
    expect(referenceDepartTime(new Date('2026-12-31T17:30:00Z'))).toBe('10:00 2/1/2027');
  });
});

describe('compactFares', () => {
  const item = (vehicle: number, seats: number, method: 1 | 2, merged: number, hide = false) =>
    ({
      vehicle_id: vehicle,
      vehicle_name: `v${vehicle}`,
      vehicle_seats: seats,
      ride_method_id: method,
      merged,
      hide,
    }) as PriceOption;

  it('keeps the cheapest visible offer per vehicle and ride method, smaller vehicles first', () => {
    const fares = compactFares([
      item(2, 7, 1, 300_000),
      item(1, 4, 1, 250_000),
      item(1, 4, 1, 210_000),
      item(1, 4, 2, 90_000),
      item(1, 4, 2, 10_000, true),
      item(2, 7, 2, 50_000, true),
    ]);
    expect(fares.map((f) => [f.vehicle_id, f.ride_method_id, f.price_from, f.offers])).toEqual([
      [1, 1, 210_000, 2],
      [1, 2, 90_000, 1],
      [2, 1, 300_000, 1],
    ]);
  });
});

describe('blocks', () => {
  it('reads paragraphs, headings, quotes and lists', () => {
    expect(blocks('## Title\n\nOne\nline.\n\n- a\n- b\n\n> Said it.')).toEqual([
      { type: 'h2', text: 'Title' },
      { type: 'p', text: 'One line.' },
      { type: 'ul', items: ['a', 'b'] },
      { type: 'quote', text: 'Said it.' },
    ]);
  });
});
