// WEB_CONCURRENCY runs that many server processes on one port over PostgreSQL (node:cluster). What they share
// lives in the database, so a booking sent twice to two processes makes one ticket and the per-phone limit holds across
// them. On the embedded database (one process owns its folder) the setting falls back to one process and says so.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { createApp } from '../../../src/server/app';
import { openDatabase, type Database } from '../../../src/server/db/client';
import { tickets } from '../../../src/server/db/schema';
import { BOOKING_ERROR_KEYS, BOOKING_PATHS, createTicketResponseSchema } from '../../../src/shared/contract/booking';
import { CONFIG_PATHS } from '../../../src/shared/contract/config';
import type { PriceOption } from '../../../src/shared/contract/pricing';
import { AIRPORT_TRIP, bookingPayload, optionOf, uniquePhone, uniqueSession } from '../helpers/booking';
import { startServerProcess, type StartedServer } from '../helpers/server-process';
import { createTestDatabase, TEST_DB, type TestDatabase } from '../helpers/test-db';

type App = ReturnType<typeof createApp>;

// Day bookings whatever the hour (the night flow is tested elsewhere).
const startServer = (env: Record<string, string>) =>
  startServerProcess({
    SETTINGS_OVERRIDES: JSON.stringify({ night_booking_start: '00:00', night_booking_end: '00:00' }),
    ...env,
  });

/** The server processes whose parent is `pid` (Linux /proc; tsx's esbuild helper is not one). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('src/server/main.ts');
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** One request on a connection of its own, so that the cluster hands each to the next process in turn. */
function send(port: number, method: 'GET' | 'POST', path: string, body?: unknown, ip?: string) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        agent: false,
        headers: {
          ...(text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
      },
      (response) => {
        let data = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (data += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: data ? (JSON.parse(data) as unknown) : null }),
        );
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

/** The price list helpers speak to an app; this one forwards to the running server. */
const remoteApp = (port: number): App =>
  ({ request: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init) }) as unknown as App;

let ip = 0;
const newIp = () => `203.0.113.${(ip++ % 250) + 1}`;

const dataDir = mkdtempSync(join(tmpdir(), 'vivu-cluster-'));
let pg: TestDatabase | undefined;
const running: ChildProcess[] = [];
beforeAll(async () => {
  if (TEST_DB === 'postgres') pg = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  await pg?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

// Each database gets the tests that concern it (no skipped tests): the fallback on PGlite, the cluster on PostgreSQL.
if (TEST_DB === 'pglite')
  describe('WEB_CONCURRENCY on the embedded database', () => {
    it('serves from one process and says why', async () => {
      const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '2' });
      running.push(server.child);
      const port = await server.port;
      expect(server.output()).toContain(
        'WEB_CONCURRENCY=2 needs DATABASE_URL (PostgreSQL): one process serves the embedded database.',
      );
      expect(childrenOf(server.child.pid!)).toEqual([]);
      expect((await send(port, 'GET', CONFIG_PATHS.callCenter)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
    });
  });
else
  describe('WEB_CONCURRENCY=2 on PostgreSQL', () => {
    let server: StartedServer;
    let port: number;
    let vivu: PriceOption;
    let check: Database;
    beforeAll(async () => {
      server = startServer({ DATA_DIR: dataDir, DATABASE_URL: pg!.url!, WEB_CONCURRENCY: '2' });
      running.push(server.child);
      port = await server.port;
      vivu = await optionOf(remoteApp(port), 'Vivu Airport Express');
      check = await openDatabase({ databaseUrl: pg!.url!, maxConnections: 1 });
    });
    afterAll(async () => {
      await check?.close();
    });

    it('serves from two processes on one port', async () => {
      expect(server.output()).toContain('with PostgreSQL (DATABASE_URL), 2 processes');
      expect(childrenOf(server.child.pid!)).toHaveLength(2);
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(port, 'GET', CONFIG_PATHS.callCenter)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    });

    it('makes one ticket of 20 concurrent submissions of one booking spread over both', async () => {
      const payload = bookingPayload(vivu, AIRPORT_TRIP);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => send(port, 'POST', BOOKING_PATHS.createTicket, payload, newIp())),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const codes = new Set(answers.map((answer) => createTicketResponseSchema.validateSync(answer.body).ticket_code));
      expect(codes.size).toBe(1);
      const rows = await check.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.ticketSession, payload.ticket_session));
      expect(rows).toHaveLength(1);
    });

    it('keeps the per-phone limit across both: 5 tickets of 30 concurrent bookings for one phone', async () => {
      const phone = uniquePhone();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          send(
            port,
            'POST',
            BOOKING_PATHS.createTicket,
            bookingPayload(vivu, AIRPORT_TRIP, {
              phone,
              ticket_session: uniqueSession(),
              session_id: uniqueSession(),
              ignore_duplicate_warning: 1,
            }),
            newIp(),
          ),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect((answer.body as { message?: string }).message).toBe(BOOKING_ERROR_KEYS.spam);
      }
      expect(await check.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.phone, phone))).toHaveLength(5);
    });

    it('stops every process on SIGTERM', async () => {
      const workers = childrenOf(server.child.pid!);
      server.child.kill('SIGTERM');
      expect(await server.exit).toBe(0);
      expect(workers.filter((pid) => readdirSync('/proc').includes(String(pid)))).toEqual([]);
    });
  });
