// `npm run crash` (and a step of `npm test`): the crash test. It promises that a ticket whose
// create_ticket answer reached the client survives the server being killed, and that a payment callback
// interrupted by a kill and replayed by the gateway is applied exactly once, on PGlite and on PostgreSQL.
//
// How: the server (dist/server/main.js when built, else the sources through tsx; CRASH_SERVER=source|dist
// chooses) runs on its own temp DATA_DIR, or on a fresh database made in the PostgreSQL server of
// CRASH_DATABASE_URL or TEST_DATABASE_URL (dropped at the end). VNPay is configured with a secret this script
// knows, so it can sign VNPay IPN callbacks itself. Several clients book tickets in a loop (postpaid and online;
// for online ones they start the payment), callback senders deliver the signed IPNs continuously (and some
// duplicates), and CRASH_KILLS (25) times, once a ticket was acknowledged after the last start and then after
// 200-1500 ms more of that load, the server is SIGKILLed (preferably while a callback is in flight) and restarted
// on the same data. A create or a callback whose answer was lost is sent again after the restart (the same
// ticket_session, the same signed parameters). At the end every acknowledged ticket is looked up through
// get_ticket_info with its phone, and then the database is read directly: the tickets exist once per ticket_session, each paid payment is paid once (one paid row per ticket,
// the ticket paid, never a second '00' answer, at most one 'applied' audit event, an event for every answered
// callback), unpaid ones are still pending. Every acknowledged ticket's booking-received SMS (written
// with the ticket, sent after the commit, at least once) must be in DATA_DIR/outbox/sms.jsonl once the last server
// has drained its outbox, and a kill may duplicate at most the one send it cut short. Prints a summary per
// database; exits 1 on any failure.
import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { bookingBody, departTime, freePort, withPostgresDatabase } from './load-helpers.mjs';

const KILLS = Number(process.env.CRASH_KILLS ?? 25);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 4);
const CALLBACK_SENDERS = 2;
/** How long a restart may take to listen: it bounds a hung server, not a slow one (the test runs starved in npm test). */
const START_TIMEOUT_MS = 90_000;
/**
 * The first start migrates and seeds a fresh database (the demo partners join through the partners' own calls):
 * several times a restart's work, done at the lowest CPU priority beside the browser tests.
 */
const FIRST_START_TIMEOUT_MS = 300_000;
const TMN_CODE = 'VIVUCRASH';
const HASH_SECRET = randomBytes(24).toString('hex');
const RETURN_PATH = '/dat-xe-thanh-cong';
/**
 * How long the last server may take to send the booking SMS still owed: on PostgreSQL a row a killed server had
 * claimed waits out its lease (MESSAGE_LEASE_SECONDS, 10 s here) (a PGlite server, alone on its folder, takes such rows back at start).
 */
const MESSAGE_WAIT_MS = Number(process.env.CRASH_MESSAGE_WAIT_MS ?? 90_000);
/** The booking-received SMS as the crash test's bookings (lang vi) get it: its text up to the ticket code. */
const BOOKING_SMS_PREFIX = JSON.parse(
  readFileSync(new URL('../src/server/modules/messages/locales/vi.json', import.meta.url), 'utf8'),
).booking_received.sms.split('{{code}}')[0];

/** How many booking-received SMS each ticket code has in DATA_DIR/outbox/sms.jsonl. */
function bookingSmsCounts(dataDir) {
  let text = '';
  try {
    text = readFileSync(join(dataDir, 'outbox', 'sms.jsonl'), 'utf8');
  } catch {
    return new Map();
  }
  const counts = new Map();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const { text: sms } = JSON.parse(line);
    if (!sms.startsWith(BOOKING_SMS_PREFIX)) continue;
    const code = /^[A-Z0-9]+/.exec(sms.slice(BOOKING_SMS_PREFIX.length))?.[0];
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (min, max) => min + Math.floor(Math.random() * (max - min + 1));

function serverCommand() {
  const choice = process.env.CRASH_SERVER ?? (existsSync('dist/server/main.js') ? 'dist' : 'source');
  return choice === 'dist' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
}

/** Servers still running: killed if this script ends early, so none outlives it. */
const live = new Set();
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}

