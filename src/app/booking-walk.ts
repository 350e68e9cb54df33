// One booking's walk: the app files a reader opens to follow a booking from the home search to the ticket page.
// Each step is the route screen the booking passes through; a step opens the static imports (type imports and
// re-exports included, lazy `import()` left out) of its route file that lie in the routes or a feature folder and
// were not opened by an earlier step. Components, lib, shared and locales are the shared floor every page stands on
// and are not counted. A folder is a feature's folder (subfolders included) or the routes folder; the walk "returns"
// to a folder when a step opens files in a folder that an earlier step opened files in but the step before it did not.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const BOOKING_WALK_STEPS = [
  'src/app/routes/home.tsx',
  'src/app/routes/price-list.tsx',
  'src/app/routes/billing-detail.tsx',
  'src/app/routes/payment-result.tsx',
  'src/app/routes/booking-success.tsx',
  'src/app/routes/ticket-detail.tsx',
] as const;

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]/g;

function resolveImport(root: string, from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(root, dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return relative(root, candidate);
  }
  return null;
}

export function staticImports(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(root, file, match[1] ?? match[2] ?? '');
    if (target) found.push(target);
  }
  return found;
}

/** The folder a walked file counts in: `src/app/routes` or `src/app/features/<name>`; null for the shared floor. */
export function walkFolder(file: string): string | null {
  const feature = /^src\/app\/features\/[^/]+/.exec(file);
  if (feature) return feature[0];
  return file.startsWith('src/app/routes/') ? 'src/app/routes' : null;
}

export interface BookingWalk {
  steps: { route: string; files: string[]; folders: string[] }[];
  files: string[];
  folders: string[];
  returns: { folder: string; step: string }[];
}

export function bookingWalk(root: string, steps: readonly string[] = BOOKING_WALK_STEPS): BookingWalk {
  const opened = new Set<string>();
  const walk: BookingWalk = { steps: [], files: [], folders: [], returns: [] };
  let previous = new Set<string>();
  const seenFolders = new Set<string>();
  for (const route of steps) {
    const files: string[] = [];
    const visited = new Set<string>();
    const queue = [route];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (visited.has(file)) continue;
      visited.add(file);
      // Past the routes and features lies the shared floor: neither counted nor followed.
      if (!walkFolder(file)) continue;
      if (!opened.has(file)) {
        opened.add(file);
        files.push(file);
      }
      queue.push(...staticImports(root, file));
    }
    const folders = [...new Set(files.map((file) => walkFolder(file)!))];
    for (const folder of folders) {
      if (seenFolders.has(folder) && !previous.has(folder)) walk.returns.push({ folder, step: route });
      seenFolders.add(folder);
    }
    previous = new Set(folders);
    walk.steps.push({ route, files, folders });
    walk.files.push(...files);
  }
  walk.folders = [...seenFolders];
  return walk;
}
