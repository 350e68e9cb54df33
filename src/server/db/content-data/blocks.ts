// A compact way to write content bodies in the seed: paragraphs separated by a blank line; "## " starts a heading,
// "> " a quote, and lines starting "- " make a list. Produces the blocks of src/shared/contract/content.ts.
import { isContentBlock, type ContentBlock } from '../../../shared/contract/content';

export function blocks(text: string): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const raw of text.split(/\n\s*\n/)) {
    const chunk = raw.trim();
    if (!chunk) continue;
    let block: ContentBlock;
    if (chunk.startsWith('## ')) block = { type: 'h2', text: chunk.slice(3).trim() };
    else if (chunk.startsWith('> '))
      block = {
        type: 'quote',
        text: chunk
          .slice(2)
          .replace(/\s*\n\s*/g, ' ')
          .trim(),
      };
    else if (chunk.startsWith('- '))
      block = {
        type: 'ul',
        items: chunk
          .split('\n')
          .map((line) => line.trim().replace(/^- /, '').trim())
          .filter(Boolean),
      };
    else block = { type: 'p', text: chunk.replace(/\s*\n\s*/g, ' ') };
    if (!isContentBlock(block)) throw new Error(`invalid content block: ${chunk.slice(0, 40)}`);
    out.push(block);
  }
  return out;
}

/** The plain text of blocks (for the search index and reading time). */
export function blocksText(body: ContentBlock[]): string {
  return body.map((block) => (block.type === 'ul' ? block.items.join(' ') : block.text)).join(' ');
}