/** The server process: started, SIGKILLed and restarted on the same data; clients wait on `ready`. */
class Server {
  constructor(env) {
    this.env = env;
    this.gate = deferred();
    this.log = [];
    this.starts = 0;
    this.startMs = [];
  }

  get ready() {
    return this.gate.promise;
  }

  async start(timeoutMs = START_TIMEOUT_MS) {
    const port = this.port ?? (Number(process.env.CRASH_PORT) || (await freePort()));
    const started = Date.now();
    const child = spawn(process.execPath, serverCommand(), {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => {
      this.log.push(...String(chunk).split('\n').filter(Boolean));
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    };
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    const outcome = await new Promise((resolve) => {
      let out = '';
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      child.stdout.on('data', (chunk) => {
        keep(chunk);
        out += chunk;
        if (out.includes('listening')) {
          clearTimeout(timer);
          resolve('listening');
        }
      });
      void this.exited.then(() => {
        clearTimeout(timer);
        resolve('exited');
      });
    });
    if (outcome !== 'listening') {
      child.kill('SIGKILL');
      // The port may have been taken meanwhile: the next attempt picks another one.
      this.port = undefined;
      throw new Error(`the server did not start (${outcome}):\n  ${this.log.slice(-30).join('\n  ')}`);
    }
    child.stdout.resume();
    live.add(child);
    void this.exited.then(() => live.delete(child));
    this.child = child;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.starts += 1;
    this.startMs.push(Date.now() - started);
    this.gate.resolve();
  }

  /** Closes the gate first (new requests wait), then kills: whatever is in flight loses its answer. */
  async kill() {
    this.gate = deferred();
    this.child.kill('SIGKILL');
    await this.exited;
  }

  async stop() {
    this.gate = deferred();
    this.child.kill('SIGTERM');
    const { code } = await this.exited;
    return code;
  }
}

/** One HTTP call; a lost answer (refused, reset, closed) is thrown as a NetError, answers are returned. */
class NetError extends Error {
  constructor(cause) {
    const code = cause?.cause?.code ?? cause?.code ?? cause?.name ?? 'unknown';
    super(`network: ${code}`);
    this.code = code;
    /** Refused: the request never reached a server. Anything else may have been processed. */
    this.refused = code === 'ECONNREFUSED';
  }
}

async function call(server, path, { method = 'GET', body, headers = {} } = {}) {
  await server.ready;
  let res;
  try {
    res = await fetch(`${server.base}${path}`, {
      method,
      redirect: 'manual',
      headers: body ? { 'content-type': 'application/json', ...headers } : headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a redirect)
    }
    return { status: res.status, json, text, location: res.headers.get('location') };
  } catch (error) {
    throw new NetError(error);
  }
}

async function place(server, query) {
  const res = await call(server, `/hub/api/map/v1/places/autocomplete?query=${encodeURIComponent(query)}`);
  const first = res.json?.data?.[0];
  if (!first) throw new Error(`no place for ${query}`);
  return first;
}

async function tripOption(server) {
  const pick = await place(server, 'Nội Bài');
  const drop = await place(server, 'Phường Hoàn Kiếm');
  const depart = departTime(2, '14:00');
  const query = new URLSearchParams({
    depart_time: depart,
    pick_address: pick.address,
    pick_address_component: JSON.stringify(pick.address_component),
    drop_address: drop.address,
    drop_address_component: JSON.stringify(drop.address_component),
    ride_method_id: '1',
  });
  const res = await call(server, `/api/passenger/get_price_list?${query}`);
  const item = res.json?.data?.items?.find((candidate) => !candidate.hide);
  if (res.status !== 200 || !item) throw new Error(`no price list: ${res.status} ${res.text.slice(0, 300)}`);
  return { pick, drop, depart, item };
}

/** A passenger of its own (phone, session, address behind the proxy), so no anti-fraud count ever adds up. */
function bookingPayload(trip, n, online) {
  return bookingBody(trip.item, trip, {
    fullname: 'Nguyễn Văn An',
    phone: `09${String(n).padStart(8, '0')}`,
    email: `crash${n}@example.com`,
    payMethod: online ? 8 : 3,
    session: `crash-${randomBytes(8).toString('hex')}`,
  });
}

const ipOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** VNPay's signing: the vnp_ parameters sorted, encodeURIComponent with spaces as '+', HMAC-SHA512. */
function vnpaySigned(params) {
  const encode = (value) => encodeURIComponent(value).replace(/%20/g, '+');
  const data = Object.keys(params)
    .sort()
    .map((key) => `${encode(key)}=${encode(params[key])}`)
    .join('&');
  const hash = createHmac('sha512', HASH_SECRET).update(data, 'utf8').digest('hex');
  return { ...params, vnp_SecureHashType: 'HmacSHA512', vnp_SecureHash: hash };
}

function ipnParams(payment) {
  return vnpaySigned({
    vnp_Amount: payment.vnpAmount,
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: `VNP${payment.txnNo}`,
    vnp_CardType: 'ATM',
    vnp_OrderInfo: `Thanh toan ve ${payment.code}`,
    vnp_PayDate: '20261123100230',
    vnp_ResponseCode: '00',
    vnp_TmnCode: TMN_CODE,
    vnp_TransactionNo: String(payment.txnNo),
    vnp_TransactionStatus: '00',
    vnp_TxnRef: payment.txnRef,
  });
}

/** One run on one database: load, kills, restarts, then the checks. Answers the figures and the failures. */
async function crashRun(label, env, openDirect) {
  const began = Date.now();
  // The clients stand for many passengers behind one proxy: X-Forwarded-For's last entry is each one's address.
  // A message row a killed server had claimed is taken back once its lease lapses: 10 s here instead of the
  // default 60 (MESSAGE_LEASE_SECONDS), so the last server sends what is owed without a minute's wait; the sends
  // are local files, far within the lease's half that bounds one send.
  const server = new Server({
    VNPAY_TMN_CODE: TMN_CODE,
    VNPAY_HASH_SECRET: HASH_SECRET,
    TRUST_PROXY: '1',
    MESSAGE_LEASE_SECONDS: '10',
    ...env,
  });
  const failures = [];
  const warnings = [];
  const fail = (message) => {
    if (failures.length < 50) failures.push(message);
    else if (failures.length === 50) failures.push('… (more failures not shown)');
  };
  const stats = {
    kills: 0,
    restarts: 0,
    createsSent: 0,
    createsReplayed: 0,
    ticketsAcknowledged: 0,
    onlineTickets: 0,
    paymentsStarted: 0,
    callbacksSent: 0,
    callbacksReplayed: 0,
    callbacksInFlightAtKill: 0,
    duplicateCallbacks: 0,
    killsDuringCallback: 0,
  };
  const acknowledged = []; // { n, code, phone, ip, session, online }
  const payments = []; // { code, txnRef, vnpAmount, txnNo, sent, answers: [] }
  const callbackQueue = [];
  const replayQueue = [];
  let inFlightCallbacks = 0;
  let stopping = false;
  let ticketCounter = between(1_000_000, 9_000_000);
  let txnNo = 14_000_000;

  await server.start(FIRST_START_TIMEOUT_MS);
  stats.restarts = 0;
  const trip = await tripOption(server);

  /** Sends until an answer comes back; a lost answer waits for the restart and sends the same thing again. */
  async function untilAnswered(send, onLost) {
    for (let attempt = 0; attempt <= KILLS + 5; attempt += 1) {
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof NetError)) throw error;
        onLost?.(error);
        await server.ready;
      }
    }
    throw new Error(`no answer after ${KILLS + 5} attempts`);
  }

  async function client() {
    while (!stopping) {
      const n = (ticketCounter += 1);
      const online = Math.random() < 0.6;
      const body = bookingPayload(trip, n, online);
      const ip = ipOf(n);
      const path = online ? '/api/passenger/create_ticket_payment_online' : '/api/passenger/create_ticket';
      let sent = 0;
      const res = await untilAnswered(
        () => {
          sent += 1;
          stats.createsSent += 1;
          return call(server, path, { method: 'POST', body, headers: { 'x-forwarded-for': ip } });
        },
        () => (stats.createsReplayed += 1),
      );
      if (res.status !== 200 || !res.json?.ticket_code) {
        fail(`${label}: create_ticket #${n} (sent ${sent}×) answered ${res.status}: ${res.text.slice(0, 200)}`);
        continue;
      }
      const ticket = {
        n,
        code: res.json.ticket_code,
        // The ticket's access key, the proof of its payment calls.
        key: res.json.data.ticket_key,
        phone: body.phone,
        ip,
        session: body.ticket_session,
        online,
      };
      acknowledged.push(ticket);
      stats.ticketsAcknowledged += 1;
      if (!online) continue;
      stats.onlineTickets += 1;
      const start = await untilAnswered(() =>
        call(server, '/api/payment/pay_online_request', {
          method: 'POST',
          body: { ticket_code: ticket.code, pay_method: 8, url_return: RETURN_PATH },
          headers: { 'x-forwarded-for': ip, 'x-ticket-key': ticket.key },
        }),
      );
      const gatewayUrl = start.json?.data?.payment_url;
      const gateway = typeof gatewayUrl === 'string' ? new URL(gatewayUrl) : null;
      const txnRef = gateway?.searchParams.get('vnp_TxnRef');
      if (start.status !== 200 || !txnRef) {
        fail(`${label}: pay_online_request of ${ticket.code} answered ${start.status} ${start.text.slice(0, 200)}`);
        continue;
      }
      stats.paymentsStarted += 1;
      // Most payments are paid by the gateway's callback; the others stay pending (and must stay so).
      const payment = {
        code: ticket.code,
        txnRef,
        vnpAmount: gateway.searchParams.get('vnp_Amount'),
        txnNo: (txnNo += 1),
        sent: false,
        answers: [],
      };
      payments.push(payment);
      if (Math.random() < 0.85) callbackQueue.push(payment);
    }
  }

  async function callbackSender() {
    while (!stopping || callbackQueue.length || replayQueue.length) {
      const replay = replayQueue.shift();
      let payment = replay ?? callbackQueue.shift();
      let duplicate = false;
      if (!payment) {
        // Nothing new: now and then the gateway sends an answered callback again.
        const answered = payments.filter((p) => p.answers.includes('00') || p.answers.includes('02'));
        if (!stopping && answered.length && Math.random() < 0.1) {
          payment = answered[between(0, answered.length - 1)];
          duplicate = true;
        } else {
          await sleep(5);
          continue;
        }
      }
      payment.sent = true;
      payment.params ??= ipnParams(payment);
      await server.ready;
      inFlightCallbacks += 1;
      stats.callbacksSent += 1;
      if (replay) stats.callbacksReplayed += 1;
      if (duplicate) stats.duplicateCallbacks += 1;
      try {
        const res = await call(server, `/api/payment/ipn/vnpay?${new URLSearchParams(payment.params)}`);
        const code = res.json?.RspCode;
        payment.answers.push(code ?? `http ${res.status}`);
        if (code === '99')
          replayQueue.push(payment); // the server could not tell: the gateway tries again
        else if (code !== '00' && code !== '02')
          fail(`${label}: callback of ${payment.txnRef} answered ${res.status} ${res.text}`);
      } catch (error) {
        if (!(error instanceof NetError)) throw error;
        if (!error.refused) stats.callbacksInFlightAtKill += 1;
        payment.lost = (payment.lost ?? 0) + 1;
        replayQueue.push(payment);
      } finally {
        inFlightCallbacks -= 1;
      }
    }
  }

  /** A worker that throws stops the load (and fails the run) rather than the whole script. */
  const guarded = (worker) =>
    worker().catch((error) => {
      fail(`${label}: a load worker stopped: ${error.stack ?? error.message}`);
      stopping = true;
    });
  const workers = [
    ...Array.from({ length: CLIENTS }, () => guarded(client)),
    ...Array.from({ length: CALLBACK_SENDERS }, () => guarded(callbackSender)),
  ];
  const crashes = (async () => {
    for (let k = 0; k < KILLS && !stopping; k += 1) {
      // The first requests after a start are slow (cold caches): each cycle waits for one acknowledged ticket, so
      // that every cycle makes progress, then lets the load run 200-1500 ms.
      const before = stats.ticketsAcknowledged;
      for (let waited = 0; stats.ticketsAcknowledged === before && waited < 30_000 && !stopping; waited += 10) await sleep(10);
      await sleep(between(200, 1500));
      // Most kills land while a callback is in flight: wait a little for one if none is.
      for (let waited = 0; inFlightCallbacks === 0 && waited < 500; waited += 5) await sleep(5);
      if (inFlightCallbacks > 0) stats.killsDuringCallback += 1;
      await server.kill();
      stats.kills += 1;
      for (let attempt = 1; ; attempt += 1) {
        try {
          await server.start();
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          console.error(`${label}: restart ${attempt} failed, trying again: ${error.message}`);
        }
      }
      stats.restarts += 1;
      process.stdout.write(`\r${label}: ${stats.kills}/${KILLS} kills, ${stats.ticketsAcknowledged} tickets acknowledged`);
    }
    process.stdout.write('\n');
    await sleep(500);
    stopping = true;
  })();
  try {
    await crashes;
  } finally {
    stopping = true;
    await Promise.allSettled(workers);
  }
  const loadSeconds = (Date.now() - began) / 1000;

  // Every acknowledged ticket through the API, with its phone, as its passenger would look it up.
  for (let i = 0; i < acknowledged.length; i += 8) {
    await Promise.all(
      acknowledged.slice(i, i + 8).map(async (ticket) => {
        const query = new URLSearchParams({ ticket_code: ticket.code, phone_number: ticket.phone, lang: 'en' });
        const res = await call(server, `/api/passenger/get_ticket_info?${query}`, { headers: { 'x-forwarded-for': ticket.ip } });
        if (res.status !== 200 || res.json?.data?.code !== ticket.code)
          fail(
            `${label}: acknowledged ticket ${ticket.code} not found through get_ticket_info: ${res.status} ${res.text.slice(0, 200)}`,
          );
      }),
    );
  }
  // The last server sends what is owed (woken by its start, then every 2 s); wait until every
  // acknowledged ticket's booking SMS is in the outbox file, or the time is up.
  const waitStarted = Date.now();
  while (Date.now() - waitStarted < MESSAGE_WAIT_MS) {
    const counts = bookingSmsCounts(env.DATA_DIR);
    if (acknowledged.every((ticket) => counts.has(ticket.code))) break;
    await sleep(500);
  }
  stats.messageWaitSeconds = (Date.now() - waitStarted) / 1000;
  const stopCode = await server.stop();
  if (stopCode !== 0) fail(`${label}: the server stopped with exit code ${stopCode}`);
  const smsCounts = bookingSmsCounts(env.DATA_DIR);
  let missingSms = 0;
  for (const ticket of acknowledged) {
    if (smsCounts.has(ticket.code)) continue;
    missingSms += 1;
    fail(`${label}: acknowledged ticket ${ticket.code} has no booking-received SMS in the outbox`);
  }
  const acknowledgedCodes = new Set(acknowledged.map((ticket) => ticket.code));
  let duplicateSms = 0;
  let mostPerTicket = 0;
  for (const [code, count] of smsCounts) {
    if (!acknowledgedCodes.has(code)) continue;
    duplicateSms += count - 1;
    mostPerTicket = Math.max(mostPerTicket, count);
  }
  stats.bookingSms = { told: acknowledged.length - missingSms, duplicates: duplicateSms, mostPerTicket };
  // One server sends one message at a time: a kill can cut short (and so duplicate) at most the one in flight.
  if (duplicateSms > stats.kills)
    fail(`${label}: ${duplicateSms} duplicate booking SMS for ${stats.kills} kills (at most one per kill)`);

  // Then the rows themselves.
  const db = await openDirect();
  try {
    const codes = acknowledged.map((t) => t.code);
    const found = await db.query('select code, ticket_session from tickets where code = any($1::text[])', [codes]);
    const foundCodes = new Set(found.map((row) => row.code));
    for (const ticket of acknowledged)
      if (!foundCodes.has(ticket.code)) fail(`${label}: acknowledged ticket ${ticket.code} is not in the database`);
    const sessions = await db.query(
      'select ticket_session, count(*)::int as n from tickets where ticket_session like $1 group by ticket_session having count(*) > 1',
      ['crash-%'],
    );
    for (const row of sessions) fail(`${label}: ${row.n} tickets for one booking attempt (${row.ticket_session})`);

    const rows = await db.query(
      `select p.txn_ref, p.status, p.ticket_id, t.transaction_status_id,
              (select count(*)::int from payments q where q.ticket_id = p.ticket_id and q.status like 'paid%') as paid_rows,
              (select count(*)::int from payment_events e where e.payment_id = p.id and e.result = 'applied') as applied,
              (select count(*)::int from payment_events e where e.payment_id = p.id) as events
         from payments p join tickets t on t.id = p.ticket_id
        where p.txn_ref = any($1::text[])`,
      [payments.map((p) => p.txnRef)],
    );
    const byRef = new Map(rows.map((row) => [row.txn_ref, row]));
    let paid = 0;
    for (const payment of payments) {
      const row = byRef.get(payment.txnRef);
      if (!row) {
        fail(`${label}: payment ${payment.txnRef} of ${payment.code} is not in the database`);
        continue;
      }
      if (!payment.sent) {
        if (row.status !== 'pending' || row.events !== 0)
          fail(`${label}: payment ${payment.txnRef} had no callback but is ${row.status} with ${row.events} events`);
        continue;
      }
      paid += 1;
      const confirmations = payment.answers.filter((code) => code === '00').length;
      const settled = payment.answers.some((code) => code === '00' || code === '02');
      if (!settled) fail(`${label}: the callback of ${payment.txnRef} never got a final answer (${payment.answers.join(',')})`);
      if (confirmations > 1) fail(`${label}: the callback of ${payment.txnRef} was confirmed (00) ${confirmations} times`);
      if (row.status !== 'paid') fail(`${label}: payment ${payment.txnRef} is ${row.status}, not paid`);
      if (row.paid_rows !== 1) fail(`${label}: ticket ${payment.code} has ${row.paid_rows} paid payments`);
      if (row.transaction_status_id !== 2)
        fail(`${label}: ticket ${payment.code} has transaction status ${row.transaction_status_id}, not paid (2)`);
      if (row.applied > 1) fail(`${label}: payment ${payment.txnRef} has ${row.applied} 'applied' events`);
      // The event is written in the payment's own transaction (payments/repository.ts applyResult).
      if (row.applied === 0) fail(`${label}: paid payment ${payment.txnRef} has no 'applied' audit event`);
      // An answered callback had written its audit event before the answer left: fewer events is a lost write.
      const answered = payment.answers.filter((code) => code === '00' || code === '02').length;
      if (row.events < answered)
        fail(`${label}: payment ${payment.txnRef} got ${answered} answers but has only ${row.events} audit events`);
    }
    stats.paymentsPaid = paid;

    const outbox = await db.query(
      `select status, count(*)::int as n from message_outbox where event = 'booking_received' and channel = 'sms'
         group by status order by status`,
    );
    stats.bookingSmsRows = Object.fromEntries(outbox.map((row) => [row.status, row.n]));
    if (stats.bookingSmsRows.failed) fail(`${label}: ${stats.bookingSmsRows.failed} booking SMS given up as failed`);
  } finally {
    await db.close();
  }
  if (stats.kills < KILLS) fail(`${label}: only ${stats.kills} kills`);
  if (stats.callbacksInFlightAtKill === 0) fail(`${label}: no kill landed while a callback was in flight`);
  return {
    label,
    stats,
    failures,
    warnings,
    seconds: (Date.now() - began) / 1000,
    loadSeconds,
    startMs: server.startMs,
    log: server.log,
  };
}

