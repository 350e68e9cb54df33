// docs/spec-coverage.md is matrix: one row per item of spec sections 2 to 9, each naming the test that
// proves it ("file › title") or, in its note, the reason it has none. This test keeps the matrix honest: every named
// file exists, every named title is in that file, and a row without a test must say why ("reason:"). The tests it
// names run in the same `npm test`, none skipped, so "names a test that exists" here and "passes" there together
// are the "Done when".
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, out);
    else if (TEST_FILE.test(name)) out.push(path);
  }
  return out;
}

interface Row {
  id: string;
  provedBy: string;
  note: string;
}

/** The table rows of the matrix: "| 2.13 | item | where | proved by | decision / note |". */
export function matrixRows(markdown: string): Row[] {
  return markdown.split('\n').flatMap((line) => {
    const id = /^\|\s*(\d+\.\d+)\s*\|/.exec(line)?.[1];
    if (!id) return [];
    const cells = line.split('|').map((cell) => cell.trim());
    return [{ id, provedBy: cells[4] ?? '', note: cells[5] ?? '' }];
  });
}

/** "`a.test.ts` › one; › two; `b.spec.ts` (api) › three (remark)" → [[a.test.ts, one], [a.test.ts, two], …]. */
export function references(provedBy: string): Array<{ file: string; title: string }> {
  const found: Array<{ file: string; title: string }> = [];
  let file: string | null = null;
  for (const match of provedBy.matchAll(/`?([\w./-]+\.(?:test|spec)\.tsx?)`?|›\s*([^›;]+)/g)) {
    if (match[1]) {
      file = match[1];
      continue;
    }
    const title = (match[2] ?? '').trim().replace(/\s+/g, ' ');
    found.push({ file: file ?? '', title });
  }
  return found;
}

/** A title as the row writes it, then without a closing remark: "title (checks x)" or the ")" of "(e.g. › title)". */
function titleVariants(title: string): string[] {
  const variants = [title];
  const unbalanced = (title.match(/\)/g) ?? []).length > (title.match(/\(/g) ?? []).length;
  if (unbalanced) variants.push(title.replace(/\)\s*$/, '').trim());
  const remark = /^(.*\S)\s+\([^()]*\)$/.exec(title);
  if (remark?.[1]) variants.push(remark[1]);
  return variants;
}

describe('docs/spec-coverage.md', () => {
  const files = [
    ...testFiles(join(ROOT, 'src')),
    ...testFiles(join(ROOT, 'tests')),
    ...testFiles(join(ROOT, 'sw')),
    ...testFiles(join(ROOT, 'scripts')),
  ];
  const sources = new Map(files.map((path) => [path, readFileSync(path, 'utf8').replace(/\s+/g, ' ')]));
  const rows = matrixRows(readFileSync(join(ROOT, 'docs/spec-coverage.md'), 'utf8'));

  it('has a row for each item, numbered once', () => {
    expect(rows.length).toBeGreaterThan(150);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  it('names, in each row, a test file and title that exist, or says why there is none', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const refs = references(row.provedBy);
      if (refs.length === 0 && !/\breason:/i.test(row.note)) problems.push(`${row.id}: no test and no "reason:"`);
      for (const { file, title } of refs) {
        const candidates = file.includes('/')
          ? files.filter((path) => path.endsWith(file))
          : files.filter((path) => basename(path) === file);
        if (candidates.length === 0) {
          problems.push(`${row.id}: no test file ${file || '(none named before ›)'}`);
          continue;
        }
        const present = candidates.some((path) => titleVariants(title).some((variant) => sources.get(path)?.includes(variant)));
        if (!present) problems.push(`${row.id}: "${title}" is not in ${file}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reads references the way the rows write them', () => {
    expect(references('`a.test.ts` › one; › two (checks x); `tests/e2e/b.spec.ts` › ${lang}: three')).toEqual([
      { file: 'a.test.ts', title: 'one' },
      { file: 'a.test.ts', title: 'two (checks x)' },
      { file: 'tests/e2e/b.spec.ts', title: '${lang}: three' },
    ]);
    expect(titleVariants('two (checks x)')).toContain('two');
    expect(titleVariants('maps not rated)')).toContain('maps not rated');
  });
});
