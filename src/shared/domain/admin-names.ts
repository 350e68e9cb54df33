// A Vietnamese administrative name in English the way the gazetteer's English names read: the unit word after the
// name ("Phường Ba Đình" → "Ba Dinh Ward", "Quận Hoàn Kiếm" → "Hoan Kiem District"), before a number ("Quận 1" →
// "District 1"), the name without its marks. Used for the former names a place search matched, which the gazetteer
// keeps in Vietnamese only.
import { foldKeepCase } from './fold-text';

/** The unit words, longest first so "Thành phố" is taken before a shorter word could be. */
const UNITS: readonly (readonly [string, string])[] = [
  ['Thành phố', 'City'],
  ['Thị trấn', 'Township'],
  ['Thị xã', 'Town'],
  ['Đặc khu', 'Special administrative region'],
  ['Phường', 'Ward'],
  ['Quận', 'District'],
  ['Huyện', 'District'],
  ['Tỉnh', 'Province'],
  ['Xã', 'Commune'],
];

/** The administrative name as a page in `lang` shows it: unchanged in Vietnamese, translated in English. */
export function adminNameIn(name: string, lang: string): string {
  if (lang !== 'en') return name;
  const text = name.trim();
  for (const [vi, en] of UNITS) {
    if (!text.startsWith(`${vi} `)) continue;
    const rest = foldKeepCase(text.slice(vi.length).trim());
    return /^\d+$/.test(rest) ? `${en} ${rest}` : `${rest} ${en}`;
  }
  return foldKeepCase(text);
}
