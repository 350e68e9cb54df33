// Builds the embedded place index of the places module from the shared gazetteer CSVs and the hand-made
// extra places. The output is committed: CI and the server never read ../shared (spec 7 place search).
// Usage: node scripts/build-places.mjs [gazetteer dir]   (default ../shared/data/gazetteer)
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SRC = resolve(process.argv[2] ?? '../shared/data/gazetteer');
const OUT_DIR = resolve('src/server/modules/places/data');

/** RFC 4180: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  return body.map((r) => Object.fromEntries(header.map((name, i) => [name, r[i] ?? ''])));
}

const read = (name) => parseCsv(readFileSync(join(SRC, name), 'utf8').replace(/^\uFEFF/, ''));
const round = (value) => Math.round(Number(value) * 1e6) / 1e6;
const list = (value) =>
  value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
/** Drops the folded duplicates of an alias list ("Sai Gon" beside "Sài Gòn" adds nothing to a folded search). */
function uniqueNames(names, exclude = []) {
  const seen = new Set(exclude.map(fold));
  const out = [];
  for (const name of names) {
    const key = fold(name);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}
const distance2 = (a, b) => (a.lat - b.lat) ** 2 + ((a.lng - b.lng) * Math.cos((a.lat * Math.PI) / 180)) ** 2;

const airportsCsv = read('airports-vn.csv');
const provincesCsv = read('provinces-vn.csv');
const wardsCsv = read('wards-vn.csv');
const legacyCsv = read('legacy-units-vn.csv');
const placesCsv = read('places-vn.csv');
const extra = JSON.parse(readFileSync(join(OUT_DIR, 'extra-places.json'), 'utf8'));

// Current provinces only; a former province is an alternative (former) name of its successor.
const current = provincesCsv.filter((p) => p.status === 'current');
const formerOf = new Map(current.map((p) => [p.code, []]));
for (const p of provincesCsv.filter((row) => row.status === 'former')) {
  const names = formerOf.get(p.successor_code);
  if (!names) throw new Error(`former province ${p.code} has no current successor ${p.successor_code}`);
  names.push(p.full_name_vi, p.name_vi);
}
const provinces = current.map((p) => ({
  code: p.code,
  name_vi: p.name_vi,
  full_name_vi: p.full_name_vi,
  name_en: p.name_en,
  full_name_en: p.full_name_en,
  lat: round(p.lat),
  lng: round(p.lng),
  former: uniqueNames(formerOf.get(p.code), [p.name_vi, p.full_name_vi]),
}));
const provinceCodes = new Set(provinces.map((p) => p.code));

const wards = wardsCsv.map((w) => ({
  code: w.code,
  name_vi: w.name_vi,
  full_name_vi: w.full_name_vi,
  full_name_en: w.full_name_en,
  province_code: w.province_code,
  lat: round(w.lat),
  lng: round(w.lng),
  former: [],
}));
const wardByCode = new Map(wards.map((w) => [w.code, w]));

// Former wards resolve to the ward that took their point (the same-name ward when split, else the first);
// a former district resolves to the new ward nearest its point, so "Quận 1" gives one central ward.
let formerWardNames = 0;
let formerDistrictNames = 0;
for (const unit of legacyCsv) {
  const targets = list(unit.new_ward_codes).filter((code) => wardByCode.has(code));
  if (!targets.length) continue;
  const point = { lat: Number(unit.lat), lng: Number(unit.lng) };
  let target;
  if (unit.level === 'district') {
    target = targets.map((code) => wardByCode.get(code)).sort((a, b) => distance2(a, point) - distance2(b, point))[0];
  } else {
    const fromMethod = /new_ward_point:(\d+)/.exec(unit.point_method)?.[1];
    target = wardByCode.get(fromMethod && targets.includes(fromMethod) ? fromMethod : targets[0]);
  }
  if (fold(target.full_name_vi) === fold(unit.full_name_vi)) continue; // the same unit under the same name
  if (target.former.some((f) => fold(f) === fold(unit.full_name_vi))) continue;
  target.former.push(unit.full_name_vi);
  if (unit.level === 'district') formerDistrictNames++;
  else formerWardNames++;
}

const airports = airportsCsv.map((a) => ({
  iata: a.iata,
  name_vi: a.name_vi,
  name_en: a.name_en,
  alt: uniqueNames(list(a.alt_names), [a.name_vi, a.name_en]),
  lat: round(a.lat),
  lng: round(a.lng),
  operating: a.status === 'operating',
  province_code: a.province_code,
  ward_code: a.ward_code,
}));

/** places-vn categories to the contract's kinds: destinations that are towns rank as cities (spec 3). */
const CITY_CATEGORIES = new Set(['city', 'beach', 'island', 'mountain_town', 'bay']);
function kindOf(place) {
  if (place.kind === 'destination') return CITY_CATEGORIES.has(place.category) ? 'city' : 'sight';
  if (place.kind === 'poi') {
    if (place.category === 'train_station') return 'station';
    if (place.category.startsWith('hotel')) return 'hotel';
    return 'sight';
  }
  return 'place';
}
const places = placesCsv
  .filter((p) => p.kind !== 'airport') // airports-vn.csv holds them with codes
  .map((p) => ({
    id: `place:${p.id}`,
    kind: kindOf(p),
    name_vi: p.name_vi,
    name_en: p.name_en,
    alt: uniqueNames(list(p.alt_names), [p.name_vi, p.name_en]),
    lat: round(p.lat),
    lng: round(p.lng),
    province_code: p.province_code,
    ward_code: p.ward_code,
  }));

// Hand-made traveller places: the nearest current ward is their ward (the gazetteer points are ward points).
const KINDS = new Set(['station', 'hotel', 'sight']);
const nearestWard = (point, provinceCode) => {
  let best;
  for (const w of wards) {
    if (w.province_code !== provinceCode) continue;
    if (!best || distance2(w, point) < distance2(best, point)) best = w;
  }
  return best;
};
for (const e of extra) {
  if (!KINDS.has(e.kind)) throw new Error(`extra place ${e.id}: kind ${e.kind}`);
  if (!provinceCodes.has(e.province_code)) throw new Error(`extra place ${e.id}: province ${e.province_code}`);
  if (!e.source) throw new Error(`extra place ${e.id}: no source`);
  const ward = nearestWard(e, e.province_code);
  places.push({
    id: `extra:${e.id}`,
    kind: e.kind,
    name_vi: e.name_vi,
    name_en: e.name_en,
    alt: uniqueNames(e.alt_names ?? [], [e.name_vi, e.name_en]),
    lat: round(e.lat),
    lng: round(e.lng),
    province_code: e.province_code,
    ward_code: ward.code,
  });
}

for (const item of [...airports, ...places]) {
  if (!provinceCodes.has(item.province_code)) throw new Error(`${item.iata ?? item.id}: unknown province`);
  if (item.ward_code && !wardByCode.has(item.ward_code)) throw new Error(`${item.iata ?? item.id}: unknown ward`);
}

const index = { version: 1, provinces, wards, airports, places };
const file = join(OUT_DIR, 'gazetteer.json');
writeFileSync(file, JSON.stringify(index));

const attribution = readFileSync(join(SRC, 'ATTRIBUTION.md'), 'utf8');
writeFileSync(
  join(OUT_DIR, 'ATTRIBUTION.md'),
  `<!-- Copied by scripts/build-places.mjs from the shared gazetteer; edit the source, not this copy. -->
# Attribution of the embedded place index

\`gazetteer.json\` in this folder is derived by \`scripts/build-places.mjs\` from the gazetteer files
\`airports-vn.csv\`, \`provinces-vn.csv\`, \`wards-vn.csv\`, \`legacy-units-vn.csv\` and \`places-vn.csv\` (names, codes,
points and the old-to-new unit mapping; columns not needed for search were dropped, points rounded to 6 decimals),
plus \`extra-places.json\` (hand-made; each row names the source of its coordinates). The notice of the
gazetteer follows unchanged and applies to \`gazetteer.json\`.

${attribution.replace(/^# /, '## ')}`,
);

const bytes = statSync(file).size;
console.log(
  `places index: ${provinces.length} provinces, ${wards.length} wards, ${airports.length} airports, ${places.length} places ` +
    `(${extra.length} extra), ${formerWardNames} former ward and ${formerDistrictNames} former district names; ` +
    `${(bytes / 1024 / 1024).toFixed(2)} MB`,
);
if (bytes > 2.5 * 1024 * 1024) console.warn('warning: the index is over 2.5 MB');
