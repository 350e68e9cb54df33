// The place index's speed: built within a second, a typical query answered in well under a millisecond. These time
// their code, so they run with nothing beside them (the unit-alone project), not beside the typecheck and the build.
import { describe, expect, it } from 'vitest';
import gazetteer from './data/gazetteer.json';
import { createPlaceSearch, type GazetteerData } from './search';

const started = performance.now();
const search = createPlaceSearch(gazetteer as GazetteerData);
const buildMs = performance.now() - started;

describe('the place index, timed', () => {
  it('builds the index quickly', () => {
    expect(buildMs).toBeLessThan(1000);
  });

  it('answers a typical query well under a millisecond', () => {
    const queries = ['noi bai', 'ha noi', 'quan 1', 'ben nghe', 'tan son nhat', 'da nang', 'nha trang', 'ga sai gon'];
    const start = performance.now();
    for (let i = 0; i < 2000; i++) search.autocomplete(queries[i % queries.length] ?? '', 'vi');
    expect((performance.now() - start) / 2000).toBeLessThan(2);
  });
});
