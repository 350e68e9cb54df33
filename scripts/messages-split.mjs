import { readFileSync } from 'node:fs';

// Each language's messages as two chunks (src/app/lib/i18n.ts): `virtual:messages/vi-core`, awaited before the first
// render, and `virtual:messages/vi-more`, the sections listed in src/app/locales/lazy-sections.json, loaded with the
// first lazy screen or dialog. The message files stay whole for translators and the locales test.
/** @returns {import('vite').Plugin} */
export function messagesSplit() {
  const prefix = 'virtual:messages/';
  const lazySections = () => new Set(JSON.parse(readFileSync('src/app/locales/lazy-sections.json', 'utf8')).sections);
  return {
    name: 'vivu-messages-split',
    resolveId(id) {
      return id.startsWith(prefix) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const match = /^(vi|en)-(core|more)$/.exec(id.slice(prefix.length + 1));
      if (!match) throw new Error(`unknown messages module ${id}`);
      const [, lang, part] = match;
      const file = `src/app/locales/${lang}.json`;
      this.addWatchFile(file);
      this.addWatchFile('src/app/locales/lazy-sections.json');
      const lazy = lazySections();
      const all = JSON.parse(readFileSync(file, 'utf8'));
      const picked = Object.fromEntries(Object.entries(all).filter(([section]) => lazy.has(section) === (part === 'more')));
      // JSON.parse of a string literal is parsed faster than the same object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
