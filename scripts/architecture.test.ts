// docs/architecture.md's module table is the map a newcomer reads: one domain word names the contract
// file, the app feature folder and the server module. This test reads the table and the folders and fails when they
// disagree: a folder missing from the table, a name in the table with no folder, or a domain whose sides have
// different names.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it, test } from 'vitest';

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

// The server's walls. A module reaches another only through its module.ts or service.ts (lint zones, shown failing
// and passing below), reads only its own tables, and the crossings still left are listed in docs/architecture.md
// under "Not there yet": the lists and the code must agree, so a crossing that is gone leaves the list and a new one
// fails. Import circles are counted over src and sw with type-only imports included.

const modulesDir = join(root, 'src/server/modules');
const serverModules = folders('src/server/modules');

/** Every .ts/.tsx file under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The static imports and re-exports of a file (type-only ones too), each with what it names: `{ specifier, names }`. */
function importsOf(file: string): { specifier: string; names: string[] }[] {
  return importsOfText(readFileSync(file, 'utf8'));
}

/** The static imports and re-exports of a source text, as importsOf answers them. */
function importsOfText(text: string): { specifier: string; names: string[] }[] {
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?([^;]*?)\s*from\s+['"]([^'"]+)['"]/g)].map((match) => ({
    specifier: match[2]!,
    names: [...(match[1]!.match(/\{([^}]*)\}/)?.[1] ?? '').split(',')]
      .map(
        (name) =>
          name
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!,
      )
      .filter(Boolean),
  }));
}

/** A relative specifier as the file it names (with its extension), or null outside the repository's sources. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = join(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
  return found ?? null;
}

/** Each module's imports of another module's file other than its module.ts or service.ts: 'booking imports tickets/access.ts'. */
function importCrossings(): string[] {
  const found = new Set<string>();
  for (const module of serverModules) {
    for (const file of sourceFiles(join(modulesDir, module))) {
      for (const { specifier } of importsOf(file)) {
        const target = resolveImport(file, specifier);
        if (!target?.startsWith(`${modulesDir}/`)) continue;
        const [other, ...rest] = relative(modulesDir, target).split('/');
        const path = rest.join('/');
        if (other !== module && path !== 'module.ts' && path !== 'service.ts') found.add(`${module} imports ${other}/${path}`);
      }
    }
  }
  return [...found].sort();
}

/** Which schema file (named after its module) defines each table. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const schemaDir = join(root, 'src/server/db/schema');
  for (const name of readdirSync(schemaDir).filter((file) => file.endsWith('.ts') && file !== 'index.ts')) {
    for (const match of readFileSync(join(schemaDir, name), 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable/g))
      owners.set(match[1]!, name.replace(/\.ts$/, ''));
  }
  return owners;
}

/** A module file's reads of another module's table, from its source text: 'accounts reads tickets.tickets'. */
function tableReads(module: string, text: string, owners: Map<string, string>): string[] {
  return importsOfText(text).flatMap(({ specifier, names }) =>
    /db\/schema(\/|$)/.test(specifier)
      ? names.flatMap((name) => {
          const owner = owners.get(name);
          return owner && owner !== module ? [`${module} reads ${owner}.${name}`] : [];
        })
      : [],
  );
}

/** Each module's reads of another module's table (tests aside): 'accounts reads tickets.tickets'. */
function tableCrossings(): string[] {
  const owners = tableOwners();
  const found = new Set<string>();
  for (const module of serverModules) {
    for (const file of sourceFiles(join(modulesDir, module)).filter((path) => !path.includes('.test.'))) {
      for (const read of tableReads(module, readFileSync(file, 'utf8'), owners)) found.add(read);
    }
  }
  return [...found].sort();
}

/** docs/architecture.md's "Not there yet" lines of one kind ('imports' or 'reads'), as the functions above word them. */
function notThereYet(kind: 'reads'): string[] {
  const start = doc.indexOf('**Not there yet on the server.**');
  const section = doc.slice(start, doc.indexOf('\n## ', start));
  return [...section.matchAll(new RegExp(`^- \`(\\w+)\` ${kind} \`([\\w/.-]+)\``, 'gm'))]
    .map((match) => `${match[1]} ${kind} ${match[2]}`)
    .sort();
}

