// In-memory place search over the embedded gazetteer (spec 2 address inputs, spec 7 places/autocomplete):
// folded-token prefix matching with one typo, abbreviations, former (pre-2025) names, and class ranking.
import type { Lang } from '../../../shared/domain/route-table';
import { AUTOCOMPLETE_LIMIT, type PlaceKind, type Suggestion } from '../../../shared/contract/places';
import type { PlaceSearch } from '../../adapters/geocoder/types';
import { fold, foldKeepCase } from '../../../shared/domain/fold-text';
import { adminNameIn } from '../../../shared/domain/admin-names';

export interface GazetteerProvince {
  code: string;
  name_vi: string;
  full_name_vi: string;
  name_en: string;
  full_name_en: string;
  lat: number;
  lng: number;
  former: string[];
}
export interface GazetteerWard {
  code: string;
  name_vi: string;
  full_name_vi: string;
  full_name_en: string;
  province_code: string;
  lat: number;
  lng: number;
  former: string[];
}
export interface GazetteerAirport {
  iata: string;
  name_vi: string;
  name_en: string;
  alt: string[];
  lat: number;
  lng: number;
  operating: boolean;
  province_code: string;
  ward_code: string;
}
export interface GazetteerPlace {
  id: string;
  kind: string;
  name_vi: string;
  name_en: string;
  alt: string[];
  lat: number;
  lng: number;
  province_code: string;
  ward_code: string;
}
export interface GazetteerData {
  version: number;
  provinces: GazetteerProvince[];
  wards: GazetteerWard[];
  airports: GazetteerAirport[];
  places: GazetteerPlace[];
}

/** Common short forms, expanded the same way in names and queries so that either side may use them. */
const ABBREVIATIONS: Record<string, string[]> = {
  tp: ['thanh', 'pho'],
  tphcm: ['thanh', 'pho', 'ho', 'chi', 'minh'],
  hcm: ['ho', 'chi', 'minh'],
  hcmc: ['ho', 'chi', 'minh'],
  sb: ['san', 'bay'],
  hn: ['ha', 'noi'],
  tt: ['thi', 'tran'],
};

/** Folds, expands "q1"/"q.1" (quận), "p.3" (phường), "x." (xã), "tp." and the abbreviations, then splits. */
export function tokenize(text: string): string[] {
  const expanded = fold(text)
    .replace(/\b([qp])\.?\s*(\d+)\b/g, (_, letter: string, number: string) => ` ${letter === 'q' ? 'quan' : 'phuong'} ${number} `)
    .replace(/\bp\./g, ' phuong ')
    .replace(/\bx\./g, ' xa ')
    .replace(/\bq\./g, ' quan ');
  return expanded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap((token) => ABBREVIATIONS[token] ?? [token]);
}

/** Whether a and b differ by at most one insertion, deletion, substitution or adjacent transposition. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // transposition
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A query token with one typo still matches the start of a name token ("nag" → "nang", "bia" → "bai"). */
function typoPrefix(query: string, token: string): boolean {
  // Short tokens match too much with a typo anywhere: from 3 letters, the first letter must be right.
  if (query.length < 3 || (query.length === 3 && query[0] !== token[0])) return false;
  for (let len = query.length - 1; len <= query.length + 1; len++) {
    if (len > token.length) break;
    if (withinOneEdit(query, token.slice(0, len))) return true;
  }
  return false;
}

/** spec 3 suggestion order: airports, then cities and provinces, then stations/sights/hotels, wards, others. */
const CLASS_RANK: Record<PlaceKind, number> = {
  airport: 0,
  city: 1,
  province: 1,
  station: 2,
  sight: 2,
  hotel: 2,
  ward: 3,
  place: 4,
};
const KIND_ORDER: PlaceKind[] = ['airport', 'city', 'province', 'station', 'sight', 'hotel', 'ward', 'place'];

interface Entry {
  id: string;
  kind: PlaceKind;
  name_vi: string;
  name_en: string;
  lat: number;
  lng: number;
  province_code: string;
  ward_code: string;
  airport_code: string;
}

interface IndexedName {
  entry: number;
  tokens: string[];
  joined: string;
  /** The former name as written ("Quận 1"), or '' for a current name. */
  former: string;
}

/** Match quality of one name: lower is better (spec decision: exact > starts with > contains > typo). */
const TIER = { exact: 0, start: 1, contains: 2, typo: 3 } as const;

