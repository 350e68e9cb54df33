// The app for a one-off command (partner-decide, staff-create): the configured database opened as the server opens
// it (DATABASE_URL, else the embedded one in DATA_DIR, whose folder a running server must not hold), migrated, and
// closed with its folder's lock once the command is done. Answers the command's exit code.
import { join } from 'node:path';
import { createApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './db/lock';
import { consoleLogger } from './http/errors';

type App = ReturnType<typeof createApp>;

/** `whileRunning`: what to do instead while a server holds the embedded database's folder. */
export async function withCommandApp(whileRunning: string, command: (app: App) => Promise<number>): Promise<number> {
  const config = readConfig();
  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`${error.message}\n${whileRunning}`);
        return 1;
      }
      throw error;
    }
  }
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, maxConnections: 1 } : { pgliteDir: join(config.dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    return await command(createApp({ database, log: consoleLogger, dataDir: config.dataDir }));
  } finally {
    await database.close();
    lock?.release();
  }
}
