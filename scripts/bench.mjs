// `npm run bench`: load on the built server over loopback (autocannon), on the embedded database, and on
// PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Prints req/s, p50 and p99 per call, and each
// call's req/s as a ratio of the platform's own ceilings measured in the same run (scripts/ceiling.mjs): a
// bare node:http hello in a process of its own, the server's health route (the same middleware, no database), a bare
// ticket-shaped INSERT through the same driver for create_ticket, the raw argon2id rate for login, and for the 500
// check_status pollers the bare hello spending the CPU per request the server spent on them (from /proc). Not a test:
// figures depend on the machine; docs/performance.md keeps the method and the results.
// Needs `npm run build` first. BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20; the check_status poll uses
// 500 clients) and BENCH_ONLY (a comma-separated list of call names) tune the run. BENCH_NODE_ARGS passes flags to the
// server's node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it (written when the bench stops it).
// After the calls, a soak of mixed traffic (BENCH_SOAK_SECONDS, default 600; 0 leaves it out) samples the server's
// memory every 10 s: pages in both languages, place search, price lists, bookings, payment polls and live streams.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, pollHealth } from './latency.mjs';
import { bookingBody, departTime, freePort, withPostgresDatabase } from './load-helpers.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((name) => name.trim())) : null;
const POLL_CLIENTS = 500;
/** autocannon's threads for the 500 polling clients (BENCH_POLL_WORKERS; 0 runs them on the bench's own thread). */
const POLL_WORKERS = Number(process.env.BENCH_POLL_WORKERS ?? 2);
/** The login scenario's clients, and the raw hash ceiling's concurrency (src/server/http/login-throttle.ts). */
const LOGIN_CLIENTS = 5;
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Which servers to measure (BENCH_DATABASES, a comma-separated list of pglite, postgres, cluster); default all. */
const databases = new Set((process.env.BENCH_DATABASES ?? 'pglite,postgres,cluster').split(',').map((name) => name.trim()));

// The bench books thousands of tickets from 127.0.0.1 with unique phones and sessions: the anti-fraud limit per
// address would refuse them (the API tests test it), and an empty night window keeps them day bookings.
const SETTINGS = JSON.stringify({ vanguard_max_per_ip: 1_000_000_000, night_booking_start: '00:00', night_booking_end: '00:00' });

/** Runs scripts/ceiling.mjs with `args` and returns the JSON line it prints. */
function ceiling(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/ceiling.mjs', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ceiling ${args[0]} exited ${code}`))));
  });
}

async function startServer(env, script = ['dist/server/main.js']) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, ...script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SETTINGS_OVERRIDES: SETTINGS,
      // The login scenario signs one passenger in from 127.0.0.1 thousands of times (its per-address limit is tested by
      // the API tests; each login still claims its back-off row, which a success clears).
      LOGIN_ADDRESS_LIMIT: '1000000000',
      // The pending online payments of the status poll go through the sandbox gateway, off in production by default.
      PAYMENT_SANDBOX: '1',
      ...env,
    },
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
  // The server's request log is not read here; keep its pipe drained.
  child.stdout.resume();
  return { child, base: `http://127.0.0.1:${port}` };
}

const tomorrow = (hhmm = '09:00') => departTime(1, hhmm);

async function place(base, query) {
  const res = await fetch(`${base}/hub/api/map/v1/places/autocomplete?query=${encodeURIComponent(query)}`);
  const body = await res.json();
  const first = body.data?.[0];
  if (!first) throw new Error(`no place for ${query}`);
  return first;
}

