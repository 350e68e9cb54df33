// Case and accent folding for searching: "Đà Nẵng" and "da nang" compare equal. Shared by the country-code search
// and the place search's keywords (spec 7 get_exchange_keyword), in the first load, so it carries no data.

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
