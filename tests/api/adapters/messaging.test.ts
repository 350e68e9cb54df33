// The messaging adapters: the outbox default (one JSON line per message in DATA_DIR/outbox) and the HTTP SMS
// provider, against a local server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsSender } from '../../../src/server/adapters/messaging/http-sms';
import { messagingFromEnv } from '../../../src/server/adapters/messaging/messaging';
import { createOutbox, outboxPaths } from '../../../src/server/adapters/messaging/outbox';
import { createSmtpMailer } from '../../../src/server/adapters/messaging/smtp';

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

  it('makes its folder again when it was removed after the first message (it is made once, not per message)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vivu-messaging-'));
    try {
      const outbox = createOutbox({ dataDir: dir, log: silent });
      await outbox.sms.send('0912345678', 'before');
      rmSync(outboxPaths(dir).dir, { recursive: true, force: true });
      await outbox.sms.send('0912345679', 'after');
      await outbox.mailer.send('lan@example.com', 'Chào Lan', 'body');
      const sms = readFileSync(outboxPaths(dir).sms, 'utf8').trim().split('\n');
      expect(sms.map((line) => (JSON.parse(line) as { text: string }).text)).toEqual(['after']);
      expect(readFileSync(outboxPaths(dir).mail, 'utf8')).toContain('Chào Lan');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A minimal SMTP server (RFC 5321 happy path plus AUTH PLAIN) that records what it is given. */
interface SmtpSession {
  auth: string;
  from: string;
  to: string[];
  data: string;
}
function startSmtpServer(rejectRecipients = false): Promise<{ server: TcpServer; port: number; sessions: SmtpSession[] }> {
  const sessions: SmtpSession[] = [];
  const server = createTcpServer((socket) => {
    const session: SmtpSession = { auth: '', from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.write('220 test.local ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            sessions.push(session);
            socket.write('250 2.0.0 queued\r\n');
          } else session.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-test.local\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') socket.write('250 test.local\r\n');
        else if (verb === 'AUTH') {
          session.auth = Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8');
          socket.write('235 2.7.0 ok\r\n');
        } else if (verb === 'MAIL') {
          session.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          if (rejectRecipients) socket.write('550 5.1.1 no such user\r\n');
          else {
            session.to.push(line);
            socket.write('250 ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, sessions })),
  );
}

describe('SMTP mailer', () => {
  it('delivers a UTF-8 text message with the credentials of SMTP_URL', async () => {
    const { server: smtp, port, sessions } = await startSmtpServer();
    try {
      const mailer = createSmtpMailer({ url: `smtp://vivu:s3cret@127.0.0.1:${port}`, from: 'Vivu <no-reply@vivu.vn>' });
      await mailer.send('lan@example.com', 'Vé VVABC123 đã được hủy', 'Xin chào Lan,\nvé của bạn đã được hủy.');
      expect(sessions).toHaveLength(1);
      const [session] = sessions;
      expect(session?.auth).toBe('\0vivu\0s3cret');
      expect(session?.from).toContain('<no-reply@vivu.vn>');
      expect(session?.to).toEqual(['RCPT TO:<lan@example.com>']);
      // The subject is encoded (RFC 2047) and the body is UTF-8 text.
      expect(session?.data).toMatch(/^Subject: =\?UTF-8\?/m);
      expect(session?.data).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    } finally {
      smtp.close();
    }
  });

  it('rejects when the server refuses the recipient, and is chosen by SMTP_URL with MAIL_FROM', async () => {
    const { server: smtp, port, sessions } = await startSmtpServer(true);
    const dir = mkdtempSync(join(tmpdir(), 'vivu-messaging-'));
    try {
      const messaging = messagingFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'no-reply@vivu.vn' }, dir, silent);
      await expect(messaging.mailer.send('nobody@example.com', 'x', 'y')).rejects.toThrow(/SMTP/);
      expect(sessions).toHaveLength(0);
      expect(() => messagingFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }, dir, silent)).toThrow(/MAIL_FROM/);
      expect(() => messagingFromEnv({ SMTP_URL: 'http://x', MAIL_FROM: 'a@b.c' }, dir, silent)).toThrow(/smtp:\/\//);
    } finally {
      smtp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
