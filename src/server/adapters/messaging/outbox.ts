// The built-in messaging default: every SMS and e-mail is appended as one JSON line to DATA_DIR/outbox/sms.jsonl or
// mail.jsonl instead of leaving the machine, so a server with no provider still works and tests can read the codes.
import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../http/errors';
import type { Messaging } from './types';

export interface OutboxOptions {
  /** DATA_DIR, or a function that makes it when the first message is written. */
  dataDir: string | (() => string);
  /** A one-line notice per message (development only: the text itself is not logged). */
  log?: Logger;
}

export const outboxPaths = (dataDir: string) => ({
  dir: join(dataDir, 'outbox'),
  sms: join(dataDir, 'outbox', 'sms.jsonl'),
  mail: join(dataDir, 'outbox', 'mail.jsonl'),
});

export function createOutbox({ dataDir, log }: OutboxOptions): Messaging {
  const paths = () => outboxPaths(typeof dataDir === 'string' ? dataDir : dataDir());
  /** The folder made by this process (not made again, a few system calls, for every message). */
  let made: string | null = null;
  async function append(kind: 'sms' | 'mail', entry: Record<string, unknown>) {
    const { dir, [kind]: file } = paths();
    const line = `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`;
    const write = () => appendFile(file, line, { encoding: 'utf8', mode: 0o600 });
    if (made !== dir) {
      await mkdir(dir, { recursive: true });
      made = dir;
    }
    try {
      await write();
    } catch (error) {
      // Removed meanwhile (a test clearing DATA_DIR, an operator): made again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await write();
    }
    log?.info(`outbox: message to ${String(entry.to)} written to ${file}`);
  }
  return {
    sms: { send: (phone, text) => append('sms', { to: phone, text }) },
    mailer: { send: (to, subject, text) => append('mail', { to, subject, text }) },
  };
}
