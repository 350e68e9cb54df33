// A server of its own for a spec that needs other settings than the config's two (tests/e2e/serve.mjs: the same
// build and STATIC_DIR, a throwaway data folder): started on `port` with `env` added, waited for, and stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startOwnServer(port: number, env: Record<string, string>, timeoutMs = 120_000): Promise<OwnServer> {
  const origin = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL('./serve.mjs', import.meta.url))], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
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
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
