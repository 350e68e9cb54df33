// `npm run budget`: the bundle budget check. After a build, computes the first-load JavaScript of the home
// route: the entry script(s) referenced by index.html, the chunks it preloads (the entry, src/app/boot.ts,
// imports the app after the first paint, and index.html preloads the app's chunks at low priority: they are first-load
// JavaScript all the same), plus every chunk they import statically (from
// .vite/manifest.json when the build writes one, else from the modulepreload links and the chunks' own static
// `import … from "./x.js"` statements; lazy `import()` chunks are not counted, except the Vietnamese messages chunk
// (assets/vi-core-*.js), which src/app/main.tsx loads before the first render of the home route), gzips each at zlib level 9, prints a
// table and the total, lists the largest lazy chunks, and exits 1 when the total is above
// budgets.json's homeFirstLoadJsGzipKb.
//
// The target is 120 KB gzip (TARGET_KB). budgets.json holds the figure reached, rounded up to the next 1 KB,
// so that any regression fails; docs/performance.md says what stands between it and 120.
// KB here are 1,024 bytes, as in Lighthouse; lighthouserc.json's resource-summary:script:size assertion uses the
// same budget (in bytes) for the scripts the home page actually transfers.
//
// It also fails when a first-load module uses a message section that src/app/locales/lazy-sections.json says only lazy
// code uses (those messages are not loaded before the first render): found in the build's source maps.
//
// Env: DIST_DIR (default dist/client), BUDGETS (default budgets.json), LAZY_TOP (how many lazy chunks to list, 10).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const dist = resolve(process.env.DIST_DIR || 'dist/client');
const budgetsFile = resolve(process.env.BUDGETS || 'budgets.json');
const lazyTop = Number(process.env.LAZY_TOP || 10);
/** The home route's first-load JS target. */
const TARGET_KB = 120;

function fail(message) {
  console.error(`bundle budget: ${message}`);
  process.exit(1);
}

if (!existsSync(join(dist, 'index.html'))) fail(`no ${join(dist, 'index.html')}: build first (or set DIST_DIR)`);
if (!existsSync(budgetsFile)) fail(`no ${budgetsFile}`);
const budget = Number(JSON.parse(readFileSync(budgetsFile, 'utf8')).homeFirstLoadJsGzipKb);
if (!Number.isFinite(budget) || budget <= 0) fail(`${budgetsFile} has no positive homeFirstLoadJsGzipKb`);

const html = readFileSync(join(dist, 'index.html'), 'utf8');

