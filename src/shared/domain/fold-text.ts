// Case and accent folding for searching: "Đà Nẵng" and "da nang" compare equal. Shared by the country-code search,
// the place search (its keywords, spec 7 get_exchange_keyword, and the gazetteer's names) and the news search; in the
// first load, so it carries no data.

/** Lower case, without diacritics, đ as d, runs of white space as one space, trimmed. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case, no tone or vowel marks, đ→d: "Hoà"/"Hòa"/"HOA" all compare equal (white space kept as it is). */
export function fold(text: string): string {
  return foldKeepCase(text).toLowerCase();
}

/** No tone or vowel marks (U+0300–U+036F after NFD), đ→d, Đ→D; the case is kept (an English name from a Vietnamese one). */
export function foldKeepCase(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/** A search keyword and what to search instead (spec 7 get_exchange_keyword). */
export interface SearchKeyword {
  /** Folded ("tsn", "san bay noi bai"). */
  keyword: string;
  /** The text to search for instead, in the page's language ("Sân bay quốc tế Tân Sơn Nhất"). */
  text: string;
}

/**
 * What the place search should look for when the passenger typed `typed`: the keyword's text when the folded input
 * is exactly one of the keywords ("TSN", "sb Nội Bài"), else null (search what was typed).
 */
export function exchangeQuery(typed: string, keywords: readonly SearchKeyword[]): string | null {
  const folded = foldText(typed);
  if (!folded) return null;
  return keywords.find((entry) => entry.keyword === folded)?.text ?? null;
}
