// A local stand-in for Zalo's ZNS endpoint, for tests with no network: POST /message/template with the
// access_token header, answering { error: 0, data: { msg_id } } or one of Zalo's error codes, in memory.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ZaloFakeOptions {
  accessToken?: string;
  /** The template ids the Official Account may use. */
  templates?: string[];
}

export interface ZaloFakeMessage {
  phone: string;
  template_id: string;
  template_data: Record<string, unknown>;
  tracking_id: string;
  msg_id: string;
}

/** What the next call gets instead of a delivery: an HTTP 500, Zalo's unknown error, or no answer at all. */
export type ZaloFakeFailure = 'http_500' | 'unknown_error' | 'hang';

export interface ZaloFake {
  /** The endpoint's full URL (…/message/template). */
  url: string;
  accessToken: string;
  /** Messages accepted, in order. */
  delivered: ZaloFakeMessage[];
  /** Calls received, accepted or not. */
  calls(): number;
  /** This phone (84 form) is answered with `code` (default -118: no Zalo account). */
  refusePhone(phone: string, code?: number): void;
  failNext(failure: ZaloFakeFailure): void;
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startZaloFake({
  accessToken = 'fake-oa-access-token',
  templates = ['231001', '231002', '231003', '231004'],
}: ZaloFakeOptions = {}): Promise<ZaloFake> {
  const delivered: ZaloFakeMessage[] = [];
  const refused = new Map<string, number>();
  let calls = 0;
  let failure: ZaloFakeFailure | null = null;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    if (request.method !== 'POST' || request.url !== '/message/template')
      return send(response, 404, { error: 404, message: 'Not found' });
    calls += 1;
    const next = failure;
    failure = null;
    if (next === 'hang') return; // no answer: the client's time-out decides
    if (next === 'http_500') return send(response, 500, { error: -1, message: 'Internal Server Error' });
    if (next === 'unknown_error') return send(response, 200, { error: -100, message: 'Unknown error' });
    if (request.headers.access_token !== accessToken)
      return send(response, 200, { error: -124, message: 'Access token is invalid' });
    let input: Partial<ZaloFakeMessage>;
    try {
      input = JSON.parse(body) as Partial<ZaloFakeMessage>;
    } catch {
      return send(response, 200, { error: -122, message: 'Body format is invalid' });
    }
    if (!input.phone || !/^84\d{9}$/.test(input.phone))
      return send(response, 200, { error: -108, message: 'Phone number is invalid' });
    if (!input.template_id || !templates.includes(input.template_id))
      return send(response, 200, { error: -109, message: 'Template id is invalid' });
    if (!input.template_data || typeof input.template_data !== 'object')
      return send(response, 200, { error: -111, message: 'Template data is empty' });
    const code = refused.get(input.phone);
    if (code !== undefined)
      return send(response, 200, { error: code, message: 'Zalo account does not exist or cannot receive ZNS' });
    const msgId = randomBytes(16).toString('hex');
    delivered.push({
      phone: input.phone,
      template_id: input.template_id,
      template_data: input.template_data,
      tracking_id: String(input.tracking_id ?? ''),
      msg_id: msgId,
    });
    return send(response, 200, {
      error: 0,
      message: 'Success',
      data: {
        msg_id: msgId,
        sent_time: String(Date.now()),
        quota: { dailyQuota: '500', remainingQuota: String(500 - delivered.length) },
      },
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: -1, message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${origin}/message/template`,
    accessToken,
    delivered,
    calls: () => calls,
    refusePhone(phone, code = -118) {
      refused.set(phone, code);
    },
    failNext(next) {
      failure = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
