// `npm test`: typecheck, lint, unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// the production build, the bundle budget (scripts/bundle-budget.mjs), the crash test (scripts/crash-test.mjs, on
// PGlite and on PostgreSQL when TEST_DATABASE_URL is set), the browser tests against the built server, then
// Lighthouse CI on it (scripts/lighthouse.mjs). Ends with the ten slowest test files and one "N passed, N failed" line.
//
// Steps that neither time anything nor share a resource run side by side (2 cores; docs/performance.md has the
// figures): typecheck, lint, the build and the unit tests; the API tests on PGlite and on PostgreSQL (each its own
// databases). Steps that time something run with no other step of normal priority beside them: the unit files that
// time their code (unit-alone), the API files that time a server under load (api-alone), and Lighthouse. The crash
// test's two databases run at the lowest CPU priority beside the browser tests, on the CPU they leave idle.
// TEST_SERIAL=1 runs every step one after the other (a machine already busy with other work).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority as osPriority, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensurePrerequisites } from './prerequisites.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failedSteps = [];
/** Per test file: how long it took (vitest: the file's own time; Playwright: its tests' time, hooks included). */
const fileTimes = [];

/**
 * Runs one step and answers whether it passed. A step run beside others (`buffered`) keeps its output until it ends,
 * then prints it in one piece, so that two steps' lines never interleave.
 */
function run(step, command, args, { env = {}, buffered = false, lowest = false } = {}) {
  const line = `${command} ${args.join(' ')}`;
  console.log(buffered ? `\n▶ ${step} (side by side): ${line}` : `\n▶ ${step}: ${line}`);
  const started = Date.now();
  const cpuBefore = cpuTimes();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      // A session of its own: Linux shares the CPU between sessions (autogroups) before it looks at nice values.
      detached: lowest,
    });
    if (lowest) lowestPriority(child);
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const finish = (ok) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (buffered) {
        console.log(`\n──── ${step}: its output ────`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`${ok ? '✔' : '✘'} ${step} (${seconds} s${busy(cpuBefore, cpuTimes())})`);
      if (!ok) failedSteps.push(step);
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

/**
 * The machine's CPU time so far (Linux /proc/stat: busy and idle jiffies over all cores), so that each step can say
 * how busy it kept the cores: a step far below 100% leaves room for another beside it.
 */
function cpuTimes() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = fields[3] + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  } catch {
    return undefined;
  }
}

/** "CPU 87% busy" between two readings of cpuTimes(), or '' where /proc/stat cannot be read. */
function busy(before, after) {
  if (!before || !after || after.total === before.total) return '';
  const share = 1 - (after.idle - before.idle) / (after.total - before.total);
  return `, CPU ${Math.round(share * 100)}% busy`;
}

/** Counts a vitest JSON report's tests and keeps each file's time (read at once: Playwright empties test-results). */
function readVitest(file, label) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    if (typeof result.startTime !== 'number' || typeof result.endTime !== 'number') continue;
    fileTimes.push({ file: relative(process.cwd(), result.name), label, ms: result.endTime - result.startTime });
  }
}

function readPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const { stats } = report;
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0);
  const perFile = new Map();
  const walk = (suite, file) => {
    const own = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) perFile.set(own, (perFile.get(own) ?? 0) + (result.duration ?? 0));
      }
    }
    for (const child of suite.suites ?? []) walk(child, own);
  };
  for (const suite of report.suites ?? []) walk(suite, undefined);
  const dir = report.config?.rootDir ? relative(process.cwd(), report.config.rootDir) : 'tests/e2e';
  for (const [name, ms] of perFile) fileTimes.push({ file: `${dir}/${name}`, label: 'browser', ms });
}

/**
 * Puts a step started in a session of its own at the lowest CPU priority: its autogroup at nice 19 (where the kernel
 * groups by session, a nice value counts only inside the group) and the process too, which its children inherit. Ends
 * it with this process, which no longer takes it along on Ctrl-C.
 */
function lowestPriority(child) {
  try {
    writeFileSync(`/proc/${child.pid}/autogroup`, '19');
  } catch {
    // no autogroups here: the nice value below is what counts
  }
  try {
    osPriority(child.pid, 19);
  } catch {
    // the step runs at normal priority
  }
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already ended
    }
  };
  process.on('exit', stop);
  child.on('exit', () => process.off('exit', stop));
}

/** `npx vitest run` of one database's API tests, or of the unit tests. */
function vitest(step, projects, file, label, options) {
  return run(
    step,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    options,
  ).then((ok) => {
    readVitest(file, label);
    return ok;
  });
}

// A fresh machine needs nothing but `npm install`: the browser (Debian's chromium) and openssl are found or installed.
const prerequisites = ensurePrerequisites();
if (prerequisites.chromium) process.env.CHROME_PATH = prerequisites.chromium;
if (prerequisites.headlessShell) process.env.E2E_CHROME_PATH = prerequisites.headlessShell;
console.log(
  `prerequisites: ${prerequisites.installed.length ? `installed ${prerequisites.installed.join(', ')}` : 'nothing to install'}` +
    `; chromium ${prerequisites.chromium ?? 'missing'}` +
    `; headless shell ${prerequisites.headlessShell ?? 'missing (the browser tests use chromium)'}` +
    (prerequisites.missing.length ? `; missing: ${prerequisites.missing.join('; ')}` : ''),
);
const postgresUrl = process.env.TEST_DATABASE_URL;
const startedAll = Date.now();
/** TEST_SERIAL=1 runs every step one after the other, as before, on a machine too busy to share. */
const serial = process.env.TEST_SERIAL === '1';
/** Runs steps (functions starting them) side by side, or one after the other with TEST_SERIAL=1. */
async function together(...steps) {
  if (!serial) return Promise.all(steps.map((step) => step?.()));
  const done = [];
  for (const step of steps) done.push(await step?.());
  return done;
}

