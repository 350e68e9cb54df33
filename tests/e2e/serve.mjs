// Starts the built server (dist/server/main.js) on a throwaway data folder for the browser tests: DATA_DIR when the
// Playwright config gives one (the tests read its SMS outbox), else a new temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = process.env.DATA_DIR || mkdtempSync(join(tmpdir(), 'vivu-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV ??= 'production';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import('../../dist/server/main.js');