// A URL path in index.html ("/assets/x.js") to a path relative to dist ("assets/x.js"); external URLs are skipped.
function fromHtml(src) {
  if (/^[a-z]+:|^\/\//i.test(src)) return undefined;
  return posix.normalize(src.replace(/^\//, '').split(/[?#]/)[0]);
}

function attr(tag, name) {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
const entries = tags
  .filter((tag) => /^<script/i.test(tag) && attr(tag, 'src'))
  .map((tag) => fromHtml(attr(tag, 'src')))
  .filter(Boolean);
const preloads = tags
  .filter((tag) => /^<link/i.test(tag) && /^modulepreload$/i.test(attr(tag, 'rel') ?? '') && attr(tag, 'href'))
  .map((tag) => fromHtml(attr(tag, 'href')))
  .filter(Boolean);
if (!entries.length) fail('index.html references no entry script');

// Static imports of one chunk, as paths relative to dist.
const manifestFile = join(dist, '.vite', 'manifest.json');
const manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : undefined;
const byFile = new Map(Object.entries(manifest ?? {}).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));

function staticImports(file) {
  if (manifest) {
    const chunk = byFile.get(file);
    if (chunk) return (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean);
  }
  const code = readFileSync(join(dist, file), 'utf8');
  // `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`; never `import("./x.js")`.
  const found = [];
  for (const match of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'`])(\.{1,2}\/[^"'`]+?\.m?js)\1/g)) {
    found.push(posix.normalize(posix.join(posix.dirname(file), match[2])));
  }
  return found;
}

// The messages of the home route's language: a lazy chunk, but awaited before the first render.
const assetNames = existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [];
const messages = assetNames.filter((name) => /^vi-core-[\w-]+\.js$/.test(name)).map((name) => posix.join('assets', name));
if (!messages.length) fail('no assets/vi-core-*.js: the Vietnamese core messages chunk is missing (scripts/messages-split.mjs)');

// What the entry imports at start (src/app/boot.ts: the app, after the first paint), whether or not it is preloaded.
const entryImports = manifest
  ? entries.flatMap((file) => (byFile.get(file)?.dynamicImports ?? []).map((key) => manifest[key]?.file).filter(Boolean))
  : [];

const firstLoad = new Set();
const queue = [...entries, ...entryImports, ...preloads, ...messages];
while (queue.length) {
  const file = queue.shift();
  if (firstLoad.has(file) || !/\.m?js$/.test(file)) continue;
  if (!existsSync(join(dist, file))) fail(`${file} is referenced but missing from ${dist}`);
  firstLoad.add(file);
  queue.push(...staticImports(file));
}

function sizes(file) {
  const raw = readFileSync(join(dist, file));
  return { file, raw: raw.length / 1024, gzip: gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length / 1024 };
}

function table(rows) {
  const width = Math.max(4, ...rows.map((row) => row.file.length));
  console.log(`  ${'file'.padEnd(width)}  ${'raw KB'.padStart(9)}  ${'gzip KB'.padStart(9)}`);
  for (const row of rows) {
    console.log(`  ${row.file.padEnd(width)}  ${row.raw.toFixed(1).padStart(9)}  ${row.gzip.toFixed(1).padStart(9)}`);
  }
  return width;
}

const first = [...firstLoad].map(sizes).sort((a, b) => b.gzip - a.gzip);
const total = { raw: first.reduce((sum, row) => sum + row.raw, 0), gzip: first.reduce((sum, row) => sum + row.gzip, 0) };

console.log(
  `First-load JavaScript of the home route (${relative(process.cwd(), dist) || '.'}; ` +
    `${manifest ? '.vite/manifest.json' : 'index.html + static imports'}; gzip level 9):`,
);
const width = table(first);
console.log(`  ${'total'.padEnd(width)}  ${total.raw.toFixed(1).padStart(9)}  ${total.gzip.toFixed(1).padStart(9)}`);

// Every other JavaScript file under assets/ is loaded later (route chunks, dialogs, the workbox-window loader).
const assetsDir = join(dist, 'assets');
const lazy = (existsSync(assetsDir) ? readdirSync(assetsDir) : [])
  .map((name) => posix.join('assets', name))
  .filter((file) => /\.m?js$/.test(file) && !firstLoad.has(file))
  .map(sizes)
  .sort((a, b) => b.gzip - a.gzip);
if (lazy.length) {
  const lazyGzip = lazy.reduce((sum, row) => sum + row.gzip, 0);
  console.log(
    `\nLargest lazy chunks (${Math.min(lazyTop, lazy.length)} of ${lazy.length}; all lazy: ${lazyGzip.toFixed(1)} KB gzip):`,
  );
  table(lazy.slice(0, lazyTop));
}

// The lazy message sections must not be used by first-load code (src/app/lib/i18n.ts): a literal 'section. in the
// sources of the first-load chunks, read from their source maps.
const lazySections = JSON.parse(readFileSync('src/app/locales/lazy-sections.json', 'utf8')).sections;
const misuses = [];
for (const file of firstLoad) {
  const mapFile = join(dist, `${file}.map`);
  if (!existsSync(mapFile)) continue;
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  map.sources.forEach((source, index) => {
    const content = map.sourcesContent?.[index];
    if (!content || source.includes('node_modules') || source.endsWith('.json')) return;
    for (const section of lazySections) {
      if (new RegExp(`['"\`]${section}\\.`).test(content))
        misuses.push(`${relative(process.cwd(), resolve(dist, posix.dirname(file), source))} uses '${section}.'`);
    }
  });
}
if (misuses.length) {
  console.error(
    `\n✘ first-load code uses messages that load only with lazy code (src/app/locales/lazy-sections.json):\n  ${misuses.join('\n  ')}`,
  );
}

const ok = total.gzip <= budget;
console.log(
  `\n${ok ? '✔' : '✘'} home first-load JS: ${total.gzip.toFixed(1)} KB gzip ${ok ? '≤' : '>'} budget ${budget} KB ` +
    `(${relative(process.cwd(), budgetsFile)}; target: ${TARGET_KB} KB${total.gzip <= TARGET_KB ? ', met' : ''})`,
);
process.exit(ok && misuses.length === 0 ? 0 : 1);
