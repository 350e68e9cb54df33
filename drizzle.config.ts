import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new migration from src/server/db/schema/ (one file per server module, gathered by
// its index.ts); the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema',
  out: './src/server/db/migrations',
});
