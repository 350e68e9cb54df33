// Reads the configuration, opens (and locks) the database, applies migrations and the seed, then serves the
// API and the built PWA on one port.
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/lock';
import { applyOverrides, seed } from './db/seed';
import { consoleLogger } from './http/errors';

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
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { pgliteDir: join(config.dataDir, 'pglite') },
  );
  await database.migrate();
  await seed(database.db);
  await applyOverrides(database.db, config.overrides);

  const staticDir = findStaticDir();
  if (!staticDir) consoleLogger.info('No built PWA found (run `npm run build`): serving the API only.');
  const app = createApp({ database, log: consoleLogger, staticDir, dataDir: config.dataDir });
  // issue 19: the message dispatcher. On PGlite this server is alone on its locked folder, so the messages a killed
  // predecessor had claimed are sent again at once rather than after their lease.
  await app.messages.start({ exclusive: !config.databaseUrl });
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

  const server = serve({ fetch: handle, port: config.port, hostname: config.host }, (info) => {
    console.log(`Vivu listening on http://localhost:${info.port} with ${where}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`${signal}: stopping`);
    server.close(() => {
      void idle()
        .then(() => app.messages.stop())
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
