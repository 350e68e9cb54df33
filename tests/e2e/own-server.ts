// A server of its own for a spec that needs other settings than the config's two (tests/e2e/serve.mjs: the same
// build and STATIC_DIR, a throwaway data folder): started on `port` with `env` added, waited for, and stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface OwnServer {
  origin: string;
  /**
   * Moves the server's clock (and its database's now()) `ms` forward, as if that time had passed (started with
   * `{ testClock: true }`; tests/e2e/serve.mjs).
   */
  advanceClock(ms: number): Promise<void>;
  /**
   * The server's last lines of output and, if it has ended, how: for a failed test's report (a connection cut in
   * the middle of a test is then told apart from the server having died).
   */
  report(): string;
  stop(): Promise<void>;
}

/** How many of the server's last output lines report() keeps. */
const KEPT_LINES = 80;

export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  { timeoutMs = 120_000, testClock = false }: { timeoutMs?: number; testClock?: boolean } = {},
): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '', E2E_TEST_CLOCK: testClock ? '1' : '', ...env },
    // With the test clock, an IPC channel carries the test's "advance" to the server.
    stdio: ['ignore', 'pipe', 'pipe', ...(testClock ? (['ipc'] as const) : [])],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - KEPT_LINES));
  };
  server.stdout?.on('data', keep);
  // Its errors are shown as they come, as before.
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  let ended: string | null = null;
  let stopping = false;
  server.once('exit', (code, signal) => {
    ended = `${stopping ? 'stopped' : 'ENDED BY ITSELF'} (code ${code}, signal ${signal})`;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${origin}/api/passenger/get_system_configs`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`the server on ${port} exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the server on ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    async advanceClock(ms) {
      if (!testClock || !server.send) throw new Error(`the server on ${port} was started without the test clock`);
      const moved = new Promise<void>((resolve) => server.once('message', () => resolve()));
      server.send({ advanceClockMs: ms });
      await moved;
    },
    report() {
      return [`the server on ${port}: ${ended ?? 'running'}`, ...lines].join('\n');
    },
    async stop() {
      if (server.exitCode !== null || server.signalCode !== null) return;
      stopping = true;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
