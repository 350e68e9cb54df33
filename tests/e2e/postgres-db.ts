// A database of its own for a browser test's own server on the TEST_DATABASE_URL server: created empty (the server
// migrates and seeds it), dropped afterwards.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** An empty PostgreSQL database on the TEST_DATABASE_URL server, for the server to migrate and seed, and its drop. */
export async function emptyPostgres(admin: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vivu_e2e_${randomBytes(6).toString('hex')}`;
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database ${name}`);
  } finally {
    await sql.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const end = postgres(admin, { max: 1, onnotice: () => {} });
      try {
        await end.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await end.end();
      }
    },
  };
}
