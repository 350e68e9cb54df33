// The messaging adapters: the outbox default (one JSON line per message in DATA_DIR/outbox) and the HTTP SMS
// provider, against a local server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsSender } from '../../src/server/adapters/messaging/http-sms';
import { messagingFromEnv } from '../../src/server/adapters/messaging/messaging';
import { createOutbox, outboxPaths } from '../../src/server/adapters/messaging/outbox';

const silent = { info: () => {}, error: () => {} };

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  type: string | undefined;
  body: unknown;
}

let server: Server;
let url = '';
const received: Received[] = [];
/** The status the provider answers next. */
let answer = 200;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        type: req.headers['content-type'],
        body: JSON.parse(text) as unknown,
      });
      res.writeHead(answer, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer === 200 ? { status: 'queued' } : { error: 'rejected' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('HTTP SMS provider', () => {
  it('posts the message as JSON with the bearer key and the sender id, the phone in international form', async () => {
    const sms = createHttpSmsSender({ url, apiKey: 'key-123', sender: 'VIVU' });
    answer = 200;
    await sms.send('0912345678', 'Mã xác thực Vivu của bạn là 1234.');
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/sms/send',
      authorization: 'Bearer key-123',
      type: 'application/json',
      body: { to: '84912345678', text: 'Mã xác thực Vivu của bạn là 1234.', sender: 'VIVU' },
    });
  });

  it('rejects when the provider refuses the message', async () => {
    const sms = createHttpSmsSender({ url, apiKey: 'key-123', sender: 'VIVU' });
    answer = 401;
    await expect(sms.send('0912345678', 'hello')).rejects.toThrow(/401/);
    answer = 200;
  });

  it('is chosen by SMS_API_URL, with the outbox still taking the mail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivu-messaging-'));
    try {
      const messaging = messagingFromEnv({ SMS_API_URL: url, SMS_API_KEY: 'k', SMS_SENDER_ID: 'VIVUTAXI' }, dir, silent);
      const before = received.length;
      await messaging.sms.send('0987654321', 'hi');
      expect(received).toHaveLength(before + 1);
      expect(received.at(-1)?.body).toEqual({ to: '84987654321', text: 'hi', sender: 'VIVUTAXI' });
      expect(() => messagingFromEnv({ SMS_API_URL: url }, dir, silent)).toThrow(/SMS_API_KEY/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('outbox', () => {
  it('appends one JSON line per SMS and e-mail in DATA_DIR/outbox, creating the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivu-messaging-'));
    try {
      const notices: string[] = [];
      const outbox = createOutbox({ dataDir: dir, log: { info: (message) => notices.push(message), error: () => {} } });
      await outbox.sms.send('0912345678', 'first');
      await outbox.sms.send('0912345679', 'second');
      await outbox.mailer.send('lan@example.com', 'Chào Lan', 'body');
      const paths = outboxPaths(dir);
      const sms = readFileSync(paths.sms, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(sms.map(({ to, text }) => ({ to, text }))).toEqual([
        { to: '0912345678', text: 'first' },
        { to: '0912345679', text: 'second' },
      ]);
      expect(Date.parse(String(sms[0]?.at))).not.toBeNaN();
      const mail = JSON.parse(readFileSync(paths.mail, 'utf8').trim()) as Record<string, unknown>;
      expect(mail).toMatchObject({ to: 'lan@example.com', subject: 'Chào Lan', text: 'body' });
      expect(notices).toHaveLength(3);
      expect(notices.join('\n')).not.toContain('first');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
