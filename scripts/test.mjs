// `npm test`: typecheck, lint, unit tests, API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set),
// the production build, the bundle budget (scripts/bundle-budget.mjs), the crash test (scripts/crash-test.mjs, on
// PGlite and on PostgreSQL when TEST_DATABASE_URL is set), the browser tests against the built server, then
// Lighthouse CI on it (scripts/lighthouse.mjs). Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensurePrerequisites } from './prerequisites.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
const failedSteps = [];

function run(step, command, args, env = {}) {
  console.log(`\n▶ ${step}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(step);
  return ok;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.skipped ?? 0);
}

function vitest(project, file, env = {}) {
  const ok = run(
    `${project} tests${env.TEST_DB ? ` (${env.TEST_DB})` : ''}`,
    'npx',
    [
      'vitest',
      'run',
      ...(project === 'api' ? ['--project', 'api', '--project', 'api-alone'] : ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  countVitest(file);
  return ok;
}

// A fresh machine needs nothing but `npm install`: the browser (Debian's chromium) and openssl are found or installed.
const prerequisites = ensurePrerequisites();
if (prerequisites.chromium) process.env.CHROME_PATH = prerequisites.chromium;
console.log(
  `prerequisites: ${prerequisites.installed.length ? `installed ${prerequisites.installed.join(', ')}` : 'nothing to install'}` +
    `; chromium ${prerequisites.chromium ?? 'missing'}` +
    (prerequisites.missing.length ? `; missing: ${prerequisites.missing.join('; ')}` : ''),
);

run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
vitest('unit', `${results}/unit.json`);
vitest('api', `${results}/api-pglite.json`, { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  vitest('api', `${results}/api-postgres.json`, { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on PGlite only; .ci/run also runs them on PostgreSQL)');
}
if (run('build', 'npm', ['run', '--silent', 'build'])) {
  run('bundle budget', 'node', ['scripts/bundle-budget.mjs']);
  run('crash test', 'node', ['scripts/crash-test.mjs']);
  run('browser tests', 'npx', ['playwright', 'test']);
  countPlaywright(`${results}/e2e.json`);
  run('lighthouse', 'node', ['scripts/lighthouse.mjs']);
} else {
  failedSteps.push('bundle budget, crash test, browser tests, lighthouse (not run: the build failed)');
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join(', ')}` : '\nAll steps passed.');
if (failedSteps.length && failed === 0) failed = failedSteps.length; // a failed typecheck or build counts too
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
