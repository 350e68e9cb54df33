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
  async function append(kind: 'sms' | 'mail', entry: Record<string, unknown>) {
    const { dir, [kind]: file } = paths();
    await mkdir(dir, { recursive: true });
    await appendFile(file, `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`, { encoding: 'utf8', mode: 0o600 });
    log?.info(`outbox: message to ${String(entry.to)} written to ${file}`);
  }
  return {
    sms: { send: (phone, text) => append('sms', { to: phone, text }) },
    mailer: { send: (to, subject, text) => append('mail', { to, subject, text }) },
  };
}
