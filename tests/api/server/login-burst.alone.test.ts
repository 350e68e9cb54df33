// A burst of logins against the real server process: password hashing has a bounded queue (at most 2 at once, 16 waiting)
// and tiny answers are not compressed, so /api/health stays fast while 100 logins hash, and past the queue's bound
// a login answers 503 with Retry-After instead of waiting without end. Each login comes from its own address
// (TRUST_PROXY=1), so the per-address limit is not what stops them.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile, pollHealth } from '../../../scripts/latency.mjs';
import { ACCOUNT_PATHS } from '../../../src/shared/contract/accounts';
import { ERROR_KEYS, failureSchema } from '../../../src/shared/contract/envelope';
import { startServerProcess } from '../helpers/server-process';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

const folders: string[] = [];
const databases: TestDatabase[] = [];
const running: ChildProcess[] = [];
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  for (const database of databases) await database.cleanup();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A server of its own (its own folder or database), trusting one proxy, with these hash queue settings. */
async function server(env: Record<string, string> = {}): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vivu-burst-'));
  folders.push(dataDir);
  const pg = TEST_DB === 'postgres' ? await createTestDatabase({ seed: false }) : undefined;
  if (pg) databases.push(pg);
  const started = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', TRUST_PROXY: '1', ...env });
  running.push(started.child);
  return `http://127.0.0.1:${await started.port}`;
}

let phoneCounter = 0;
/** A login of a phone nobody registered (hashed against the dummy hash, as a known one), from its own address. */
async function unknownLogin(base: string) {
  phoneCounter += 1;
  const res = await fetch(`${base}${ACCOUNT_PATHS.login}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-encoding': 'gzip',
      'x-forwarded-for': `198.18.${Math.floor(phoneCounter / 250)}.${(phoneCounter % 250) + 1}`,
    },
    body: JSON.stringify({ phone_number: `09${String(70_000_000 + phoneCounter).padStart(8, '0')}`, password: 'vivu-2026' }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

describe(`a burst of logins (${TEST_DB})`, () => {
  let base: string;
  beforeAll(async () => {
    base = await server();
  });

  it('keeps /api/health under 100 ms at p99 while 100 concurrent logins hash', async () => {
    expect((await unknownLogin(base)).status).toBe(401);
    const poller = pollHealth(base);
    running.push(poller.child);
    await poller.ready;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all(Array.from({ length: 100 }, () => unknownLogin(base)));
    const { times: health, compressed } = await poller.stop();
    // A 32-byte answer is sent as it is.
    expect(compressed).toBe(0);
    // Every login is checked (401) or refused for capacity (503 with Retry-After and the contract's message).
    for (const answer of answers) {
      expect([401, 503]).toContain(answer.status);
      if (answer.status === 503) {
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(failureSchema.validateSync(answer.body).message).toBe(ERROR_KEYS.serverBusy);
      }
    }
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(17);
    // Enough times that the 99th percentile is not simply the slowest one.
    expect(health.length).toBeGreaterThanOrEqual(100);
    expect(percentile(health, 99), JSON.stringify(health.map(Math.round))).toBeLessThan(100);
  });

  it('answers 503 with Retry-After past the queue’s bound, and hashes again once it drains', async () => {
    const small = await server({ HASH_CONCURRENCY: '1', HASH_QUEUE: '1' });
    expect((await unknownLogin(small)).status).toBe(401);
    const answers = await Promise.all(Array.from({ length: 12 }, () => unknownLogin(small)));
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(2);
    for (const answer of busy) {
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(failureSchema.validateSync(answer.body).message).toBe(ERROR_KEYS.serverBusy);
    }
    expect((await unknownLogin(small)).status).toBe(401);
  });
});
