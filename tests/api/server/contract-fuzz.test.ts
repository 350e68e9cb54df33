// Reliability: every route the server answers, fuzzed with fast-check from its contract schema. Promised:
// at least 10,000 malformed requests (missing and mistyped fields, broken constraints, huge and unicode strings, deep
// nesting, prototype keys, bad JSON, wrong content types and methods, junk query strings) get no 5xx, no stack trace
// or source path in any answer, the spec 7 envelope wherever the contract answers JSON, and write no row in any table.
// The inventory comes from the contracts' *_PATHS objects and is checked against the routes Hono registered; each
// route's schema is the one its validate() middleware was built with, so a new route is fuzzed without edits here.
import fc from 'fast-check';
import type { MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject, ObjectSchema } from 'yup';
import { validatedInput } from '../../../src/server/http/validate';
import { API_BASE, HUB_BASE } from '../../../src/shared/contract/envelope';
import { ipnResponseSchema, PAYMENT_PATHS } from '../../../src/shared/contract/payments';
import { supportRequestSchema } from '../../../src/shared/contract/support';
import { PUSH_PATHS } from '../../../src/shared/contract/push';
import { paymentEvents } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  changedTables,
  isEnvelope,
  junkBody,
  junkQuery,
  leaks,
  poisonedRequest,
  snapshot,
  tableNames,
  wrongMethod,
  type FuzzRequest,
  type RouteInput,
} from '../helpers/fuzz';
import { TEST_DB } from '../helpers/test-db';
import { SUPPORT_PATHS } from '../../../src/shared/contract/support';

/** Malformed requests in all (spread evenly over the routes). */
const TOTAL_REQUESTS = 10_000;
/** A fixed seed keeps `npm test` repeatable; FUZZ_SEED=<n> explores other inputs. */
const SEED = Number.parseInt(process.env.FUZZ_SEED ?? '', 10) || 20_261_123;

/**
 * Tables that record requests by design, left out of the "no row written" check:
 * - rate_limits: the per-address counters of lookups, logins and forms count every attempt, refused ones included,
 *   or a caller could probe without limit by sending malformed requests.
 */
const LOGGING_TABLES = new Set(['rate_limits']);

/**
 * Tables a route writes by design for any request, checked by what the rows say:
 * - payment_events, by the gateways' callbacks: the audit trail records every delivery, refused ones included
 *   (tests/api/payments/callbacks.test.ts), so a forged or garbled callback leaves a 'rejected' event and nothing else.
 */
const CALLBACK_AUDIT = 'payment_events';

/** Routes whose input is read without validate() (a form or a gateway's parameters), with their contract schema. */
const UNVALIDATED_INPUTS: Record<string, RouteInput> = {
  [`POST ${SUPPORT_PATHS.request}`]: { target: 'json', schema: supportRequestSchema as ObjectSchema<AnyObject> },
};

/** Answers the contract defines as something other than the envelope. */
const IPN_PATHS = new Set<string>([PAYMENT_PATHS.ipnVnpay, PAYMENT_PATHS.ipnSandbox, PAYMENT_PATHS.ipnPaypalSandbox]);
/** The sandbox gateway's page and stylesheet are HTML and CSS; sitemap.xml and robots.txt are not service paths. */
const NON_JSON_PATHS = new Set<string>([PAYMENT_PATHS.sandboxPay, PAYMENT_PATHS.sandboxStyle]);
/**
 * Service paths outside the contracts, each with the answer it gives instead of the envelope:
 * - /api/health: the liveness probe of a load balancer and of `npm run bench` (tests/api/http/envelopes.test.ts), {code, status}.
 */
const OUTSIDE_CONTRACTS: Record<string, object> = { [`${API_BASE}/health`]: { code: 'success', status: 'ok' } };

interface Route {
  method: string;
  path: string;
  input: RouteInput | null;
}

const contracts = import.meta.glob<Record<string, unknown>>(['../../../src/shared/contract/*.ts', '!**/*.test.ts'], {
  eager: true,
});

