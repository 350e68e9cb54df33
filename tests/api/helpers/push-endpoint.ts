// A local Web Push service for the API tests: an HTTPS server with a self-signed certificate made by openssl in a
// temporary folder (trusted only through the https.Agent handed to the app), the browser side of a subscription
// (a P-256 key pair and an auth secret), and the browser's decryption of an aes128gcm message (RFC 8188, 8291).
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushEndpoint {
  origin: string;
  /** Trusts this server's certificate (and only it). */
  httpsAgent: Agent;
  received: ReceivedPush[];
  /** The status the server answers for a path (default 201). */
  answer: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const dir = mkdtempSync(join(tmpdir(), 'vivu-push-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(keyFile);
  const cert = readFileSync(certFile);
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const answer = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answer.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const httpsAgent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${port}`,
    httpsAgent,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        httpsAgent.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The browser side of a subscription: its key pair and auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 section 3 and RFC 8188: the plaintext of a one-record aes128gcm message. */
export function decryptAes128gcm(body: Buffer, browser: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), serverPublic]);
  const ikm = hkdf(browser.auth, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks a `vapid t=<jwt>, k=<key>` header: signed (ES256) by `publicKey`, for `audience`; returns its claims. */
export function verifyVapid(header: string, publicKey: string, audience: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(header);
  if (!match) throw new Error(`not a vapid header: ${header}`);
  const [, jwt = '', key = ''] = match;
  if (key !== publicKey) throw new Error('vapid k is not the server key');
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('vapid signature does not verify');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (parsed.aud !== audience) throw new Error(`vapid aud ${String(parsed.aud)} is not ${audience}`);
  return parsed;
}
