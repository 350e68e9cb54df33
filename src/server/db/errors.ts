// The database's refusals as the modules test for them, from either driver: PGlite's and postgres.js's errors carry
// PostgreSQL's SQLSTATE in `code` (and the index in `constraint` or `constraint_name`), and Drizzle wraps them in
// `cause`.

/** A unique index refused a row (SQLSTATE 23505); with `constraint`, that index and no other. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (e.code === '23505' && (constraint === undefined || e.constraint === constraint || e.constraint_name === constraint))
      return true;
    current = e.cause;
  }
  return false;
}