async function json(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

let counter = 0;
/** A valid mobile number of its own per booking (the anti-fraud limit per phone is 5 an hour). */
const nextPhone = () => `09${String(Date.now() % 1e4).padStart(4, '0')}${String(counter++ % 1e4).padStart(4, '0')}`;
const nextSession = () => `bench-${process.pid}-${Date.now().toString(36)}-${counter++}`;

/** A new passenger for each booking: the anti-fraud limits per phone and session never add up. */
const benchBooking = (item, trip, payMethod) =>
  bookingBody(item, trip, {
    fullname: 'Khách Bench',
    phone: nextPhone(),
    email: 'bench@example.com',
    payMethod,
    session: nextSession(),
  });

async function scenarios(base) {
  const han = await place(base, 'Nội Bài');
  const hoanKiem = await place(base, 'Phường Hoàn Kiếm');
  const haLong = await place(base, 'Hạ Long');
  const priceQuery = (pick, drop, depart = tomorrow()) =>
    new URLSearchParams({
      depart_time: depart,
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

  // Bookings: one quote (a private car from Nội Bài to Hoàn Kiếm), then a new passenger per request.
  const trip = { pick: han, drop: hoanKiem, depart: tomorrow('10:00') };
  const list = await json(await fetch(`${base}/api/passenger/get_price_list?${priceQuery(han, hoanKiem, trip.depart)}`));
  const item = list.data.items.find((entry) => !entry.hide && entry.ride_method_id === 1);
  if (!item) throw new Error('no private car in the price list');
  const post = (path, body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  // Pending online payments for the status poll: created with the online pay method, never paid.
  const pending = [];
  for (let i = 0; i < 50; i++) {
    const created = await json(await post('/api/passenger/create_ticket', benchBooking(item, trip, 8)));
    pending.push({ code: created.ticket_code, key: created.data.ticket_key });
  }
  if (pending.some((ticket) => !ticket.code || !ticket.key)) throw new Error('create_ticket did not answer the code and key');

  const login = JSON.stringify({ phone_code: '84', phone_number: '0912345678', password: 'vivu123' });
  const calls = [
    { name: 'hello (GET /api/health)', key: 'hello', target: { bare: 0.5 }, requests: [{ path: '/api/health' }] },
    {
      name: 'places autocomplete (10 queries)',
      key: 'autocomplete',
      target: { bare: 0.2, p99: 5 },
      requests: queries.map((query) => ({ path: `/hub/api/map/v1/places/autocomplete?query=${encodeURIComponent(query)}` })),
    },
    {
      name: 'get_price_list (HAN → Hoàn Kiếm, HAN → Hạ Long)',
      key: 'price_list',
      target: { bare: 0.2, p99: 10 },
      requests: [
        { path: `/api/passenger/get_price_list?${priceQuery(han, hoanKiem)}` },
        { path: `/api/passenger/get_price_list?${priceQuery(han, haLong)}` },
      ],
    },
    {
      name: 'get_hourly_price_list (Hoàn Kiếm, 6 h)',
      key: 'hourly',
      requests: [{ path: `/api/passenger/get_hourly_price_list?${hourly}` }],
    },
    { name: 'get_system_configs', key: 'configs', requests: [{ path: '/api/passenger/get_system_configs' }] },
    {
      name: 'create_ticket (a new passenger each)',
      key: 'create_ticket',
      target: { own: 0.5, p99: 50 },
      requests: [
        {
          method: 'POST',
          path: '/api/passenger/create_ticket',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify(benchBooking(item, trip, 3)) }),
        },
      ],
    },
    {
      name: `check_status polling (${POLL_CLIENTS} clients, 50 pending payments)`,
      key: 'check_status',
      connections: POLL_CLIENTS,
      // Two load threads: one thread driving 500 connections on the cores the server shares had left requests unsent
      // for 10 s while the server answered every request it got within 73 ms (session 11).
      workers: POLL_WORKERS,
      target: { noTimeouts: true },
      // As the booking browser polls: the code, and the ticket's key in its header.
      requests: pending.map((ticket) => ({
        path: `/api/payment/check_status?ticket_code=${ticket.code}`,
        headers: { 'x-ticket-key': ticket.key },
      })),
    },
    {
      name: `login (argon2id, ${LOGIN_CLIENTS} clients)`,
      key: 'login',
      target: { own: 0.8 },
      // One passenger logs in: the back-off claims a try per login in flight and lets FREE_LOGIN_TRIES (5) through at
      // once, so more clients would measure its 429s rather than the hashing.
      connections: LOGIN_CLIENTS,
      requests: [{ method: 'POST', path: '/api/passenger/login', headers: { 'content-type': 'application/json' }, body: login }],
    },
  ];
  const chosen = calls.filter((scenario) => !only || only.has(scenario.key) || scenario.key === 'hello');
  // One booking of a new passenger, paid in cash: the booking burst's request.
  const book = () => post('/api/passenger/create_ticket', benchBooking(item, trip, 3)).then((res) => res.status);
  // The soak's mix, as passengers send it: for each booking, pages, searches, price lists and status polls.
  const byKey = (key) => calls.find((call) => call.key === key)?.requests ?? [];
  const soak = [
    { path: '/' },
    { path: '/en' },
    ...byKey('autocomplete').slice(0, 4),
    ...byKey('price_list'),
    ...byKey('hourly'),
    ...byKey('configs'),
    ...byKey('check_status').slice(0, 4),
    ...byKey('create_ticket'),
  ];
  return { calls: chosen, book, soak, pending };
}

let unknownPhones = 0;
/** A login of a phone with no account: checked against a dummy hash, so it costs a hash as a real one does. */
const unknownLogin = (base) =>
  fetch(`${base}/api/passenger/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone_number: `09${String(71_000_000 + unknownPhones++).padStart(8, '0')}`, password: 'vivu-2026' }),
  }).then(async (res) => (await res.arrayBuffer(), res.status));

/** The health target while a burst arrives (ms, p99). */
const BURST_HEALTH_P99_MS = 50;
const LOGIN_BURST = 100;
const BOOKING_BURST = 50;
const burstRows = [];

/** /api/health's p99 idle, during 100 logins at once and during 50 bookings at once, with what the burst got. */
async function bursts(label, base, book) {
  const cases = [
    ['idle (2 s)', () => new Promise((resolve) => setTimeout(() => resolve([]), 2_000))],
    [`${LOGIN_BURST} logins at once`, () => Promise.all(Array.from({ length: LOGIN_BURST }, () => unknownLogin(base)))],
    [`${BOOKING_BURST} bookings at once`, () => Promise.all(Array.from({ length: BOOKING_BURST }, book))],
  ];
  for (const [name, burst] of cases) {
    const poller = pollHealth(base);
    await poller.ready;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const statuses = await burst();
    const took = performance.now() - started;
    const { times } = await poller.stop();
    const counts = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    const p99 = percentile(times, 99);
    burstRows.push({
      database: label,
      while: name,
      'burst s': statuses.length ? Number((took / 1000).toFixed(2)) : '',
      answers: Object.entries(counts)
        .map(([status, count]) => `${status}×${count}`)
        .join(' '),
      'health samples': times.length,
      'health p50 ms': Number(percentile(times, 50)?.toFixed(1)),
      'health p99 ms': Number(p99?.toFixed(1)),
      target: `p99 < ${BURST_HEALTH_P99_MS} ms: ${p99 !== null && p99 < BURST_HEALTH_P99_MS ? 'met' : 'NOT MET'}`,
    });
  }
}

function run(base, scenario) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: scenario.connections ?? connections,
        duration: scenario.seconds ?? seconds,
        requests: scenario.requests,
        ...(scenario.rate ? { overallRate: scenario.rate } : {}),
        ...(scenario.workers ? { workers: scenario.workers } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The count of failed requests, and what they were when there were some. */
function failures(result) {
  // autocannon counts a timeout among its errors too.
  const total = result.errors + result.non2xx;
  if (!total) return 0;
  const kinds = [
    [result.timeouts, 'timeouts (10 s)'],
    [result.errors - result.timeouts, 'connection errors'],
    [result.non2xx, 'non-2xx'],
  ].filter(([count]) => count > 0);
  return `${total} (${kinds.map(([count, kind]) => `${count} ${kind}`).join(', ')})`;
}

function verdict(scenario, row) {
  const target = scenario.target;
  if (!target) return '';
  const parts = [];
  const met = (ok) => (ok ? 'met' : 'NOT met');
  if (target.bare !== undefined) parts.push(`≥ ${target.bare} of bare: ${met(row['÷ bare'] >= target.bare)}`);
  if (target.own !== undefined) parts.push(`≥ ${target.own} of own ceiling: ${met(row['÷ own ceiling'] >= target.own)}`);
  if (target.noTimeouts) {
    const bare = row.bareTimeouts === undefined ? '' : ` (the bare hello at its CPU per request: ${row.bareTimeouts})`;
    parts.push(`no timeouts: ${met(!row.timeouts)}${bare}`);
  }
  if (target.p99 !== undefined) {
    const under = (p99) => met(p99 < target.p99);
    parts.push(`p99 < ${target.p99} ms: ${under(row['p99 ms'])} under load, ${under(row['p99 1 client'])} at 1 client`);
  }
  return parts.join('; ');
}

/**
 * The CPU time (ms) a process and its children have used so far, from /proc (Linux; null elsewhere): the server's
 * cluster workers are its children. Its clock ticks are 100 a second (USER_HZ on every Linux architecture Node runs on).
 */
function cpuMs(pid) {
  const stat = `/proc/${pid}/stat`;
  if (!existsSync(stat)) return null;
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
    const fields = readFileSync(stat, 'utf8').split(') ').at(-1).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) * 10;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) total += cpuMs(child) ?? 0;
    }
    return total;
  } catch {
    // A process that ended meanwhile, or a kernel without the children lists: no figure rather than a wrong one.
    return null;
  }
}

/** Runs a scenario and measures the CPU the server spent per request on it (ms; null without /proc). */
async function runMeasured(server, scenario) {
  const before = cpuMs(server.child.pid);
  const result = await run(server.base, scenario);
  const after = cpuMs(server.child.pid);
  const cpuPerRequest =
    before === null || after === null || !result.requests.total ? null : (after - before) / result.requests.total;
  return { result, cpuPerRequest };
}

async function stop(server) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * The bare node:http hello, in a process of its own as the server is, measured as the calls are. `spin` (ms of CPU
 * spent on each request) and `scenario` (its clients and load threads) measure it at a call's own cost and load.
 */
async function bareHello(label, headers, { spin, like } = {}) {
  const env = {
    ...(headers ? { CEILING_HEADERS: JSON.stringify(headers) } : {}),
    ...(spin ? { CEILING_SPIN_MS: String(spin) } : {}),
  };
  const server = await startServer(env, ['scripts/ceiling.mjs', 'hello']);
  try {
    const scenario = { requests: [{ path: '/api/health' }], connections: like?.connections, workers: like?.workers };
    await run(server.base, scenario).catch(() => {});
    const { result, cpuPerRequest } = await runMeasured(server, scenario);
    const what = spin
      ? ` spending ${spin.toFixed(3)} ms more CPU per request (${like?.connections ?? connections} clients)`
      : headers
        ? ` with the health answer's ${Object.keys(headers).length} headers`
        : '';
    const row = {
      database: label,
      call: `ceiling: bare node:http hello${what}`,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      failures: failures(result),
    };
    Object.defineProperty(row, 'timeouts', { value: result.timeouts, enumerable: false });
    Object.defineProperty(row, 'cpuPerRequest', { value: cpuPerRequest, enumerable: false });
    return row;
  } finally {
    await stop(server);
  }
}

const ratio = (part, whole) => (whole ? Number((part / whole).toFixed(3)) : null);

/** Resident memory (MB) of a process and its children (a cluster's workers), read from /proc. */
function treeRss(pid) {
  let kb = 0;
  const visit = (id) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        for (const child of readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(child);
      }
    } catch {
      // ended meanwhile
    }
  };
  visit(pid);
  return Math.round(kb / 1024);
}

