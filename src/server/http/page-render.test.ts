// The head links of a rendered page's lazy parts: what the page needs beyond what index.html loads, where
// index.html's entry (src/app/boot.ts) imports the app after the first paint and index.html links the app's styles.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partLinks } from './page-render';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'vivu-links-'));
  mkdirSync(join(dir, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_preload.js'], dynamicImports: ['src/app/main.tsx'] },
    '_preload.js': { file: 'assets/preload.js' },
    'src/app/main.tsx': { file: 'assets/app.js', css: ['assets/app.css'], imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/home.tsx': { file: 'assets/home.js', css: ['assets/home.css'], imports: ['src/app/main.tsx', '_shared.js'] },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
  };
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('partLinks', () => {
  it("links a part's own styles and scripts, never the app's that index.html loads", () => {
    const links = partLinks(dir)([{ source: 'src/home.tsx', preload: true }]);
    expect(links).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/home.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/shared.css">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home.js">' +
        '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/shared.js">',
    );
  });

  it('links only the styles of a part that is not preloaded', () => {
    expect(partLinks(dir)([{ source: 'src/home.tsx', preload: false }])).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/home.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/shared.css">',
    );
  });
});
