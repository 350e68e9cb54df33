// Content text is plain text: the blocks (p, h2, ul, quote) are the whole markup, so the allow-list of tags inside a
// block's text is empty. Whatever an editor pastes (HTML, an <img onerror=…>, a <script>, a javascript: link) goes
// through this tokenizer, on save and again on every read of stored text: text outside tags is kept, every tag with
// its attributes is dropped, and so is the content of the elements that hold code or another document.
import type { ContentBlock } from '../../../shared/contract/content';

/** Elements whose content is never text for a reader: dropped with everything up to their end tag. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'select',
  'svg',
  'math',
  'xmp',
  'title',
  'head',
]);

/** URL schemes that run code: removed even from plain text, so no renderer that makes links of URLs can run one. */
const CODE_SCHEMES = ['javascript:', 'vbscript:', 'livescript:'];

const isLetter = (ch: string) => (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
const isNameChar = (ch: string) => isLetter(ch) || (ch >= '0' && ch <= '9') || ch === '-' || ch === ':';

/** The index just after the tag's closing `>` (quoted attribute values may hold `>`), or the end of the input. */
function tagEnd(input: string, from: number): number {
  let quote: string | null = null;
  let afterEquals = false;
  for (let i = from; i < input.length; i += 1) {
    const ch = input[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
      continue;
    }
    if ((ch === '"' || ch === "'") && afterEquals) {
      quote = ch;
      continue;
    }
    if (ch === '>') return i + 1;
    if (ch === '=') afterEquals = true;
    else if (ch !== ' ' && ch !== '\t' && ch !== '\n' && ch !== '\r') afterEquals = false;
  }
  return input.length;
}

function withoutCodeSchemes(text: string): string {
  let out = text;
  for (;;) {
    const lower = out.toLowerCase();
    const hit = CODE_SCHEMES.map((scheme) => [lower.indexOf(scheme), scheme.length] as const).find(([at]) => at >= 0);
    if (!hit) return out;
    out = out.slice(0, hit[0]) + out.slice(hit[0] + hit[1]);
  }
}

/** The text a reader would see of `input`, on one line: no tag, no attribute, no code. */
export function plainText(input: string): string {
  let out = '';
  let dropping: string | null = null;
  let i = 0;
  while (i < input.length) {
    const ch = input[i] as string;
    if (ch !== '<') {
      if (!dropping) out += ch.charCodeAt(0) < 32 ? ' ' : ch;
      i += 1;
      continue;
    }
    if (input.startsWith('<!--', i)) {
      const end = input.indexOf('-->', i + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    const next = input[i + 1] ?? '';
    if (next === '!' || next === '?') {
      i = tagEnd(input, i + 2);
      continue;
    }
    const closing = next === '/';
    const nameAt = closing ? i + 2 : i + 1;
    if (!isLetter(input[nameAt] ?? '')) {
      // "a < b", "<3": a `<` that starts no tag is text.
      if (!dropping) out += ch;
      i += 1;
      continue;
    }
    let nameEnd = nameAt;
    while (nameEnd < input.length && isNameChar(input[nameEnd] as string)) nameEnd += 1;
    const name = input.slice(nameAt, nameEnd).toLowerCase();
    i = tagEnd(input, nameEnd);
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (!closing && DROPPED_WITH_CONTENT.has(name)) dropping = name;
    // A dropped tag still separates words ("a<br>b" reads "a b").
    else out += ' ';
  }
  return withoutCodeSchemes(out.replace(/\s+/g, ' ').trim());
}

/** Blocks with plain text only; a block or list item left empty is dropped, an unknown block skipped. */
export function plainBlocks(blocks: readonly unknown[]): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const value of blocks) {
    if (typeof value !== 'object' || value === null) continue;
    const block = value as Record<string, unknown>;
    if (block.type === 'ul' && Array.isArray(block.items)) {
      const items = block.items.map((item) => (typeof item === 'string' ? plainText(item) : '')).filter(Boolean);
      if (items.length) out.push({ type: 'ul', items });
    } else if ((block.type === 'p' || block.type === 'h2' || block.type === 'quote') && typeof block.text === 'string') {
      const text = plainText(block.text);
      if (text) out.push({ type: block.type, text });
    }
  }
  return out;
}