/** The server's memory once its start-up work has settled (IDLE_SETTLE_MS with no request). */
const IDLE_SETTLE_MS = 5_000;
async function idleRss(server) {
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
  return treeRss(server.child.pid);
}

/** The soak: its load (requests a second, all clients together), its clients, its memory samples' interval. */
const SOAK_RATE = 50;
const SOAK_CLIENTS = 10;
const SOAK_SAMPLE_MS = 10_000;
/** The soak's memory is compared from its first minute on: the first bookings, pages and streams fill caches. */
const SOAK_WARM_MS = 60_000;
/** The most the memory may grow from the warm sample to the end of the soak. */
const SOAK_GROWTH_MAX = 0.1;
const soakRows = [];
/** How many requests of the soak's mix come with each booking (one booking in the mix). */
let soakMixSize = 0;

/**
 * Live ticket streams held open through the soak, as open ticket pages hold them (as many as one address may open);
 * a stream the server ends (after 5 minutes) is opened again, as the browser does.
 */
function liveStreams(base, tickets) {
  const controller = new AbortController();
  let events = 0;
  let opened = 0;
  const follow = async (ticket) => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(`${base}/api/passenger/ticket_events?ticket_code=${ticket.code}`, {
          headers: { 'x-ticket-key': ticket.key },
          signal: controller.signal,
        });
        opened++;
        const text = new TextDecoder();
        for await (const chunk of res.body) events += text.decode(chunk, { stream: true }).split('event:').length - 1;
      } catch {
        // aborted at the end, or cut: opened again unless the soak ended
      }
      if (!controller.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
  const done = Promise.all(tickets.map(follow));
  return {
    stop: async () => {
      controller.abort();
      await done;
      return { opened, events };
    },
  };
}