/** A place's names and address in one language (what its answers show). */
interface Labels {
  name: string;
  provinceName: string;
  wardName: string;
  formatted: string;
  provinceCode: string;
  wardCode: string;
}

interface Hit {
  entry: number;
  /** Lower is better: class, then match tier, then current before former name, then the static order. */
  score: number;
  former: string;
}

/** Ward points are representative points; a place farther than this from every one is outside the gazetteer. */
const NEAREST_WARD_MAX_KM = 15;
const KM_PER_DEGREE = 111.2;

export function createPlaceSearch(data: GazetteerData): PlaceSearch {
  const entries: Entry[] = [];
  const names: IndexedName[] = [];
  const postings = new Map<string, number[]>();
  const byId = new Map<string, number>();
  const provinces = new Map(data.provinces.map((p) => [p.code, p]));
  const wards = new Map(data.wards.map((w) => [w.code, w]));
  const airportsByProvince = new Map<string, number[]>();

  function addEntry(entry: Entry, current: string[], former: string[] = []): number {
    const index = entries.push(entry) - 1;
    byId.set(entry.id, index);
    const seen = new Set<string>();
    const addName = (text: string, formerName: string) => {
      const tokens = tokenize(text);
      const joined = tokens.join(' ');
      if (!tokens.length || seen.has(joined)) return;
      seen.add(joined);
      const nameIndex = names.push({ entry: index, tokens, joined, former: formerName }) - 1;
      for (const token of new Set(tokens)) {
        const list = postings.get(token);
        if (list) list.push(nameIndex);
        else postings.set(token, [nameIndex]);
      }
    };
    for (const text of current) addName(text, '');
    for (const text of former) addName(text, text);
    return index;
  }

  for (const a of data.airports) {
    const index = addEntry(
      {
        id: `airport:${a.iata}`,
        kind: 'airport',
        name_vi: a.name_vi,
        name_en: a.name_en,
        lat: a.lat,
        lng: a.lng,
        province_code: a.province_code,
        ward_code: a.ward_code,
        airport_code: a.iata,
      },
      [a.name_vi, a.name_en, a.iata, ...a.alt],
    );
    if (a.operating) airportsByProvince.set(a.province_code, [...(airportsByProvince.get(a.province_code) ?? []), index]);
  }
  for (const p of data.provinces) {
    addEntry(
      {
        id: `province:${p.code}`,
        kind: 'province',
        name_vi: p.name_vi,
        name_en: p.name_en,
        lat: p.lat,
        lng: p.lng,
        province_code: p.code,
        ward_code: '',
        airport_code: '',
      },
      [p.name_vi, p.full_name_vi, p.name_en, p.full_name_en],
      p.former,
    );
  }
  for (const place of data.places) {
    const kind = (KIND_ORDER as string[]).includes(place.kind) ? (place.kind as PlaceKind) : 'place';
    addEntry(
      {
        id: place.id,
        kind,
        name_vi: place.name_vi,
        name_en: place.name_en,
        lat: place.lat,
        lng: place.lng,
        province_code: place.province_code,
        ward_code: place.ward_code,
        airport_code: '',
      },
      [place.name_vi, place.name_en, ...place.alt],
    );
  }
  for (const w of data.wards) {
    addEntry(
      {
        id: `ward:${w.code}`,
        kind: 'ward',
        name_vi: w.full_name_vi,
        name_en: w.full_name_en,
        lat: w.lat,
        lng: w.lng,
        province_code: w.province_code,
        ward_code: w.code,
        airport_code: '',
      },
      [w.name_vi, w.full_name_vi, w.full_name_en],
      w.former,
    );
  }
  // Sorted, so that the tokens starting with a query token are one contiguous range found by bisection.
  const dictionary = [...postings.keys()].sort();
  function firstAtLeast(token: string): number {
    let low = 0;
    let high = dictionary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((dictionary[middle] ?? '') < token) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  interface TokenMatch {
    /** Per name id: 0 no match, else 1 + the best quality (0 equal, 1 prefix, 2 typo). */
    quality: Uint8Array;
    ids: number[];
  }

  // Scratch arrays reused by every query (cleared after use), so that a search allocates almost nothing and
  // the garbage collector does not add pauses to the p99 (a benchmark target of spec 2's debounced search).
  const qualityPool: Uint8Array[] = [];
  const bestScore = new Int32Array(entries.length).fill(-1);
  const bestName = new Int32Array(entries.length);

  /** The names matched by one query token. Typed arrays, not maps: "xa" alone matches some 10,000 names. */
  function matchToken(query: string, typos: boolean, slot: number): TokenMatch {
    const quality = (qualityPool[slot] ??= new Uint8Array(names.length));
    const ids: number[] = [];
    const add = (token: string, value: number) => {
      for (const id of postings.get(token) ?? []) {
        const before = quality[id] ?? 0;
        if (before === 0) ids.push(id);
        if (before === 0 || value < before) quality[id] = value;
      }
    };
    for (let i = firstAtLeast(query); i < dictionary.length; i++) {
      const token = dictionary[i] ?? '';
      if (!token.startsWith(query)) break;
      add(token, token === query ? 1 : 2);
    }
    if (typos) {
      for (const token of dictionary) if (!token.startsWith(query) && typoPrefix(query, token)) add(token, 3);
    }
    return { quality, ids };
  }

  // Static order of places within a class: shorter name first, then kind, then id (a stable answer).
  const staticOrder = new Int32Array(entries.length);
  entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        CLASS_RANK[a.entry.kind] - CLASS_RANK[b.entry.kind] ||
        a.entry.name_vi.length - b.entry.name_vi.length ||
        KIND_ORDER.indexOf(a.entry.kind) - KIND_ORDER.indexOf(b.entry.kind) ||
        (a.entry.id < b.entry.id ? -1 : 1),
    )
    .forEach(({ index }, position) => (staticOrder[index] = position));
  /** One number per hit, so that ranking is a comparison of numbers (spec 3 order, docs/decisions.md). */
  function score(entry: number, tier: number, former: boolean): number {
    const kind = entries[entry]?.kind ?? 'place';
    return ((CLASS_RANK[kind] * 4 + tier) * 2 + (former ? 1 : 0)) * entries.length + (staticOrder[entry] ?? 0);
  }

  function findHits(tokens: string[], typos: boolean): Hit[] {
    const perToken = tokens.map((token, slot) => matchToken(token, typos, slot));
    try {
      return intersect(
        tokens,
        [...perToken].sort((a, b) => a.ids.length - b.ids.length),
      );
    } finally {
      for (const match of perToken) for (const id of match.ids) match.quality[id] = 0;
    }
  }

  function intersect(tokens: string[], perToken: TokenMatch[]): Hit[] {
    const [first, ...rest] = perToken;
    if (!first) return [];
    const joined = tokens.join(' ');
    const touched: number[] = [];
    for (const nameId of first.ids) {
      let worst = first.quality[nameId] ?? 0;
      for (const other of rest) {
        const q = other.quality[nameId] ?? 0;
        if (q === 0) {
          worst = 0;
          break;
        }
        if (q > worst) worst = q;
      }
      if (worst === 0) continue;
      const name = names[nameId];
      if (!name) continue;
      let tier: number;
      if (worst === 3) tier = TIER.typo;
      else if (name.joined === joined) tier = TIER.exact;
      else if (name.joined.startsWith(joined)) tier = TIER.start;
      else tier = TIER.contains;
      // The best name of a place counts; at equal quality a current name beats a former one.
      const value = score(name.entry, tier, Boolean(name.former));
      const before = bestScore[name.entry] ?? -1;
      if (before === -1) touched.push(name.entry);
      if (before === -1 || value < before) {
        bestScore[name.entry] = value;
        bestName[name.entry] = nameId;
      }
    }
    const hits = touched.map((entry) => ({
      entry,
      score: bestScore[entry] ?? 0,
      former: names[bestName[entry] ?? 0]?.former ?? '',
    }));
    for (const entry of touched) bestScore[entry] = -1;
    return hits;
  }

  /** The `limit` best hits, best first, without sorting thousands of hits for a two-letter query. */
  function best(hits: Hit[], limit: number): Hit[] {
    const top: Hit[] = [];
    for (const hit of hits) {
      if (top.length === limit && hit.score >= (top[limit - 1]?.score ?? Infinity)) continue;
      let at = top.length;
      while (at > 0 && (top[at - 1]?.score ?? 0) > hit.score) at--;
      top.splice(at, 0, hit);
      if (top.length > limit) top.pop();
    }
    return top;
  }

  function englishName(entry: Entry): string {
    return entry.name_en || foldKeepCase(entry.name_vi);
  }

  /** A place's names and address in one language, worked out at its first answer (the folding of every
   * name was a tenth of an autocomplete's CPU) and kept: the gazetteer does not change while the server runs. */
  const labelsKept: Record<Lang, Map<number, Labels>> = { vi: new Map(), en: new Map() };

  function labels(index: number, entry: Entry, lang: Lang): Labels {
    const kept = labelsKept[lang].get(index);
    if (kept) return kept;
    const province = provinces.get(entry.province_code);
    const ward = wards.get(entry.ward_code);
    const name = lang === 'en' ? englishName(entry) : entry.name_vi;
    const provinceName = province ? (lang === 'en' ? province.name_en || foldKeepCase(province.name_vi) : province.name_vi) : '';
    const wardName = ward ? (lang === 'en' ? ward.full_name_en || foldKeepCase(ward.full_name_vi) : ward.full_name_vi) : '';
    // A city or province is addressed by itself and its province, never by the ward its point falls in.
    const parts = [name, entry.kind === 'city' || entry.kind === 'province' ? '' : wardName, provinceName];
    const address: string[] = [];
    for (const part of parts) if (part && !address.some((p) => fold(p) === fold(part))) address.push(part);
    const made: Labels = {
      name,
      provinceName,
      wardName,
      formatted: address.join(', '),
      provinceCode: province ? entry.province_code : '',
      wardCode: ward ? entry.ward_code : '',
    };
    labelsKept[lang].set(index, made);
    return made;
  }

  // Each answer is built afresh from the kept labels: a caller may change its own copy.
  function component(index: number, lang: Lang, former: string) {
    const entry = entries[index];
    if (!entry) throw new Error(`no place ${index}`);
    const { name, provinceName, wardName, formatted, provinceCode, wardCode } = labels(index, entry, lang);
    return {
      address: formatted,
      address_component: {
        place_id: entry.id,
        kind: entry.kind,
        name,
        formatted_address: formatted,
        geometry: { location: { lat: entry.lat, lng: entry.lng } },
        province_code: provinceCode,
        province_name: provinceName,
        ward_code: wardCode,
        ward_name: wardName,
        airport_code: entry.airport_code,
        // The gazetteer keeps former names in Vietnamese: an English page reads them as its English names do.
        matched_former_name: adminNameIn(former, lang),
      },
    };
  }

  function suggestion(index: number, lang: Lang, former = ''): Suggestion {
    const entry = entries[index];
    // spec 3: a city or province suggestion carries its airports as childs.
    const childs =
      entry && (entry.kind === 'city' || entry.kind === 'province')
        ? (airportsByProvince.get(entry.province_code) ?? []).map((airport) => component(airport, lang, ''))
        : [];
    return { ...component(index, lang, former), childs };
  }

  return {
    autocomplete(query, lang, limit = AUTOCOMPLETE_LIMIT) {
      const tokens = tokenize(query);
      if (!tokens.length) return [];
      let hits = findHits(tokens, false);
      // Typos are tried only when nothing matches as typed: one-letter slips match many names, and filling the
      // list with them would add noise, never a better answer (docs/decisions.md, place search).
      if (!hits.length) hits = findHits(tokens, true);
      return best(hits, limit).map((hit) => suggestion(hit.entry, lang, hit.former));
    },
    get(placeId, lang) {
      const index = byId.get(placeId);
      return index === undefined ? null : suggestion(index, lang);
    },
    airports(lang) {
      return [...airportsByProvince.values()]
        .flat()
        .sort((a, b) => a - b)
        .map((index) => suggestion(index, lang));
    },
    nearestWard(lat, lng, lang, maxKm = NEAREST_WARD_MAX_KM) {
      let best: GazetteerWard | undefined;
      let bestDistance = Infinity;
      const scale = Math.cos((lat * Math.PI) / 180);
      for (const ward of data.wards) {
        const distance = (ward.lat - lat) ** 2 + ((ward.lng - lng) * scale) ** 2;
        if (distance < bestDistance) {
          best = ward;
          bestDistance = distance;
        }
      }
      if (!best || Math.sqrt(bestDistance) * KM_PER_DEGREE > maxKm) return null;
      const province = provinces.get(best.province_code);
      const en = lang === 'en';
      return {
        province_code: best.province_code,
        province_name: province ? (en ? province.name_en || foldKeepCase(province.name_vi) : province.name_vi) : '',
        ward_code: best.code,
        ward_name: en ? best.full_name_en || foldKeepCase(best.full_name_vi) : best.full_name_vi,
      };
    },
  };
}
