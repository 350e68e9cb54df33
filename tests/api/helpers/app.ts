// The app under test, built over a test database with a logger that records instead of printing.
import { createApp } from '../../../src/server/app';
import type { Logger } from '../../../src/server/http/errors';
import type { PageRenderer } from '../../../src/server/http/page-render';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: TestDatabase;
  logs: { level: 'info' | 'error'; message: string; fields?: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    staticDir?: string;
    seededNightWindow?: boolean;
    settingsTtlMs?: number;
    pageRenderer?: PageRenderer;
    /** The server's environment (default process.env). */
    env?: NodeJS.ProcessEnv;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ seededNightWindow: options.seededNightWindow });
  const logs: TestApp['logs'] = [];
  const log: Logger = {
    info: (message, fields) => logs.push({ level: 'info', message, fields }),
    error: (message, fields) => logs.push({ level: 'error', message, fields }),
  };
  const app = createApp({
    database: db.database,
    log,
    staticDir: options.staticDir,
    settingsTtlMs: options.settingsTtlMs,
    pageRenderer: options.pageRenderer,
    env: options.env,
  });
  return { app, db, logs, close: () => db.cleanup() };
}