/** Mixed traffic for SOAK_SECONDS, with the server's memory sampled every SOAK_SAMPLE_MS. */
async function soakRun(label, server, { soak, pending }) {
  if (!SOAK_SECONDS) return;
  soakMixSize = soak.length;
  const before = treeRss(server.child.pid);
  const streams = liveStreams(server.base, pending.slice(0, 6));
  const samples = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, mb: treeRss(server.child.pid) }), SOAK_SAMPLE_MS);
  const result = await run(server.base, { requests: soak, connections: SOAK_CLIENTS, rate: SOAK_RATE, seconds: SOAK_SECONDS });
  clearInterval(sampler);
  const live = await streams.stop();
  const after = await idleRss(server);
  const warm = samples.find((sample) => sample.at >= SOAK_WARM_MS) ?? samples[0];
  const end = samples.at(-1);
  const growth = warm && end ? end.mb / warm.mb - 1 : null;
  soakRows.push({
    database: label,
    seconds: SOAK_SECONDS,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
    'p99 ms': result.latency.p99,
    'live streams (events)': `${live.opened} (${live.events})`,
    'before MB': before,
    'at 1 min MB': warm?.mb ?? null,
    'max MB': Math.max(...samples.map((sample) => sample.mb)),
    'end MB': end?.mb ?? null,
    'idle after MB': after,
    growth: growth === null ? null : `${(growth * 100).toFixed(1)} %`,
    target: growth === null ? 'too short' : `≤ ${SOAK_GROWTH_MAX * 100} %: ${growth <= SOAK_GROWTH_MAX ? 'met' : 'NOT met'}`,
  });
}

