import { describe, expect, it } from 'vitest';
import { AUTOCOMPLETE_LIMIT } from '../../../shared/contract/places';
import gazetteer from './data/gazetteer.json';
import { fold } from '../../../shared/domain/fold-text';
import { createPlaceSearch, tokenize, withinOneEdit, type GazetteerData } from './search';

const search = createPlaceSearch(gazetteer as GazetteerData);
const ids = (query: string, lang: 'vi' | 'en' = 'vi') =>
  search.autocomplete(query, lang).map((s) => s.address_component.place_id);
const first = (query: string, lang: 'vi' | 'en' = 'vi') => search.autocomplete(query, lang)[0];

describe('folding and tokens', () => {
  it('folds tone marks, đ and case, whichever tone placement', () => {
    expect(fold('Đà Nẵng')).toBe('da nang');
    expect(fold('Khánh Hoà')).toBe(fold('KHÁNH HÒA'));
  });

  it('expands the common short forms', () => {
    expect(tokenize('q1')).toEqual(['quan', '1']);
    expect(tokenize('Q.1')).toEqual(['quan', '1']);
    expect(tokenize('p.3')).toEqual(['phuong', '3']);
    expect(tokenize('p. Bến Nghé')).toEqual(['phuong', 'ben', 'nghe']);
    expect(tokenize('x. Nội Bài')).toEqual(['xa', 'noi', 'bai']);
    expect(tokenize('TP HCM')).toEqual(['thanh', 'pho', 'ho', 'chi', 'minh']);
    expect(tokenize('tphcm')).toEqual(['thanh', 'pho', 'ho', 'chi', 'minh']);
    expect(tokenize('sb Đà Nẵng')).toEqual(['san', 'bay', 'da', 'nang']);
    expect(tokenize('hn')).toEqual(['ha', 'noi']);
  });

  it('accepts one insertion, deletion, substitution or transposition, not two', () => {
    expect(withinOneEdit('bia', 'bai')).toBe(true);
    expect(withinOneEdit('nag', 'nang')).toBe(true);
    expect(withinOneEdit('kiem', 'kiem')).toBe(true);
    expect(withinOneEdit('hoan', 'hoang')).toBe(true);
    expect(withinOneEdit('noi', 'nio')).toBe(true);
    expect(withinOneEdit('abcd', 'badc')).toBe(false);
    expect(withinOneEdit('nang', 'na')).toBe(false);
  });
});

