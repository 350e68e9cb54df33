// Content bodies written as text, the way editors and the seed write them: paragraphs separated by a blank line;
// "## " starts a heading, "> " a quote, and lines starting "- " make a list. Both ways: the desk's editor shows a
// body as this text and sends the blocks back (src/shared/contract/content.ts ContentBlock).
import type { ContentBlock } from '../contract/content';

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** The blocks of a text in the notation; an empty text has none. */
export function notationToBlocks(text: string): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const chunk = raw.trim();
    if (!chunk) continue;
    if (chunk.startsWith('## ')) out.push({ type: 'h2', text: oneLine(chunk.slice(3)) });
    else if (chunk.startsWith('> ')) out.push({ type: 'quote', text: oneLine(chunk.slice(2)) });
    else if (chunk.startsWith('- ')) {
      const items = chunk
        .split('\n')
        .map((line) => line.trim().replace(/^- /, '').trim())
        .filter(Boolean);
      if (items.length) out.push({ type: 'ul', items });
    } else out.push({ type: 'p', text: oneLine(chunk) });
  }
  return out.filter((block) => (block.type === 'ul' ? block.items.length > 0 : block.text !== ''));
}

/** The text of blocks in the notation (notationToBlocks reads it back to the same blocks). */
export function blocksToNotation(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) => {
      if (block.type === 'ul') return block.items.map((item) => `- ${item}`).join('\n');
      if (block.type === 'h2') return `## ${block.text}`;
      if (block.type === 'quote') return `> ${block.text}`;
      return block.text;
    })
    .join('\n\n');
}
