// The news search's text form: folded words (lower case, no Vietnamese marks, đ→d) joined by single spaces, with a
// space at each end, so a query phrase matches from the start of a word ("noi bai" finds "Nội Bài", never "nơi bài").
import { fold } from './fold-text';

export const foldedWords = (text: string): string[] =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** What the seed stores in content_posts.search_text. */
export const searchText = (text: string): string => ` ${foldedWords(text).join(' ')} `;

/** The LIKE pattern of a query, or null for an empty one; the words are [a-z0-9]+, so they hold no wildcard. */
export function searchPattern(query: string): string | null {
  const words = foldedWords(query).slice(0, 20);
  return words.length ? `% ${words.join(' ')}%` : null;
}