/** Every path of every contract's *_PATHS object. */
function contractPaths(): string[] {
  const paths = new Set<string>();
  for (const module of Object.values(contracts))
    for (const [name, value] of Object.entries(module))
      if (name.endsWith('_PATHS') && value && typeof value === 'object')
        for (const path of Object.values(value)) if (typeof path === 'string') paths.add(path);
  return [...paths].sort();
}

const isService = (path: string) => [API_BASE, HUB_BASE].some((base) => path.startsWith(`${base}/`));

/** The routes Hono registered (method and path), each with the schema its validate() middleware checks. */
function registeredRoutes(app: TestApp['app']): Route[] {
  const byKey = new Map<string, Route>();
  for (const entry of app.routes) {
    if (entry.method === 'ALL' || entry.path.includes('*')) continue;
    const key = `${entry.method} ${entry.path}`;
    const route = byKey.get(key) ?? { method: entry.method, path: entry.path, input: UNVALIDATED_INPUTS[key] ?? null };
    const handler = entry.handler as MiddlewareHandler & { __COMPOSED_HANDLER?: unknown };
    const found = validatedInput(handler) ?? validatedInput(handler.__COMPOSED_HANDLER);
    if (found) route.input = found;
    byKey.set(key, route);
  }
  return [...byKey.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

let t: TestApp;
let routes: Route[];
let tables: string[];
beforeAll(async () => {
  // With an operator token, so that the operator's calls (which exist only with one) are registered and fuzzed too.
  t = await createTestApp({ env: { ...process.env, OPERATOR_API_TOKEN: 'fuzz-operator-token' } });
  routes = registeredRoutes(t.app);
  // The server's VAPID key pair and the sandbox gateways' secrets are made on first use, whatever the request: made
  // here, before the tables are counted.
  expect((await t.app.request(PUSH_PATHS.vapidPublicKey)).status).toBe(200);
  for (const path of [PAYMENT_PATHS.ipnSandbox, PAYMENT_PATHS.ipnPaypalSandbox])
    expect((await t.app.request(path, { method: 'POST', body: new URLSearchParams({ a: '1' }) })).status).toBe(200);
  tables = (await tableNames(t.db.database.db)).filter((table) => !LOGGING_TABLES.has(table));
});
afterAll(() => t.close());

describe('route inventory', () => {
  it('fuzzes every path of the contracts, and the contracts name every service path the app answers', () => {
    const registered = new Set(routes.map((route) => route.path));
    const contract = contractPaths();
    expect(contract.length).toBeGreaterThan(80);
    expect(contract.filter((path) => !registered.has(path))).toEqual([]);
    const unlisted = [...registered].filter((path) => isService(path) && !contract.includes(path));
    expect(unlisted.filter((path) => !(path in OUTSIDE_CONTRACTS))).toEqual([]);
    // A payment starts with a POST carrying the ticket's proof (no GET navigation with it in the URL).
    for (const path of [PAYMENT_PATHS.payOnlineRequest, PAYMENT_PATHS.paypalRequest])
      expect(routes.filter((route) => route.path === path).map((route) => route.method)).toEqual(['POST']);
  });

  it('knows the input schema of every route that takes input', () => {
    // Every route with a query or body schema in the contract is read through validate(); the few that are not are
    // listed in UNVALIDATED_INPUTS. The others take no input or a gateway's signed parameters.
    const withSchema = routes.filter((route) => route.input).length;
    expect(withSchema).toBeGreaterThan(60);
  });
});

function arbitraryFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const { method, path, input } = route;
  const allowed = routes.filter((other) => other.path === path).map((other) => other.method);
  // Routes without a schema get the ticket fields callers send (code and key; the retired id too).
  const fields = input
    ? Object.keys((input.schema.describe() as { fields?: object }).fields ?? {})
    : ['ticket_code', 'ticket_key', 'ticket_id', 'lang'];
  const choices: fc.WeightedArbitrary<FuzzRequest>[] = [];
  const poisoned = input ? poisonedRequest(method, input) : null;
  if (poisoned) choices.push({ weight: 6, arbitrary: poisoned });
  if (method === 'GET') choices.push({ weight: poisoned ? 3 : 8, arbitrary: junkQuery(method, fields) });
  else choices.push({ weight: poisoned ? 3 : 8, arbitrary: junkBody(method) });
  const other = wrongMethod(allowed);
  if (other) choices.push({ weight: 1, arbitrary: other });
  return fc.oneof(...choices);
}

let sent = 0;

async function send(route: Route, request: FuzzRequest) {
  sent += 1;
  const url = request.query ? `${route.path}?${request.query}` : route.path;
  const init: RequestInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined && !['GET', 'HEAD'].includes(request.method)) init.body = request.body;
  const res = await t.app.request(url, init);
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text };
}

