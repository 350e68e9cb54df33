// `npm run bench`: load on the built server over loopback (autocannon), on the embedded database, and on
// PostgreSQL too when BENCH_DATABASE_URL is set. Prints req/s, p50 and p99 per call. Not a test: figures
// depend on the machine; docs/performance.md keeps the method and the results.
// Needs `npm run build` first. BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 20) tune the run.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startServer(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('listening')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const tomorrow = () => {
  const at = new Date(Date.now() + 24 * 3600_000);
  const vn = new Date(at.getTime() + 7 * 3600_000); // Vietnam is UTC+7 all year
  return `09:00 ${vn.getUTCDate()}/${vn.getUTCMonth() + 1}/${vn.getUTCFullYear()}`;
};

async function place(base, query) {
  const res = await fetch(`${base}/hub/api/map/v1/places/autocomplete?query=${encodeURIComponent(query)}`);
  const body = await res.json();
  const first = body.data?.[0];
  if (!first) throw new Error(`no place for ${query}`);
  return first;
}

async function scenarios(base) {
  const han = await place(base, 'Nội Bài');
  const hoanKiem = await place(base, 'Phường Hoàn Kiếm');
  const haLong = await place(base, 'Hạ Long');
  const priceQuery = (pick, drop) =>
    new URLSearchParams({
      depart_time: tomorrow(),
      dimension_id: '1',
      pick_address: pick.address,
      pick_address_component: JSON.stringify(pick.address_component),
      drop_address: drop.address,
      drop_address_component: JSON.stringify(drop.address_component),
      chair: '2',
    }).toString();
  const hourly = new URLSearchParams({
    depart_time: tomorrow(),
    pick_address: hoanKiem.address,
    pick_address_component: JSON.stringify(hoanKiem.address_component),
    duration: '6',
  }).toString();
  const queries = [
    'noi bai',
    'Tân Sơn Nhất',
    'hoan kiem',
    'quan 1',
    'da nag',
    'Bến Nghé',
    'ha long',
    'hue',
    'nha trang',
    'vung tau',
  ];
  return [
    {
      name: 'places autocomplete (10 queries)',
      requests: queries.map((query) => ({ path: `/hub/api/map/v1/places/autocomplete?query=${encodeURIComponent(query)}` })),
    },
    {
      name: 'get_price_list (HAN → Hoàn Kiếm, HAN → Hạ Long)',
      requests: [
        { path: `/api/passenger/get_price_list?${priceQuery(han, hoanKiem)}` },
        { path: `/api/passenger/get_price_list?${priceQuery(han, haLong)}` },
      ],
    },
    { name: 'get_hourly_price_list (Hoàn Kiếm, 6 h)', requests: [{ path: `/api/passenger/get_hourly_price_list?${hourly}` }] },
    { name: 'get_system_configs', requests: [{ path: '/api/passenger/get_system_configs' }] },
  ];
}

function run(base, scenario) {
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, requests: scenario.requests }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function bench(label, env) {
  const server = await startServer(env);
  const rows = [];
  try {
    for (const scenario of await scenarios(server.base)) {
      await run(server.base, { ...scenario }).catch(() => {}); // a warm-up run, not counted
      const result = await run(server.base, scenario);
      const failures = result.errors + result.non2xx;
      rows.push({
        database: label,
        call: scenario.name,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        failures,
      });
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  return rows;
}

const dataDir = mkdtempSync(join(tmpdir(), 'vivu-bench-'));
try {
  const rows = await bench('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  if (process.env.BENCH_DATABASE_URL)
    rows.push(...(await bench('PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL, DATA_DIR: dataDir })));
  console.log(`\n${connections} connections, ${seconds} s per call, loopback, ${new Date().toISOString()}`);
  console.table(rows);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