/** The idle memory targets: the embedded default and a PostgreSQL server's process (MB). */
const RSS_TARGET = { PGlite: 256, PostgreSQL: 150 };
const memoryRows = [];

async function bench(label, env, insertTarget) {
  const bare = await bareHello(label);
  // The first start makes, migrates and seeds the database; the bench's server is a restart on it, as a server runs.
  const first = await startServer(env);
  const memory = { database: label, 'first start MB': await idleRss(first) };
  await stop(first);
  const server = await startServer(env);
  memory['idle MB'] = await idleRss(server);
  const rows = [bare];
  // The health answer's own headers (the security headers and the rest, not the connection's), for the bare hello
  // that sends the same answer: what node:http itself costs for them.
  const answer = await fetch(`${server.base}/api/health`);
  await answer.arrayBuffer();
  const healthHeaders = Object.fromEntries(
    [...answer.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'content-length', 'content-type'].includes(name),
    ),
  );
  try {
    let ceiling = 0;
    const { calls, book, soak, pending } = await scenarios(server.base);
    await bursts(label, server.base, book);
    for (const scenario of calls) {
      await run(server.base, { ...scenario }).catch(() => {}); // a warm-up run, not counted
      const { result, cpuPerRequest } = await runMeasured(server, scenario);
      // A latency target is also measured with one client: the same call without the queue of 20 connections on
      // 2 cores, i.e. what one passenger waits when the server is not saturated.
      const single = scenario.target?.p99 !== undefined ? await run(server.base, { ...scenario, connections: 1 }) : null;
      const rps = Math.round(result.requests.average);
      if (scenario.key === 'hello') ceiling = rps;
      const row = {
        database: label,
        call: scenario.name,
        'req/s': rps,
        '÷ bare': ratio(rps, bare['req/s']),
        '÷ health': ratio(rps, ceiling),
        '÷ own ceiling': '',
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'p99 1 client': single ? single.latency.p99 : null,
        failures: failures(result),
      };
      Object.defineProperty(row, 'timeouts', { value: result.timeouts, enumerable: false });
      Object.defineProperty(row, 'cpuPerRequest', { value: cpuPerRequest, enumerable: false });
      scenarioOf.set(row, scenario);
      scenarioKeys.set(scenario.name, scenario.key);
      rows.push(row);
    }
    memory['after the calls MB'] = await idleRss(server);
    const target = RSS_TARGET[label];
    if (target) memory.target = `idle ≤ ${target} MB: ${memory['idle MB'] <= target ? 'met' : 'NOT MET'}`;
    memoryRows.push(memory);
    await soakRun(label, server, { soak, pending });
  } finally {
    // Wait for the server to finish its requests and close its pool: dropping its database first would fail the
    // requests still in flight (they were logged as "write CONNECTION_CLOSED") and lose a --cpu-prof profile.
    await stop(server);
  }
  // The calls' own ceilings, measured with the server stopped: a ticket-shaped INSERT through the same driver (and
  // pool size) at the same concurrency, and argon2id with the login's parameters.
  const own = async (key, name, args) => {
    const row = rows.find((entry) => entry.call && scenarioKeys.get(entry.call) === key);
    if (!row) return;
    const measured = await ceiling(args);
    rows.push({
      database: label,
      call: `ceiling: ${name}${measured.implementation ? ` (${measured.implementation})` : ''}`,
      'req/s': Math.round(measured.rate),
      'p50 ms': measured.p50,
      'p99 ms': measured.p99,
      failures: 0,
    });
    row['÷ own ceiling'] = ratio(row['req/s'], measured.rate);
  };
  const withHeaders = await bareHello(label, healthHeaders);
  rows.push(withHeaders);
  const health = rows.find((entry) => entry.call && scenarioKeys.get(entry.call) === 'hello');
  if (health) health['÷ own ceiling'] = ratio(health['req/s'], withHeaders['req/s']);
  // check_status's 500 clients, against the bare hello spending the same CPU per request with the same clients and
  // load threads: node:http accepts one connection per turn of its event loop (libuv 1.45+), and a turn serves every
  // connection that has a request, so at a high enough cost per request the last of 500 connections opened at once is
  // not accepted within autocannon's 10 s, on the bare platform too (session 16).
  // Only for a server of one process, as the bare hello is (a cluster's CPU per request is its processes' together).
  const polls = rows.find((entry) => entry.call && scenarioKeys.get(entry.call) === 'check_status');
  const oneProcess = !env.WEB_CONCURRENCY || env.WEB_CONCURRENCY === '1';
  if (polls && oneProcess && polls.cpuPerRequest !== null && bare.cpuPerRequest !== null) {
    const spin = Math.max(0, polls.cpuPerRequest - bare.cpuPerRequest);
    const atCost = await bareHello(label, undefined, { spin, like: scenarioOf.get(polls) });
    rows.push(atCost);
    polls['÷ own ceiling'] = ratio(polls['req/s'], atCost['req/s']);
    Object.defineProperty(polls, 'bareTimeouts', { value: atCost.timeouts, enumerable: false });
  }
  await own('create_ticket', 'bare ticket INSERT', ['insert', insertTarget, String(seconds), String(connections)]);
  // As many hashes at once as the login scenario's clients: the native binding hashes on libuv's thread pool.
  await own('login', 'raw argon2id hash', ['hash', String(seconds), String(LOGIN_CLIENTS)]);
  for (const row of rows) {
    const scenario = scenarioOf.get(row);
    if (scenario) row.target = verdict(scenario, row);
  }
  return rows;
}

