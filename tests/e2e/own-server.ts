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
  stop(): Promise<void>;
}

export async function startOwnServer(
  port: number,
  env: Record<string, string>,
  { timeoutMs = 120_000, testClock = false }: { timeoutMs?: number; testClock?: boolean } = {},
): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '', E2E_TEST_CLOCK: testClock ? '1' : '', ...env },
    // With the test clock, an IPC channel carries the test's "advance" to the server.
    stdio: ['ignore', 'ignore', 'inherit', ...(testClock ? (['ipc'] as const) : [])],
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
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
