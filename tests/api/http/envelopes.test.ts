// The HTTP layer every module shares: envelopes for unknown routes and failures, request validation with the
// contract's schemas, body limits, compression and security headers.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PATHS } from '../../../src/shared/contract/config';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { yup } from '../../../src/shared/contract/yup';
import { createApp, MAX_BODY_BYTES } from '../../../src/server/app';
import { ok } from '../../../src/server/http/envelope';
import { handleError, type Logger } from '../../../src/server/http/errors';
import { validate } from '../../../src/server/http/validate';
import { createTestDatabase } from '../helpers/test-db';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('unknown routes', () => {
  it.each(['/api/passenger/no_such_call', '/api', '/hub/api/map/v1/nothing', '/hub'])(
    '%s answers a 404 envelope',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await failureSchema.validate(await res.json());
      expect(body).toEqual({ code: 'error', message: 'errors.not_found', data: null });
    },
  );

  it('answers 404 for a path outside the API when no PWA is built', async () => {
    const res = await t.app.request('/tai-khoan');
    expect(res.status).toBe(404);
  });
});

describe('health', () => {
  it('answers GET /api/health without the database, through the same middleware as every call', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ code: 'success', status: 'ok' });
  });
});

describe('failures', () => {
  it('a thrown error answers 500 errors.server_busy with no stack trace, and is logged', async () => {
    const broken = await createTestDatabase();
    const logs: string[] = [];
    const log: Logger = { info() {}, error: (message, fields) => logs.push(`${message} ${JSON.stringify(fields)}`) };
    const app = createApp({ database: broken.database, log });
    await broken.cleanup(); // the database goes away under the server
    const res = await app.request(CONFIG_PATHS.systemConfigs);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ code: 'error', message: 'errors.server_busy', data: null });
    expect(text).not.toMatch(/at |\.ts|node_modules|Error/);
    expect(logs.join('\n')).toMatch(/request failed/);
  });

  it('a body over the limit answers 413 before it is read', async () => {
    const res = await t.app.request('/api/passenger/create_ticket', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'error', message: 'errors.too_large', data: null });
  });
});

describe('request validation with a contract schema', () => {
  const schema = yup.object({
    phone_number: yup
      .string()
      .required()
      .matches(/^\d{9,11}$/),
    seats: yup.number().integer().min(1).max(16).required(),
    note: yup.string().max(10),
  });
  const logs: string[] = [];
  const app = new Hono();
  app.onError(handleError({ info() {}, error: (message) => logs.push(message) }));
  app.post('/echo', validate('json', schema), (c) => ok(c, c.get('input')));
  app.get('/echo', validate('query', schema), (c) => ok(c, c.get('input')));
  const post = (body: string, type = 'application/json') =>
    app.request('/echo', { method: 'POST', body, headers: { 'content-type': type } });

  it('passes the cast value on, without unknown fields', async () => {
    const res = await post(JSON.stringify({ phone_number: '0912345678', seats: '2', extra: 'dropped' }));
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ phone_number: '0912345678', seats: 2 });
  });

  it('reads a query string the same way', async () => {
    const res = await app.request('/echo?phone_number=0912345678&seats=3');
    expect((await res.json()).data).toEqual({ phone_number: '0912345678', seats: 3 });
  });

  it('names every bad field with an i18n key and its params', async () => {
    const res = await post(JSON.stringify({ phone_number: 'abc', seats: 40, note: 'far too long a note' }));
    expect(res.status).toBe(400);
    const body = await failureSchema.validate(await res.json());
    expect(body.message).toBe('errors.validation');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'phone_number', message: 'validation.format' },
        { field: 'seats', message: 'validation.max', params: { max: 16 } },
        { field: 'note', message: 'validation.max_length', params: { max: 10 } },
      ]),
    );
    expect(body.errors).toHaveLength(3);
  });

  it('reports a missing field as required', async () => {
    const body = await (await post(JSON.stringify({ seats: 1 }))).json();
    expect(body.errors).toEqual([{ field: 'phone_number', message: 'validation.required' }]);
  });

  it.each([
    ['broken JSON', '{"phone_number":', 'application/json'],
    ['a JSON array', '[1,2]', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a form body', 'phone_number=1', 'application/x-www-form-urlencoded'],
  ])('refuses %s with 400 errors.bad_json', async (_name, body, type) => {
    const res = await post(body, type);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'error', message: 'errors.bad_json', data: null });
  });

  it('never logged an error for bad input', () => {
    expect(logs).toEqual([]);
  });
});

describe('headers', () => {
  it('a page carries the security headers and the strict CSP', async () => {
    // robots.txt stands for every answer that is not JSON (the app's pages, scripts and styles, the sandbox page).
    const res = await t.app.request('/robots.txt');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('a JSON answer carries the headers that act on it, and nothing runs if it is opened as a page', async () => {
    for (const path of [CONFIG_PATHS.keyValues, '/api/health', '/api/no-such-call']) {
      const res = await t.app.request(path);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('content-security-policy'), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('strict-transport-security'), path).toMatch(/^max-age=\d+/);
      // The page's own headers have nothing to act on in a JSON answer.
      expect(res.headers.get('permissions-policy'), path).toBeNull();
      expect(res.headers.get('referrer-policy'), path).toBeNull();
    }
  });

  it('compresses API responses for clients that accept it', async () => {
    const res = await t.app.request(CONFIG_PATHS.systemConfigs, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.app.request(CONFIG_PATHS.systemConfigs);
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