/** Call name -> scenario key, to find a call's row for its own ceiling. */
const scenarioKeys = new Map();
/** Row -> its scenario, for the verdict once every ceiling is in. */
const scenarioOf = new WeakMap();

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'vivu-bench-'));
try {
  const insertDir = mkdtempSync(join(tmpdir(), 'vivu-bench-insert-'));
  const rows = databases.has('pglite')
    ? await bench('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, insertDir).finally(() =>
        rmSync(insertDir, { recursive: true, force: true }),
      )
    : [];
  if (postgresUrl) {
    const pgDataDir = mkdtempSync(join(tmpdir(), 'vivu-bench-pg-'));
    try {
      if (databases.has('postgres'))
        rows.push(
          ...(await withPostgresDatabase(postgresUrl, 'vivu_bench', (url) =>
            bench('PostgreSQL', { DATABASE_URL: url, DATA_DIR: pgDataDir }, url),
          )),
        );
      // The same calls served by 2 processes (WEB_CONCURRENCY) on one port and one database.
      if (databases.has('cluster'))
        rows.push(
          ...(await withPostgresDatabase(postgresUrl, 'vivu_bench', (url) =>
            bench('PostgreSQL ×2', { DATABASE_URL: url, DATA_DIR: pgDataDir, WEB_CONCURRENCY: '2' }, url),
          )),
        );
    } finally {
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n${connections} connections (check_status: ${POLL_CLIENTS}, login: ${LOGIN_CLIENTS}), ${seconds} s per call after a warm-up run, loopback, ` +
      `${new Date().toISOString()}; ÷ bare: req/s ÷ a bare node:http hello's, ÷ health: ÷ the server's health route's, ` +
      `÷ own ceiling: health ÷ the bare hello sending the same headers, create_ticket ÷ a bare ticket INSERT, login ÷ ` +
      `the raw argon2id rate, check_status ÷ the bare hello spending its CPU per request with its clients, all in the same run; ` +
      `p99 1 client: the same call from one connection (calls with a latency target)`,
  );
  console.table(rows);
  console.log(
    `\nMemory (resident, MB; a cluster's processes together), ${IDLE_SETTLE_MS / 1000} s after the start or the last ` +
      `call: after a first start (database made, migrated, seeded), after a restart on it, and after the calls above`,
  );
  console.table(memoryRows);
  console.log(
    `\n/api/health from a process of its own, 2 ms after each answer: idle, while ${LOGIN_BURST} logins of phones with ` +
      `no account arrive at once (each costs a hash; past the hash queue's bound 503), and while ${BOOKING_BURST} ` +
      `bookings arrive at once`,
  );
  console.table(burstRows);
  if (soakRows.length) {
    console.log(
      `\nSoak: ${SOAK_RATE} requests a second from ${SOAK_CLIENTS} clients (pages in both languages, place search, price ` +
        `lists, configs, payment polls, a booking in every ${soakMixSize} requests) and 6 live ticket streams; the ` +
        `server's memory every ${SOAK_SAMPLE_MS / 1000} s, its growth from the first minute to the end`,
    );
    console.table(soakRows);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
