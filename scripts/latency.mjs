// Latency measures shared by the load scripts (bench.mjs, ceiling.mjs) and the tests that time a server under load.
import { spawn } from 'node:child_process';

/** The p-th percentile of `values` (ms), by nearest rank: of 100 values the 99th is the second slowest. */
export function percentile(values, p) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * /api/health polled from a process of its own (so the caller's own requests do not delay its clock), 2 ms after each
 * answer, until `stop()`: the times (ms) and how many answers came compressed. `ready` once a first, untimed call is
 * answered (the connection and the fetch machinery).
 */
export function pollHealth(base) {
  const url = JSON.stringify(`${base}/api/health`);
  const code = `
    let stop = false;
    process.stdin.on('data', () => { stop = true; });
    const times = [];
    let compressed = 0;
    (async () => {
      await (await fetch(${url})).text();
      process.stdout.write('ready\\n');
      while (!stop) {
        const started = performance.now();
        const res = await fetch(${url}, { headers: { 'accept-encoding': 'gzip' } });
        await res.text();
        if (res.status !== 200) throw new Error('health ' + res.status);
        if (res.headers.get('content-encoding')) compressed += 1;
        times.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      process.stdout.write(JSON.stringify({ times, compressed }) + '\\n');
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exit = new Promise((resolve) => child.on('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', () => output.startsWith('ready\n') && resolve());
    void exit.then(() => reject(new Error(`the health poller exited: ${output}`)));
  });
  return {
    child,
    ready,
    async stop() {
      child.stdin.end('stop');
      const code = await exit;
      if (code !== 0) throw new Error(`the health poller ended with ${code}: ${output}`);
      return JSON.parse(output.slice('ready\n'.length));
    },
  };
}
