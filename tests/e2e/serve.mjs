// Starts the built server (dist/server/main.js) on a throwaway data folder for the browser tests: DATA_DIR when the
// Playwright config gives one (the tests read its SMS outbox), else a new temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = process.env.DATA_DIR || mkdtempSync(join(tmpdir(), 'vivu-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'production';
// The browser tests pay through the built-in sandbox gateway, which production turns off unless it is asked for.
process.env.PAYMENT_SANDBOX ??= '1';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
// E2E_SERVER_ENTRY runs another server, e.g. src/server/main.ts from source (through tsx) with STATIC_DIR set to
// a PWA built elsewhere, so a change can be tried in the browser without rebuilding dist.
const entry = process.env.E2E_SERVER_ENTRY;
if (entry?.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry ? new URL(`file://${entry}`).href : '../../dist/server/main.js');
