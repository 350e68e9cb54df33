// Reads the configuration, opens (and locks) the database, applies migrations and the seed, then serves the
// API and the built PWA on one port; with WEB_CONCURRENCY on PostgreSQL, from that many processes sharing the port.
import { createAdaptorServer } from '@hono/node-server';
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { readConfig, type ServerConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, DataDirUnlockableError, lockDataDir, type DataDirLock } from './db/lock';
import { applyOverrides, seed } from './db/seed';
import { consoleLogger } from './http/errors';
import { loadPageRenderer } from './http/page-render';

/** How long an idle kept-alive connection stays open (see the server's creation). */
const KEEP_ALIVE_MS = 65_000;

function findStaticDir(): string | undefined {
  const candidates = [
    process.env.STATIC_DIR,
    fileURLToPath(new URL('../client', import.meta.url)), // beside the bundle: dist/server -> dist/client
    resolve('dist/client'),
  ];
  return candidates.find((dir): dir is string => Boolean(dir) && existsSync(join(dir as string, 'index.html')));
}

async function main() {
  const config = readConfig();
  if (cluster.isPrimary && config.processes > 1) {
    if (config.databaseUrl) return runCluster(config);
    // The embedded database lives in one process (its folder is locked to it): one server process serves.
    consoleLogger.info(
      `WEB_CONCURRENCY=${config.processes} needs DATABASE_URL (PostgreSQL): one process serves the embedded database.`,
    );
  }
  return serveProcess(config);
}

/**
 * The primary migrates and seeds once, then forks `processes` workers that share the port (node:cluster hands
 * each new connection to the next worker). Everything they share lives in PostgreSQL (limits, idempotency, sessions,
 * the message outbox claimed with SKIP LOCKED), so any worker can take any request. A worker that dies is replaced;
 * SIGTERM stops them all, each finishing its requests first.
 */
async function runCluster(config: ServerConfig) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl!, maxConnections: 1 });
  try {
    await database.migrate();
    await seed(database.db);
    await applyOverrides(database.db, config.overrides);
  } finally {
    await database.close();
  }
  let stopping = false;
  let listening = 0;
  let alive = 0;
  const fork = () => {
    alive += 1;
    cluster.fork();
  };
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === config.processes) {
      console.log(
        `Vivu listening on http://localhost:${address.port} with PostgreSQL (DATABASE_URL), ${config.processes} processes`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive -= 1;
    if (stopping) {
      if (alive === 0) process.exit(0);
      return;
    }
    consoleLogger.error('server process exited, starting another', { pid: worker.process.pid, code, signal });
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: stopping ${config.processes} processes`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.processes; i++) fork();
}

/** The listen backlog asked for (the kernel caps it at net.core.somaxconn). */
const LISTEN_BACKLOG = 4096;

async function serveProcess(config: ServerConfig) {
  // A cluster's worker: the primary has migrated and seeded; its own pool is its share of the connections.
  const worker = cluster.isWorker;
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError || error instanceof DataDirUnlockableError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pglite') },
  );
  if (!worker) {
    await database.migrate();
    await seed(database.db);
    await applyOverrides(database.db, config.overrides);
  }

  const staticDir = findStaticDir();
  if (!staticDir) consoleLogger.info('No built PWA found (run `npm run build`): serving the API only.');
  // The pages' server renderer, built beside the PWA (dist/ssr); without it pages render in the browser only.
  const pageRenderer = staticDir ? await loadPageRenderer(join(staticDir, '..', 'ssr', 'entry-server.js')) : undefined;
  const app = createApp({ database, log: consoleLogger, staticDir, dataDir: config.dataDir, pageRenderer });
  // The message dispatcher. On PGlite this server is alone on its locked folder, so the messages a killed
  // predecessor had claimed are sent again at once rather than after their lease.
  await app.messages.start({ exclusive: !config.databaseUrl });
  // The payment window: every process sweeps (each ticket is timed out by one of them), so no page need be open.
  app.paymentWindow.start();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;

  // Requests still being handled: a stop closes the database only once they are done, even when their client has
  // already gone (its socket closed, so server.close() no longer waits for it), or a write in flight would fail.
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const handle: typeof app.fetch = async (...args) => {
    inFlight += 1;
    try {
      return await app.fetch(...args);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    }
  };
  const idle = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)));

  const server = createAdaptorServer({ fetch: handle });
  // An idle kept-alive connection is closed after 65 s, longer than the proxies in front of a server keep theirs open
  // (nginx and the cloud load balancers: 60 s): at Node's 5 s a client sending on the connection just as the server
  // closed it got a reset (ECONNRESET) in place of an answer, behind a proxy a 502 (a browser test met one).
  if (server instanceof HttpServer) {
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  }
  // A queue of connections not yet accepted as long as the kernel allows (net.core.somaxconn caps it), not
  // node's 511: the kernel counted 557 overflowed connections during a bench of 500 clients connecting at once to a
  // busy server, and a dropped connection waits a second or more for its retry.
  server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    // A worker's listening is announced once by the primary, when all of them are.
    if (!worker) console.log(`Vivu listening on http://localhost:${port} with ${where}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: stopping`);
    server.close(() => {
      void idle()
        .then(() => Promise.all([app.messages.stop(), app.paymentWindow.stop()]))
        .then(() => database.close())
        .catch(() => {})
        .finally(() => {
          lock?.release();
          process.exit(0);
        });
    });
    // Idle keep-alive connections would hold close() open; busy ones, and requests whose client left, get 5 seconds.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => {
      lock?.release();
      process.exit(0);
    }, 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${config.port} is in use: set PORT to another port.` : error.message);
    lock?.release();
    process.exit(1);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
