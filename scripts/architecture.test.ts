// docs/architecture.md's module table is the map a newcomer reads: one domain word names the contract
// file, the app feature folder and the server module. This test reads the table and the folders and fails when they
// disagree: a folder missing from the table, a name in the table with no folder, or a domain whose sides have
// different names.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

interface Row {
  domain: string;
  contract: string[];
  feature: string[];
  module: string[];
}

/** The names in a cell: each `code` span, without a trailing slash or `.ts`; "—" is none. */
function names(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!.replace(/\/$/, '').replace(/\.ts$/, ''));
}

function moduleTable(): Row[] {
  const section = doc.split(/^## /m).find((part) => part.startsWith('Modules'));
  if (!section) throw new Error('docs/architecture.md has no "## Modules" section');
  const lines = section.split('\n').filter((line) => line.startsWith('|'));
  const header = lines[0]!.split('|').map((cell) => cell.trim().toLowerCase());
  const column = (name: string) => {
    const index = header.indexOf(name);
    if (index < 0) throw new Error(`the module table has no "${name}" column`);
    return index;
  };
  const [domain, contract, feature, module] = ['domain', 'contract', 'app feature', 'server module'].map(column);
  return lines.slice(2).map((line) => {
    const cells = line.split('|');
    return {
      domain: cells[domain!]!.trim().replace(/\*/g, ''),
      contract: names(cells[contract!]!),
      feature: names(cells[feature!]!),
      module: names(cells[module!]!),
    };
  });
}

/** A folder holding at least one file (git keeps no empty folder, a working copy may). */
const holdsFiles = (path: string): boolean =>
  readdirSync(path).some((name) => {
    const full = join(path, name);
    return statSync(full).isDirectory() ? holdsFiles(full) : true;
  });
const folders = (dir: string) =>
  readdirSync(join(root, dir)).filter((name) => {
    const full = join(root, dir, name);
    return statSync(full).isDirectory() && holdsFiles(full);
  });
/** The contract's domain files: not tests, not the light `*-constants.ts` twins the first load imports. */
const contractFiles = () =>
  readdirSync(join(root, 'src/shared/contract'))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('-constants.ts'))
    .map((name) => name.replace(/\.ts$/, ''));

const rows = moduleTable();
const listed = (pick: (row: Row) => string[]) => rows.flatMap(pick);

describe('docs/architecture.md module table', () => {
  it('lists every server module, app feature and contract file once', () => {
    expect([...listed((row) => row.module)].sort()).toEqual(folders('src/server/modules').sort());
    expect([...listed((row) => row.feature)].sort()).toEqual(folders('src/app/features').sort());
    expect([...listed((row) => row.contract)].sort()).toEqual(contractFiles().sort());
  });

  it('names only what exists', () => {
    for (const row of rows) {
      for (const name of row.module) expect(existsSync(join(root, 'src/server/modules', name)), name).toBe(true);
      for (const name of row.feature) expect(existsSync(join(root, 'src/app/features', name)), name).toBe(true);
      for (const name of row.contract) expect(existsSync(join(root, 'src/shared/contract', `${name}.ts`)), name).toBe(true);
    }
  });

  it('gives a domain one word on every side it has', () => {
    for (const row of rows) {
      // Plumbing rows (the envelope, yup helpers) and app-only concerns (the shell, offline use) have no domain word.
      if (!/^[a-z]+$/.test(row.domain)) continue;
      for (const name of [...row.module, ...row.feature]) expect(name, `${row.domain}: ${name}`).toBe(row.domain);
      if (row.contract.length > 0) expect(row.contract, row.domain).toContain(row.domain);
    }
  });
});
