// The real server as a child process (`node --import tsx src/server/main.ts`) on a free port, for the tests of what
// only a process shows: start-up, locks, signals, several processes (tests/api/server/process and cluster tests).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface StartedServer {
  child: ChildProcess;
  output: () => string;
  /** The port it announced ("listening on http://localhost:<port>"); rejects if it exits first. */
  port: Promise<number>;
  exit: Promise<number | null>;
}

/**
 * `namespaced`: in a PID namespace of its own (`unshare --pid --fork --mount-proc`), where the server is pid 1, as in
 * a container; `--kill-child` ends the server when unshare is killed (unshare itself ignores SIGTERM). unshare is
 * found on this process's PATH, so `env` may give the server a PATH of its own (one without a flock command).
 */
export function startServerProcess(env: Record<string, string>, namespaced = false): StartedServer {
  const server = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const unshare = namespaced ? spawnSync('/bin/sh', ['-c', 'command -v unshare']).stdout.toString().trim() : '';
  const [command, ...args] = namespaced ? [unshare, '--pid', '--fork', '--mount-proc', '--kill-child', ...server] : server;
  const child = spawn(command!, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => reject(new Error(`exited before listening:\n${output}`)));
  });
  port.catch(() => {});
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, port, exit };
}
