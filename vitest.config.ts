import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { messagesSplit } from './scripts/messages-split.mjs';

/**
 * The API files that take longest (20 to 70 s each, most of it a server's processes or a thousand concurrent calls),
 * started first: without a record of earlier runs (a fresh clone) vitest starts the largest files first, and these
 * small ones came last, one of them running alone for the last minute.
 */
const LONGEST_API_FILES = [
  'tests/api/server/process.test.ts',
  'tests/api/server/concurrency.test.ts',
  'tests/api/server/contract-fuzz.test.ts',
  'tests/api/server/attacks.test.ts',
  'tests/api/server/cluster.test.ts',
  'tests/api/payments/callbacks.test.ts',
  'tests/api/payments/paypal-refusals.test.ts',
];

/** Vitest's order (by project, then by the last run's time or else size) with the longest API files first. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_API_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? LONGEST_API_FILES.length : at;
    };
    // Array.prototype.sort is stable: the others keep vitest's order.
    return sorted.sort((a, b) => (a.project.name === b.project.name ? rank(a) - rank(b) : 0));
  }
}

/** What every API test file runs with, isolated or not. */
const apiFiles = {
  globalSetup: ['tests/api/helpers/database-templates.ts'],
  sequence: { groupOrder: 0 },
  environment: 'node',
  // The API tests stand for many clients behind one proxy: X-Forwarded-For's last entry is the client
  // (TRUST_PROXY=1). tests/api/server/attacks.test.ts builds its apps without it: the default ignores the header.
  env: { TZ: 'America/Los_Angeles', TRUST_PROXY: '1' },
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // 2 cores: each file opens its own embedded database, so keep the number of workers low.
  maxWorkers: 2,
};

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        // Modules that import src/app/lib/i18n.ts resolve its message chunks as the build does.
        plugins: [messagesSplit()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Files that time their code run in unit-alone, with nothing beside them: these run beside the build. The
          // app's files run in unit-app.
          exclude: ['**/*.alone.test.ts', 'src/app/**'],
          environment: 'node',
          // The helpers must give Vietnam time whatever the machine's zone, so unit tests run far from it.
          env: { TZ: 'America/Los_Angeles' },
          // No isolation: the server's, the shared domain's, the worker's and the scripts' modules keep no state a
          // file could leave behind (a file that swaps a module or an env entry resets them itself), and loading
          // them once per worker rather than once per file takes the step from about 37 s to 9.
          isolate: false,
        },
      },
      {
        // The app's unit files, each with its modules fresh: the local store, the query runtime, i18n and the
        // config store keep module state that one file's test would leave to the next.
        plugins: [messagesSplit()],
        test: {
          name: 'unit-app',
          // Worker threads start quicker than processes; nothing here needs a process of its own.
          pool: 'threads',
          include: ['src/app/**/*.test.{ts,tsx}'],
          exclude: ['**/*.alone.test.ts'],
          environment: 'node',
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        // Unit files that time their code (`*.alone.test.ts`: the place index built within a second): one worker,
        // run when nothing else runs.
        test: {
          name: 'unit-alone',
          include: ['src/**/*.alone.test.ts', 'sw/**/*.alone.test.ts', 'scripts/**/*.alone.test.ts'],
          environment: 'node',
          env: { TZ: 'America/Los_Angeles' },
          maxWorkers: 1,
        },
      },
      {
        // tests/api/http/page-render.test.ts renders pages with the app's server entry, messages included.
        plugins: [messagesSplit()],
        test: {
          name: 'api',
          ...apiFiles,
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/**/*.alone.test.ts'],
          // No isolation: a worker loads the server's modules and PGlite's WebAssembly once and runs file after file
          // with them (about a third less CPU than a fresh worker per file). So a file leaves the worker as it found
          // it: it builds its own app and database (tests/api/helpers), closes them, restores any process.env entry
          // it sets, stops what it starts, and mocks no module. Module-level state the server keeps
          // per process (the gazetteer's index, the password hash queue) is shared as in production.
          isolate: false,
        },
      },
      {
        // Files that time a server under load (`*.alone.test.ts`): they run after the others, one at a time, so no
        // other test shares the 2 cores with the server they measure.
        plugins: [messagesSplit()],
        test: {
          name: 'api-alone',
          globalSetup: ['tests/api/helpers/database-templates.ts'],
          include: ['tests/api/**/*.alone.test.ts'],
          environment: 'node',
          env: { TZ: 'America/Los_Angeles', TRUST_PROXY: '1' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