describe('autocomplete', () => {
  it.each(['noi bai', 'Nội Bài', 'NOI BAI', 'sb noi bai', 'Noi Bia'])('%s finds Nội Bài airport first', (query) => {
    expect(first(query)?.address_component.airport_code).toBe('HAN');
  });

  it('addresses a place by its name, ward and province in both languages', () => {
    expect(first('noi bai', 'vi')?.address).toBe('Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội');
    expect(first('noi bai', 'en')?.address_component.formatted_address).toBe(
      'Noi Bai International Airport, Noi Bai Commune, Hanoi',
    );
  });

  it('answers a place the same every time, in each language, whatever a caller did with an earlier answer', () => {
    const vi = first('noi bai', 'vi');
    const en = first('noi bai', 'en');
    expect(vi && en).toBeTruthy();
    // The names are kept after the first answer; each answer is still an object of its own.
    vi!.address = 'changed';
    vi!.address_component.name = 'changed';
    en!.address_component.province_name = 'changed';
    expect(first('noi bai', 'vi')).toEqual({
      ...vi,
      address: 'Sân bay quốc tế Nội Bài, Xã Nội Bài, Hà Nội',
      address_component: { ...vi!.address_component, name: 'Sân bay quốc tế Nội Bài' },
    });
    expect(first('noi bai', 'en')?.address_component.province_name).toBe('Hanoi');
    expect(first('noi bai', 'en')?.address).toBe('Noi Bai International Airport, Noi Bai Commune, Hanoi');
    expect(first('noi bai', 'vi')?.address_component.geometry).not.toBe(first('noi bai', 'vi')?.address_component.geometry);
  });

  it('gives every suggestion the text it shows as its formatted_address (spec 3)', () => {
    for (const [query, lang] of [
      ['noi bai', 'vi'],
      ['hoan kiem', 'en'],
      ['q1', 'vi'],
      ['da lat', 'vi'],
    ] as const) {
      const hits = search.autocomplete(query, lang);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.address_component.formatted_address).toBe(hit.address);
    }
  });

  it('resolves a former district to one current ward, naming the former district', () => {
    for (const query of ['Quận 1', 'q1', 'q.1', 'quan 1']) {
      const hit = first(query);
      expect(hit?.address_component.kind).toBe('ward');
      expect(hit?.address_component.province_code).toBe('79');
      expect(hit?.address_component.matched_former_name).toBe('Quận 1');
    }
  });

  it('resolves a former ward to the ward that absorbed it', () => {
    const hit = first('Bến Nghé');
    expect(hit?.address_component.place_id).toBe('ward:26740');
    expect(hit?.address_component.matched_former_name).toBe('Phường Bến Nghé');
  });

  it('resolves a former province to its successor', () => {
    const hit = search.autocomplete('Bình Dương', 'vi').find((s) => s.address_component.kind === 'province');
    expect(hit?.address_component.place_id).toBe('province:79');
    expect(hit?.address_component.matched_former_name).toBe('Bình Dương');
  });

  it('ranks the airport, then the city and province, before stations and wards', () => {
    const kinds = search.autocomplete('Đà Nẵng', 'vi').map((s) => s.address_component.kind);
    expect(kinds.slice(0, 3)).toEqual(['airport', 'city', 'province']);
    expect(kinds.indexOf('station')).toBeGreaterThan(2);
  });

  it('prefers an exact or prefix match to a typo', () => {
    expect(ids('Hoan Kiem')[0]).toBe(ids('Hoàn Kiếm')[0]);
    expect(first('Da Nag')?.address_component.airport_code).toBe('DAD');
    expect(first('tan son')?.address_component.airport_code).toBe('SGN');
  });

  it('does not allow a typo in a short token when the text matches as typed', () => {
    expect(ids('Ga Huế')).toEqual(['extra:hue-ga-hue']);
  });

  it('searches English names and returns the airports of a city as childs', () => {
    const hanoi = first('Hanoi', 'en');
    expect(hanoi?.address_component.kind).toBe('city');
    expect(hanoi?.address_component.name).toBe('Hanoi');
    expect(hanoi?.childs.map((c) => c.address_component.airport_code)).toEqual(['HAN']);
    const hcmc = first('Ho Chi Minh City', 'en');
    expect(hcmc?.address_component.province_code).toBe('79');
    expect(hcmc?.childs.map((c) => c.address_component.airport_code)).toContain('SGN');
  });

  it('knows Saigon and HCM as Hồ Chí Minh City', () => {
    for (const query of ['sai gon', 'Saigon', 'tphcm', 'hcm']) {
      expect(
        search
          .autocomplete(query, 'vi')
          .slice(0, 2)
          .map((s) => s.address_component.province_code),
      ).toContain('79');
    }
  });

  it('returns at most the autocomplete limit, and nothing for text that matches nothing', () => {
    expect(search.autocomplete('xa', 'vi')).toHaveLength(AUTOCOMPLETE_LIMIT);
    expect(search.autocomplete('qqqqzzzz', 'vi')).toEqual([]);
    expect(search.autocomplete('...', 'vi')).toEqual([]);
  });
});

describe('places by id', () => {
  it('finds every suggestion again by its place_id', () => {
    for (const query of ['noi bai', 'Quận 1', 'Hanoi', 'Ga Đà Nẵng']) {
      const hit = first(query);
      expect(hit).toBeDefined();
      const again = search.get(hit?.address_component.place_id ?? '', 'vi');
      expect(again?.address_component.geometry).toEqual(hit?.address_component.geometry);
      expect(again?.address_component.matched_former_name).toBe('');
    }
    expect(search.get('ward:99999', 'vi')).toBeNull();
  });

  it('lists the operating airports only', () => {
    const codes = search.airports('vi').map((s) => s.address_component.airport_code);
    expect(codes).toContain('HAN');
    expect(codes).toContain('VDO');
    expect(codes).not.toContain('SQH');
    expect(codes).toHaveLength(22);
  });

  it('places a point in the nearest ward, and nothing far outside Vietnam', () => {
    expect(search.nearestWard(21.221201, 105.806999, 'vi')?.ward_name).toBe('Xã Nội Bài');
    expect(search.nearestWard(1.35, 103.82, 'vi')).toBeNull();
  });
});