/** What is wrong with an answer, or null. */
function problem(route: Route, request: FuzzRequest, answer: Awaited<ReturnType<typeof send>>): string | null {
  const { status, contentType, text } = answer;
  if (status >= 500) return `${status}`;
  if (leaks(text)) return `leaks internals: ${text.slice(0, 300)}`;
  if (status >= 300 && status < 400) return null;
  if (!isService(route.path) || NON_JSON_PATHS.has(route.path)) return null;
  if (!contentType.startsWith('application/json')) return `not JSON (${status} ${contentType}): ${text.slice(0, 200)}`;
  const body = JSON.parse(text) as unknown;
  const outside = OUTSIDE_CONTRACTS[route.path];
  if (outside && request.method === route.method)
    return JSON.stringify(body) === JSON.stringify(outside) ? null : `not its answer: ${text.slice(0, 200)}`;
  // An address over its limit of refused callbacks is answered 429 in the gateway's own protocol.
  if (IPN_PATHS.has(route.path) && request.method === route.method && (status === 200 || status === 429))
    return ipnResponseSchema.isValidSync(body) ? null : `not an IPN answer: ${text.slice(0, 200)}`;
  return isEnvelope(status, body) ? null : `not the envelope (${status}): ${text.slice(0, 200)}`;
}

describe(`fuzzing every route (${TEST_DB})`, () => {
  it(`answers ${TOTAL_REQUESTS} malformed requests without a 5xx, a leak, another shape or a written row`, async () => {
    const started = performance.now();
    const perRoute = Math.ceil(TOTAL_REQUESTS / routes.length);
    const findings: string[] = [];
    for (const [index, route] of routes.entries()) {
      const before = await snapshot(t.db.database.db, tables);
      const logged = t.logs.length;
      try {
        await fc.assert(
          fc.asyncProperty(arbitraryFor(route), async (request) => {
            const issue = problem(route, request, await send(route, request));
            if (issue) throw new Error(`${request.kind}: ${issue}`);
          }),
          { numRuns: perRoute, seed: SEED + index, endOnFailure: true },
        );
      } catch (error) {
        findings.push(`${route.method} ${route.path}: ${error instanceof Error ? error.message.slice(0, 1500) : String(error)}`);
      }
      const written = changedTables(before, await snapshot(t.db.database.db, tables)).filter(
        (table) => !(table === CALLBACK_AUDIT && IPN_PATHS.has(route.path)),
      );
      if (written.length) findings.push(`${route.method} ${route.path}: wrote to ${written.join(', ')}`);
      const errors = t.logs.slice(logged).filter((entry) => entry.level === 'error');
      if (errors.length) findings.push(`${route.method} ${route.path}: logged errors ${JSON.stringify(errors[0]).slice(0, 600)}`);
    }
    const audit = await t.db.database.db.select({ result: paymentEvents.result }).from(paymentEvents);
    if (audit.some((event) => event.result !== 'rejected'))
      findings.push(`a fuzzed callback was not rejected: ${JSON.stringify(audit.filter((e) => e.result !== 'rejected'))}`);
    const seconds = (performance.now() - started) / 1000;
    console.info(`reliability fuzz (${TEST_DB}): ${sent} requests over ${routes.length} routes in ${seconds.toFixed(1)} s`);
    expect(findings).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 600_000);
});