function pgliteDirect(dir) {
  return async () => {
    const db = new PGlite(dir);
    await db.waitReady;
    return {
      query: async (sql, params) => (await db.query(sql, params)).rows,
      close: () => db.close(),
    };
  };
}

function postgresDirect(url) {
  return async () => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    return {
      query: (text, params) => sql.unsafe(text, params),
      close: () => sql.end({ timeout: 5 }),
    };
  };
}

function report(result) {
  const { stats } = result;
  const sorted = [...result.startMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const slowest = sorted.at(-1) ?? 0;
  console.log(
    `\n${result.label}: ${result.seconds.toFixed(1)} s (load and kills ${result.loadSeconds.toFixed(1)} s, starts to 'listening': median ${(median / 1000).toFixed(1)} s, slowest ${(slowest / 1000).toFixed(1)} s)`,
  );
  console.log(
    `  kills ${stats.kills} (${stats.killsDuringCallback} with a callback in flight), restarts ${stats.restarts}; ` +
      `tickets acknowledged ${stats.ticketsAcknowledged} (${stats.onlineTickets} online), creates sent ${stats.createsSent} ` +
      `(${stats.createsReplayed} lost answers sent again)`,
  );
  console.log(
    `  payments started ${stats.paymentsStarted}, paid by callback ${stats.paymentsPaid ?? '?'}; callbacks sent ${stats.callbacksSent}: ` +
      `${stats.callbacksInFlightAtKill} interrupted by a kill, ${stats.callbacksReplayed} replayed, ${stats.duplicateCallbacks} duplicates`,
  );
  const sms = stats.bookingSms;
  if (sms)
    console.log(
      `  booking SMS: ${sms.told} of ${stats.ticketsAcknowledged} acknowledged tickets told (outbox drained ${stats.messageWaitSeconds.toFixed(1)} s after the lookups), ` +
        `${sms.duplicates} duplicates (bound: ${stats.kills}, one per kill), at most ${sms.mostPerTicket} per ticket; rows by status ${JSON.stringify(stats.bookingSmsRows ?? {})}`,
    );
  console.log(`  seconds to 'listening', in order: ${result.startMs.map((ms) => (ms / 1000).toFixed(1)).join(' ')}`);
  for (const warning of result.warnings.slice(0, 10)) console.log(`  note: ${warning}`);
  console.log(`  failures: ${result.failures.length}`);
  for (const failure of result.failures) console.log(`  ✘ ${failure}`);
  if (result.failures.length) console.log(`  last server output:\n    ${result.log.slice(-15).join('\n    ')}`);
}

async function pgliteRun() {
  const dataDir = mkdtempSync(join(tmpdir(), 'vivu-crash-'));
  try {
    return await crashRun('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, pgliteDirect(join(dataDir, 'pglite')));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresRun(adminUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vivu-crash-pg-'));
  try {
    return await withPostgresDatabase(adminUrl, 'vivu_crash', (url) =>
      crashRun('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, postgresDirect(url)),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`crash test: ${KILLS} kills per database, the server run as \`node ${serverCommand().join(' ')}\``);
const results = [];
let crashed = false;
const databaseUrl = process.env.CRASH_DATABASE_URL || process.env.TEST_DATABASE_URL;
// CRASH_DATABASES=pglite or =postgres runs that one alone (`npm test` runs the two side by side); default both.
const chosen = (process.env.CRASH_DATABASES || 'pglite,postgres').split(',');
const runs = [
  ...(chosen.includes('pglite') ? [['PGlite', pgliteRun]] : []),
  ...(databaseUrl && chosen.includes('postgres') ? [['PostgreSQL', () => postgresRun(databaseUrl)]] : []),
];
for (const [label, run] of runs) {
  try {
    const result = await run();
    results.push(result);
    report(result);
  } catch (error) {
    crashed = true;
    console.error(`\n${label}: the crash test could not complete: ${error.stack ?? error.message}`);
  }
}
if (!databaseUrl && chosen.includes('postgres')) {
  console.log('\n(CRASH_DATABASE_URL / TEST_DATABASE_URL not set: PGlite only)');
}
if (runs.length === 0) {
  console.error(`crash test: no database to run (CRASH_DATABASES=${process.env.CRASH_DATABASES})`);
  crashed = true;
}
const failed = crashed || results.some((result) => result.failures.length > 0);
console.log(failed ? '\ncrash test: FAILED' : '\ncrash test: passed');
process.exit(failed ? 1 : 0);
