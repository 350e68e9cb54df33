// Starts the built server (dist/server/main.js) on a throwaway data folder for the browser tests: DATA_DIR when the
// Playwright config gives one (the tests read its SMS outbox), else a new temporary folder.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = process.env.DATA_DIR || mkdtempSync(join(tmpdir(), 'vivu-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'production';
// The browser tests pay through the built-in sandbox gateway, which production turns off unless it is asked for.
process.env.PAYMENT_SANDBOX ??= '1';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

// The run's template database (E2E_TEMPLATE_DIR, one per Playwright run): a new embedded database is migrated and
// seeded once, by the first server that needs one, and every later server of the run starts on a copy of it. A start
// from nothing costs about 10 CPU-seconds (30 migrations, the seed's password hashes); a start on the copy, about 2.
// The copy is taken from a server that has stopped, so it is whole. Where the template cannot be had, the server
// starts from nothing, as before.
const template = process.env.E2E_TEMPLATE_DIR;
if (template && !process.env.DATABASE_URL && !existsSync(join(dataDir, 'pglite'))) {
  if (await templateReady(template)) cpSync(join(template, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
}

/** Answers whether the template is there, building it when no other server is (a folder made atomically is the lock). */
async function templateReady(folder) {
  const ready = join(folder, 'pglite');
  const failed = join(folder, 'failed');
  const lock = join(folder, 'building');
  mkdirSync(folder, { recursive: true });
  let builder = true;
  try {
    mkdirSync(lock);
  } catch {
    builder = false;
  }
  if (!builder) {
    const deadline = Date.now() + 180_000;
    while (!existsSync(ready) && !existsSync(failed) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    return existsSync(ready);
  }
  const building = join(lock, 'data');
  const built = await new Promise((resolve) => {
    const child = spawn(process.execPath, [new URL('../../dist/server/main.js', import.meta.url).pathname], {
      env: { ...process.env, DATA_DIR: building, PORT: '0', HOST: '127.0.0.1', SETTINGS_OVERRIDES: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let listening = false;
    child.stdout.on('data', (chunk) => {
      if (listening || !String(chunk).includes('Vivu listening')) return;
      listening = true;
      child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve(listening && code === 0));
    child.on('error', () => resolve(false));
  });
  if (built) renameSync(join(building, 'pglite'), ready);
  else writeFileSync(failed, '');
  return built;
}

// The test clock: a server started by tests/e2e/own-server.ts with E2E_TEST_CLOCK=1 (and so with an IPC channel
// to its test) moves its time forward when the test says `{ advanceClockMs }`, instead of the test waiting out a
// payment window in real minutes. It moves Date (now(), `new Date()`), and the embedded database's now() with it: the
// offset is shared (Symbol.for('vivu.clock-offset-ms')) with the database's thread (src/server/db/pglite-thread.ts),
// which runs its own Date as far ahead. Timers still run in real time, so the payment sweep keeps its 15 s rhythm. It
// lives only in this test harness: the built server (dist/server/main.js), which production runs, has no clock to move.
if (process.env.E2E_TEST_CLOCK === '1' && process.send) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const offset = new BigInt64Array(new SharedArrayBuffer(8));
  globalThis[Symbol.for('vivu.clock-offset-ms')] = offset;
  const now = () => realNow() + Number(Atomics.load(offset, 0));
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
  process.on('message', (message) => {
    const ms = message && typeof message === 'object' ? message.advanceClockMs : undefined;
    if (typeof ms !== 'number' || !(ms >= 0)) return;
    const offsetMs = Number(Atomics.add(offset, 0, BigInt(Math.round(ms)))) + Math.round(ms);
    process.send({ clockOffsetMs: offsetMs });
  });
}
// E2E_SERVER_ENTRY runs another server, e.g. src/server/main.ts from source (through tsx) with STATIC_DIR set to
// a PWA built elsewhere, so a change can be tried in the browser without rebuilding dist.
const entry = process.env.E2E_SERVER_ENTRY;
if (entry?.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry ? new URL(`file://${entry}`).href : '../../dist/server/main.js');