// Typecheck, lint, the format check, the build and the unit tests read the sources only (the build writes dist/, which the others
// ignore). The unit files that time their code are left to unit-alone, which runs with nothing beside it.
const [, , , built] = await together(
  () => run('typecheck', 'npm', ['run', '--silent', 'typecheck'], { buffered: !serial }),
  // eslint and prettier are one process each: apart, each fills the core the other steps leave as they end.
  () => run('lint', 'npm', ['run', '--silent', 'lint:code'], { buffered: !serial }),
  () => run('format', 'npm', ['run', '--silent', 'lint:format'], { buffered: !serial }),
  () => run('build', 'npm', ['run', '--silent', 'build'], { buffered: !serial }),
  () => vitest('unit tests', ['unit', 'unit-app'], `${results}/unit.json`, 'unit', { buffered: !serial }),
);
if (built) await run('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
await vitest('unit tests alone', ['unit-alone'], `${results}/unit-alone.json`, 'unit');

/** The API files but those that time a server, run without isolation. */
const API_PROJECTS = ['api'];

// The API tests on the two databases side by side (each file makes its own database), then the files that time a
// server under load, one database after the other with nothing beside them.
await together(
  () =>
    vitest('api tests (pglite)', API_PROJECTS, `${results}/api-pglite.json`, 'pglite', {
      env: { TEST_DB: 'pglite' },
      buffered: Boolean(postgresUrl) && !serial,
    }),
  postgresUrl
    ? () =>
        vitest('api tests (postgres)', API_PROJECTS, `${results}/api-postgres.json`, 'postgres', {
          env: { TEST_DB: 'postgres' },
          buffered: !serial,
        })
    : null,
);
await vitest('api tests alone (pglite)', ['api-alone'], `${results}/api-alone-pglite.json`, 'pglite', {
  env: { TEST_DB: 'pglite' },
});
if (postgresUrl) {
  await vitest('api tests alone (postgres)', ['api-alone'], `${results}/api-alone-postgres.json`, 'postgres', {
    env: { TEST_DB: 'postgres' },
  });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only; .ci/run also runs them on PostgreSQL)');
}

if (built) {
  // The crash test's two databases side by side: each run is bounded by its kills and restarts, not by the CPU. They
  // run beside the browser tests at the lowest priority (nice 19), on the CPU the browser tests leave idle while a
  // page waits on a timer or the server: the browser tests keep the cores whenever they want them, and what the crash
  // test asserts is counted, never timed. With TEST_SERIAL=1, or off Linux, they run first, on their own.
  const niced = !serial && process.platform === 'linux';
  // 10 kills a database here (`npm run crash` makes 25): starved as it is, a kill and restart takes 20 to 100 s beside
  // the browser tests, and Lighthouse waits for its end. With 25 (20, 15) the PGlite run ended some 80 (45, 20) s after
  // them, and beside them it slowed them by about a tenth (its PostgreSQL server's work is at normal priority).
  const kills = process.env.CRASH_KILLS ?? '10';
  const crashPglite = () =>
    run('crash test (pglite)', 'node', ['scripts/crash-test.mjs'], {
      env: { CRASH_DATABASES: 'pglite', CRASH_KILLS: kills },
      buffered: niced || (Boolean(postgresUrl) && !serial),
      lowest: niced,
    });
  const crashPostgres = postgresUrl
    ? () =>
        run('crash test (postgres)', 'node', ['scripts/crash-test.mjs'], {
          env: { CRASH_DATABASES: 'postgres', CRASH_KILLS: kills },
          buffered: !serial,
          lowest: niced,
        })
    : null;
  let pgliteCrashed;
  let postgresCrashed;
  if (niced) {
    pgliteCrashed = crashPglite();
    postgresCrashed = crashPostgres?.();
  } else {
    await together(crashPglite, crashPostgres);
  }
  // One template database for every browser test server and Lighthouse's (tests/e2e/serve.mjs): migrated and seeded
  // once, copied by each.
  process.env.E2E_TEMPLATE_DIR ??= mkdtempSync(join(tmpdir(), 'vivu-e2e-template-'));
  const template = process.env.E2E_TEMPLATE_DIR;
  process.on('exit', () => rmSync(template, { recursive: true, force: true }));
  await run('browser tests', 'npx', ['playwright', 'test']);
  readPlaywright(`${results}/e2e.json`);
  // Lighthouse times the page's own work: it runs once the crash test is over, with nothing beside it (even the
  // PGlite run, in its lowest-priority session, took the median score of / from 0.99 to 0.92).
  await Promise.all([postgresCrashed, pgliteCrashed]);
  await run('lighthouse', 'node', ['scripts/lighthouse.mjs']);
} else {
  failedSteps.push('crash test, browser tests, lighthouse (not run: the build failed)');
}

if (fileTimes.length) {
  console.log('\nThe ten slowest test files:');
  for (const { file, label, ms } of [...fileTimes].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file} (${label})`);
  }
}
console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
if (failedSteps.length && failed === 0) failed = failedSteps.length; // a failed typecheck or build counts too
console.log(`all steps: ${((Date.now() - startedAll) / 1000).toFixed(0)} s`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
