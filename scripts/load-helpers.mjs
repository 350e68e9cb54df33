// What the load scripts (bench.mjs, crash-test.mjs) share: a free loopback port, a throwaway PostgreSQL database,
// the booking form's departure text, and the create_ticket body of booking-body.mjs (shared with the tests).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import postgres from 'postgres';

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `use` with the URL of a database of its own on the PostgreSQL server at `adminUrl` (the Vivu server migrates
 * and seeds it at start); the database is dropped afterwards.
 */
export async function withPostgresDatabase(adminUrl, prefix, use) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await admin.unsafe(`create database "${name}"`);
  try {
    return await use(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch((error) => console.error(error.message));
    await admin.end({ timeout: 5 });
  }
}

/** A departure `days` ahead in Vietnam (UTC+7 all year), as the booking form writes it ("14:00 26/11/2026"). */
export function departTime(days, hhmm) {
  const vn = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000);
  return `${hhmm} ${vn.getUTCDate()}/${vn.getUTCMonth() + 1}/${vn.getUTCFullYear()}`;
}

export { bookingBody } from './booking-body.mjs';
