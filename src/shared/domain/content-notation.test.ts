import { describe, expect, it } from 'vitest';
import { blocksToNotation, notationToBlocks } from './content-notation';

describe('content notation', () => {
  it('reads paragraphs, headings, quotes and lists, and writes them back the same', () => {
    const text = '## Gửi khiếu nại\n\nGọi tổng đài\n1900 6022.\n\n- Tiền mặt\n- Thẻ\n\n> Một câu trích';
    const blocks = notationToBlocks(text);
    expect(blocks).toEqual([
      { type: 'h2', text: 'Gửi khiếu nại' },
      { type: 'p', text: 'Gọi tổng đài 1900 6022.' },
      { type: 'ul', items: ['Tiền mặt', 'Thẻ'] },
      { type: 'quote', text: 'Một câu trích' },
    ]);
    expect(notationToBlocks(blocksToNotation(blocks))).toEqual(blocks);
  });

  it('has no block for an empty text', () => {
    expect(notationToBlocks(' \n\n ')).toEqual([]);
  });
});