/** The import crossings eslint.config.js excepts from the module zones (files of another module other than its faces). */
async function lintExceptions(): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(join(modulesDir, 'booking/module.ts'))) as {
    rules: Record<string, [unknown, { zones: { target: string; except?: string[] }[] }]>;
  };
  const zones = config.rules['import-x/no-restricted-paths']![1].zones;
  return zones
    .filter((zone) => zone.target.startsWith('./src/server/modules/'))
    .flatMap((zone) => {
      const module = zone.target.slice('./src/server/modules/'.length);
      return (zone.except ?? [])
        .map((path) => path.replace(/^\.\//, ''))
        .filter((path) => path.endsWith('.ts') && !/\/(module|service)\.ts$/.test(path))
        .map((path) => `${module} imports ${path}`);
    })
    .sort();
}

/** The strongly connected groups of files (more than one file, or a file importing itself) over `dirs`. */
function importCircles(dirs = [join(root, 'src'), join(root, 'sw')]): string[][] {
  const files = dirs.flatMap((dir) => sourceFiles(dir));
  const graph = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .map(({ specifier }) => resolveImport(file, specifier))
        .filter((target): target is string => target !== null && /\.tsx?$/.test(target)),
    ]),
  );
  // Tarjan's algorithm, iterative over an explicit stack (the import graph is deep).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(relative(root, member));
      } while (member !== frame.node);
      if (group.length > 1 || edges.includes(frame.node)) circles.push(group.sort());
    }
  }
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, path: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('server module walls (lint)', { timeout: 60_000 }, () => {
  test("a module importing another module's file below its service fails", async () => {
    const code = "import { logoText } from '../pricing/engine';\nexport const probe = logoText;\n";
    expect(await ruleIds(code, 'src/server/modules/content/architecture-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  test("a module importing another module's repository fails", async () => {
    const code = "import { createConfigRepository } from '../config/repository';\nexport const probe = createConfigRepository;\n";
    expect(await ruleIds(code, 'src/server/modules/accounts/architecture-probe.ts')).toContain('import-x/no-restricted-paths');
  });

  test('a module importing another through its service.ts or module.ts passes', async () => {
    const code =
      "import type { PricingService } from '../pricing/service';\nimport type { TransfersService } from '../payments/module';\n" +
      'export type Probe = PricingService | TransfersService;\n';
    expect(await ruleIds(code, 'src/server/modules/content/architecture-probe.ts')).toEqual([]);
  });

  test('a module importing its own files passes', async () => {
    const code = "import { logoText } from './engine';\nexport const probe = logoText;\n";
    expect(await ruleIds(code, 'src/server/modules/pricing/architecture-probe.ts')).toEqual([]);
  });
});

describe('server crossings left (docs/architecture.md "Not there yet")', { timeout: 60_000 }, () => {
  test("no import reaches below another module's service, and the lint excepts none", async () => {
    expect(importCrossings()).toEqual([]);
    expect(await lintExceptions()).toEqual([]);
  });

  test("the reads of another module's table are exactly the listed ones", () => {
    expect(tableCrossings()).toEqual(notThereYet('reads'));
  });

  test("finds a read of another module's table (the check sees what it checks)", () => {
    const owners = tableOwners();
    const probe =
      "import { payments, tickets, type TicketRow } from '../../db/schema';\nexport const probe = [payments, tickets];\n";
    expect(tableReads('payments', probe, owners)).toEqual(['payments reads tickets.tickets']);
    expect(tableReads('tickets', probe, owners)).toEqual(['tickets reads payments.payments']);
    expect(owners.get('pendingBookings')).toBe('booking');
  });
});

describe('import circles over src and sw (type-only imports included)', () => {
  test('finds none', () => {
    expect(importCircles()).toEqual([]);
  });

  test('finds a circle closed by a type-only import, and a file importing itself', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivu-circles-'));
    try {
      writeFileSync(join(dir, 'first.ts'), "import { second } from './second';\nexport const first = () => second();\n");
      writeFileSync(join(dir, 'second.ts'), "import type { Third } from './third';\nexport const second = (): Third => 3;\n");
      writeFileSync(
        join(dir, 'third.ts'),
        "import type { first } from './first';\nexport type Third = ReturnType<typeof first>;\n",
      );
      writeFileSync(
        join(dir, 'self.tsx'),
        "import { self } from './self';\nexport const other = self;\nexport const self = 1;\n",
      );
      writeFileSync(join(dir, 'alone.ts'), "import { first } from './first';\nexport const alone = first;\n");
      const at = (name: string) => relative(root, join(dir, name));
      expect(importCircles([dir])).toEqual([[at('first.ts'), at('second.ts'), at('third.ts')], [at('self.tsx')]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
