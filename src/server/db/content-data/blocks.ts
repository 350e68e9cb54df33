// The seed writes content bodies in the notation the desk's editor uses (src/shared/domain/content-notation.ts):
// paragraphs separated by a blank line; "## " starts a heading, "> " a quote, and lines starting "- " make a list.
import { isContentBlock, type ContentBlock } from '../../../shared/contract/content';
import { notationToBlocks } from '../../../shared/domain/content-notation';

export function blocks(text: string): ContentBlock[] {
  const out = notationToBlocks(text);
  for (const block of out) {
    if (!isContentBlock(block)) throw new Error(`invalid content block: ${JSON.stringify(block).slice(0, 40)}`);
  }
  return out;
}

/** The plain text of blocks (for the search index and reading time). */
export function blocksText(body: ContentBlock[]): string {
  return body.map((block) => (block.type === 'ul' ? block.items.join(' ') : block.text)).join(' ');
}
